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
  const { store, meta } = dataset;
  const constraints = meta.dimensions
    .map((dim, d) => ({ d, codes: dims[dim.id]?.map((c) => dim.index.get(c)!) }))
    .filter((c): c is { d: number; codes: number[] } => c.codes !== undefined)
    .map(({ d, codes }) => ({ d, allowed: new Set(codes), size: codes.reduce((n, c) => n + store.postings[d][c].length, 0), codes }));
  if (constraints.length === 0) return Uint32Array.from({ length: store.count }, (_, i) => i);
  // one code in every dimension: a cold single-series request, found by its codes (issue 24)
  if (constraints.length === meta.dimensions.length && constraints.every((c) => c.codes.length === 1)) {
    const found = seriesByCodes(dataset, constraints);
    if (found !== undefined) return found < 0 ? new Uint32Array(0) : Uint32Array.of(found);
  }
  constraints.sort((a, b) => a.size - b.size);
  const first = constraints[0];
  const candidates = first.codes.length === 1 ? store.postings[first.d][first.codes[0]] : mergeSorted(first.codes.map((c) => store.postings[first.d][c]));
  const rest = constraints.slice(1).map((c) => ({ column: store.codes[c.d], only: c.codes.length === 1 ? c.codes[0] : -1, allowed: c.allowed }));
  if (rest.length === 0) return candidates;
  const out: number[] = [];
  // a cold single-series request lands here: one code in every other dimension, compared column by column
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

/** Per dataset (kept on it): the series id of each combination of codes (its mixed-radix number), or null when the numbers would not be exact. */
const SERIES_INDEX = derivedKey<Map<number, number> | null>('series by combination of codes');

/** The mixed-radix number of a combination of level indices, one per dimension. */
function comboOf(dataset: Dataset, codeOf: (d: number) => number): number {
  let key = 0;
  const dims = dataset.meta.dimensions;
  for (let d = 0; d < dims.length; d++) key = key * dims[d].levels.length + codeOf(d);
  return key;
}

/**
 * The series with exactly these codes (-1: none), from an index built on the
 * first such request of a store; undefined when the store has no index (the
 * product of the level counts exceeds exact numbers).
 */
function seriesByCodes(dataset: Dataset, constraints: { d: number; codes: number[] }[]): number | undefined {
  const { store, meta } = dataset;
  const index = derived(dataset, SERIES_INDEX, () => {
    const combos = meta.dimensions.reduce((n, dim) => n * Math.max(dim.levels.length, 1), 1);
    const built = combos > Number.MAX_SAFE_INTEGER ? null : new Map<number, number>();
    for (let s = 0; built && s < store.count; s++)
      built.set(
        comboOf(dataset, (d) => store.codes[d][s]),
        s,
      );
    return built;
  });
  if (index === null) return undefined;
  const code = new Array<number>(meta.dimensions.length);
  for (const c of constraints) code[c.d] = c.codes[0];
  return index.get(comboOf(dataset, (d) => code[d])) ?? -1;
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
  /** index of the first observation in the store (published texts); absent when converted */
  first?: number;
}

/** The selected series, whole, converted to the selection's frequency when it asks for one. */
function sourceSeries(dataset: Dataset, selection: Selection, ids: Uint32Array): SourceSeries[] {
  const { store, meta } = dataset;
  return Array.from(ids, (id) => {
    const dates = store.dates.subarray(store.offsets[id], store.offsets[id + 1]);
    const values = store.values.subarray(store.offsets[id], store.offsets[id + 1]);
    if (!selection.convert) return { id, dates, values, first: store.offsets[id] };
    return { id, ...convertSeries(dates, values, meta.frequency, selection.convert) };
  });
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
  const { store, meta } = dataset;
  const source = sourceSeries(dataset, asked, selectSeries(dataset, asked.dims));
  const end = asked.convert ? lastPeriod(source) : Number.NaN;
  const selection = windowOf(asked, end);
  const frequency = viewFrequency(selection, dataset);
  // under conversion the index base is the converted period that holds the date asked
  const baseDay = selection.base !== null && selection.convert ? periodOf(selection.base, selection.convert.frequency) : selection.base;
  const series: SeriesView[] = [];
  let observations = 0;
  for (const { id, dates: all, values: raw, first } of source) {
    let a = selection.from === null ? 0 : lowerBound(all, selection.from);
    const b = selection.to === null ? all.length : lowerBound(all, selection.to + 1);
    if (selection.last !== null) a = Math.max(a, b - selection.last);
    const dates = all.subarray(a, Math.max(a, b));
    let values = applyTransform(all, raw, selection.transform, frequency, a, Math.max(a, b));
    const base = takesBase(selection.transform) ? indexBase(all, raw, values, baseDay) : undefined;
    if (base !== undefined) values = rebase(values, base);
    const codes = meta.dimensions.map((dim, d) => dim.levels[store.codes[d][id]].code);
    // the published texts of values shown as published (never of converted values)
    const texts = selection.transform === 'level' && first !== undefined ? store.valueTexts : undefined;
    series.push({
      id,
      codes,
      dates,
      values,
      ...(texts ? { published: { texts, first: first! + a } } : {}),
      ...(base === undefined ? {} : { base }),
    });
    observations += dates.length;
  }
  return { dataset, selection, series, observations, ...(asked.convert ? { convertedEnd: end } : {}) };
}
