import { addMonths } from '../data/dates.js';
import { frequencyFacts } from '../data/frequency.js';
import { TRANSFORMS, type Transform } from './view.js';

/**
 * The transforms of DESIGN §3, computed on a whole series (so the first
 * observation of a date window still has its previous period), in one place
 * for the API, the pages, the downloads and the chart images.
 *
 * - pct:  % change on the previous period: (v / prev − 1) × 100
 * - yoy:  % change on the same period a year earlier
 * - diff: v − prev
 * - index: v / v(base) × 100 (applied by `rebase` once the window is known)
 *
 * "Previous period" is the calendar period before (a month, a quarter, a
 * year…); when that period has no observation the result is missing, so a gap
 * never turns into a change over two periods. For daily or unknown frequencies
 * the previous observation is the previous period (business days skip
 * weekends). Division by zero gives a missing value, never Infinity.
 */

/**
 * What the unit of a series becomes: `as-published` keeps the dataset's unit
 * (% for a percent level), `percent` is a % change, `change` a difference in
 * the published unit (percentage points for a percent level), `index` 100 at
 * the base.
 */
export type UnitRule = 'as-published' | 'percent' | 'change' | 'index';

/** One transform: what it computes (one line, English, for the API description), its unit rule and whether it takes `base`. */
export interface TransformEntry {
  id: Transform;
  computes: string;
  unit: UnitRule;
  takesBase: boolean;
}

/**
 * The one table of transforms: the request schema, the OpenAPI enum, the
 * page's switch, the chart caption and the download metadata are derived
 * from it (and the translations are `Record<Transform, …>`).
 */
export const TRANSFORM_TABLE: Readonly<Record<Transform, TransformEntry>> = {
  level: { id: 'level', computes: 'the values as published (default)', unit: 'as-published', takesBase: false },
  pct: { id: 'pct', computes: '% change on the previous period', unit: 'percent', takesBase: false },
  yoy: { id: 'yoy', computes: '% change on the same period a year earlier', unit: 'percent', takesBase: false },
  diff: { id: 'diff', computes: 'change on the previous period', unit: 'change', takesBase: false },
  index: { id: 'index', computes: '100 at `base` (default: the first date of the selection)', unit: 'index', takesBase: true },
};

/** Whether a text names a transform. */
export function isTransform(text: string): text is Transform {
  return (TRANSFORMS as readonly string[]).includes(text);
}

/**
 * Whether a transform takes an index base (`base`): its TRANSFORM_TABLE entry says so.
 * @example takesBase('index') // true
 */
export function takesBase(transform: string): boolean {
  return isTransform(transform) && TRANSFORM_TABLE[transform].takesBase;
}

/**
 * The `transform` parameter in words, for the request schema and OpenAPI.
 * @example transformDescription() // "level: the values as published (default); pct: …"
 */
export function transformDescription(): string {
  return TRANSFORMS.map((t) => `${t}: ${TRANSFORM_TABLE[t].computes}`).join('; ') + '.';
}

/** How a date steps back: to the period before, or to the same period a year earlier. */
type StepBack = (day: number) => number | null;

/**
 * The date of the period before a day, or null when the previous observation
 * counts (daily and unknown frequencies; spellings are normalised at load:
 * data/normalise.ts normaliseFrequency). The frequency is read once per
 * series, not per observation (issue 24: a cold transform).
 */
function previousPeriod(frequency: string): StepBack {
  const facts = frequencyFacts(frequency);
  const months = facts?.months;
  if (months) return (day) => addMonths(day, -months);
  const days = facts?.days;
  if (days && days > 1) return (day) => day - days;
  return () => null;
}

/** The date one year before a day (52 periods for frequencies counted in days of more than one: 364 days for weekly data). */
function yearBefore(frequency: string): (day: number) => number {
  const days = frequencyFacts(frequency)?.days;
  if (days && days > 1) return (day) => day - 52 * days;
  return (day) => addMonths(day, -12);
}

const ratio = (v: number, p: number): number => (p === 0 ? NaN : (v / p - 1) * 100);
const difference = (v: number, p: number): number => v - p;

/**
 * Applies pct/yoy/diff to the observations `from` (inclusive) to `to`
 * (exclusive) of a whole series, reading the observations before `from` that
 * they need (so the first observation of a window still has its previous
 * period); returns the `to - from` results. Level and index return the
 * values unchanged (index is applied by `rebase`). Only the window is
 * computed: a cold request asks a few dozen of a series' observations
 * (issue 16).
 * @example applyTransform(dates, values, 'pct', 'monthly')
 */
export function applyTransform(dates: Int32Array, values: Float64Array, transform: Transform, frequency: string, from = 0, to = values.length): Float64Array {
  switch (transform) {
    case 'level':
    case 'index':
      return values.subarray(from, to);
    case 'yoy':
      return yearOnYear(dates, values, frequency, from, to);
    case 'pct':
      return onPrevious(dates, values, frequency, ratio, from, to);
    case 'diff':
      return onPrevious(dates, values, frequency, difference, from, to);
    default:
      return unknownTransform(transform);
  }
}

/** The compiler's check that every transform has a case: a new id without one fails to build. */
function unknownTransform(transform: never): never {
  throw new Error(`No computation for transform '${String(transform)}'`);
}

function yearOnYear(dates: Int32Array, values: Float64Array, frequency: string, from: number, to: number): Float64Array {
  // every result is written once, missing ones too (no pass filling the array with NaN first)
  const out = new Float64Array(Math.max(0, to - from));
  const back = yearBefore(frequency);
  // targets grow with i: the search for the year before starts where the window's first one is
  let j = from < to ? Math.min(from, lowerBound(dates, back(dates[from]))) : 0;
  for (let i = from; i < to; i++) {
    const target = back(dates[i]);
    while (j < i && dates[j] < target) j++;
    out[i - from] = dates[j] === target ? ratio(values[i], values[j]) : NaN;
  }
  return out;
}

function onPrevious(
  dates: Int32Array,
  values: Float64Array,
  frequency: string,
  change: (v: number, p: number) => number,
  from: number,
  to: number,
): Float64Array {
  // every result is written once, missing ones too (no pass filling the array with NaN first)
  const out = new Float64Array(Math.max(0, to - from));
  const back = previousPeriod(frequency);
  // the series' first observation has no previous one
  if (from === 0 && to > 0) out[0] = NaN;
  for (let i = Math.max(from, 1); i < to; i++) {
    const prev = back(dates[i]);
    out[i - from] = prev !== null && dates[i - 1] !== prev ? NaN : change(values[i], values[i - 1]);
  }
  return out;
}

/**
 * The value the `index` transform rebases to: the value at `base` in the whole
 * series, or (base null) the first non-missing value of the window.
 */
export function indexBase(all: Int32Array, raw: Float64Array, window: Float64Array, base: number | null): number {
  if (base === null) {
    for (let i = 0; i < window.length; i++) if (!Number.isNaN(window[i])) return window[i];
    return NaN;
  }
  const i = lowerBound(all, base);
  return all[i] === base ? raw[i] : NaN;
}

/**
 * Index of the first date >= day in ascending dates (binary search).
 * @example lowerBound(Int32Array.of(10, 20, 30), 15) // 1
 */
export function lowerBound(dates: Int32Array, day: number): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid] < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rebases values to 100 at a base value; missing when the base is missing or zero. */
export function rebase(values: Float64Array, base: number): Float64Array {
  const out = new Float64Array(values.length);
  const ok = base !== 0 && !Number.isNaN(base);
  for (let i = 0; i < values.length; i++) out[i] = ok ? (values[i] / base) * 100 : NaN;
  return out;
}
