/**
 * The one reader of a page query (`/d/{id}?dim=code,code&from=…&transform=…`),
 * for the page (lenient: it opens what it can) and for `/resolve` and
 * `/oembed` (strict: they answer 400 on the first problem). Both read the
 * same state, reconciled the same way, so they describe the same selection.
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { parseIsoDate } from '../data/dates.js';
import type { CodeOf } from '../errors/catalogue.js';
import { closest } from '../query/closest.js';
import { isDateBound, readDateBound } from '../query/date-bound.js';
import { isoDateProblem, lastProblem, rangeProblem, repeatedProblem, transformProblem, unknownCodeProblem, type ParamProblem } from '../query/param-rules.js';
import { isTransform } from '../query/transforms.js';
import { readCompareValues } from './compare.js';
import { reconcile, type ExplorerDim, type ExplorerMeta, type ExplorerState, type PageQuery } from './state.js';
import { splitDims } from '../urls.js';

/** Something in a query that the reading left out or replaced by the default. */
export interface QueryProblem {
  /** a stable code of the error catalogue (`unknown_code`, `bad_date`…) */
  code: CodeOf<400>;
  parameter: string;
  message: string;
  facts: Record<string, unknown>;
}

/** A page query read: the reconciled state, `last` (not shown by the page; kept for links) and the problems found. */
export interface PageRead {
  state: ExplorerState;
  last: number | null;
  problems: QueryProblem[];
}

/** Parameters that do not describe the data (the page's own switches); `compare` is read apart (readCompare). */
const IGNORED = new Set(['embed', 'lang', 'tab', 'compare']);
/** How the page draws the selection (not which data): read into the state, kept in the page URL. */
const DISPLAY_PARAMS = ['scale'];
/** Parameters of a selection besides the dimensions. */
const SELECTION_PARAMS = ['from', 'to', 'last', 'transform', 'base'];
/**
 * What the page's form sends beside each date field when there is no
 * JavaScript: the window the page showed (`from_rel=-5y`). It stands while
 * the field still shows the day it stands for, so Apply keeps a rolling window.
 */
export const FORM_WINDOWS = { from: 'from_rel', to: 'to_rel' } as const;
const SHAPES: Record<string, RegExp> = {
  last: /^\d+$/,
  transform: /^[a-z]+$/,
  from: /^(\d{4}-\d{2}-\d{2}|-.*)$/,
  to: /^(\d{4}-\d{2}-\d{2}|-.*)$/,
  base: /^\d{4}-\d{2}-\d{2}$/,
};

function listOf(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/**
 * Whether a parameter names codes of a dimension. A dimension may bear the
 * name of a selection parameter (ch_fso_ppi has a dimension `base`): then a
 * value shaped like the parameter (a date, a number) is the parameter.
 */
function dimensionOf(meta: ExplorerMeta, name: string, value: string): ExplorerDim | null {
  const dim = meta.dims.find((d) => d.id === name);
  if (!dim) return null;
  if (!SELECTION_PARAMS.includes(name)) return dim;
  if (value.split(',').every((c) => dim.levels.some((l) => l.code === c))) return dim;
  return SHAPES[name].test(value) ? null : dim;
}

function unknownCode(meta: ExplorerMeta, dim: ExplorerDim, code: string): QueryProblem {
  const wrong = unknownCodeProblem(meta.id, dim.id, code, dim.levels);
  return {
    code: wrong.code,
    parameter: dim.id,
    message: wrong.message,
    facts: { dimension: dim.id, value: code, valid: wrong.valid, candidates: wrong.candidates },
  };
}

function problem(code: CodeOf<400>, parameter: string, message: string, facts: Record<string, unknown> = {}): QueryProblem {
  return { code, parameter, message, facts: { parameter, ...facts } };
}

/** The codes of `dims=dim=code,code;dim=code`, each kept only when the dimension exists. */
function readDimsParam(meta: ExplorerMeta, text: string, add: (dim: ExplorerDim, codes: string[]) => void, problems: QueryProblem[]): void {
  for (const { text: segment, dim: id, codes } of splitDims(text)) {
    const dim = id === null ? undefined : meta.dims.find((d) => d.id === id);
    if (dim) add(dim, codes);
    else {
      const valid = meta.dims.map((d) => d.id);
      problems.push(
        problem('unknown_dimension', 'dims', `Cannot read dims segment '${segment}': expected dim=code[,code...] with a dimension of ${valid.join(', ')}.`, {
          valid,
        }),
      );
    }
  }
}

/**
 * Reads a page query into a reconciled state and lists what it could not use.
 * Lenient callers take the state (an old shared link still opens a sensible
 * view); strict ones report `problems[0]`.
 * @example readPageQuery(meta, { structure: 'ks_i63_index_q', transform: 'yoy' }).state.transform // 'yoy'
 */
export function readPageQuery(meta: ExplorerMeta, query: PageQuery): PageRead {
  return readCompare(meta, query, readSelectionQuery(meta, query));
}

/** The page's own selection of a query (readPageQuery without `compare`). */
function readSelectionQuery(meta: ExplorerMeta, query: PageQuery): PageRead {
  const problems: QueryProblem[] = [];
  const asked: Record<string, string[]> = {};
  const add = (dim: ExplorerDim, codes: string[]): void => {
    for (const code of codes.map((c) => c.trim()).filter((c) => c !== '')) {
      if (dim.levels.some((l) => l.code === code && l.data)) asked[dim.id] = [...new Set([...(asked[dim.id] ?? []), code])];
      else problems.push(unknownCode(meta, dim, code));
    }
  };
  // a parameter of one value given more than once: the last stands (lenient), strict readers report it
  const single: Record<string, string> = {};
  const repeated: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(query)) {
    for (const value of listOf(raw)) {
      const dim = dimensionOf(meta, name, value);
      if (dim) add(dim, value.split(','));
      else if (name === 'dims') readDimsParam(meta, value, add, problems);
      else if (SELECTION_PARAMS.includes(name) || DISPLAY_PARAMS.includes(name) || name === FORM_WINDOWS.from || name === FORM_WINDOWS.to) {
        repeated[name] = [...(repeated[name] ?? []), value];
        single[name] = value;
      } else if (!IGNORED.has(name) && !name.startsWith('_')) problems.push(unknownParameter(meta, name));
    }
  }
  for (const [name, values] of Object.entries(repeated)) if (values.length > 1) problems.push(said(name, repeatedProblem(name, values)));
  const date = (name: string): string | null => {
    const v = single[name];
    if (v === undefined || v === '') return null;
    const wrong = isoDateProblem(name, v);
    if (wrong) problems.push(said(name, wrong, { value: v }));
    return wrong ? null : v;
  };
  const end = meta.end ? (parseIsoDate(meta.end) ?? Number.NaN) : Number.NaN;
  keepWindow('from', single, end, problems);
  keepWindow('to', single, end, problems);
  const bound = (name: 'from' | 'to'): { text: string; days: number | null } | null => {
    const read = readDateBound(name, single[name], end);
    if (!isDateBound(read)) problems.push(problem(read.code, name, read.message, { value: single[name] }));
    return isDateBound(read) && (read.days !== null || read.relative !== null) ? { text: single[name], days: read.days } : null;
  };
  let from = bound('from');
  let to = bound('to');
  const range =
    from && to && from.days !== null && to.days !== null ? rangeProblem({ text: from.text, days: from.days }, { text: to.text, days: to.days }) : null;
  // a range given backwards: strict readers report it as the API does, the page shows it the right way round
  if (range) {
    problems.push(said('from', range, { from: from!.text, to: to!.text }));
    [from, to] = [to, from];
  }
  const transform = readTransform(meta, single.transform, problems);
  const base = date('base');
  if (base !== null && transform !== 'index') {
    problems.push(problem('base_without_index', 'base', `base only applies to transform=index (got transform=${transform}).`));
  }
  const dims: Record<string, string[]> = {};
  for (const dim of meta.dims) dims[dim.id] = asked[dim.id] ?? [...(meta.defaults.dims[dim.id] ?? [])];
  const read = reconcile(meta, { dims, from: from?.text ?? null, to: to?.text ?? null, transform, base: transform === 'index' ? base : null });
  const state = readScale(single.scale, problems) === 'log' ? { ...read, scale: 'log' as const } : read;
  return { state, last: readLast(single.last, problems), problems };
}

/** Puts the form's window in place of its date field's text when the field still shows the window's day (FORM_WINDOWS). */
function keepWindow(name: 'from' | 'to', single: Record<string, string>, end: number, problems: QueryProblem[]): void {
  const parameter = FORM_WINDOWS[name];
  const text = single[parameter];
  if (text === undefined || text === '') return;
  const read = readDateBound(parameter, text, end);
  if (!isDateBound(read) || read.relative === null) {
    const message = isDateBound(read) ? `Invalid ${parameter} '${text}': expected a window back from the last observation, e.g. -5y.` : read.message;
    problems.push(problem('bad_relative_date', parameter, message, { value: text }));
    return;
  }
  if (read.days !== null && single[name] !== undefined && parseIsoDate(single[name]) === read.days) single[name] = text;
}

function readTransform(meta: ExplorerMeta, value: string | undefined, problems: QueryProblem[]): string {
  if (value === undefined || value === '') return meta.defaults.transform;
  if (isTransform(value) && meta.transforms.includes(value)) return value;
  const message = transformProblem(value)?.message ?? `Transform '${value}' is not offered for dataset '${meta.id}': use one of ${meta.transforms.join(', ')}.`;
  problems.push(problem('unknown_transform', 'transform', message, { valid: [...meta.transforms] }));
  return meta.defaults.transform;
}

/**
 * Reads the `scale` parameter (how the chart draws its value axis): 'log', or null for linear; anything else is a problem.
 * @example readScale('log', []) // 'log'
 */
export function readScale(value: string | undefined, problems: QueryProblem[]): 'log' | null {
  if (value === undefined || value === '' || value === 'linear') return null;
  if (value === 'log') return 'log';
  problems.push(problem('bad_parameter', 'scale', `Invalid scale '${value.slice(0, 100)}': use log or linear.`, { valid: ['log', 'linear'] }));
  return null;
}

function readLast(value: string | undefined, problems: QueryProblem[]): number | null {
  if (value === undefined || value === '') return null;
  const wrong = lastProblem(value);
  if (wrong) problems.push(said('last', wrong));
  return wrong ? null : Number(value);
}

/** A mistake of the rules every selection reader shares (query/param-rules.ts) as a problem of the page query. */
function said(parameter: string, p: ParamProblem, facts: Record<string, unknown> = {}): QueryProblem {
  return problem(p.code, parameter, p.message, facts);
}

function unknownParameter(meta: ExplorerMeta, name: string): QueryProblem {
  const dims = meta.dims.map((d) => d.id);
  const valid = [...dims, 'dims', ...SELECTION_PARAMS, ...DISPLAY_PARAMS, 'compare'];
  const near = closest(name, valid, 3);
  return problem(
    'unknown_parameter',
    name,
    `Unknown parameter '${name}' in the page URL.${near.length ? ` Did you mean '${near[0]}'?` : ''} Dataset '${meta.id}' ${dims.length ? `has the dimensions ${dims.join(', ')}` : 'has no dimensions'}; the other parameters are from, to, last, transform, base.`,
    { dataset: meta.id, valid },
  );
}

/**
 * Adds the compared series of a page query (`compare=<dataset>:<dims>`,
 * src/selection/compare.ts) to what was read: their syntax only; which
 * datasets and codes exist is checked where the datasets are
 * (src/render/pages/compare-view.ts). A dimension named `compare` keeps its name.
 */
function readCompare(meta: ExplorerMeta, query: PageQuery, read: PageRead): PageRead {
  if (meta.dims.some((d) => d.id === 'compare')) return read;
  const { refs, drops } = readCompareValues(listOf(query.compare));
  const problems = [...read.problems, ...drops.map((d) => problem('bad_parameter', 'compare', d.detail, { value: d.value, reason: d.reason }))];
  return { ...read, state: refs.length ? { ...read.state, compare: refs } : read.state, problems };
}

/**
 * Reads a page URL's query into a valid state, leniently: an unknown code, a
 * malformed date or transform falls back to the default.
 * @example readState(meta, { structure: 'ks_i63_index_q,ks_i11_econ_hist_q', transform: 'yoy' })
 */
export function readState(meta: ExplorerMeta, query: PageQuery): ExplorerState {
  return readPageQuery(meta, query).state;
}
