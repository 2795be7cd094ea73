/**
 * Date axes of the demo data: the first day of each period, as ISO strings,
 * for the frequencies the real files use.
 */
import { addMonths, daysFromCivil, formatIsoDate, parseIsoDate } from '../../src/data/dates.js';
import { FREQUENCY_TABLE, type Frequency as AnyFrequency } from '../../src/data/frequency.js';

/** The frequencies of the published files (the service's table less daily). */
export type Frequency = Exclude<AnyFrequency, 'daily'>;

/** Steps per year of a frequency (the seasonal period). */
export function periodsPerYear(freq: Frequency): number {
  const months = FREQUENCY_TABLE[freq].months;
  return months === null ? 52 : 12 / months;
}

function toDays(iso: string): number {
  const days = parseIsoDate(iso);
  if (days === null) throw new Error(`not an ISO date: ${iso}`);
  return days;
}

/**
 * Every period start from `first` to `last` inclusive.
 * @example dateAxis('quarterly', '2024-01-01', '2024-07-01') // ['2024-01-01', '2024-04-01', '2024-07-01']
 */
export function dateAxis(freq: Frequency, first: string, last: string): string[] {
  const end = toDays(last);
  const out: string[] = [];
  if (freq === 'weekly') {
    for (let d = toDays(first); d <= end; d += 7) out.push(formatIsoDate(d));
    return out;
  }
  const step = FREQUENCY_TABLE[freq].months!;
  for (let d = toDays(first); d <= end; d = addMonths(d, step)) out.push(formatIsoDate(d));
  return out;
}

/**
 * The last `count` periods ending at `last`.
 * @example lastPeriods('annual', '2024-01-01', 2) // ['2023-01-01', '2024-01-01']
 */
export function lastPeriods(freq: Frequency, last: string, count: number): string[] {
  const end = toDays(last);
  const first = freq === 'weekly' ? end - 7 * (count - 1) : addMonths(end, -FREQUENCY_TABLE[freq].months! * (count - 1));
  return dateAxis(freq, formatIsoDate(first), last);
}

/** Position of a period within its year (0-based), for seasonal factors. */
export function periodOfYear(freq: Frequency, iso: string): number {
  const month = Number(iso.slice(5, 7));
  if (freq === 'weekly') {
    const days = toDays(iso);
    const jan1 = daysFromCivil(Number(iso.slice(0, 4)), 1, 1);
    return Math.min(51, Math.floor((days - jan1) / 7));
  }
  return Math.floor((month - 1) / FREQUENCY_TABLE[freq].months!);
}
