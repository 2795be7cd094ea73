/**
 * The first half of the one reader of a selection (read-selection.ts): the
 * pairs of a query read one by one, as they come, into what each parameter
 * was given, the codes per dimension and the problems found, with no list of
 * pairs made first (an API query is read straight from its parsed object:
 * issue 24, round 5). read-selection.ts then reads the values in table order.
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { visitDims, type DimsVisitor } from './dims-text.js';
import {
  isReservedName,
  malformedDimsProblem,
  paramSetTakenBy,
  paramsTakenBy,
  unknownCodeProblem,
  unknownDimensionProblem,
  unknownParameterProblem,
  type DatasetFacts,
  type FactsDim,
  type ParamName,
  type ReadInput,
  type SelectionProblem,
} from './params.js';

/** Strict: stop at the first problem (it is the answer). Lenient: read on and list every problem. */
export type ReadMode = 'strict' | 'lenient';

/** The parameters read into the selection, in the order a strict reader checks them. */
export const READ_ORDER = [
  'as_of',
  'from',
  'to',
  'last',
  'transform',
  'base',
  'frequency',
  'aggregation',
  'partial',
  'scale',
] as const satisfies readonly ParamName[];

/** How each input is named in an unknown parameter's words. */
const WHERE: Record<ReadInput, string> = { api: 'query', page: 'page URL', key: 'series key' };

/** The slot of a parameter the input takes that the reader does not read into the selection (its caller's: `rest`). */
const NOT_READ = -1;

/** Each parameter of the table an input takes (the API's are /series'), with its place in READ_ORDER or NOT_READ. */
function slotsFor(input: ReadInput): ReadonlyMap<string, number> {
  const read: readonly string[] = READ_ORDER;
  return new Map([...paramSetTakenBy(input === 'api' ? 'series' : input)].map((name) => [name, read.includes(name) ? read.indexOf(name) : NOT_READ]));
}

/** The slots of each input, made once from the constant table (one lookup per pair of every request: issue 24, round 4). */
const SLOTS: Readonly<Record<ReadInput, ReadonlyMap<string, number>>> = { api: slotsFor('api'), page: slotsFor('page'), key: slotsFor('key') };

/**
 * A selection's pairs being read: `pair` takes them in the order given;
 * `given` then holds the texts of each parameter read into the selection (by
 * its place in READ_ORDER), `dims` the codes per dimension named
 * (de-duplicated, in the order given), `rest` the other parameters the input
 * takes, `problems` what was wrong. It reads a `dims` text as its visitor
 * (one object per query, none per segment).
 */
export class PairReading implements DimsVisitor {
  readonly problems: SelectionProblem[] = [];
  readonly given: (string[] | undefined)[] = new Array<string[] | undefined>(READ_ORDER.length).fill(undefined);
  readonly dims: Record<string, string[]> = {};
  readonly rest: Record<string, string[]> = {};
  /** the dimension of the `dims` segment being read (null: unknown or malformed, its codes are not read) */
  private dim: FactsDim | null = null;

  constructor(
    readonly ds: DatasetFacts,
    readonly input: ReadInput,
    readonly mode: ReadMode,
  ) {}

  /** True once a strict reading has its answer (the first problem): the caller reads no more pairs. */
  stopped(): boolean {
    return this.mode === 'strict' && this.problems.length > 0;
  }

  /** Reads one pair of the query. */
  pair(name: string, value: string): void {
    if (name === 'dims') return visitDims(value, this);
    const slot = SLOTS[this.input].get(name);
    if (slot !== undefined) {
      if (slot !== NOT_READ) appendTo(this.given, slot, value);
      else if (this.input !== 'api') this.rest[name] = [...(this.rest[name] ?? []), value];
    } else if (this.input !== 'api' && !name.startsWith('_')) {
      const dim = dimensionParam(this.ds, name);
      if (!dim) this.problems.push(unknownParameterProblem(name, WHERE[this.input], knownParameters(this.ds, this.input)));
      else for (const text of value.split(',')) this.addCode(name, dim, text);
    }
  }

  /** A segment of a `dims` text (DimsVisitor): its dimension, or the problem of a malformed segment or an unknown dimension. */
  segment(text: string, id: string | null): void {
    this.dim = null;
    if (id === null) this.problems.push(malformedDimsProblem(text, exampleDims(this.ds)));
    else {
      this.dim = dimensionOf(this.ds, id);
      if (this.dim === null) this.problems.push(unknownDimensionProblem(this.ds, id));
    }
  }

  /** A code of the `dims` segment being read (DimsVisitor). */
  code(code: string): void {
    if (this.dim) this.addCode('dims', this.dim, code);
  }

  /** Adds a code given for a dimension (once, in the order given), or the problem of an unknown one. */
  private addCode(parameter: string, dim: FactsDim, text: string): void {
    const code = text.trim();
    if (this.input === 'page' && code === '') return;
    if (!dim.has(code)) return void this.problems.push(unknownCodeProblem(parameter, dim, code));
    const before = this.dims[dim.id];
    if (!before) this.dims[dim.id] = [code];
    else if (!before.includes(code)) before.push(code);
  }
}

/** The dimension of a dataset with this id, or null: a loop, not \`find\` (no closure per segment of every request: issue 24, round 5). */
function dimensionOf(ds: DatasetFacts, id: string): FactsDim | null {
  const { dims } = ds;
  for (let d = 0; d < dims.length; d++) if (dims[d].id === id) return dims[d];
  return null;
}

function appendTo(given: (string[] | undefined)[], slot: number, value: string): void {
  const texts = given[slot];
  if (texts) texts.push(value);
  else given[slot] = [value];
}

function exampleDims(ds: DatasetFacts): string {
  const d = ds.dims[0];
  if (!d) return 'dim=code';
  const code = d.levels.find((l) => l.data)?.code ?? d.levels[0]?.code ?? 'code';
  return `${d.id}=${code}`;
}

/** The dimension a page or key parameter names: never one whose name is a parameter's (it is written in dims: isReservedName). */
function dimensionParam(ds: DatasetFacts, name: string): FactsDim | undefined {
  return isReservedName(name) ? undefined : ds.dims.find((d) => d.id === name);
}

/** What an input takes, for an unknown parameter's words: the dimensions first (pages and keys), then the table's parameters. */
function knownParameters(ds: DatasetFacts, input: ReadInput): string[] {
  const dims = input === 'api' ? [] : ds.dims.map((d) => d.id).filter((d) => !isReservedName(d));
  return [...dims, ...paramsTakenBy(input === 'api' ? 'series' : input).filter((n) => !dims.includes(n))];
}
