/**
 * Frequency conversion (issue 20): one series to a lower frequency, each
 * period's observations combined by an aggregation. Pure, typed arrays in
 * and out; compute-view.ts applies it before the date window and the
 * transform, so every output shows the same converted numbers.
 *
 * - A period's date is its first day (DESIGN §1): 2026-01-01 for 2026,
 *   2026-04-01 for Q2 2026.
 * - An observation belongs to the period that holds its date as published
 *   (a week of Monday 2026-03-30 belongs to March and to Q1).
 * - A period is complete when it holds every observation the source
 *   frequency has in it and none is missing: 12 months a year, 3 a quarter,
 *   2 half-years a year; for weekly data every date of the series' weekday
 *   in the period (4 or 5 a month, 13 or 14 a quarter, 52 or 53 a year).
 *   Incomplete periods are left out unless `partial`, which aggregates the
 *   values present (first/last = the first/last value present); a kept
 *   period with no value present is missing.
 *
 * Rules and reasons: docs/decisions.md, "Frequency conversion".
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { addMonths, civilFromDays, daysFromCivil } from '../data/dates.js';
import { FREQUENCY_TABLE, frequencyFacts, type Frequency } from '../data/frequency.js';
import type { Aggregation, Conversion, Selection } from './view.js';

/** A converted series: one date (the period's first day) and one value per kept period. */
export interface ConvertedSeries {
  dates: Int32Array;
  values: Float64Array;
}

/**
 * The frequency of a selection's data: the one it converts to, else the
 * dataset's own. Everything that depends on the frequency of what a
 * selection shows (transforms, relative windows, date names, captions,
 * metadata) asks this.
 * @example viewFrequency({ ...selection, convert: { frequency: 'annual', aggregation: 'mean', partial: false } }, cpi) // 'annual'
 */
export function viewFrequency(selection: Pick<Selection, 'convert'>, dataset: { meta: { frequency: string } }): string {
  return selection.convert?.frequency ?? dataset.meta.frequency;
}

/** How many observations of the source frequency a period [start, end) holds when complete. */
type Expected = (start: number, end: number) => number;

function expectedCount(source: string, target: Frequency, dates: Int32Array): Expected {
  const facts = frequencyFacts(source);
  const months = FREQUENCY_TABLE[target].months;
  if (!facts || months === null) throw new Error(`No conversion from ${source} to ${target}`);
  if (facts.months !== null) {
    const n = months / facts.months;
    return () => n;
  }
  // counted in days: the days of the period on the series' own step (its weekday for weekly data)
  const step = facts.days!;
  const anchor = dates.length ? dates[0] : 0;
  const before = (day: number) => Math.floor((day - anchor) / step);
  return (start, end) => before(end - 1) - before(start - 1);
}

/**
 * The first day of the period of `frequency` (a calendar one) that holds `day`:
 * an index base under conversion is the period that holds the date asked.
 * @example formatIsoDate(periodOf(parseIsoDate('2020-06-15')!, 'annual')) // '2020-01-01'
 */
export function periodOf(day: number, frequency: Frequency): number {
  return periodStart(day, FREQUENCY_TABLE[frequency].months ?? 1);
}

/** The first day of the period of `months` months that holds `day`. */
function periodStart(day: number, months: number): number {
  const { y, m } = civilFromDays(day);
  return daysFromCivil(y, Math.floor((m - 1) / months) * months + 1, 1);
}

/** The running totals of one period. */
interface Period {
  start: number;
  end: number;
  n: number;
  present: number;
  sum: number;
  first: number;
  last: number;
  min: number;
  max: number;
}

function openPeriod(day: number, months: number): Period {
  const start = periodStart(day, months);
  return { start, end: addMonths(start, months), n: 0, present: 0, sum: 0, first: NaN, last: NaN, min: Infinity, max: -Infinity };
}

function add(p: Period, v: number): void {
  p.n++;
  if (Number.isNaN(v)) return;
  if (p.present === 0) p.first = v;
  p.present++;
  p.sum += v;
  p.last = v;
  if (v < p.min) p.min = v;
  if (v > p.max) p.max = v;
}

/** The value of a period under an aggregation; missing when no value is present. */
export function aggregate(p: Pick<Period, 'present' | 'sum' | 'first' | 'last' | 'min' | 'max'>, aggregation: Aggregation): number {
  if (p.present === 0) return NaN;
  switch (aggregation) {
    case 'mean':
      return p.sum / p.present;
    case 'sum':
      return p.sum;
    case 'first':
      return p.first;
    case 'last':
      return p.last;
    case 'min':
      return p.min;
    case 'max':
      return p.max;
    default:
      return unknownAggregation(aggregation);
  }
}

/** The compiler's check that every aggregation has a case. */
function unknownAggregation(aggregation: never): never {
  throw new Error(`No computation for aggregation '${String(aggregation)}'`);
}

/**
 * The last period of converted series (NaN when none has one): relative
 * bounds count back from it.
 */
export function lastPeriod(series: readonly { dates: ArrayLike<number> }[]): number {
  let last = Number.NaN;
  for (const { dates } of series) if (dates.length && !(dates[dates.length - 1] <= last)) last = dates[dates.length - 1];
  return last;
}

/**
 * Converts a whole series (ascending dates, NaN = missing) of frequency
 * `source` to the lower frequency of `conversion`.
 * @example convertSeries(dates, values, 'monthly', { frequency: 'annual', aggregation: 'mean', partial: false })
 */
export function convertSeries(dates: Int32Array, values: Float64Array, source: string, conversion: Conversion): ConvertedSeries {
  const months = FREQUENCY_TABLE[conversion.frequency].months!;
  const expected = expectedCount(source, conversion.frequency, dates);
  const outDates = new Int32Array(dates.length);
  const outValues = new Float64Array(dates.length);
  let k = 0;
  const close = (p: Period) => {
    const complete = p.n === expected(p.start, p.end) && p.present === p.n;
    if (!complete && !conversion.partial) return;
    outDates[k] = p.start;
    outValues[k++] = aggregate(p, conversion.aggregation);
  };
  let period: Period | null = null;
  for (let i = 0; i < dates.length; i++) {
    if (period === null || dates[i] >= period.end) {
      if (period) close(period);
      period = openPeriod(dates[i], months);
    }
    add(period, values[i]);
  }
  if (period) close(period);
  return { dates: outDates.slice(0, k), values: outValues.slice(0, k) };
}
