/**
 * The revisions of a dataset page (issue 21): the shown series against each
 * earlier vintage, with the points whose value was revised since, and the
 * table of the last publish's revisions. Every value as published at a
 * vintage comes from the store's history (data/history.ts valuesAsOf, the
 * one place that rule lives); a point is listed as revised between two
 * vintages when it had a value at both and the values differ. How many
 * values the last publish revised is the history's count (history.ts
 * countVintages, as /dataset/{id}/vintages says it), not a second count.
 */
import { formatIsoDate } from '../../data/dates.js';
import { derived, derivedKey } from '../../data/derived.js';
import { valuesAsOf, type History, type SeriesAsOf } from '../../data/history.js';
import type { Dataset, Lang } from '../../data/model.js';
import { formatVintage } from '../../i18n/format.js';
import { levelName } from '../../selection/naming.js';
import type { ExplorerMeta } from '../../selection/state.js';

/** Most revised points a page lists per earlier vintage (the chart marks those on it). */
export const MAX_REVISED_POINTS = 200;
/** Most rows of the table of the last publish's revisions. */
export const MAX_LAST_REVISIONS = 50;

/** A vintage as the page names it: its time stamp and the stamp in words. */
export interface VintageName {
  stamp: string;
  label: string;
}

/** One revised point: an observation's value as published then (`old`) and now (`new`); missing values are null. */
export interface RevisedPoint {
  /** index into the page's series (the explorer data's `series`); -1 in the table of the last publish */
  series: number;
  /** the series in words (the table of the last publish names it) */
  label?: string;
  date: string;
  old: number | null;
  new: number | null;
}

/** The revised points of the shown series since one earlier vintage. */
export interface RevisedSince {
  vintage: string;
  points: RevisedPoint[];
  /** how many there are in all (more than `points` holds when cut at MAX_REVISED_POINTS) */
  total: number;
}

/** What the page shows of a dataset's vintages (absent when it has only one). */
export interface RevisionsData {
  /** every vintage, newest first (the as-of control lists them; the first is the latest) */
  vintages: VintageName[];
  /** per earlier vintage (newest first): the shown series' points revised since */
  since: RevisedSince[];
  /** the last publish's revisions over the whole dataset, at most MAX_LAST_REVISIONS */
  last: RevisedPoint[];
  /** how many values the last publish revised in all */
  lastTotal: number;
}

/** A series' values by date (ISO → value, NaN as null). */
function byDate(s: SeriesAsOf): Map<number, number | null> {
  return new Map(s.dates.map((d, i) => [d, Number.isNaN(s.values[i]) ? null : s.values[i]]));
}

/**
 * The observations revised between two publishes of one series: dates with a
 * value in both whose values differ, by date; within [from, to] (days) when given.
 */
export function revisedBetween(
  before: SeriesAsOf,
  after: SeriesAsOf,
  from = -Infinity,
  to = Infinity,
): { date: number; old: number | null; new: number | null }[] {
  const old = byDate(before);
  const out: { date: number; old: number | null; new: number | null }[] = [];
  after.dates.forEach((date, i) => {
    if (date < from || date > to || !old.has(date)) return;
    const now = Number.isNaN(after.values[i]) ? null : after.values[i];
    // both missing (null) is the same
    if (old.get(date)! !== now) out.push({ date, old: old.get(date)!, new: now });
  });
  return out;
}

/** The series of level indices in words: each dimension's level name (the dataset's title when it has none). */
function seriesLabel(meta: ExplorerMeta, ds: Dataset, levels: ArrayLike<number>, title: string): string {
  if (!meta.dims.length) return title;
  return meta.dims.map((dim, d) => levelName(dim, ds.meta.dimensions[d].levels[levels[d]].code)).join(' · ');
}

/** The level indices of a store series. */
function storeLevels(ds: Dataset, series: number): number[] {
  return ds.store.codes.map((col) => col[series]);
}

/** The last publish's revisions of a dataset, before they are named: level indices, date (days), values. */
interface LastRevisions {
  points: { levels: number[]; date: number; old: number | null; new: number | null }[];
}

/** Computed once per loaded dataset (they depend on its data alone): a page asks on every view. */
const LAST_REVISIONS = derivedKey<LastRevisions>("the last publish's revisions");

/** The last publish's revisions over every history series (those are the only series a publish can have changed), at most MAX_LAST_REVISIONS. */
function scanLastRevisions(ds: Dataset, history: History): LastRevisions {
  const n = history.stamps.length;
  const out: LastRevisions = { points: [] };
  for (let h = 0; h < history.count && out.points.length < MAX_LAST_REVISIONS; h++) {
    const levels = history.codes.map((col) => col[h]);
    const before = valuesAsOf(ds.store, history, levels, history.stamps[n - 2])!;
    const after = valuesAsOf(ds.store, history, levels, history.stamps[n - 1])!;
    const points = revisedBetween(before, after);
    for (const p of points.slice(0, MAX_LAST_REVISIONS - out.points.length)) out.points.push({ levels, ...p });
  }
  return out;
}

/** The last publish's revisions, the series named in the page's language. */
function lastRevisions(ds: Dataset, history: History, meta: ExplorerMeta, title: string): { last: RevisedPoint[]; total: number } {
  const { points } = derived(ds, LAST_REVISIONS, () => scanLastRevisions(ds, history));
  const last = points.map((p) => ({ series: -1, label: seriesLabel(meta, ds, p.levels, title), date: formatIsoDate(p.date), old: p.old, new: p.new }));
  // the one count of a vintage's revisions (history.ts countVintages), as /dataset/{id}/vintages says it
  return { last, total: history.counts[history.stamps.length - 1].valuesRevised };
}

/** A shown series: its store id and the first and last date it shows (days). */
export interface ShownSeries {
  id: number;
  dates: ArrayLike<number>;
}

/**
 * What the page shows of a dataset's vintages: the vintages newest first,
 * the shown series' points revised since each earlier one (within the dates
 * each shows), and the last publish's revisions. Null for a dataset with one
 * vintage (no history).
 */
export function buildRevisions(ds: Dataset, meta: ExplorerMeta, shown: ShownSeries[], lang: Lang, title: string): RevisionsData | null {
  const history = ds.history;
  if (!history || history.stamps.length < 2) return null;
  const n = history.stamps.length;
  const latest = history.stamps[n - 1];
  const now = shown.map((s) => valuesAsOf(ds.store, history, storeLevels(ds, s.id), latest)!);
  const since: RevisedSince[] = [];
  for (let k = n - 2; k >= 0; k--) {
    const points: RevisedPoint[] = [];
    let total = 0;
    shown.forEach((s, i) => {
      if (!s.dates.length) return;
      const then = valuesAsOf(ds.store, history, storeLevels(ds, s.id), history.stamps[k])!;
      const revised = revisedBetween(then, now[i], s.dates[0], s.dates[s.dates.length - 1]);
      total += revised.length;
      for (const p of revised.slice(0, MAX_REVISED_POINTS - points.length)) points.push({ series: i, date: formatIsoDate(p.date), old: p.old, new: p.new });
    });
    since.push({ vintage: history.stamps[k], points, total });
  }
  const { last, total } = lastRevisions(ds, history, meta, title);
  return {
    vintages: [...history.stamps].reverse().map((stamp) => ({ stamp, label: formatVintage(stamp, lang) })),
    since,
    last,
    lastTotal: total,
  };
}
