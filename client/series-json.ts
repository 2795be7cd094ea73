/**
 * Reads the columnar JSON of /series (`{dim…: [...], date: [...], value: [...]}`,
 * rows grouped by series in CSV order) into one record per series.
 */
import type { SeriesData } from '../src/selection/naming.js';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date. */
function isoDays(iso: string): number {
  return Math.round(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS);
}

/**
 * Splits the columns into series where the codes change.
 * @example readSeriesJson({ type: ['a', 'a'], date: ['2020-01-01', '2020-04-01'], value: [1, null] }, ['type'])
 */
export function readSeriesJson(body: Record<string, unknown[]>, dims: string[]): SeriesData[] {
  const dates = (body.date ?? []) as string[];
  const values = (body.value ?? []) as (number | null)[];
  const columns = dims.map((d) => (body[d] ?? []) as string[]);
  const out: SeriesData[] = [];
  let current: SeriesData | null = null;
  for (let i = 0; i < dates.length; i++) {
    const codes = columns.map((c) => c[i]);
    if (!current || codes.some((c, k) => c !== current!.codes[k])) {
      current = { codes, dates: [], values: [] };
      out.push(current);
    }
    current.dates.push(isoDays(dates[i]));
    current.values.push(values[i]);
  }
  return out;
}
