/**
 * Builds what the explorer knows about a dataset from the loaded data: the
 * pickers (labels in the page's language, hierarchy depth, single or multiple
 * choice), the existing combinations, the defaults, the units and which
 * percent-level series are published as fractions. Built once per dataset
 * version and language.
 */
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import { isDateBound, readDateBound } from '../query/date-bound.js';
import { withRelative } from '../query/parse-selection.js';
import { selectSeries } from '../query/compute-view.js';
import { derived, derivedKey } from '../data/derived.js';
import type { Dataset, Lang } from '../data/model.js';
import type { UrlSelection } from '../urls.js';
import { fallbackLang, pickLabel } from '../i18n/labels.js';
import { isTransform } from '../query/transforms.js';
import { TRANSFORMS, type Conversion, type Selection, type Transform } from '../query/view.js';
import { lowerFrequencies } from '../data/frequency.js';
import { formatFrequency } from '../i18n/format.js';
import { uiStrings } from '../i18n/strings.js';
import { DEFAULT_TRANSFORM, takesBase } from './params.js';
import { defaultState, reconcile, statePageUrl, toUrlSelection, type ExplorerDim, type ExplorerMeta, type ExplorerState, type PageQuery } from './state.js';
import { readPageQuery, type QueryProblem } from './read-query.js';
import { captionTitle, labelSeries, seriesKey, type ExplorerUnits, type LabelContext } from './naming.js';

const EXPLORER_META = derivedKey<Map<Lang, ExplorerMeta>>('explorer meta by language');

/**
 * The pickers of a dataset: a dimension listed in `single_select` takes one
 * code; every other dimension (the `split` one included) takes several.
 */
function buildDims(ds: Dataset, lang: Lang): ExplorerDim[] {
  const single = new Set(ds.meta.singleSelect);
  // a label in English on another language's page says so (`lang`), for the page to mark it
  const langOf = (labels: Parameters<typeof pickLabel>[0]): { lang?: Lang } => {
    const other = pickLabel(labels, lang) ? fallbackLang(labels, lang) : undefined;
    return other ? { lang: other } : {};
  };
  return ds.meta.dimensions.map((dim) => ({
    id: dim.id,
    label: pickLabel(dim.label, lang) || dim.id,
    ...langOf(dim.label),
    mode: single.has(dim.id) ? 'single' : 'multi',
    levels: dim.levels.map((l) => ({ code: l.code, label: pickLabel(l.label, lang) || l.code, ...langOf(l.label), data: l.data, depth: l.depth })),
  }));
}

function buildCombos(ds: Dataset): number[] {
  const { store } = ds;
  const n = store.codes.length;
  const out = new Array<number>(store.count * n);
  for (let s = 0; s < store.count; s++) for (let d = 0; d < n; d++) out[s * n + d] = store.codes[d][s];
  return out;
}

function buildDefaults(ds: Dataset): ExplorerMeta['defaults'] {
  const dims: Record<string, string[]> = {};
  for (const dim of ds.meta.dimensions) {
    const codes = (ds.meta.defaultSelection[dim.id] ?? []).filter((c) => dim.levels[dim.index.get(c) ?? -1]?.data);
    if (codes.length) dims[dim.id] = codes;
  }
  const t = ds.meta.defaultTransform;
  const transform = isTransform(t) ? t : DEFAULT_TRANSFORM;
  return { dims, transform };
}

/**
 * The explorer meta of a dataset in a language (kept on the dataset).
 * @example buildExplorerMeta(snapshot.datasets.get('ch_seco_concon')!, 'de')
 */
export function buildExplorerMeta(ds: Dataset, lang: Lang): ExplorerMeta {
  const byLang = derived(ds, EXPLORER_META, () => new Map<Lang, ExplorerMeta>());
  let meta = byLang.get(lang);
  if (!meta) {
    meta = {
      id: ds.meta.id,
      lang,
      frequency: ds.meta.frequency,
      dims: buildDims(ds, lang),
      combos: buildCombos(ds),
      defaults: buildDefaults(ds),
      transforms: [...TRANSFORMS],
      end: Number.isNaN(ds.store.end) ? null : formatIsoDate(ds.store.end),
      frequencyNames: Object.fromEntries(lowerFrequencies(ds.meta.frequency).map((f) => [f, formatFrequency(f, uiStrings(lang))])),
      ...(ds.vintage || ds.history ? { vintages: [...(ds.vintage?.stamps ?? ds.history!.stamps)] } : {}),
    };
    byLang.set(lang, meta);
  }
  return meta;
}

/** The dataset's units in a language. */
export function buildExplorerUnits(ds: Dataset, lang: Lang): ExplorerUnits | null {
  const units = ds.meta.units;
  if (!units) return null;
  if (units.kind === 'single') return { single: pickLabel(units.label, lang), dim: null, byCode: {} };
  const byCode: Record<string, string> = {};
  for (const [code, label] of Object.entries(units.labels)) byCode[code] = pickLabel(label, lang);
  return { single: null, dim: units.dim, byCode };
}

/**
 * Keys of the percent-level series whose stored values all lie within ±1:
 * published as fractions, shown ×100 in % (the rule of the chart images).
 */
export function fractionKeys(ds: Dataset): string[] {
  return derived(ds, FRACTION_KEYS, () => scanFractions(ds));
}

const FRACTION_KEYS = derivedKey<string[]>('fraction keys');

function scanFractions(ds: Dataset): string[] {
  const { meta, store } = ds;
  if (meta.percentLevels.length === 0) return [];
  const out: string[] = [];
  for (let s = 0; s < store.count; s++) {
    const codes = meta.dimensions.map((dim, d) => dim.levels[store.codes[d][s]].code);
    if (!codes.some((c) => meta.percentLevels.includes(c))) continue;
    let max = 0;
    for (let i = store.offsets[s]; i < store.offsets[s + 1]; i++) max = Math.max(max, Math.abs(store.values[i]) || 0);
    if (max <= 1) out.push(seriesKey(codes));
  }
  return out;
}

/**
 * The query selection of a page state, the one converter that way (urls.ts
 * urlPartsOf is the other); dates were validated when the state was read; a
 * relative bound stands for its day in this data version and keeps its text.
 */
export function toSelection(ds: Dataset, meta: ExplorerMeta, state: ExplorerState): Selection {
  const bound = (text: string | null): { days: number | null; relative: string | null } => {
    const read = readDateBound('from', text, ds.store.end);
    return isDateBound(read) ? read : { days: null, relative: null };
  };
  const from = bound(state.from);
  const to = bound(state.to);
  const selection: Selection = {
    datasetId: ds.meta.id,
    dims: toUrlSelection(meta, state).dims ?? {},
    from: from.days,
    to: to.days,
    last: state.last ?? null,
    transform: state.transform as Transform,
    base: state.base === null ? null : parseIsoDate(state.base),
    ...(state.convert ? { convert: state.convert } : {}),
    ...(state.asOf ? { asOf: state.asOf } : {}),
  };
  return withRelative(selection, from.relative, to.relative);
}

/**
 * The opening selection of a dataset: what its page shows without
 * parameters (the meta's defaults, reconciled so it selects series). The
 * page, og.jpg, /resolve, /oembed, llms.txt, the sitemap and the home cards
 * all start from it.
 * @example openingSelection(snapshot.datasets.get('ch_seco_concon')!).dims
 */
export function openingSelection(ds: Dataset): Selection {
  const meta = buildExplorerMeta(ds, 'en');
  return toSelection(ds, meta, defaultState(meta));
}

/**
 * The selection that opens one level: the opening view with that level in
 * its dimension, the other dimensions adjusted so the combination exists.
 * @example levelSelection(unemployment, 'sex', 'men').dims.sex // ['men']
 */
export function levelSelection(ds: Dataset, dimId: string, code: string): Selection {
  const meta = buildExplorerMeta(ds, 'en');
  const opening = defaultState(meta);
  return toSelection(ds, meta, reconcile(meta, { ...opening, dims: { ...opening.dims, [dimId]: [code] } }, dimId));
}

/** A page query read against a dataset: the selection the page shows and the problems found. */
export interface PageSelection {
  selection: Selection;
  problems: QueryProblem[];
}

/**
 * What a dataset page shows for a query (the page itself reads it the same
 * way, through readPageQuery), with the problems a strict reader reports.
 * @example pageSelection(ds, { structure: 'ks_i63_index_q', type: 'index,sd' }).selection.dims
 */
export function pageSelection(ds: Dataset, query: PageQuery): PageSelection {
  const meta = buildExplorerMeta(ds, 'en');
  const read = readPageQuery(meta, query);
  return { selection: { ...toSelection(ds, meta, read.state), last: read.last }, problems: read.problems };
}

/**
 * The page URL that shows a selection (relative when `baseUrl` is ''),
 * written by the page's own writer (statePageUrl): no parameters for the
 * opening view, else every dimension and a transform that differs from the
 * opening one. A dimension the selection leaves out shows all its levels, as
 * in the API.
 * @example selectionPageUrl('https://x.org', 'de', ds, { datasetId: 'ch_fso_ppi', dims: { base: ['2020'] } })
 */
export function selectionPageUrl(baseUrl: string, lang: Lang, ds: Dataset, s: UrlSelection, extra: [string, string][] = []): string {
  const meta = buildExplorerMeta(ds, lang);
  const dims: Record<string, string[]> = {};
  for (const dim of meta.dims) dims[dim.id] = s.dims?.[dim.id]?.length ? [...s.dims[dim.id]] : dim.levels.filter((l) => l.data).map((l) => l.code);
  const transform = s.transform ?? DEFAULT_TRANSFORM;
  const read = reconcile(meta, { dims, from: s.from ?? null, to: s.to ?? null, transform, base: takesBase(transform) ? (s.base ?? null) : null });
  const state: ExplorerState = { ...read, ...(s.convert ? { convert: s.convert } : {}), ...(s.asOf ? { asOf: s.asOf } : {}) };
  const last: [string, string][] = s.last ? [['last', String(s.last)]] : [];
  return statePageUrl(baseUrl, lang, meta, state, [...last, ...extra]);
}

/**
 * The naming context of a dataset in a language (src/selection/naming.ts
 * labelSeries), for a transform and index base: what the page embeds for its
 * bundle, built on the server for chart images, downloads and cards.
 * @example labelSeries(namingContext(ds, 'de', 'level', null), series).caption
 */
export function namingContext(ds: Dataset, lang: Lang, transform: string, base: string | null, convert?: Conversion): LabelContext {
  return {
    meta: buildExplorerMeta(ds, lang),
    title: pickLabel(ds.meta.title, lang),
    units: buildExplorerUnits(ds, lang),
    percentLevels: ds.meta.percentLevels,
    fractions: fractionKeys(ds),
    transform,
    base,
    ...(convert ? { convert } : {}),
  };
}

/**
 * The title of a selection: the dataset's title and, after a colon, the
 * naming model's caption (what every selected series shares, the transform).
 * oEmbed answers and page titles use it.
 * @example selectionTitle(zimoma, urlPartsOf(openingSelection(zimoma)), 'en') // 'Money market rates: Call money rate (Tomorrow next) · 1 day'
 */
export function selectionTitle(ds: Dataset, selection: UrlSelection, lang: Lang): string {
  const ids = selectSeries(ds, selection.dims ?? {});
  const data = Array.from(ids, (id) => ({
    codes: ds.meta.dimensions.map((dim, d) => dim.levels[ds.store.codes[d][id]].code),
    dates: [] as number[],
    values: [],
  }));
  const ctx = namingContext(ds, lang, selection.transform ?? DEFAULT_TRANSFORM, selection.base ?? null);
  return captionTitle(ctx.title, labelSeries(ctx, data).caption);
}
