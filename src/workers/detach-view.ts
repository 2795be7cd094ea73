import type { SeriesStore } from '../data/model.js';
import type { SelectionView } from '../query/view.js';

/**
 * A copy of a computed selection that is cheap to send to a worker thread:
 * its dataset keeps the metadata but holds only the selected series
 * (renumbered 0…n-1, raw dates and values), so the cost of the structured
 * clone follows the selection, not the dataset. Renderers that look at a
 * series' stored values (e.g. to tell fractions from percentages) find the
 * same numbers under the new ids.
 */
export function detachView(view: SelectionView): SelectionView {
  const { store } = view.dataset;
  const offsets = new Uint32Array(view.series.length + 1);
  view.series.forEach((s, k) => (offsets[k + 1] = offsets[k] + store.offsets[s.id + 1] - store.offsets[s.id]));
  const total = offsets[view.series.length];
  const dates = new Int32Array(total);
  const values = new Float64Array(total);
  view.series.forEach((s, k) => {
    dates.set(store.dates.subarray(store.offsets[s.id], store.offsets[s.id + 1]), offsets[k]);
    values.set(store.values.subarray(store.offsets[s.id], store.offsets[s.id + 1]), offsets[k]);
  });
  const slim: SeriesStore = {
    count: view.series.length,
    codes: store.codes.map((perSeries) => Uint32Array.from(view.series, (s) => perSeries[s.id])),
    offsets,
    dates,
    values,
    postings: [],
    observations: total,
    start: store.start,
    end: store.end,
  };
  // the series without their published value texts (the CSV's, indexed into the whole dataset): images draw numbers
  const series = view.series.map((s, k) => ({ id: k, codes: s.codes, dates: s.dates, values: s.values }));
  // derived values (data/derived.ts) are of the whole store, whose series ids the slim one renumbers: the worker derives its own
  return { ...view, dataset: { ...view.dataset, store: slim, derived: new Map() }, series };
}
