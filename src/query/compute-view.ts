import type { Dataset } from '../data/model.js';
import { derived, derivedKey } from '../data/derived.js';
import { convertSeries, lastPeriod, periodOf, viewFrequency } from './convert-frequency.js';
import { isDateBound, readDateBound } from './date-bound.js';
import { applyTransform, indexBase, lowerBound, rebase, takesBase } from './transforms.js';
import type { Selection, SelectionView, SeriesView } from './view.js';

/**
 * The ids of the series a selection picks, ascending (= CSV order): per
 * selected dimension the union of its codes' postings, intersected across
 * dimensions by filtering the smallest candidate list.
 */
export function selectSeries(dataset: Dataset, dims: Record<string, string[]>): Uint32Array {
  // one code in every dimension: a cold single-series request, found by its codes (issue 24)
  const single = singleSeries(dataset, dims);
  if (single !== undefined) return single;
  const { store, meta } = dataset;
  const constraints = meta.dimensions
    .map((dim, d) => ({ d, codes: dims[dim.id]?.map((c) => dim.index.get(c)!) }))
    .filter((c): c is { d: number; codes: number[] } => c.codes !== undefined)
    .map(({ d, codes }) => ({ d, allowed: new Set(codes), size: codes.reduce((n, c) => n + store.postings[d][c].length, 0), codes }));
  if (constraints.length === 0) return Uint32Array.from({ length: store.count }, (_, i) => i);
  constraints.sort((a, b) => a.size - b.size);
  const first = constraints[0];
  const candidates = first.codes.length === 1 ? store.postings[first.d][first.codes[0]] : mergeSorted(first.codes.map((c) => store.postings[first.d][c]));
  const rest = constraints.slice(1).map((c) => ({ column: store.codes[c.d], only: c.codes.length === 1 ? c.codes[0] : -1, allowed: c.allowed }));
  if (rest.length === 0) return candidates;
  const out: number[] = [];
  // one code in every other dimension (a single series of a store without an index): compared column by column
  if (rest.every((c) => c.only >= 0)) return matchAll(candidates, rest);
  next: for (let i = 0; i < candidates.length; i++) {
    const s = candidates[i];
    for (let r = 0; r < rest.length; r++) {
      const c = rest[r];
      if (c.only >= 0 ? c.column[s] !== c.only : !c.allowed.has(c.column[s])) continue next;
    }
    out.push(s);
  }
  return Uint32Array.from(out);
}

/**
 * The series id of each combination of codes (its mixed-radix number): a
 * dense table (-1: no such series) when the combinations are not many more
 * than the series (every published cube and the generated ones: at most 5
 * per series), else a Map (a sparse cube); one of the two is null.
 */
interface SeriesIndex {
  dense: Int32Array | null;
  sparse: Map<number, number> | null;
}

/** Per dataset (kept on it): its series index, or null when the numbers would not be exact. */
const SERIES_INDEX = derivedKey<SeriesIndex | null>('series by combination of codes');

/** Combinations per series up to which the index is a dense table: 32 bytes per series at most, about what a Map entry costs. */
const DENSE_PER_SERIES = 8;

/** The series index of a dataset, built on the first single-series request of its store. */
function seriesIndex(dataset: Dataset): SeriesIndex | null {
  return derived(dataset, SERIES_INDEX, () => {
    const { store, meta } = dataset;
    const dims = meta.dimensions;
    const combos = dims.reduce((n, dim) => n * Math.max(dim.levels.length, 1), 1);
    if (combos > Number.MAX_SAFE_INTEGER) return null;
    const keyOf = (s: number): number => {
      let key = 0;
      for (let d = 0; d < dims.length; d++) key = key * dims[d].levels.length + store.codes[d][s];
      return key;
    };
    // a table lookup is one read; a Map of many entries costs a hash and a few cache misses (issue 24, round 4)
    if (combos <= DENSE_PER_SERIES * store.count + 4096) {
      const dense = new Int32Array(combos).fill(-1);
      for (let s = 0; s < store.count; s++) dense[keyOf(s)] = s;
      return { dense, sparse: null };
    }
    const sparse = new Map<number, number>();
    for (let s = 0; s < store.count; s++) sparse.set(keyOf(s), s);
    return { dense: null, sparse };
  });
}

/**
 * The series a selection of exactly one code in every dimension picks (none
 * when no series has those codes): its mixed-radix number of level indices
 * looked up in the dataset's index. Undefined for any other selection, or a
 * store without an index (the product of the level counts exceeds exact
 * numbers): the postings answer those.
 */
function singleSeries(dataset: Dataset, dims: Record<string, string[]>): Uint32Array | undefined {
  const dimensions = dataset.meta.dimensions;
  if (dimensions.length === 0) return undefined;
  let key = 0;
  for (let d = 0; d < dimensions.length; d++) {
    const dim = dimensions[d];
    const codes = dims[dim.id];
    if (codes === undefined || codes.length !== 1) return undefined;
    const at = dim.index.get(codes[0]);
    // a code the dataset does not have: no series (a NaN key would read series 0 of the dense table)
    if (at === undefined) return new Uint32Array(0);
    key = key * dim.levels.length + at;
  }
  const index = seriesIndex(dataset);
  if (index === null) return undefined;
  const found = index.dense !== null ? index.dense[key] : (index.sparse!.get(key) ?? -1);
  if (found < 0) return new Uint32Array(0);
  // not Uint32Array.of: its generic path cost more than the lookup
  const one = new Uint32Array(1);
  one[0] = found;
  return one;
}

/** The candidates whose code is the one asked for in each of `rest`'s columns. */
function matchAll(candidates: Uint32Array, rest: { column: Uint32Array; only: number }[]): Uint32Array {
  const columns = rest.map((c) => c.column);
  const codes = rest.map((c) => c.only);
  const out: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const s = candidates[i];
    let d = 0;
    while (d < columns.length && columns[d][s] === codes[d]) d++;
    if (d === columns.length) out.push(s);
  }
  return new Uint32Array(out);
}

function mergeSorted(lists: Uint32Array[]): Uint32Array {
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out = new Uint32Array(total);
  let k = 0;
  for (const l of lists) {
    out.set(l, k);
    k += l.length;
  }
  return out.sort();
}

/** One series as the window and the transform read it: as published, or converted (convert-frequency.ts). */
interface SourceSeries {
  id: number;
  dates: Int32Array;
  values: Float64Array;
  /** index of the first observation in the store (published texts); -1 when converted */
  first: number;
}

/** The selected series, whole, converted to the selection's frequency when it asks for one. */
function sourceSeries(dataset: Dataset, selection: Selection, ids: Uint32Array): SourceSeries[] {
  const { store, meta } = dataset;
  const out = new Array<SourceSeries>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const first = store.offsets[id];
    const dates = store.dates.subarray(first, store.offsets[id + 1]);
    const values = store.values.subarray(first, store.offsets[id + 1]);
    if (!selection.convert) out[i] = { id, dates, values, first };
    else {
      const converted = convertSeries(dates, values, meta.frequency, selection.convert);
      out[i] = { id, dates: converted.dates, values: converted.values, first: -1 };
    }
  }
  return out;
}

/** Per dataset (kept on it): the codes of each series asked for so far, made once (frozen: every view of the series shares them). */
const SERIES_CODES = derivedKey<(readonly string[] | undefined)[]>('codes per series');

/** One code per dimension of a series, in dim_order. */
function codesOf(dataset: Dataset, id: number): string[] {
  const known = derived(dataset, SERIES_CODES, () => new Array<readonly string[] | undefined>(dataset.store.count));
  let codes = known[id];
  if (codes === undefined) {
    const { store, meta } = dataset;
    const made = new Array<string>(meta.dimensions.length);
    for (let d = 0; d < made.length; d++) made[d] = meta.dimensions[d].levels[store.codes[d][id]].code;
    codes = known[id] = Object.freeze(made);
  }
  return codes as string[];
}

/**
 * The selection with its relative bounds counted back from the last
 * converted period of its series (docs/decisions.md, "Frequency
 * conversion"): `from=-5y&frequency=annual` reaches 5 years back from the
 * last year shown. Unchanged when not converted or absolute.
 */
function windowOf(selection: Selection, end: number): Selection {
  if (!selection.convert || !selection.relative) return selection;
  // no converted period at all (end NaN): a relative bound bounds nothing, as for an empty dataset
  const bound = (text: string | null, days: number | null) => {
    const read = readDateBound('from', text, end);
    return isDateBound(read) && text !== null ? read.days : days;
  };
  return { ...selection, from: bound(selection.relative.from, selection.from), to: bound(selection.relative.to, selection.to) };
}

/**
 * Computes a selection once: picks the series, converts them to the
 * selection's frequency when asked, finds the window (from/to and the last
 * N) and applies the transform to it, reading each whole series for what
 * comes before the window. Every output renders from the returned view.
 * @example computeView(dataset, { datasetId: 'ch_fso_ppi', dims: {}, from: null, to: null, last: 12, transform: 'yoy', base: null })
 */
export function computeView(dataset: Dataset, asked: Selection): SelectionView {
  const source = sourceSeries(dataset, asked, selectSeries(dataset, asked.dims));
  const end = asked.convert ? lastPeriod(source) : Number.NaN;
  const selection = windowOf(asked, end);
  const frequency = viewFrequency(selection, dataset);
  // under conversion the index base is the converted period that holds the date asked
  const baseDay = selection.base !== null && selection.convert ? periodOf(selection.base, selection.convert.frequency) : selection.base;
  const rebased = takesBase(selection.transform);
  // the published texts of values shown as published (never of converted values)
  const texts = selection.transform === 'level' ? dataset.store.valueTexts : undefined;
  const series = new Array<SeriesView>(source.length);
  let observations = 0;
  for (let i = 0; i < source.length; i++) {
    const { id, dates: all, values: raw, first } = source[i];
    let a = selection.from === null ? 0 : lowerBound(all, selection.from);
    const b = Math.max(a, selection.to === null ? all.length : lowerBound(all, selection.to + 1));
    if (selection.last !== null) a = Math.max(a, b - selection.last);
    let values = applyTransform(all, raw, selection.transform, frequency, a, b);
    const base = rebased ? indexBase(all, raw, values, baseDay) : undefined;
    if (base !== undefined) values = rebase(values, base);
    // one shape for every series view (absent parts undefined)
    series[i] = {
      id,
      codes: codesOf(dataset, id),
      dates: all.subarray(a, b),
      values,
      published: texts && first >= 0 ? { texts, first: first + a } : undefined,
      base,
    };
    observations += b - a;
  }
  const view: SelectionView = { dataset, selection, series, observations };
  if (asked.convert) view.convertedEnd = end;
  return view;
}
