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
import { closest } from './closest.js';
import { lowerFrequencies } from '../data/frequency.js';
import { TRANSFORMS } from './view.js';

/** A mistake: a catalogue code and a message that says what would be right. */
export interface ParamProblem {
  code: 'bad_parameter' | 'bad_date' | 'bad_date_range' | 'unknown_transform' | 'frequency_not_lower' | 'conversion_without_frequency';
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

/**
 * Why a conversion cannot be asked of a dataset: a frequency not lower than
 * its own (naming its own and those it converts to), or an aggregation or
 * `partial` without a frequency; null when it can.
 * @example conversionProblem({ frequency: 'monthly' }, 'ch_fso_gdp', 'quarterly')?.code // 'frequency_not_lower'
 */
export function conversionProblem(asked: { frequency?: string; aggregation?: string; partial?: string }, datasetId: string, own: string): ParamProblem | null {
  if (asked.frequency === undefined) {
    const given = (['aggregation', 'partial'] as const).filter((p) => asked[p] !== undefined);
    if (given.length === 0) return null;
    return {
      code: 'conversion_without_frequency',
      message: `${given.join(' and ')} only applies with frequency (e.g. frequency=annual&${given[0]}=${asked[given[0]]}).`,
    };
  }
  const lower = lowerFrequencies(own);
  if ((lower as string[]).includes(asked.frequency)) return null;
  const can = lower.length ? `it converts to ${lower.join(', ')}` : 'it converts to no lower frequency';
  return {
    code: 'frequency_not_lower',
    message: `Dataset '${datasetId}' is ${own}: frequency=${asked.frequency} is not lower than that; ${can}. Leave out frequency for the data as published.`,
  };
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

/** A code its dimension does not offer: the words, the codes that would be right and the closest of them. */
export interface CodeProblem {
  code: 'unknown_code';
  message: string;
  valid: string[];
  candidates: string[];
}

/**
 * Why a code cannot be selected in its dimension: unknown (with the closest
 * codes; a `+` read as a space gets how to write it), empty, or a grouping
 * level without series of its own.
 * @example unknownCodeProblem('ch_x', 'region', 'Zurihc', levels).message // "Unknown code 'Zurihc' for dimension 'region'. Did you mean 'zurich'? …"
 */
export function unknownCodeProblem(datasetId: string, dim: string, code: string, levels: readonly { code: string; data: boolean }[]): CodeProblem {
  const valid = levels.filter((l) => l.data).map((l) => l.code);
  const candidates = closest(code, valid, 5);
  const shown =
    valid.length > 40 ? `${valid.slice(0, 40).join(', ')}, … (${valid.length} in all; GET /dataset/${datasetId}/meta lists them)` : valid.join(', ');
  const plus = code.replace(/ /g, '+');
  let why: string;
  if (code === '') why = `Empty code for dimension '${dim}': expected ${dim}=code[,code...].`;
  else if (levels.some((l) => l.code === code))
    why = `Code '${code}' of dimension '${dim}' groups other levels and has no series of its own: pick some of its levels.`;
  else if (plus !== code && valid.includes(plus)) {
    why = `Unknown code '${code}' for dimension '${dim}': a + in a URL stands for a space, so write + as %2B (${dim}=${encodeURIComponent(plus)}).`;
  } else why = `Unknown code '${code}' for dimension '${dim}'.${candidates.length ? ` Did you mean ${candidates.map((c) => `'${c}'`).join(', ')}?` : ''}`;
  return { code: 'unknown_code', message: `${why} Valid codes: ${shown}.`, valid, candidates };
}
