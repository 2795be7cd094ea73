/**
 * The value each series' index is rebased to, for the warning on a base of
 * 0, below 0 or missing (src/render/pages/chart-notes.ts chartWarning). /series
 * answers the index alone, and an index on a negative base looks like any
 * other, so the bundle asks the published values at the base too (the base
 * date alone, or the window when the base is its first value) and finds the
 * base with the server's own function (src/query/transforms.ts indexBase).
 */
import { formatIsoDate, parseIsoDate } from '../src/data/dates.js';
import { periodOf } from '../src/query/convert-frequency.js';
import { indexBase, takesBase } from '../src/query/transforms.js';
import { seriesKey, type SeriesData } from '../src/selection/naming.js';
import { toUrlSelection, type ExplorerMeta, type ExplorerState } from '../src/selection/state.js';
import { apiUrl } from '../src/urls.js';
import { fetchSeries, type FetchedSeries } from './series-fetch.js';

/** The base value of a series as published (null = missing). */
function baseOf(level: SeriesData | undefined, base: number | null): number | null {
  if (!level) return null;
  const values = Float64Array.from(level.values, (v) => v ?? NaN);
  const found = indexBase(Int32Array.from(level.dates), values, values, base);
  return Number.isNaN(found) ? null : found;
}

/**
 * The fetched index series of a state with their base values (`indexBase`); other transforms as they came.
 * @example await withIndexBases(meta, state, await fetchSeries(url, meta.id, dims, false), false)
 */
export async function withIndexBases(meta: ExplorerMeta, state: ExplorerState, fetched: FetchedSeries, fresh: boolean): Promise<FetchedSeries> {
  if (!takesBase(state.transform) || fetched.series.length === 0) return fetched;
  const asked = state.base === null ? null : parseIsoDate(state.base);
  // under conversion the base is the converted period that holds the date asked (src/query/compute-view.ts)
  const base = asked !== null && state.convert ? periodOf(asked, state.convert.frequency) : asked;
  const window = base === null ? { from: state.from, to: state.to } : { from: formatIsoDate(base), to: formatIsoDate(base) };
  const dims = meta.dims.map((d) => d.id);
  const url = apiUrl('', 'series', toUrlSelection(meta, { ...state, ...window, transform: 'level', base: null }), dims);
  const levels = await fetchSeries(url, meta.id, dims, fresh);
  const byKey = new Map(levels.series.map((s) => [seriesKey(s.codes), s]));
  return { ...fetched, series: fetched.series.map((s) => ({ ...s, indexBase: baseOf(byKey.get(seriesKey(s.codes)), base) })) };
}
