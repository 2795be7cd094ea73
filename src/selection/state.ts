/**
 * The dataset explorer's state and its rules, shared by the server (first
 * render, no-JS form) and the browser bundle (every change): which codes are
 * picked per dimension, the date range and the transform; how a page URL
 * reads into a state; which levels can still be combined (the cube is
 * sparse: no empty combination is offered).
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import type { Frequency } from '../data/frequency.js';
import type { Lang } from '../data/model.js';
import { pageUrl, type UrlSelection } from '../urls.js';
import type { CompareRef } from './compare.js';
import { DEFAULT_TRANSFORM } from './params.js';
import type { AsOf, Conversion } from '../query/view.js';
import { formatIsoDate } from '../data/dates.js';
import { lastPeriod } from '../query/convert-frequency.js';

/** One level of a picker, labels already in the page's language. */
export interface ExplorerLevel {
  code: string;
  label: string;
  /** the label's language where it is not the page's (a fallback to English); absent otherwise */
  lang?: Lang;
  /** false for a grouping header without series of its own */
  data: boolean;
  depth: number;
}

/** A dimension picker: `single` = one code (radio/select), `multi` = several (checkboxes). */
export interface ExplorerDim {
  id: string;
  label: string;
  /** the label's language where it is not the page's (a fallback to English); absent otherwise */
  lang?: Lang;
  mode: 'single' | 'multi';
  levels: ExplorerLevel[];
}

/** What the explorer knows about a dataset (embedded in the page for the bundle). */
export interface ExplorerMeta {
  id: string;
  lang: Lang;
  frequency: string;
  dims: ExplorerDim[];
  /** every existing series as level indices, `dims.length` numbers per series (row-major) */
  combos: number[];
  defaults: { dims: Record<string, string[]>; transform: string };
  /** the transforms the page offers */
  transforms: string[];
  /** the dataset's last observation (ISO), which relative bounds (`from=-5y`) count back from; absent or null: no data */
  end?: string | null;
  /** the names of the frequencies the dataset converts to (data/frequency.ts lowerFrequencies), in the page's language */
  frequencyNames?: Partial<Record<Frequency, string>>;
  /** the dataset's vintages, oldest first (`as_of` resolves against them); absent: one vintage */
  vintages?: string[];
}

/**
 * The page-state view of a Selection (query/view.ts), the only one: what a
 * page shows and its URLs write (urls.ts UrlSelection is this, every part
 * optional). Codes per dimension (always explicit in the explorer), date
 * bounds as asked (ISO or relative: `-5y`), transform. Converted from a
 * Selection by urls.ts urlPartsOf, to one by from-dataset.ts toSelection.
 */
export interface ExplorerState {
  dims: Record<string, string[]>;
  from: string | null;
  to: string | null;
  transform: string;
  base: string | null;
  /** series of other datasets drawn on the same chart (src/selection/compare.ts); absent = none */
  compare?: CompareRef[];
  /** the chart's value axis: 'log' for a logarithmic one (how the page draws, not which data); absent = linear */
  scale?: 'log';
  /** conversion to a lower frequency (`frequency`, `aggregation`, `partial`); absent = as published */
  convert?: Conversion;
  /** the vintage shown (`as_of`); absent = the latest data */
  asOf?: AsOf;
  /** only the last N observations of each series (`last`, API URLs); absent = all */
  last?: number | null;
}

/** Page query parameters as Fastify or URLSearchParams give them. */
export type PageQuery = Record<string, string | string[] | undefined>;

/** The level index of a code in a dimension, -1 when unknown. */
function levelIndex(dim: ExplorerDim, code: string): number {
  return dim.levels.findIndex((l) => l.code === code);
}

/**
 * The level indices of dimension `d` that exist in at least one series whose
 * other codes are all picked in `state` (the options worth offering).
 */
export function availableLevels(meta: ExplorerMeta, state: ExplorerState, d: number): Set<number> {
  const n = meta.dims.length;
  const picked = meta.dims.map((dim) => new Set((state.dims[dim.id] ?? []).map((c) => levelIndex(dim, c))));
  const out = new Set<number>();
  for (let s = 0; s < meta.combos.length; s += n) {
    let ok = true;
    for (let k = 0; k < n && ok; k++) if (k !== d && !picked[k].has(meta.combos[s + k])) ok = false;
    if (ok) out.add(meta.combos[s + d]);
  }
  return out;
}

/** The level indices of dimension `d` that occur in at least one series. */
export function existingLevels(meta: ExplorerMeta, d: number): Set<number> {
  const n = meta.dims.length;
  const out = new Set<number>();
  for (let s = d; s < meta.combos.length; s += n) out.add(meta.combos[s]);
  return out;
}

/**
 * How each level of a dimension can be picked: `on` combines with the other
 * choices; `adjusts` exists but needs other choices changed (offered for a
 * single choice, which then adjusts the others); `off` gives no series.
 */
export function levelStates(meta: ExplorerMeta, state: ExplorerState, d: number): ('on' | 'adjusts' | 'off')[] {
  const avail = availableLevels(meta, state, d);
  const exists = meta.dims[d].mode === 'single' ? existingLevels(meta, d) : avail;
  return meta.dims[d].levels.map((_, i) => (avail.has(i) ? 'on' : exists.has(i) ? 'adjusts' : 'off'));
}

/** The number of existing series the state picks. */
export function countSeries(meta: ExplorerMeta, state: ExplorerState): number {
  const n = meta.dims.length;
  if (n === 0) return meta.combos.length === 0 ? 1 : 0;
  const picked = meta.dims.map((dim) => new Set((state.dims[dim.id] ?? []).map((c) => levelIndex(dim, c))));
  let count = 0;
  for (let s = 0; s < meta.combos.length; s += n) {
    let ok = true;
    for (let k = 0; k < n && ok; k++) if (!picked[k].has(meta.combos[s + k])) ok = false;
    if (ok) count++;
  }
  return count;
}

/**
 * Makes a state valid: every dimension keeps codes that combine with the
 * others (a single-choice dimension exactly one), and the state picks at
 * least one existing series. Dimensions are settled in turn, the one the user
 * just changed (`keep`) first, so their choice wins: each keeps the asked
 * codes that still have series among the combinations left, else its
 * default codes, else its first level that has some; then codes whose series
 * all fell away are dropped.
 */
export function reconcile(meta: ExplorerMeta, state: ExplorerState, keep: string | null = null): ExplorerState {
  const n = meta.dims.length;
  if (n === 0) return state;
  const order = meta.dims.map((_, d) => d).sort((a, b) => Number(meta.dims[b].id === keep) - Number(meta.dims[a].id === keep));
  let candidates: number[] = [];
  for (let s = 0; s < meta.combos.length; s += n) candidates.push(s);
  const dims: Record<string, string[]> = { ...state.dims };
  for (const d of order) {
    const dim = meta.dims[d];
    const present = new Set(candidates.map((s) => meta.combos[s + d]));
    const pick = (codes: string[]): number[] => dim.levels.map((l, i) => (codes.includes(l.code) && l.data && present.has(i) ? i : -1)).filter((i) => i >= 0);
    let chosen = pick(state.dims[dim.id] ?? []);
    if (chosen.length === 0) chosen = pick(meta.defaults.dims[dim.id] ?? []);
    if (chosen.length === 0)
      chosen = dim.levels
        .map((l, i) => (l.data && present.has(i) ? i : -1))
        .filter((i) => i >= 0)
        .slice(0, 1);
    if (dim.mode === 'single') chosen = chosen.slice(0, 1);
    const allowed = new Set(chosen);
    candidates = candidates.filter((s) => allowed.has(meta.combos[s + d]));
    dims[dim.id] = chosen.map((i) => dim.levels[i].code);
  }
  const next: ExplorerState = { ...state, dims };
  // a code chosen early may have lost all its series to later choices; the series left keep every dimension non-empty
  for (let changed = true; changed;) {
    changed = false;
    meta.dims.forEach((dim, d) => {
      const avail = availableLevels(meta, next, d);
      const kept = dims[dim.id].filter((c) => avail.has(dim.levels.findIndex((l) => l.code === c)));
      if (kept.length !== dims[dim.id].length) {
        dims[dim.id] = kept;
        changed = true;
      }
    });
  }
  return next;
}

/** The opening state of a dataset page: the meta's defaults. */
export function defaultState(meta: ExplorerMeta): ExplorerState {
  return reconcile(meta, { dims: { ...meta.defaults.dims }, from: null, to: null, transform: meta.defaults.transform, base: null });
}

/** Whether a state is the dataset's opening view (then its page URL carries no parameters). */
export function isDefaultState(meta: ExplorerMeta, state: ExplorerState): boolean {
  const d = defaultState(meta);
  return (
    state.from === null &&
    state.to === null &&
    !state.compare?.length &&
    state.scale === undefined &&
    state.base === null &&
    state.convert === undefined &&
    state.asOf === undefined &&
    state.transform === d.transform &&
    meta.dims.every((dim) => (state.dims[dim.id] ?? []).join(',') === (d.dims[dim.id] ?? []).join(','))
  );
}

/**
 * The selection of a state for the API and the snippets: dimensions with a
 * single data level are left out (they select nothing), codes in level order.
 */
export function toUrlSelection(meta: ExplorerMeta, state: ExplorerState): UrlSelection {
  const dims: Record<string, string[]> = {};
  for (const dim of meta.dims) {
    if (dim.levels.filter((l) => l.data).length <= 1) continue;
    const picked = new Set(state.dims[dim.id] ?? []);
    dims[dim.id] = dim.levels.filter((l) => picked.has(l.code)).map((l) => l.code);
  }
  return {
    datasetId: meta.id,
    dims,
    from: state.from,
    to: state.to,
    transform: state.transform,
    base: state.base,
    ...(state.convert ? { convert: state.convert } : {}),
    ...(state.asOf ? { asOf: state.asOf } : {}),
  };
}

/**
 * The page URL of a state in a language (relative when `baseUrl` is ''): no
 * parameters for the opening view, else every dimension explicitly, so a
 * shared link keeps its meaning when the defaults change; then the compared
 * series (`compare=`).
 */
export function statePageUrl(baseUrl: string, lang: Lang, meta: ExplorerMeta, state: ExplorerState, extra: [string, string][] = []): string {
  if (isDefaultState(meta, state)) return pageUrl(baseUrl, lang, { datasetId: meta.id }, undefined, extra);
  const selection = { ...toUrlSelection(meta, state), compare: state.compare, scale: state.scale };
  // urls.ts leaves out the table's default transform; when the opening transform is another one, it must be explicit
  const level: [string, string][] =
    state.transform === DEFAULT_TRANSFORM && meta.defaults.transform !== DEFAULT_TRANSFORM ? [['transform', DEFAULT_TRANSFORM]] : [];
  return pageUrl(
    baseUrl,
    lang,
    selection,
    meta.dims.map((d) => d.id),
    [...level, ...extra],
  );
}

/**
 * The day (ISO) relative bounds (`from=-5y`) count back from for a state: the
 * dataset's last observation, or under conversion the last converted period
 * of the series shown (query/compute-view.ts `convertedEnd`), so the page's
 * date fields follow the converted frequency.
 * @example relativeEnd(meta, { ...state, convert }, series) // '2025-01-01'
 */
export function relativeEnd(meta: ExplorerMeta, state: ExplorerState, series: readonly { dates: ArrayLike<number> }[]): string | null {
  if (!state.convert) return meta.end ?? null;
  const last = lastPeriod(series);
  return Number.isNaN(last) ? null : formatIsoDate(last);
}
