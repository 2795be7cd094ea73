import type { Dataset, Lang, Snapshot } from '../data/model.js';
import { BadParameterError, NotFoundError } from '../errors/ds-error.js';
import { errorMessage } from '../errors/catalogue.js';
import { findDataset } from '../query/parse-selection.js';
import { isReservedName } from '../selection/params.js';
import { datasetFacts, problemError, readSelection } from '../selection/read-selection.js';
import { splitLangPrefix, urlPartsOf, type UrlSelection } from '../urls.js';
import { orderDims } from './levels.js';
import { datasetAsOf } from './vintages.js';
import { openingSelection, pageSelection } from '../selection/from-dataset.js';
import type { PageQuery } from '../selection/state.js';

/**
 * Reads the ways a selection is written down outside the API: a page URL
 * (`/de/d/ch_fso_cpi?item=100_100`, with or without host), a series key
 * (`ch_fso_cpi/item=100_100`, `ch_fso_cpi?dims=item=100_100`, a bare id) or a
 * dotted key as the clients name columns (`ch_seco_concon.index.ks_i11.csa`,
 * one code per dimension in dim_order). With `as_of` (issue 21), the
 * selection is read against the dataset as published at that vintage (its
 * codes, last date and labels), so the target is a promise; without it, the
 * target is read at once from the latest data.
 */

/** How a target was written ('text': found by search, see resolve.ts). */
export type TargetKind = 'page-url' | 'series-key' | 'dotted-key' | 'text';

/** A selection read from a page URL or a key, checked against the data (at the vintage its `as_of` asks for). */
export interface Target {
  kind: TargetKind;
  /** the dataset, or with `as_of` the dataset as published at that vintage */
  dataset: Dataset;
  selection: UrlSelection & { dims: Record<string, string[]> };
  /** true when the input named no dimension and the dataset's default view was filled in */
  defaulted: boolean;
  /** the language of a page URL, else null */
  lang: Lang | null;
}

const PAGE_PATH = /^\/d\/([^/]+)\/?$/;
const KEY = /^([a-z0-9_]+)(?:\/([^?#]*))?(?:\?([^#]*))?$/;
const DOTTED = /^([a-z0-9_]+)\.(.+)$/;

/** True when the text is shaped like a URL: absolute, a path (`/…`), or `d/…` / `de/d/…`. */
export function looksLikeUrl(text: string): boolean {
  return /^https?:\/\//i.test(text) || text.startsWith('/') || splitLangPrefix(`/${text}`).rest.startsWith('/d/');
}

/**
 * Reads a target from the dataset as published at the vintage `asOf` asks
 * for (a promise), or at once from the latest when there is none (an empty
 * value is absent, as the one reader reads every empty value).
 */
function readAt(snapshot: Snapshot, latest: Dataset, asOf: string | undefined, read: (dataset: Dataset) => Target): Target | Promise<Target> {
  return asOf ? datasetAsOf(snapshot, latest, asOf).then(read) : read(latest);
}

/**
 * A page URL as a selection (a promise with `as_of`); null when the path is
 * not a dataset page. Relative URLs are read against `baseUrl`.
 */
export function parsePageUrl(snapshot: Snapshot, text: string, baseUrl: string): Target | Promise<Target> | null {
  let url: URL;
  try {
    url = new URL(text.startsWith('/') || /^https?:/i.test(text) ? text : `/${text}`, baseUrl);
  } catch {
    return null;
  }
  const { lang, rest } = splitLangPrefix(url.pathname);
  const m = PAGE_PATH.exec(rest);
  if (!m) return null;
  const id = safeDecode(m[1]);
  // no prototype: a name such as `constructor` or `__proto__` is a parameter like any other (an unknown one)
  const query: PageQuery = Object.create(null) as PageQuery;
  for (const [name, value] of url.searchParams) query[name] = [...((query[name] as string[] | undefined) ?? []), value];
  return readAt(snapshot, findDataset(snapshot, id), url.searchParams.getAll('as_of').at(-1), (dataset) => pageTarget(dataset, query, lang));
}

/** A page's query as a target: the page's own reader, strictly, so the selection is the one the page shows. */
function pageTarget(dataset: Dataset, query: PageQuery, lang: Lang | null): Target {
  const { selection, problems } = pageSelection(dataset, query);
  if (problems[0]) throw problemError(problems[0]);
  // a dimension named like a parameter (ch_fso_ppi's base) is named only in dims: its bare name is the parameter
  const named = dataset.meta.dimensions.some((d) => !isReservedName(d.id) && query[d.id] !== undefined) || query.dims !== undefined;
  return { kind: 'page-url', lang, dataset, selection: urlPartsOf(selection), defaulted: !named && Object.keys(selection.dims).length > 0 };
}

/** Percent-decoding that keeps malformed escapes (`%zz`) as they are instead of throwing. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A series key or a dotted key as a selection (a promise for a series key
 * with `as_of`); null when the text is not shaped like one (then it is free
 * text). An id-shaped key naming no dataset is a 404 with the closest ids.
 */
export function parseKey(snapshot: Snapshot, text: string): Target | Promise<Target> | null {
  const key = KEY.exec(text);
  if (key && (snapshot.datasets.has(key[1]) || (key[2] ?? '').includes('=') || (key[3] ?? '').includes('='))) {
    const params = new URLSearchParams(key[3] ?? '');
    if (key[2]) params.append('dims', key[2]);
    const read = (dataset: Dataset): Target => ({ kind: 'series-key', lang: null, dataset, ...readParams(dataset, params) });
    return readAt(snapshot, findDataset(snapshot, key[1]), params.getAll('as_of').at(-1), read);
  }
  const dotted = DOTTED.exec(text);
  if (dotted && (snapshot.datasets.has(dotted[1]) || (dotted[1].includes('_') && !/\s/.test(text)))) {
    const dataset = findDataset(snapshot, dotted[1]);
    return { kind: 'dotted-key', lang: null, dataset, selection: { datasetId: dataset.meta.id, dims: splitDotted(dataset, dotted[2]) }, defaulted: false };
  }
  return null;
}

/**
 * Reads a series key's parameters (`dims=` or one parameter per dimension,
 * and the other selection parameters) with the one reader, strictly: a
 * dimension left out selects all its levels, as the API does; a key naming
 * no dimension is the opening view.
 */
function readParams(dataset: Dataset, params: URLSearchParams): Pick<Target, 'selection' | 'defaulted'> {
  const { read, problems } = readSelection(datasetFacts(dataset), params, 'key', 'strict');
  if (problems.length) throw problemError(problems[0]);
  const named = Object.keys(read.dims).length > 0;
  const opening = openingSelection(dataset);
  const selection: Target['selection'] = { datasetId: dataset.meta.id, dims: orderDims(dataset, named ? read.dims : opening.dims) };
  if (read.from) selection.from = read.from.text;
  if (read.to) selection.to = read.to.text;
  if (params.has('from') && !read.from) selection.from = null;
  if (params.has('to') && !read.to) selection.to = null;
  if (read.last !== null) selection.last = read.last;
  if (read.transform !== null) selection.transform = read.transform;
  if (read.base) selection.base = read.base.text;
  if (read.convert) selection.convert = read.convert;
  if (read.asOf) selection.asOf = read.asOf;
  // a key naming no dimension is the dataset's opening view, its transform included
  if (!named && selection.transform === undefined && selection.from === undefined && selection.to === undefined) selection.transform = opening.transform;
  return { selection, defaulted: !named && Object.keys(selection.dims).length > 0 };
}

/**
 * Splits `code1.code2…` into one code per dimension in dim_order, as the
 * clients name columns; codes may hold dots themselves (`ch.kof.esi.index`),
 * so the split backtracks over the levels of each dimension.
 */
export function splitDotted(dataset: Dataset, rest: string): Record<string, string[]> {
  const dims = dataset.meta.dimensions;
  const found = assign(dataset, rest, 0);
  if (found) return Object.fromEntries(found.map((code, d) => [dims[d].id, [code]]));
  const order = dims.map((d) => d.id);
  const example = dims.map((d) => d.levels.find((l) => l.data)?.code ?? d.levels[0]?.code).join('.');
  const facts = { parameter: 'q', dataset: dataset.meta.id, dimensions: order };
  const words = { value: rest, example: `${dataset.meta.id}.${example}` };
  throw new BadParameterError(errorMessage('bad_key', { ...facts, ...words }, dims.length === 0 ? 'single' : 'codes'), facts, 'bad_key');
}

/** One code per dimension from `d` on, reading `rest` (backtracking), or null. */
function assign(dataset: Dataset, rest: string, d: number): string[] | null {
  const dims = dataset.meta.dimensions;
  if (d === dims.length) return rest === '' ? [] : null;
  for (const level of dims[d].levels) {
    const code = level.code;
    if (!level.data) continue;
    const last = d === dims.length - 1;
    if (last ? rest === code : rest.startsWith(`${code}.`)) {
      const tail = assign(dataset, last ? '' : rest.slice(code.length + 1), d + 1);
      if (tail) return [code, ...tail];
    }
  }
  return null;
}

/** A 404 for text that is neither a key nor a page URL nor found by search. */
export function notResolved(q: string, candidates: { dataset: string; title: string }[]): NotFoundError {
  const hint = candidates.length ? ` Did you mean ${candidates.map((c) => `'${c.dataset}' (${c.title})`).join(', ')}?` : '';
  return new NotFoundError(
    `Nothing matches '${q.length > 80 ? `${q.slice(0, 80)}…` : q}'.${hint} Give a page URL (/d/{id}?dim=code), a series key ({id}/dim=code;dim=code), a dotted key ({id}.code1.code2) or words from a title or label.`,
    { q, candidates },
    'not_resolved',
  );
}
