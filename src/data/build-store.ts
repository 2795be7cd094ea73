import { CsvError, type ParsedRows } from './parse-csv.js';
import { formatIsoDate } from './dates.js';
import type { Dimension, SeriesStore } from './model.js';

/**
 * Packs parsed rows into the columnar store: series in the order they first
 * appear in the CSV (the published order), each series' observations
 * contiguous and ascending by date, plus per-level postings.
 */
export function buildStore(parsed: ParsedRows, dims: Dimension[]): SeriesStore {
  const count = parsed.seriesCodes.length;
  const offsets = new Uint32Array(count + 1);
  for (let r = 0; r < parsed.rows; r++) offsets[parsed.rowSeries[r] + 1]++;
  for (let s = 0; s < count; s++) offsets[s + 1] += offsets[s];
  const dates = new Int32Array(parsed.rows);
  const values = new Float64Array(parsed.rows);
  const fill = offsets.slice(0, count);
  // where each row of the file lands, for the published texts below
  const place = parsed.texts.size > 0 ? new Uint32Array(parsed.rows) : null;
  for (let r = 0; r < parsed.rows; r++) {
    const at = fill[parsed.rowSeries[r]]++;
    dates[at] = parsed.rowDates[r];
    values[at] = parsed.rowValues[r];
    if (place) place[r] = at;
  }
  const moved = new Map<number, number>();
  let start = Infinity;
  let end = -Infinity;
  for (let s = 0; s < count; s++) {
    const a = offsets[s];
    const b = offsets[s + 1];
    const order = sortSeriesIfNeeded(dates, values, a, b);
    // the row that was at order[k] is now at a + k
    if (order && place) order.forEach((from, k) => moved.set(from, a + k));
    for (let i = a + 1; i < b; i++) {
      if (dates[i] === dates[i - 1]) {
        const codes = dims.map((d, k) => `${d.id}=${d.levels[parsed.seriesCodes[s][k]].code}`).join(', ');
        throw new CsvError(0, `date ${formatIsoDate(dates[i])} appears twice in series ${codes || '(the only series)'}`);
      }
    }
    if (b > a) {
      start = Math.min(start, dates[a]);
      end = Math.max(end, dates[b - 1]);
    }
  }
  const codes = dims.map((_, d) => {
    const col = new Uint32Array(count);
    for (let s = 0; s < count; s++) col[s] = parsed.seriesCodes[s][d];
    return col;
  });
  const byIndex = new Map<number, string>();
  let longest = 0;
  for (const [r, text] of parsed.texts) {
    byIndex.set(moved.get(place![r]) ?? place![r], text);
    longest = Math.max(longest, text.length);
  }
  return {
    count,
    codes,
    offsets,
    dates,
    values,
    valueTexts: byIndex.size > 0 ? { byIndex, longest } : undefined,
    postings: dims.map((dim, d) => buildPostings(codes[d], dim.levels.length)),
    observations: parsed.rows,
    start: count ? start : NaN,
    end: count ? end : NaN,
  };
}

function buildPostings(col: Uint32Array, nLevels: number): Uint32Array[] {
  const counts = new Uint32Array(nLevels);
  for (let s = 0; s < col.length; s++) counts[col[s]]++;
  // views of one buffer per dimension: one allocation, and one transfer from the loading thread
  const all = new Uint32Array(col.length);
  let at = 0;
  const lists = Array.from(counts, (n) => all.subarray(at, (at += n)));
  const fill = new Uint32Array(nLevels);
  for (let s = 0; s < col.length; s++) lists[col[s]][fill[col[s]]++] = s;
  return lists;
}

/** Sorts one series by date when the file did not; returns the old index of each new position, or null when it was sorted. */
function sortSeriesIfNeeded(dates: Int32Array, values: Float64Array, a: number, b: number): number[] | null {
  let sorted = true;
  for (let i = a + 1; i < b && sorted; i++) sorted = dates[i] >= dates[i - 1];
  if (sorted) return null;
  const order = Array.from({ length: b - a }, (_, i) => a + i).sort((x, y) => dates[x] - dates[y]);
  const d = order.map((i) => dates[i]);
  const v = order.map((i) => values[i]);
  dates.set(d, a);
  values.set(v, a);
  return order;
}
