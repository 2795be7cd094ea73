import type { Dataset, Lang, Snapshot } from '../data/model.js';
import { BadParameterError, NotFoundError } from '../errors/ds-error.js';
import { closest } from '../query/closest.js';
import { findDataset, parseDateBound, parseDateParam, parseDims } from '../query/parse-selection.js';
import { lastProblem, rangeProblem, repeatedProblem, transformProblem, type ParamProblem } from '../query/param-rules.js';
import { TRANSFORMS, type Transform } from '../query/view.js';
import { splitLangPrefix, urlPartsOf, type UrlSelection } from '../urls.js';
import { orderDims } from './levels.js';
import { openingSelection, pageSelection } from '../selection/from-dataset.js';
import type { PageQuery } from '../selection/state.js';

/**
 * Reads the ways a selection is written down outside the API: a page URL
 * (`/de/d/ch_fso_cpi?item=100_100`, with or without host), a series key
 * (`ch_fso_cpi/item=100_100`, `ch_fso_cpi?dims=item=100_100`, a bare id) or a
 * dotted key as the clients name columns (`ch_seco_concon.index.ks_i11.csa`,
 * one code per dimension in dim_order).
 */

/** How a target was written ('text': found by search, see resolve.ts). */
export type TargetKind = 'page-url' | 'series-key' | 'dotted-key' | 'text';

/** A selection read from a page URL or a key, checked against the data. */
export interface Target {
  kind: TargetKind;
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
/** Page and key parameters that do not describe the data. */
const IGNORED = new Set(['embed', 'lang', 'tab']);
/** Parameters of a selection besides the dimensions. */
const SELECTION_PARAMS = new Set(['from', 'to', 'last', 'transform', 'base']);

/** True when the text is shaped like a URL: absolute, a path (`/…`), or `d/…` / `de/d/…`. */
export function looksLikeUrl(text: string): boolean {
  return /^https?:\/\//i.test(text) || text.startsWith('/') || splitLangPrefix(`/${text}`).rest.startsWith('/d/');
}

/**
 * A page URL as a selection; null when the path is not a dataset page.
 * Relative URLs are read against `baseUrl`.
 */
export function parsePageUrl(snapshot: Snapshot, text: string, baseUrl: string): Target | null {
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
  const dataset = findDataset(snapshot, id);
  const query: PageQuery = {};
  for (const [name, value] of url.searchParams) query[name] = [...((query[name] as string[] | undefined) ?? []), value];
  // the page's own reader, strictly: the selection is the one the page shows
  const { selection, problems } = pageSelection(dataset, query);
  const first = problems[0];
  if (first) throw new BadParameterError(first.message, first.facts, first.code);
  const named = dataset.meta.dimensions.some((d) => query[d.id] !== undefined) || query.dims !== undefined;
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
 * A series key or a dotted key as a selection; null when the text is not
 * shaped like one (then it is free text). An id-shaped key naming no dataset
 * is a 404 with the closest ids.
 */
export function parseKey(snapshot: Snapshot, text: string): Target | null {
  const key = KEY.exec(text);
  if (key && (snapshot.datasets.has(key[1]) || (key[2] ?? '').includes('=') || (key[3] ?? '').includes('='))) {
    const dataset = findDataset(snapshot, key[1]);
    const params = new URLSearchParams(key[3] ?? '');
    if (key[2]) params.append('dims', key[2]);
    return { kind: 'series-key', lang: null, dataset, ...readParams(dataset, params, 'series key') };
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
 * and the other selection parameters): a dimension left out selects all its
 * levels, as the API does; a key naming no dimension is the opening view.
 */
function readParams(dataset: Dataset, params: URLSearchParams, where: string): Pick<Target, 'selection' | 'defaulted'> {
  const dims: Record<string, string[]> = {};
  const merge = (more: Record<string, string[]>): void => {
    for (const [d, codes] of Object.entries(more)) dims[d] = [...new Set([...(dims[d] ?? []), ...codes])];
  };
  const selection: Target['selection'] = { datasetId: dataset.meta.id, dims };
  // the values taken as a selection parameter (not as a dimension's codes: ch_fso_ppi has a dimension `base`)
  const given = new Map<string, string>();
  const once = (name: string, value: string): string => {
    if (given.has(name)) throw failure(name, repeatedProblem(name, [given.get(name), value]));
    given.set(name, value);
    return value;
  };
  const days = { from: null as number | null, to: null as number | null };
  for (const [name, value] of params) {
    if (name === 'dims') merge(parseDims(value, dataset));
    else if (isDimensionParam(dataset, name, value)) merge(parseDims(`${name}=${value}`, dataset));
    else if (name === 'from' || name === 'to') {
      days[name] = parseDateBound(name, once(name, value), dataset).days;
      selection[name] = value === '' ? null : value;
    } else if (name === 'base') selection[name] = readDate(name, once(name, value));
    else if (name === 'last') selection.last = readLast(once(name, value));
    else if (name === 'transform') selection.transform = readTransform(once(name, value));
    else if (!IGNORED.has(name) && !name.startsWith('_')) throw unknownParameter(dataset, name, where);
  }
  const range =
    days.from !== null && days.to !== null ? rangeProblem({ text: selection.from!, days: days.from }, { text: selection.to!, days: days.to }) : null;
  if (range) throw failure('from', range);
  if (selection.base && selection.transform !== 'index') {
    throw new BadParameterError(
      `base only applies to transform=index (got transform=${selection.transform ?? 'level'}).`,
      { parameter: 'base' },
      'base_without_index',
    );
  }
  const named = Object.keys(dims).length > 0;
  const opening = openingSelection(dataset);
  selection.dims = orderDims(dataset, named ? dims : opening.dims);
  // a key naming no dimension is the dataset's opening view, its transform included
  if (!named && selection.transform === undefined && selection.from === undefined && selection.to === undefined) selection.transform = opening.transform;
  return { selection, defaulted: !named && Object.keys(selection.dims).length > 0 };
}

/**
 * Whether a page parameter names codes of a dimension. A dimension may bear
 * the name of a selection parameter (ch_fso_ppi has a dimension `base`, and
 * `base` is also the index base date): then codes of the dimension make it
 * the dimension, a value shaped like the parameter (a date) the parameter.
 */
function isDimensionParam(dataset: Dataset, name: string, value: string): boolean {
  const dim = dataset.meta.dimensions.find((d) => d.id === name);
  if (!dim) return false;
  if (!SELECTION_PARAMS.has(name) || value.split(',').every((c) => dim.index.has(c.trim()))) return true;
  // Neither codes nor shaped like the selection parameter: report it against the dimension's codes.
  const shaped = name === 'last' ? /^\d+$/ : name === 'transform' ? /^[a-z]+$/ : /^\d{4}-\d{2}-\d{2}$/;
  return !shaped.test(value);
}

function readDate(name: string, value: string): string | null {
  return parseDateParam(name, value) === null ? null : value;
}

/** A mistake of the rules every selection reader shares (query/param-rules.ts), as a 400. */
function failure(parameter: string, problem: ParamProblem): BadParameterError {
  const facts = problem.code === 'unknown_transform' ? { parameter, valid: [...TRANSFORMS] } : { parameter };
  return new BadParameterError(problem.message, facts, problem.code);
}

function readLast(value: string): number {
  const problem = lastProblem(value);
  if (problem) throw failure('last', problem);
  return Number(value);
}

function readTransform(value: string): Transform {
  const problem = transformProblem(value);
  if (problem) throw failure('transform', problem);
  return value as Transform;
}

function unknownParameter(dataset: Dataset, name: string, where: string): BadParameterError {
  const dims = dataset.meta.dimensions.map((d) => d.id);
  const valid = [...dims, 'dims', 'from', 'to', 'last', 'transform', 'base'];
  const near = closest(name, valid, 3);
  return new BadParameterError(
    `Unknown parameter '${name}' in the ${where}.${near.length ? ` Did you mean '${near[0]}'?` : ''} Dataset '${dataset.meta.id}' ${dims.length ? `has the dimensions ${dims.join(', ')}` : 'has no dimensions'}; the other parameters are from, to, last, transform, base.`,
    { parameter: name, dataset: dataset.meta.id, valid },
    'unknown_parameter',
  );
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
  throw new BadParameterError(
    dims.length === 0
      ? `Dataset '${dataset.meta.id}' is a single series: its key is '${dataset.meta.id}' alone.`
      : `Cannot read '${rest}' as codes of ${order.join(', ')} of dataset '${dataset.meta.id}', one per dimension joined by '.' (e.g. '${dataset.meta.id}.${example}'). GET /dataset/${dataset.meta.id}/meta lists the codes.`,
    { parameter: 'q', dataset: dataset.meta.id, dimensions: order },
    'bad_key',
  );
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
