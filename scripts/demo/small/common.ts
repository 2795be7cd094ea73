/**
 * Fixed clock of the demo data: every date the generator writes is one of
 * these constants, never the current date, so the output never changes.
 */
import type { Series } from '../publish.js';

/** When the demo files were "fetched" (sidecar `fetched_utc`, catalog `fetched`). */
export const FETCHED = '2025-12-15 06:00:00';

/** Last period published per frequency, as of the fixed clock. */
export const LAST = {
  monthly: '2025-11-01',
  quarterly: '2025-07-01',
  annual: '2024-01-01',
  weekly: '2025-12-08',
} as const;

/** Drops the observations at the given dates (a gap: the row is absent). */
export function withGap(series: Series, dates: string[]): Series {
  const keep = series.dates.map((d) => !dates.includes(d));
  return {
    codes: series.codes,
    dates: series.dates.filter((_, i) => keep[i]),
    values: series.values.filter((_, i) => keep[i]),
  };
}

/** Blanks the values at the given dates (missing: the row stays, the value is empty). */
export function withMissing(series: Series, dates: string[]): Series {
  return { ...series, values: series.values.map((v, i) => (dates.includes(series.dates[i]) ? null : v)) };
}
