/**
 * What a mistake in a selection's parameters is called and how it is said,
 * for every reader of them: the API's schema errors (http/validation-errors.ts),
 * the API's own reader (parse-selection.ts), /resolve's key reader
 * (discovery/parse-target.ts) and the page reader (selection/read-query.ts,
 * strict for /resolve and /oembed). So the same mistake gets the same code
 * and the same words on every route. Date bounds are read by date-bound.ts.
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import { TRANSFORMS } from './view.js';

/** A mistake: a catalogue code and a message that says what would be right. */
export interface ParamProblem {
  code: 'bad_parameter' | 'bad_date' | 'bad_date_range' | 'unknown_transform';
  message: string;
}

/** The most observations `last` takes (the API's schema says the same: routes/schemas.ts). */
export const LAST_MAX = 1_000_000;

/**
 * A parameter given more than once: readers of one value do not pick one.
 * @example repeatedProblem('last', ['1', '2']).message // "Parameter 'last' is given more than once ('1', '2'): give it once."
 */
export function repeatedProblem(name: string, values: readonly unknown[]): ParamProblem {
  const shown = values
    .slice(0, 5)
    .map((v) => `'${String(v).slice(0, 40)}'`)
    .join(', ');
  const more = name === 'dims' ? ' (join dimensions with ; and codes with ,)' : '';
  return { code: 'bad_parameter', message: `Parameter '${name}' is given more than once (${shown}): give it once${more}.` };
}

/**
 * Why a `last` is not a whole number from 1 to LAST_MAX; null when it is.
 * @example lastProblem('0')?.code // 'bad_parameter'
 */
export function lastProblem(text: string): ParamProblem | null {
  const n = Number(text);
  if (/^\d+$/.test(text) && n >= 1 && n <= LAST_MAX) return null;
  return { code: 'bad_parameter', message: `Invalid last '${text.slice(0, 100)}': expected a whole number from 1 to ${LAST_MAX}.` };
}

/**
 * Why a `base` (or another date that is not a window) is not an ISO date; null when it is.
 * @example isoDateProblem('base', '2020')?.code // 'bad_date'
 */
export function isoDateProblem(name: string, text: string): ParamProblem | null {
  if (parseIsoDate(text) !== null) return null;
  return { code: 'bad_date', message: `Invalid ${name} '${text.slice(0, 100)}': expected an ISO date YYYY-MM-DD, e.g. 2020-01-01.` };
}

/**
 * Why a `transform` is not one the service computes; null when it is.
 * @example transformProblem('nope')?.code // 'unknown_transform'
 */
export function transformProblem(text: string): ParamProblem | null {
  if ((TRANSFORMS as readonly string[]).includes(text)) return null;
  return { code: 'unknown_transform', message: `Unknown transform '${text.slice(0, 100)}': use one of ${TRANSFORMS.join(', ')}.` };
}

/** A bound as written and the day it stands for. */
export interface WrittenBound {
  text: string;
  days: number;
}

/**
 * Why `from` and `to` make no range (from after to), naming the day a
 * relative bound stands for; null when they do.
 * @example rangeProblem({ text: '-1y', days: d('2025-07-01') }, { text: '2020-01-01', days: d('2020-01-01') })?.message
 * // "from (-1y, 2025-07-01) is after to (2020-01-01): swap them or widen the range."
 */
export function rangeProblem(from: WrittenBound, to: WrittenBound): ParamProblem | null {
  if (from.days <= to.days) return null;
  const said = (b: WrittenBound): string => (b.text.startsWith('-') ? `${b.text}, ${formatIsoDate(b.days)}` : b.text);
  return { code: 'bad_date_range', message: `from (${said(from)}) is after to (${said(to)}): swap them or widen the range.` };
}
