import { addMonths } from '../data/dates.js';
import type { Transform } from './view.js';

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

const MONTHS_PER_PERIOD: Record<string, number> = { monthly: 1, quarterly: 3, semiannual: 6, 'semi-annual': 6, annual: 12, yearly: 12 };

/** The date of the period before `day`, or null when the previous observation counts. */
function previousPeriod(day: number, frequency: string): number | null {
  const months = MONTHS_PER_PERIOD[frequency];
  if (months) return addMonths(day, -months);
  if (frequency === 'weekly') return day - 7;
  return null;
}

/** The date one year before `day` (52 weeks for weekly data). */
function yearBefore(day: number, frequency: string): number {
  return frequency === 'weekly' ? day - 364 : addMonths(day, -12);
}

const ratio = (v: number, p: number): number => (p === 0 ? NaN : (v / p - 1) * 100);

/**
 * Applies pct/yoy/diff to a whole series (level and index return the values
 * unchanged; index is applied by `rebase`).
 * @example applyTransform(dates, values, 'pct', 'monthly')
 */
export function applyTransform(dates: Int32Array, values: Float64Array, transform: Transform, frequency: string): Float64Array {
  if (transform === 'level' || transform === 'index') return values;
  const n = values.length;
  const out = new Float64Array(n).fill(NaN);
  if (transform === 'yoy') {
    let j = 0;
    for (let i = 0; i < n; i++) {
      const target = yearBefore(dates[i], frequency);
      while (j < i && dates[j] < target) j++;
      if (dates[j] === target) out[i] = ratio(values[i], values[j]);
    }
    return out;
  }
  for (let i = 1; i < n; i++) {
    const prev = previousPeriod(dates[i], frequency);
    if (prev !== null && dates[i - 1] !== prev) continue;
    out[i] = transform === 'pct' ? ratio(values[i], values[i - 1]) : values[i] - values[i - 1];
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
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (all[mid] < base) lo = mid + 1;
    else hi = mid;
  }
  return all[lo] === base ? raw[lo] : NaN;
}

/** Rebases values to 100 at a base value; missing when the base is missing or zero. */
export function rebase(values: Float64Array, base: number): Float64Array {
  const out = new Float64Array(values.length);
  const ok = base !== 0 && !Number.isNaN(base);
  for (let i = 0; i < values.length; i++) out[i] = ok ? (values[i] / base) * 100 : NaN;
  return out;
}
