import { parseIsoDate } from '../data/dates.js';
import type { Dataset, Snapshot } from '../data/model.js';
import { BadParameterError, NotFoundError } from '../errors/ds-error.js';
import { closest } from './closest.js';
import { isDateBound, readDateBound, type DateBound } from './date-bound.js';
import { lowerFrequencies, type Frequency } from '../data/frequency.js';
import { conversionProblem, isoDateProblem, rangeProblem, transformProblem, unknownCodeProblem } from './param-rules.js';
import { TRANSFORMS, type Aggregation, type Conversion, type Selection, type Transform } from './view.js';
import { splitDims } from '../urls.js';

/** The selection parameters as they arrive in a query string (already schema-checked). */
export interface SelectionQuery {
  dataset: string;
  dims?: string;
  from?: string;
  to?: string;
  last?: number;
  transform?: string;
  base?: string;
  frequency?: string;
  aggregation?: string;
  partial?: string;
}

/**
 * Finds a dataset by id or throws a 404 naming the closest ids.
 * @example findDataset(snapshot, 'ch_fso_cpi')
 */
export function findDataset(snapshot: Snapshot, id: string): Dataset {
  const ds = snapshot.datasets.get(id);
  if (ds) return ds;
  const candidates = closest(id, [...snapshot.datasets.keys()], 5);
  const hint = candidates.length ? ` Did you mean ${candidates.map((c) => `'${c}'`).join(', ')}?` : '';
  throw new NotFoundError(`Unknown dataset '${id}'.${hint} GET /catalog lists every dataset.`, { dataset: id, candidates }, 'unknown_dataset');
}

/**
 * Parses the `dims` grammar `dim=code[,code...][;dim=code...]` against a
 * dataset's dimensions; throws a 400 naming what would be right.
 * @example parseDims('type=real;structure=gdp,gva', dataset)
 */
export function parseDims(text: string | undefined, dataset: Dataset): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (text === undefined || text.trim() === '') return out;
  const dims = dataset.meta.dimensions;
  const valid = dims.map((d) => d.id);
  for (const { text: segment, dim: dimId, codes } of splitDims(text)) {
    if (dimId === null) {
      throw new BadParameterError(
        `Malformed dims segment '${segment}': expected dim=code[,code...], segments separated by ';' (e.g. '${exampleDims(dataset)}').`,
        { parameter: 'dims', segment },
        'malformed_dims',
      );
    }
    const dim = dims.find((d) => d.id === dimId);
    if (!dim) {
      const message = valid.length
        ? `Unknown dimension '${dimId}' in dataset '${dataset.meta.id}'. Valid dimensions: ${valid.join(', ')}.`
        : `Dataset '${dataset.meta.id}' is a single series and has no dimensions: leave out dims.`;
      throw new BadParameterError(message, { parameter: 'dims', dimension: dimId, valid }, 'unknown_dimension');
    }
    for (const code of codes) {
      const level = dim.index.get(code);
      if (level !== undefined && dim.levels[level].data) continue;
      const wrong = unknownCodeProblem(dataset.meta.id, dimId, code, dim.levels);
      throw new BadParameterError(
        wrong.message,
        { parameter: 'dims', dimension: dimId, value: code, valid: wrong.valid, candidates: wrong.candidates },
        wrong.code,
      );
    }
    const before = out[dimId];
    // one code, the cold path's usual case, needs no de-duplication
    out[dimId] = before === undefined && codes.length === 1 ? codes : [...new Set([...(before ?? []), ...codes])];
  }
  return out;
}

function exampleDims(dataset: Dataset): string {
  const d = dataset.meta.dimensions[0];
  if (!d) return 'dim=code';
  const code = d.levels.find((l) => l.data)?.code ?? d.levels[0]?.code ?? 'code';
  return `${d.id}=${code}`;
}

/** Parses an inclusive date bound; throws a 400 for anything but a real YYYY-MM-DD date. */
export function parseDateParam(name: string, text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const problem = isoDateProblem(name, text);
  if (problem) throw new BadParameterError(problem.message, { parameter: name, value: text }, problem.code);
  return parseIsoDate(text);
}

/**
 * Reads `from` or `to` of a dataset: an ISO date or a window back from its
 * last observation (date-bound.ts); throws a 400 saying what would be right.
 * @example parseDateBound('from', '-5y', dataset).relative // '-5y'
 */
export function parseDateBound(name: 'from' | 'to', text: string | undefined, dataset: Dataset): DateBound {
  const read = readDateBound(name, text, dataset.store.end);
  if (isDateBound(read)) return read;
  throw new BadParameterError(read.message, { parameter: name, value: text }, read.code);
}

/**
 * Turns query parameters into a validated Selection of a dataset.
 * @example parseSelection({ dataset: 'ch_fso_ppi', dims: 'base=2020', transform: 'yoy' }, snapshot)
 */
export function parseSelection(query: SelectionQuery, snapshot: Snapshot): { dataset: Dataset; selection: Selection } {
  const dataset = findDataset(snapshot, query.dataset);
  const dims = parseDims(query.dims, dataset);
  const from = parseDateBound('from', query.from, dataset);
  const to = parseDateBound('to', query.to, dataset);
  const range = from.days !== null && to.days !== null ? rangeProblem({ text: query.from!, days: from.days }, { text: query.to!, days: to.days }) : null;
  if (range) throw new BadParameterError(range.message, { parameter: 'from', from: query.from, to: query.to }, range.code);
  const transform = (query.transform ?? 'level') as Transform;
  const unknown = transformProblem(transform);
  if (unknown) throw new BadParameterError(unknown.message, { parameter: 'transform', valid: [...TRANSFORMS] }, unknown.code);
  const base = parseDateParam('base', query.base);
  if (base !== null && transform !== 'index') {
    throw new BadParameterError(`base only applies to transform=index (got transform=${transform}).`, { parameter: 'base' }, 'base_without_index');
  }
  const convert = parseConversion(query, dataset);
  const selection: Selection = {
    datasetId: dataset.meta.id,
    dims,
    from: from.days,
    to: to.days,
    last: query.last ?? null,
    transform,
    base,
    ...(convert ? { convert } : {}),
  };
  return { dataset, selection: withRelative(selection, from.relative, to.relative) };
}

/** The conversion a query asks (undefined = none); throws a 400 for one the dataset cannot take. */
function parseConversion(query: SelectionQuery, dataset: Dataset): Conversion | undefined {
  const problem = conversionProblem(query, dataset.meta.id, dataset.meta.frequency);
  if (problem) {
    const parameter = problem.code === 'frequency_not_lower' ? 'frequency' : query.aggregation !== undefined ? 'aggregation' : 'partial';
    throw new BadParameterError(
      problem.message,
      { parameter, frequency: dataset.meta.frequency, valid: lowerFrequencies(dataset.meta.frequency) },
      problem.code,
    );
  }
  if (query.frequency === undefined) return undefined;
  return { frequency: query.frequency as Frequency, aggregation: (query.aggregation ?? 'mean') as Aggregation, partial: query.partial === 'true' };
}

/**
 * A selection that keeps the relative texts of its bounds (so URLs built from
 * it roll forward); unchanged when both are absolute, so its ETag stays.
 */
export function withRelative(selection: Selection, from: string | null, to: string | null): Selection {
  return from === null && to === null ? selection : { ...selection, relative: { from, to } };
}
