/**
 * The one reader of a selection's parameters (issue 20), for the three ways
 * a selection is written: an API query (`/series?dataset=…&dims=…`), a page
 * query (`/d/{id}?dim=code&from=…`) and a series key given to /resolve
 * (`{id}/dim=code?from=…`). Every parameter is read by its entry of the
 * table (params.ts), so the same mistake gets the same code, words and facts
 * on every route. Strict callers (the API, /resolve, /oembed) report the
 * first problem; the page (lenient) opens what it can and lists the rest.
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import type { Frequency } from '../data/frequency.js';
import type { Dataset, Snapshot } from '../data/model.js';
import { BadParameterError } from '../errors/ds-error.js';
import { findDataset, withRelative } from '../query/parse-selection.js';
import { TRANSFORMS, type Aggregation, type AsOf, type Conversion, type Selection, type Transform } from '../query/view.js';
import {
  baseWithoutIndexProblem,
  conversionOf,
  DEFAULT_TRANSFORM,
  factsDim,
  paramSpec,
  rangeProblem,
  repeatedProblem,
  repeats,
  takesBase,
  withoutFrequencyProblem,
  type DatasetFacts,
  type ParamName,
  type ReadInput,
  type SelectionProblem,
  type SelectionQuery,
} from './params.js';
import { PairReading, READ_ORDER, type ReadMode } from './selection-reading.js';

export type { ReadMode };

/** A date bound as read: its text, the day it stands for (null: none in this data), its relative text. */
export interface ReadBound {
  text: string;
  days: number | null;
  relative: string | null;
}

/** What the reader found: the values given (checked), absent ones null. */
export interface SelectionRead {
  /** codes per dimension named, de-duplicated, in the order given */
  dims: Record<string, string[]>;
  from: ReadBound | null;
  to: ReadBound | null;
  last: number | null;
  /** null: not given */
  transform: Transform | null;
  base: { text: string; days: number } | null;
  convert: Conversion | null;
  scale: 'log' | 'linear' | null;
  /** the vintage asked for (`as_of`), null: the latest data */
  asOf: AsOf | null;
  /** the other parameters the input takes that the reader does not read (`compare`, the form's windows, the route's own) */
  rest: Record<string, string[]>;
}

/** The reading: what was read and the problems found (the first one is a strict caller's answer). */
export interface ReadResult {
  read: SelectionRead;
  problems: SelectionProblem[];
}

/**
 * Reads the parameters of one selection of a dataset.
 * @example readSelection(datasetFacts(ds), [['dims', 'base=2020'], ['transform', 'yoy']], 'api', 'strict').read.transform // 'yoy'
 */
export function readSelection(ds: DatasetFacts, pairs: Iterable<readonly [string, string]>, input: ReadInput, mode: ReadMode): ReadResult {
  const reading = new PairReading(ds, input, mode);
  for (const [name, value] of pairs) {
    if (reading.stopped()) break;
    reading.pair(name, value);
  }
  return finishReading(reading);
}

/** The values of a reading whose pairs are read, then the grammar of the parameters it leaves to its caller. */
function finishReading({ ds, given, problems, mode, dims, rest }: PairReading): ReadResult {
  const read = readValues(ds, given, problems, mode, dims, rest);
  // the other parameters the input takes are the caller's, but their grammar is the table's
  for (const name in rest) {
    // a parameter that repeats (compare) is read value by value by its caller, through the same grammar
    if (repeats(name)) continue;
    const spec = paramSpec(name as ParamName);
    const wrong = rest[name].map((t) => spec.read?.(t, ds)).find((r) => r !== undefined && 'problem' in r);
    if (wrong && 'problem' in wrong && !(mode === 'strict' && problems.length)) problems.push(wrong.problem);
  }
  return { read, problems };
}

/** Reads the single-valued parameters in table order, then the rules between them; the reading with the dims and rest read before. */
function readValues(
  ds: DatasetFacts,
  given: readonly (string[] | undefined)[],
  problems: SelectionProblem[],
  mode: ReadMode,
  dims: SelectionRead['dims'],
  rest: SelectionRead['rest'],
): SelectionRead {
  // the value read of each parameter, by its place in READ_ORDER (an array: one shape for every query, no Map)
  const value: unknown[] = new Array(READ_ORDER.length).fill(undefined);
  for (let i = 0; i < READ_ORDER.length; i++) {
    const texts = given[i];
    if (!texts || (mode === 'strict' && problems.length)) continue;
    const name = READ_ORDER[i];
    if (texts.length > 1) problems.push(repeatedProblem(name, texts));
    const text = texts[texts.length - 1];
    if (text === '') continue;
    const read = paramSpec(name).read!(text, ds);
    if ('problem' in read) problems.push(read.problem);
    else value[i] = read.value;
    if (i === AT.to) rangeRule(value[AT.from] as ReadBound | undefined, value[AT.to] as ReadBound | undefined, problems);
  }
  const transform = (value[AT.transform] as Transform | undefined) ?? null;
  const base = (value[AT.base] as SelectionRead['base'] | undefined) ?? null;
  const shown = transform ?? ds.defaultTransform ?? DEFAULT_TRANSFORM;
  if (base && !takesBase(shown)) problems.push(baseWithoutIndexProblem(shown));
  const frequency = value[AT.frequency] as Frequency | undefined;
  for (const name of CONVERSION_OPTIONS) {
    const text = given[AT[name]]?.at(-1);
    if (!frequency && value[AT[name]] !== undefined && text !== undefined) problems.push(withoutFrequencyProblem(name, text));
  }
  return {
    dims,
    from: (value[AT.from] as ReadBound | undefined) ?? null,
    to: (value[AT.to] as ReadBound | undefined) ?? null,
    last: (value[AT.last] as number | undefined) ?? null,
    transform,
    base,
    convert: frequency ? conversionOf(frequency, value[AT.aggregation] as Aggregation | undefined, value[AT.partial] as boolean | undefined) : null,
    scale: (value[AT.scale] as 'log' | 'linear' | undefined) ?? null,
    asOf: (value[AT.as_of] as AsOf | undefined) ?? null,
    rest,
  };
}

/** The options of a conversion, which need `frequency`. */
const CONVERSION_OPTIONS = ['aggregation', 'partial'] as const;

/** The place of each read parameter in READ_ORDER. */
const AT = Object.fromEntries(READ_ORDER.map((name, i) => [name, i])) as Record<(typeof READ_ORDER)[number], number>;

/** from after to (both read, both days known). */
function rangeRule(from: ReadBound | undefined, to: ReadBound | undefined, problems: SelectionProblem[]): void {
  if (!from || !to || from.days === null || to.days === null) return;
  const wrong = rangeProblem({ text: from.text, days: from.days }, { text: to.text, days: to.days });
  if (wrong) problems.push(wrong);
}

const factsCache = new WeakMap<Dataset, DatasetFacts>();

/**
 * The reader's view of a loaded dataset (cached per dataset).
 * @example datasetFacts(snapshot.datasets.get('ch_fso_ppi')!).frequency // 'monthly'
 */
export function datasetFacts(ds: Dataset): DatasetFacts {
  let facts = factsCache.get(ds);
  if (!facts) {
    facts = {
      id: ds.meta.id,
      frequency: ds.meta.frequency,
      end: ds.store.end,
      transforms: TRANSFORMS,
      vintages: ds.vintage?.stamps ?? ds.history?.stamps ?? [],
      dims: ds.meta.dimensions.map((dim) =>
        factsDim(ds.meta.id, dim.id, dim.levels, (code) => {
          const i = dim.index.get(code);
          return i !== undefined && dim.levels[i].data;
        }),
      ),
    };
    factsCache.set(ds, facts);
  }
  return facts;
}

/**
 * Turns an API query (schema-checked) into a validated Selection of a
 * dataset (or of the view of it `as_of` asks for, routes/as-of.ts); throws a 400 (or the 404 of an unknown dataset) on the first problem.
 * @example parseSelection({ dataset: 'ch_fso_ppi', dims: 'base=2020', transform: 'yoy' }, snapshot)
 */
export function parseSelection(
  query: SelectionQuery,
  snapshot: Snapshot,
  dataset: Dataset = findDataset(snapshot, query.dataset),
): { dataset: Dataset; selection: Selection } {
  // the query's pairs read straight from it, as they come (no list of pairs made first: issue 24, round 5)
  const reading = new PairReading(datasetFacts(dataset), 'api', 'strict');
  for (const name in query) {
    if (reading.stopped()) break;
    const v = (query as unknown as Record<string, unknown>)[name];
    if (v !== undefined) reading.pair(name, String(v));
  }
  const { read, problems } = finishReading(reading);
  if (problems.length) throw problemError(problems[0]);
  const selection: Selection = {
    datasetId: dataset.meta.id,
    dims: read.dims,
    from: read.from?.days ?? null,
    to: read.to?.days ?? null,
    last: read.last,
    transform: read.transform ?? DEFAULT_TRANSFORM,
    base: read.base?.days ?? null,
  };
  if (read.convert) selection.convert = read.convert;
  if (read.asOf) selection.asOf = read.asOf;
  return { dataset, selection: withRelative(selection, read.from?.relative ?? null, read.to?.relative ?? null) };
}

/** A problem of the reader as the 400 a strict caller answers. */
export function problemError(problem: SelectionProblem): BadParameterError {
  return new BadParameterError(problem.message, problem.facts, problem.code);
}
