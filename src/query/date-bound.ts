/**
 * The one reader of a date bound (`from`, `to`): an ISO date, or a window
 * counted back from the dataset's last observation (`-5y`, `-8q`, `-18m`,
 * `-26w`, `-90d`), so a shared link or embed rolls forward when data is
 * published while the answer stays the same for one data version
 * (docs/decisions.md, "Relative periods"). The one selection reader
 * (selection/params.ts, for API queries, page URLs and series keys) calls it.
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { addMonths, formatIsoDate, parseIsoDate } from '../data/dates.js';
import { errorMessage } from '../errors/catalogue.js';

/** How far back one unit of a relative bound reaches (months or days), and how many make a year. */
export const RELATIVE_UNITS = {
  y: { months: 12, days: 0, perYear: 1, name: 'years', example: 5 },
  q: { months: 3, days: 0, perYear: 4, name: 'quarters', example: 8 },
  m: { months: 1, days: 0, perYear: 12, name: 'months', example: 18 },
  w: { months: 0, days: 7, perYear: 52, name: 'weeks', example: 26 },
  d: { months: 0, days: 1, perYear: 365, name: 'days', example: 90 },
} as const;
export type RelativeUnit = keyof typeof RELATIVE_UNITS;

/** A relative bound reaches back at most this many years (in any unit). */
export const MAX_RELATIVE_YEARS = 1000;

const RELATIVE = /^-(\d+)([a-z])$/;
const UNITS = Object.keys(RELATIVE_UNITS) as RelativeUnit[];
const UNIT_LIST = UNITS.join(', ');
/** One example per unit: -5y, -8q… */
const UNIT_EXAMPLES = UNITS.map((u) => `-${RELATIVE_UNITS[u].example}${u}`);
const EXAMPLES = `e.g. ${UNIT_EXAMPLES[0]} (${RELATIVE_UNITS.y.example} years), ${UNIT_EXAMPLES.slice(1).join(', ')}`;

/** The JSON-schema pattern of a bound's text: an ISO date or a relative one (its unit is checked by the reader, for a clearer message). */
export const DATE_BOUND_PATTERN = `^(\\d{4}-\\d{2}-\\d{2}|${RELATIVE.source.slice(1, -1)})$`;

/** A relative bound in words, for the OpenAPI descriptions of `from` and `to`. */
export const RELATIVE_NOTE = `a window back from the dataset's last observation: -N with a unit ${UNITS.slice(0, -1).join(', ')} or ${UNITS.at(-1)} (${UNIT_EXAMPLES.join(', ')})`;

/** A bound read: the day it stands for (null = no bound) and its relative text, if it was one. */
export interface DateBound {
  days: number | null;
  /** the relative form as asked (`-5y`), kept so URLs roll forward; null for an ISO date */
  relative: string | null;
}

/** Why a bound could not be read: a catalogue code, which of its mistakes (its template) and the catalogue's words. */
export interface DateBoundProblem {
  code: 'bad_date' | 'bad_relative_date';
  mistake: 'bound' | 'unit' | 'reach';
  message: string;
}

/**
 * The words the catalogue's templates of a bound's mistakes name, for a text.
 * @example boundWords('-5x').units // 'y, q, m, w, d'
 */
export function boundWords(text: string): Record<string, string | number> {
  const m = RELATIVE.exec(text);
  const unit = m && m[2] in RELATIVE_UNITS ? RELATIVE_UNITS[m[2] as RelativeUnit] : null;
  return {
    examples: EXAMPLES,
    units: UNIT_LIST,
    unit: unit?.name ?? '',
    most: unit ? MAX_RELATIVE_YEARS * unit.perYear : 0,
    years: MAX_RELATIVE_YEARS,
    letter: m?.[2] ?? 'y',
  };
}

function boundProblem(name: string, text: string, code: DateBoundProblem['code'], mistake: DateBoundProblem['mistake']): DateBoundProblem {
  return { code, mistake, message: errorMessage(code, { parameter: name, value: text, ...boundWords(text) }, mistake) };
}

/**
 * Whether a bound's text is of the relative kind (starts with `-`), valid or not.
 * @example isRelativeBound('-5y') // true
 */
export function isRelativeBound(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.startsWith('-');
}

/**
 * Reads a date bound against the dataset's last observation (days, NaN for
 * an empty dataset: a relative bound then bounds nothing).
 * @example readDateBound('from', '-5y', parseIsoDate('2026-07-01')!) // { days: <2021-07-01>, relative: '-5y' }
 */
export function readDateBound(name: string, text: string | null | undefined, end: number): DateBound | DateBoundProblem {
  if (text === null || text === undefined || text === '') return { days: null, relative: null };
  if (!isRelativeBound(text)) {
    const days = parseIsoDate(text);
    if (days !== null) return { days, relative: null };
    return boundProblem(name, text, 'bad_date', 'bound');
  }
  const m = RELATIVE.exec(text);
  const unit = m && m[2] in RELATIVE_UNITS ? RELATIVE_UNITS[m[2] as RelativeUnit] : null;
  if (!m || !unit) return boundProblem(name, text, 'bad_relative_date', 'unit');
  const n = Number(m[1]);
  if (n < 1 || n > MAX_RELATIVE_YEARS * unit.perYear) return boundProblem(name, text, 'bad_relative_date', 'reach');
  if (Number.isNaN(end)) return { days: null, relative: text };
  return { days: unit.months ? addMonths(end, -n * unit.months) : end - n * unit.days, relative: text };
}

/** Whether a read gave a bound (not a problem). */
export function isDateBound(read: DateBound | DateBoundProblem): read is DateBound {
  return !('code' in read);
}

/**
 * The ISO date a bound's text stands for against the last observation (ISO),
 * or null when it is empty or unreadable: what a date field shows.
 * @example boundIsoDate('-1y', '2026-07-01') // '2025-07-01'
 */
export function boundIsoDate(text: string | null, end: string | null | undefined): string | null {
  const read = readDateBound('from', text, end ? (parseIsoDate(end) ?? Number.NaN) : Number.NaN);
  return isDateBound(read) && read.days !== null ? formatIsoDate(read.days) : null;
}
