/**
 * A page query (`/d/{id}?dim=code,code&from=…&transform=…`) read into the
 * page's state, by the one reader of selections (read-selection.ts), for the
 * page (lenient: it opens what it can) and for `/resolve` and `/oembed`
 * (strict: they answer 400 on the first problem). Both read the same state,
 * reconciled the same way, so they describe the same selection.
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { parseIsoDate } from '../data/dates.js';
import { isDateBound, readDateBound } from '../query/date-bound.js';
import { readCompareValues, type CompareDrop } from './compare.js';
import { boundProblem, factsDim, takesBase, type DatasetFacts, type SelectionProblem } from './params.js';
import { readSelection } from './read-selection.js';
import { reconcile, type ExplorerMeta, type ExplorerState, type PageQuery } from './state.js';

/** Something in a query that the reading left out or replaced by the default (the table's problem: selection/params.ts). */
export type QueryProblem = SelectionProblem;

/** A page query read: the reconciled state, `last` (not shown by the page; kept for links) and the problems found. */
export interface PageRead {
  state: ExplorerState;
  last: number | null;
  problems: QueryProblem[];
}

/**
 * What the page's form sends beside each date field when there is no
 * JavaScript: the window the page showed (`from_rel=-5y`). It stands while
 * the field still shows the day it stands for, so Apply keeps a rolling window.
 */
export const FORM_WINDOWS = { from: 'from_rel', to: 'to_rel' } as const;

function listOf(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

const factsCache = new WeakMap<ExplorerMeta, DatasetFacts>();

/** The reader's view of the page's explorer meta (cached per meta). */
export function metaFacts(meta: ExplorerMeta): DatasetFacts {
  let facts = factsCache.get(meta);
  if (!facts) {
    facts = {
      id: meta.id,
      frequency: meta.frequency,
      end: meta.end ? (parseIsoDate(meta.end) ?? Number.NaN) : Number.NaN,
      transforms: meta.transforms,
      defaultTransform: meta.defaults.transform,
      vintages: meta.vintages ?? [],
      dims: meta.dims.map((dim) => {
        const data = new Set(dim.levels.filter((l) => l.data).map((l) => l.code));
        return factsDim(meta.id, dim.id, dim.levels, (code) => data.has(code));
      }),
    };
    factsCache.set(meta, facts);
  }
  return facts;
}

/**
 * Reads a page query into a reconciled state and lists what it could not use.
 * Lenient callers take the state (an old shared link still opens a sensible
 * view); strict ones report `problems[0]`.
 * @example readPageQuery(meta, { structure: 'ks_i63_index_q', transform: 'yoy' }).state.transform // 'yoy'
 */
export function readPageQuery(meta: ExplorerMeta, query: PageQuery): PageRead {
  return readCompare(query, readSelectionQuery(meta, query));
}

/** The page's own selection of a query (readPageQuery without `compare`), read by the one reader (read-selection.ts). */
function readSelectionQuery(meta: ExplorerMeta, query: PageQuery): PageRead {
  const facts = metaFacts(meta);
  const pairs: [string, string][] = [];
  for (const [name, raw] of Object.entries(query)) for (const value of listOf(raw)) pairs.push([name, value]);
  const windowProblems: QueryProblem[] = [];
  const keep = { from: keptWindow('from', pairs, facts.end, windowProblems), to: keptWindow('to', pairs, facts.end, windowProblems) };
  const { read, problems } = readSelection(
    facts,
    pairs.map(([n, v]): [string, string] => [n, (n === 'from' || n === 'to') && keep[n] !== null ? keep[n] : v]),
    'page',
    'lenient',
  );
  problems.unshift(...windowProblems);
  let from = read.from;
  let to = read.to;
  // a range given backwards: strict readers report it as the API does, the page shows it the right way round
  if (from && to && from.days !== null && to.days !== null && from.days > to.days) [from, to] = [to, from];
  const transform = read.transform ?? meta.defaults.transform;
  const base = read.base && takesBase(transform) ? read.base.text : null;
  const dims: Record<string, string[]> = {};
  for (const dim of meta.dims) dims[dim.id] = read.dims[dim.id] ?? [...(meta.defaults.dims[dim.id] ?? [])];
  const reconciled = reconcile(meta, { dims, from: from?.text ?? null, to: to?.text ?? null, transform, base });
  const withConvert = read.convert ? { ...reconciled, convert: read.convert } : reconciled;
  const withAsOf = read.asOf ? { ...withConvert, asOf: read.asOf } : withConvert;
  const state = read.scale === 'log' ? { ...withAsOf, scale: 'log' as const } : withAsOf;
  return { state, last: read.last, problems };
}

function lastValue(pairs: readonly [string, string][], name: string): string | undefined {
  for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i][0] === name) return pairs[i][1];
  return undefined;
}

/**
 * The form's window (FORM_WINDOWS) that stands in place of its date field's
 * text, when the field still shows the window's day; null otherwise.
 */
function keptWindow(name: 'from' | 'to', pairs: readonly [string, string][], end: number, problems: QueryProblem[]): string | null {
  const parameter = FORM_WINDOWS[name];
  const text = lastValue(pairs, parameter);
  if (text === undefined || text === '') return null;
  const read = readDateBound(parameter, text, end);
  if (!isDateBound(read)) {
    problems.push(boundProblem(parameter, text, read.code, read.mistake));
    return null;
  }
  if (read.relative === null) {
    problems.push(boundProblem(parameter, text, 'bad_relative_date', 'window'));
    return null;
  }
  const field = lastValue(pairs, name);
  return read.days !== null && field !== undefined && parseIsoDate(field) === read.days ? text : null;
}

/**
 * Adds the compared series of a page query (`compare=<dataset>:<dims>`,
 * src/selection/compare.ts) to what was read: their syntax only; which
 * datasets and codes exist is checked where the datasets are
 * (src/render/pages/compare-view.ts). A dimension named `compare` is written in dims, like any named like a parameter.
 */
function readCompare(query: PageQuery, read: PageRead): PageRead {
  const { refs, drops } = readCompareValues(listOf(query.compare));
  const problems = [...read.problems, ...drops.map((d) => compareProblem(d))];
  return { ...read, state: refs.length ? { ...read.state, compare: refs } : read.state, problems };
}

/** A compared series the page leaves out (compare.ts says why). */
function compareProblem(d: CompareDrop): QueryProblem {
  return { code: 'bad_parameter', parameter: 'compare', message: d.detail, facts: { parameter: 'compare', value: d.value, reason: d.reason } };
}

/**
 * Reads a page URL's query into a valid state, leniently: an unknown code, a
 * malformed date or transform falls back to the default.
 * @example readState(meta, { structure: 'ks_i63_index_q,ks_i11_econ_hist_q', transform: 'yoy' })
 */
export function readState(meta: ExplorerMeta, query: PageQuery): ExplorerState {
  return readPageQuery(meta, query).state;
}
