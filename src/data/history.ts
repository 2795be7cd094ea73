import type { Dataset, SeriesStore } from './model.js';
import { stampOfIso, vintageIndex } from './vintage-stamp.js';

/**
 * A dataset's revision history as the store holds it (DESIGN §2,
 * `{id}.vintages.csv`): next to the latest values (the store, unchanged)
 * only the superseded values, each with its validity interval as indices
 * into the dataset's vintages, and the observations added after the first
 * vintage. Never a copy per vintage. Series that have neither are "history
 * series" only when they need to be; all others were as they are now since
 * the first vintage.
 */
export interface History {
  /** the dataset's vintages (publishes that changed its files), oldest first; at least one */
  stamps: string[];
  /** what each vintage changed (same order as `stamps`) */
  counts: VintageCounts[];
  /** number of history series */
  count: number;
  /** per dimension (dim_order), per history series: index into that dimension's levels */
  codes: Uint32Array[];
  /** per history series: its series id in the store, or -1 when it is not in the latest data */
  current: Int32Array;
  /** superseded values of history series h span [rowOffsets[h], rowOffsets[h+1]), by date then valid_from */
  rowOffsets: Uint32Array;
  rowDates: Int32Array;
  rowValues: Float64Array;
  /** validity [rowFrom, rowTo) as indices into `stamps` */
  rowFrom: Uint16Array;
  rowTo: Uint16Array;
  /** observations added after the first vintage: [addOffsets[h], addOffsets[h+1]) by date, added at vintage `addAt` */
  addOffsets: Uint32Array;
  addDates: Int32Array;
  addAt: Uint16Array;
  /** store series id → history series */
  bySeries: Map<number, number>;
}

/** What one vintage changed in a dataset (the first vintage adds all it holds). */
export interface VintageCounts {
  seriesAdded: number;
  seriesRemoved: number;
  observationsAdded: number;
  observationsRemoved: number;
  valuesRevised: number;
}

/** One value an observation had, valid over [from, to) (vintage indices; `to` = number of vintages while current). */
type Visit = (date: number, value: number, from: number, to: number) => void;

/**
 * Walks every value every observation of one series has had, by date then
 * validity: the superseded values of the history, then the current value,
 * valid from the last publish that changed it (the latest `valid_to` of its
 * history rows, or its addition, whichever is later; else the first vintage).
 * The one place that rule lives. With `changedOnly`, only the dates that have
 * history rows or additions are walked (the others hold their current value
 * since the first vintage). Returns how many current values it visited.
 */
export function walkSeries(store: SeriesStore, history: History, series: number, h: number, visit: Visit, changedOnly = false): number {
  const open = history.stamps.length;
  let i = series >= 0 ? store.offsets[series] : 0;
  const iEnd = series >= 0 ? store.offsets[series + 1] : 0;
  let r = h >= 0 ? history.rowOffsets[h] : 0;
  const rEnd = h >= 0 ? history.rowOffsets[h + 1] : 0;
  let a = h >= 0 ? history.addOffsets[h] : 0;
  const aEnd = h >= 0 ? history.addOffsets[h + 1] : 0;
  let current = 0;
  for (;;) {
    const changed = Math.min(r < rEnd ? history.rowDates[r] : Infinity, a < aEnd ? history.addDates[a] : Infinity);
    const date = changedOnly ? changed : Math.min(i < iEnd ? store.dates[i] : Infinity, r < rEnd ? history.rowDates[r] : Infinity);
    if (date === Infinity) break;
    if (changedOnly) while (i < iEnd && store.dates[i] < date) i++;
    let start = 0;
    for (; r < rEnd && history.rowDates[r] === date; r++) {
      visit(date, history.rowValues[r], history.rowFrom[r], history.rowTo[r]);
      start = history.rowTo[r];
    }
    for (; a < aEnd && history.addDates[a] < date; a++);
    for (; a < aEnd && history.addDates[a] === date; a++) start = Math.max(start, history.addAt[a]);
    if (i < iEnd && store.dates[i] === date) {
      visit(date, store.values[i++], start, open);
      current++;
    }
  }
  return current;
}

/** The store series with these level indices (one per dimension), or -1. */
export function findSeries(store: SeriesStore, levels: ArrayLike<number>): number {
  if (store.codes.length === 0) return store.count > 0 ? 0 : -1;
  for (const s of store.postings[0][levels[0]] ?? []) {
    let same = true;
    for (let d = 1; d < store.codes.length && same; d++) same = store.codes[d][s] === levels[d];
    if (same) return s;
  }
  return -1;
}

/** The index of the vintage published at `stamp` or last before it, or -1 when `stamp` is before the first. */
export function vintageAt(history: History, stamp: string): number {
  return vintageIndex(history.stamps, stamp);
}

/** A series as published at one vintage. */
export interface SeriesAsOf {
  vintage: string;
  dates: number[];
  values: number[];
}

/**
 * The series with these level indices as it was published at `stamp`: the
 * latest values with superseded ones swapped back in, observations added
 * later left out, removed ones restored (empty when the series did not exist
 * then). Null when `stamp` is before the dataset's first vintage. A dataset
 * without history (`history` null) has one vintage: the data as it is.
 */
export function valuesAsOf(store: SeriesStore, history: History | null, levels: ArrayLike<number>, stamp: string): SeriesAsOf | null {
  const series = findSeries(store, levels);
  if (!history) {
    const [a, b] = series >= 0 ? [store.offsets[series], store.offsets[series + 1]] : [0, 0];
    return { vintage: stamp, dates: [...store.dates.subarray(a, b)], values: [...store.values.subarray(a, b)] };
  }
  const k = vintageAt(history, stamp);
  if (k < 0) return null;
  const out: SeriesAsOf = { vintage: history.stamps[k], dates: [], values: [] };
  walkSeries(store, history, series, historySeries(history, series, levels), (date, value, from, to) => {
    if (from <= k && k < to) {
      out.dates.push(date);
      out.values.push(value);
    }
  });
  return out;
}

/** The history series of a store series (or, for one not in the latest data, of these level indices), or -1. */
function historySeries(history: History, series: number, levels: ArrayLike<number>): number {
  if (series >= 0) return history.bySeries.get(series) ?? -1;
  for (let h = 0; h < history.count; h++) {
    if (history.current[h] < 0 && history.codes.every((col, d) => col[h] === levels[d])) return h;
  }
  return -1;
}

/** Zero counts for `n` vintages. */
function zeroCounts(n: number): VintageCounts[] {
  return Array.from({ length: n }, () => ({ seriesAdded: 0, seriesRemoved: 0, observationsAdded: 0, observationsRemoved: 0, valuesRevised: 0 }));
}

/**
 * What each vintage changed, from the store and the history: an interval
 * that starts where the observation's previous one ends is a revision, one
 * after a gap (or the first) an addition; an interval that ends with none
 * after it a removal. A series is added when it holds a value again, and
 * removed when it holds none any more.
 */
export function countVintages(store: SeriesStore, history: Omit<History, 'counts'>): VintageCounts[] {
  const n = history.stamps.length;
  const counts = zeroCounts(n);
  const plain = store.count - history.bySeries.size;
  counts[0].seriesAdded += store.count > 0 ? plain : 0;
  for (let s = 0; s < store.count; s++) if (!history.bySeries.has(s)) counts[0].observationsAdded += store.offsets[s + 1] - store.offsets[s];
  const full = history as History;
  for (let h = 0; h < history.count; h++) {
    const presence = new Int32Array(n + 1);
    let lastDate = NaN;
    let lastTo = -1;
    const close = (): void => {
      if (lastTo >= 0 && lastTo < n) counts[lastTo].observationsRemoved++;
    };
    const series = history.current[h];
    const visited = walkSeries(
      store,
      full,
      series,
      h,
      (date, _value, from, to) => {
        if (date !== lastDate) {
          close();
          lastDate = date;
          lastTo = -1;
        }
        if (lastTo === from) counts[from].valuesRevised++;
        else {
          if (lastTo >= 0) counts[lastTo].observationsRemoved++;
          counts[from].observationsAdded++;
        }
        lastTo = to;
        presence[from]++;
        presence[to]--;
      },
      true,
    );
    close();
    // the current values without history: there since the first vintage
    const plainValues = series >= 0 ? store.offsets[series + 1] - store.offsets[series] - visited : 0;
    counts[0].observationsAdded += plainValues;
    if (plainValues > 0) {
      presence[0]++;
      presence[n]--;
    }
    let held = 0;
    let before = false;
    for (let v = 0; v < n; v++) {
      held += presence[v];
      if (held > 0 && !before) counts[v].seriesAdded++;
      if (held === 0 && before) counts[v].seriesRemoved++;
      before = held > 0;
    }
  }
  return counts;
}

/**
 * How many vintages a set of loaded datasets holds: the distinct stamps of
 * their histories; a directory without history files has one (zero when it
 * has no dataset).
 */
export function vintageCount(datasets: Iterable<Dataset>): number {
  const stamps = new Set<string>();
  let any = false;
  for (const ds of datasets) {
    any = true;
    for (const s of ds.history?.stamps ?? []) stamps.add(s);
  }
  return stamps.size || (any ? 1 : 0);
}

/**
 * A dataset's vintages, oldest first: its history's stamps, or the one
 * vintage of a dataset without history, stamped with when the directory was
 * published (`publishedAt`, its manifest), else when the dataset was fetched
 * or updated (its metadata), else null.
 */
export function datasetStamps(ds: Dataset, publishedAt: string | null): (string | null)[] {
  if (ds.history) return ds.history.stamps;
  return [stampOfIso(publishedAt) ?? stampOfIso(ds.meta.fetched) ?? stampOfIso(ds.meta.updated)];
}
