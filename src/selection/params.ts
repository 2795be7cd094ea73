/**
 * The one table of selection parameters (issue 20): every parameter a
 * selection route, a dataset page or a series key takes, said once. Per
 * parameter: its grammar (text → value, or the problem), its default, where
 * it is taken, how page and API URLs write it, the problems it can raise
 * (catalogue codes; their words are the catalogue's templates) and its
 * OpenAPI description and example. The Fastify/Ajv query schemas, the one
 * reader (read-selection.ts), the schema errors' words and the lists of
 * codes a reader raises are derived from it.
 *
 * Adding a parameter is one entry here plus its meaning (docs/decisions.md,
 * "Adding a selection parameter").
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import { asOfStamp, stampFileName, vintageIndex } from '../data/vintage-stamp.js';
import { lowerFrequencies, TARGET_FREQUENCIES, type Frequency } from '../data/frequency.js';
import { LANGS } from '../data/model.js';
import { errorMessage, type CodeOf, type ErrorCode, type MessageFacts } from '../errors/catalogue.js';
import { candidates, closest, closestIn, type Candidates } from '../query/closest.js';
import { formatCompare, parseCompare, type CompareRef } from './dims-text.js';
import type { ExplorerState } from './state.js';
import { boundWords, DATE_BOUND_PATTERN, isDateBound, readDateBound, RELATIVE_NOTE } from '../query/date-bound.js';
import { TRANSFORM_TABLE, isTransform, takesBase, transformDescription } from '../query/transforms.js';
import { AGGREGATIONS, TRANSFORMS, type Aggregation, type AsOf, type Conversion, type Transform } from '../query/view.js';

/** The API routes that answer a selection (`/series`, `/series.csv`…; `og.jpg` takes only the dataset and a language). */
export const API_ROUTES = ['series', 'series.csv', 'series.xlsx', 'chart.svg', 'chart.png', 'og.jpg', 'series.zip'] as const;
export type ApiRoute = (typeof API_ROUTES)[number];
/** Where a parameter can be taken: an API route, a dataset page (`/d/{id}?…`) or a series key given to /resolve (`{id}?…`). */
export type Taker = ApiRoute | 'page' | 'key';
/** How a selection was written: an API query, a page query or a series key. */
export type ReadInput = 'api' | 'page' | 'key';

/** The selection routes of the API (the ones that take dims, from, to…). */
const SELECTION_ROUTES = ['series', 'series.csv', 'series.xlsx', 'chart.svg', 'chart.png', 'series.zip'] as const;
/** A selection parameter: every selection route, the page and the series key. */
const EVERYWHERE: readonly Taker[] = [...SELECTION_ROUTES, 'page', 'key'];

/** A mistake in a selection's parameters: a catalogue code, the parameter, the catalogue's words and the facts they name. */
export interface SelectionProblem {
  code: CodeOf<400>;
  parameter: string;
  message: string;
  /** the facts of the answer (problem+json members): always `parameter`, then the code's own */
  facts: Record<string, unknown>;
}

/**
 * A problem in the catalogue's words: `facts` go to the client, `words` only
 * fill the template (derived phrasing such as a suggestion).
 * @example selectionProblem('base_without_index', 'base', { transform: 'yoy' }, { takers: 'transform=index' }).message // 'base only applies to transform=index (got transform=yoy).'
 */
export function selectionProblem(
  code: CodeOf<400>,
  parameter: string,
  facts: Record<string, unknown>,
  words: MessageFacts = {},
  mistake?: string,
): SelectionProblem {
  // copied key by key: a spread of the many shapes of facts takes V8's slow path, ~5 µs a problem (issue 24)
  const all: Record<string, unknown> = { parameter };
  for (const name in facts) all[name] = facts[name];
  const said: Record<string, unknown> = {};
  for (const name in all) said[name] = all[name];
  for (const name in words) said[name] = words[name];
  return { code, parameter, message: errorMessage(code, said, mistake), facts: all };
}

/** What the reader needs of a dataset: a loaded one or the page's explorer meta both give it. */
export interface DatasetFacts {
  id: string;
  frequency: string;
  /** the last observation, days since epoch (NaN when there is none) */
  end: number;
  dims: readonly FactsDim[];
  /** the transforms offered */
  transforms: readonly string[];
  /** the transform of the opening view, where it is the default (pages); absent: level */
  defaultTransform?: string;
  /** the dataset's vintages, oldest first (`as_of` resolves against them); absent or empty: one vintage, the data as it is */
  vintages?: readonly string[];
}

/** A dimension as the reader sees it (factsDim makes one). */
export interface FactsDim {
  id: string;
  levels: readonly { code: string; data: boolean }[];
  /** whether a code is a level with series of its own */
  has(code: string): boolean;
  /** what an unknown code's problem says of the dimension, made on first use and kept */
  codes(): DimCodes;
}

/** What an unknown code's problem needs of a dimension: made once per dimension, not per bad request (issue 24). */
export interface DimCodes {
  /** the codes with series of their own, in level order */
  valid: readonly string[];
  /** `valid` made ready for closestIn */
  ready: Candidates;
  /** every level's code, grouping levels too */
  all: ReadonlySet<string>;
  /** `valid` as the message lists it: the first 40, then how many and where to find them */
  shown: string;
}

/**
 * A dimension for the reader: its codes' problem facts (`codes()`) are made
 * the first time a code of it is unknown and kept on it.
 * @example factsDim('ch_fso_ppi', 'base', levels, (c) => c === '2020').codes().shown // '2020'
 */
export function factsDim(datasetId: string, id: string, levels: FactsDim['levels'], has: (code: string) => boolean): FactsDim {
  let codes: DimCodes | null = null;
  return { id, levels, has, codes: () => (codes ??= dimCodes(datasetId, levels)) };
}

function dimCodes(datasetId: string, levels: FactsDim['levels']): DimCodes {
  const valid = Object.freeze(levels.filter((l) => l.data).map((l) => l.code));
  const shown =
    valid.length > 40 ? `${valid.slice(0, 40).join(', ')}, … (${valid.length} in all; GET /dataset/${datasetId}/meta lists them)` : valid.join(', ');
  return { valid, ready: candidates(valid), all: new Set(levels.map((l) => l.code)), shown };
}

/** A value read, or the problem found. */
export type Read<V> = { value: V } | { problem: SelectionProblem };

/** One parameter of the table. */
export interface ParamSpec {
  name: ParamName;
  /** what it is: part of the selection (which data), how it is shown, how an output is made, or the page's own */
  part: 'selection' | 'display' | 'output' | 'page';
  /** the routes and inputs that take it */
  takenBy: readonly Taker[];
  /** query pairs that use it on ch_fso_ppi (its companions first): the walk of the table (params.test.ts) sends them */
  sample: readonly (readonly [string, string])[];
  /** the JSON schema of an API query's value (Ajv validates with it, /openapi.json publishes it; no `default`: Ajv would fill it in) */
  schema: Readonly<Record<string, unknown>>;
  /** the value when it is absent, as URLs write it (null: nothing) */
  default: string | null;
  /** the codes of the problems its reading raises */
  problems: readonly ErrorCode[];
  /** how a page URL writes it: `param` (its own name) or absent (not in page URLs) */
  page?: 'param';
  /** how an API URL writes it: `param` or absent */
  api?: 'param';
  /**
   * Its grammar: a text given for it, read against the dataset (null when
   * the grammar needs none, as for a schema error), or the problem.
   */
  read?(text: string, ds: DatasetFacts | null): Read<unknown>;
  /** how page and API URLs write it from a selection's URL parts, one text per value; null: left out (absent, or its default) */
  write?(s: UrlParts): string | readonly string[] | null;
}

/**
 * The parts of a selection a URL writes: the page-state view
 * (selection/state.ts ExplorerState) without its dimensions, each part
 * optional (urls.ts UrlSelection adds the dataset and its dimensions).
 */
export type UrlParts = Partial<Omit<ExplorerState, 'dims' | 'scale'>> & {
  /** how the chart draws its value axis (page and chart image URLs: `scale=log`); the default, `linear`, is left out */
  scale?: ExplorerState['scale'] | 'linear' | null;
};

/** The most series of other datasets one chart compares (selection/compare.ts reads them). */
export const MAX_COMPARE = 5;
/** One `compare` value: a dataset id, then its `dims` after a colon. */
const COMPARE_VALUE = { type: 'string', minLength: 1, maxLength: 1000 } as const;

const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';

/** The most observations `last` takes. */
export const LAST_MAX = 1_000_000;

/** A text cut to what a message shows. */
function shown(text: string): string {
  return text.slice(0, 100);
}

/** The words of an enumerated parameter's mistake. */
function oneOf(parameter: string, text: string, valid: readonly string[]): SelectionProblem {
  return selectionProblem('bad_parameter', parameter, { value: shown(text), valid: [...valid] }, { rule: `use one of ${valid.join(', ')}` }, 'invalid');
}

/**
 * A date bound (`from`, `to`): an ISO date or a window back from the last
 * observation (query/date-bound.ts); its value is the day and the relative text.
 */
function readBound(name: 'from' | 'to', text: string, ds: DatasetFacts | null): Read<{ text: string; days: number | null; relative: string | null }> {
  const read = readDateBound(name, text, ds?.end ?? Number.NaN);
  if (isDateBound(read)) return { value: { text, days: read.days, relative: read.relative } };
  return { problem: boundProblem(name, text, read.code, read.mistake) };
}

/** The problem of an unreadable date bound (`from`, `to`, and the form's `from_rel`, `to_rel`) in the catalogue's words (query/date-bound.ts). */
export function boundProblem(
  name: string,
  text: string,
  code: 'bad_date' | 'bad_relative_date',
  mistake: 'bound' | 'unit' | 'reach' | 'window',
): SelectionProblem {
  return selectionProblem(code, name, { value: text }, boundWords(text), mistake);
}

/** Why a text is not an ISO date (`base`); null when it is. */
function readIsoDate(name: string, text: string): Read<{ text: string; days: number }> {
  const days = parseIsoDate(text);
  if (days !== null) return { value: { text, days } };
  return { problem: selectionProblem('bad_date', name, { value: shown(text) }, {}, 'date') };
}

function readFrequency(text: string, ds: DatasetFacts | null): Read<Frequency> {
  if (!(TARGET_FREQUENCIES as readonly string[]).includes(text)) return { problem: oneOf('frequency', text, TARGET_FREQUENCIES) };
  const frequency = text as Frequency;
  if (ds === null) return { value: frequency };
  const valid = lowerFrequencies(ds.frequency);
  if (valid.includes(frequency)) return { value: frequency };
  const facts = { value: text, dataset: ds.id, own: ds.frequency, valid };
  return { problem: selectionProblem('frequency_not_lower', 'frequency', facts, {}, valid.length ? 'higher' : 'lowest') };
}

/** The words of an `as_of` that is no date or time stamp. */
const AS_OF_RULE = 'expected a date YYYY-MM-DD (the end of that day, UTC) or a UTC time stamp YYYYMMDDTHHMMSSZ or YYYY-MM-DDTHH:MM:SSZ';

/**
 * `as_of`: a date or a time stamp (asOfStamp), resolved against the
 * dataset's vintages to the one published then (the latest after the last;
 * a problem naming the first before the first).
 */
function readAsOf(text: string, ds: DatasetFacts | null): Read<AsOf> {
  const asked = asOfStamp(text);
  if (asked === null) return { problem: selectionProblem('bad_parameter', 'as_of', { value: shown(text) }, { rule: AS_OF_RULE }, 'invalid') };
  const vintages = ds?.vintages ?? [];
  if (vintages.length === 0) return { value: { text, asked, vintage: null, final: false } };
  const k = vintageIndex(vintages, asked);
  if (k < 0) return { problem: selectionProblem('before_first_vintage', 'as_of', { value: text, dataset: ds!.id, first_vintage: vintages[0] }) };
  return { value: { text, asked, vintage: vintages[k], final: k < vintages.length - 1 || vintages[k] === asked } };
}

/**
 * How URLs write an `as_of`: the vintage it resolved to (`YYYYMMDDTHHMMSSZ`:
 * the URL then names the data it answers, whatever later publishes add), or
 * the text given for a dataset without history.
 * @example asOfText({ text: '2026-03-31', asked: '2026-03-31T23:59:59Z', vintage: '2026-03-02T08:00:00Z', final: false }) // '20260302T080000Z'
 */
export function asOfText(asOf: AsOf): string {
  return asOf.vintage ? stampFileName(asOf.vintage) : asOf.text;
}

/** Whether a text is the table's default of a parameter (URLs leave it out). */
function isDefaultText(name: string, text: string): boolean {
  return (PARAMS as Record<string, { default: string | null }>)[name].default === text;
}

/** One `compare` value (dims-text.ts parseCompare): a dataset id, then its dims; its drops beyond the grammar are compare.ts's. */
function readCompare(text: string): Read<CompareRef> {
  const ref = parseCompare(text);
  if (ref) return { value: ref };
  return { problem: selectionProblem('bad_parameter', 'compare', { value: shown(text), reason: 'malformed' }, {}, 'compareMalformed') };
}

/** The transforms that take an index base (TRANSFORM_TABLE), as the words of base_without_index say them. */
export const BASE_TAKERS: readonly Transform[] = TRANSFORMS.filter((t) => TRANSFORM_TABLE[t].takesBase);

/** Whether a transform takes an index base (`base`): query/transforms.ts, said once. */
export { takesBase };

/**
 * The table. Order is the order URLs write them in and the order the
 * reader checks them in (a strict reader reports the first problem).
 */
export const PARAMS = {
  dataset: {
    name: 'dataset',
    part: 'selection',
    sample: [['dataset', 'ch_fso_ppi']],
    takenBy: [...SELECTION_ROUTES, 'og.jpg'],
    schema: {
      type: 'string',
      pattern: '^[a-z0-9_]+$',
      maxLength: 100,
      description: 'Dataset id (see GET /catalog).',
      // ch_fso_ppi has the dimension `base` of the dims example
      examples: ['ch_fso_ppi'],
    },
    default: null,
    problems: ['unknown_dataset'],
    api: 'param',
  },
  dims: {
    name: 'dims',
    part: 'selection',
    sample: [['dims', 'base=2015']],
    takenBy: EVERYWHERE,
    schema: {
      type: 'string',
      maxLength: 4000,
      description:
        'Codes per dimension: `dim=code[,code...][;dim=code...]`, e.g. `type=real;structure=gdp,gva`. Several codes select all of them; an absent dimension selects all its levels; absent `dims` selects the whole dataset.',
      examples: ['base=2020'],
    },
    default: null,
    problems: ['malformed_dims', 'unknown_dimension', 'unknown_code'],
    api: 'param',
    page: 'param',
  },
  from: {
    name: 'from',
    part: 'selection',
    sample: [['from', '2020-01-01']],
    takenBy: EVERYWHERE,
    schema: {
      type: 'string',
      pattern: DATE_BOUND_PATTERN,
      description: `First date, inclusive (YYYY-MM-DD), or ${RELATIVE_NOTE}, e.g. -5y: the last 5 years.`,
      examples: ['2020-01-01', '-5y'],
    },
    default: null,
    problems: ['bad_date', 'bad_relative_date', 'bad_date_range'],
    write: (s) => s.from || null,
    api: 'param',
    page: 'param',
    read: (text, ds) => readBound('from', text, ds),
  },
  to: {
    name: 'to',
    part: 'selection',
    sample: [['to', '2024-12-01']],
    takenBy: EVERYWHERE,
    schema: {
      type: 'string',
      pattern: DATE_BOUND_PATTERN,
      description: `Last date, inclusive (YYYY-MM-DD), or ${RELATIVE_NOTE}.`,
      examples: ['2024-12-01', '-1y'],
    },
    default: null,
    problems: ['bad_date', 'bad_relative_date', 'bad_date_range'],
    write: (s) => s.to || null,
    api: 'param',
    page: 'param',
    read: (text, ds) => readBound('to', text, ds),
  },
  last: {
    name: 'last',
    part: 'selection',
    sample: [['last', '3']],
    takenBy: EVERYWHERE,
    schema: { type: 'integer', minimum: 1, maximum: LAST_MAX, description: 'Only the last N observations of each series (after from/to).' },
    default: null,
    problems: ['bad_parameter'],
    write: (s) => (s.last ? String(s.last) : null),
    api: 'param',
    page: 'param',
    read: (text) => {
      const n = Number(text);
      if (/^\d+$/.test(text) && n >= 1 && n <= LAST_MAX) return { value: n };
      return {
        problem: selectionProblem('bad_parameter', 'last', { value: shown(text) }, { rule: `expected a whole number from 1 to ${LAST_MAX}` }, 'invalid'),
      };
    },
  },
  transform: {
    name: 'transform',
    part: 'selection',
    sample: [['transform', 'diff']],
    takenBy: EVERYWHERE,
    schema: { type: 'string', enum: TRANSFORMS, description: transformDescription() },
    default: 'level',
    problems: ['unknown_transform'],
    write: (s) => (s.transform && s.transform !== DEFAULT_TRANSFORM ? s.transform : null),
    api: 'param',
    page: 'param',
    read: (text, ds) => {
      const offered = ds?.transforms ?? TRANSFORMS;
      if (isTransform(text) && offered.includes(text)) return { value: text };
      return { problem: selectionProblem('unknown_transform', 'transform', { value: shown(text), valid: [...offered] }) };
    },
  },
  base: {
    name: 'base',
    part: 'selection',
    sample: [
      ['transform', 'index'],
      ['base', '2020-01-01'],
    ],
    takenBy: EVERYWHERE,
    schema: { type: 'string', pattern: ISO_DATE, description: `Base date of ${BASE_TAKERS.map((t) => `transform=${t}`).join(' or ')} (YYYY-MM-DD).` },
    default: null,
    problems: ['bad_date', 'base_without_index'],
    write: (s) => (s.base && s.transform && takesBase(s.transform) ? s.base : null),
    api: 'param',
    page: 'param',
    read: (text) => readIsoDate('base', text),
  },
  frequency: {
    name: 'frequency',
    part: 'selection',
    sample: [['frequency', 'annual']],
    takenBy: EVERYWHERE,
    schema: {
      type: 'string',
      enum: TARGET_FREQUENCIES,
      description:
        "Converts the selection to a lower frequency than the dataset's own (a higher or equal one is a 400 naming it), before the date window and the transform: `transform=yoy&frequency=annual` is the change of annual means.",
      examples: ['annual'],
    },
    default: null,
    problems: ['bad_parameter', 'frequency_not_lower'],
    write: (s) => s.convert?.frequency ?? null,
    api: 'param',
    page: 'param',
    read: readFrequency,
  },
  aggregation: {
    name: 'aggregation',
    part: 'selection',
    sample: [
      ['frequency', 'annual'],
      ['aggregation', 'sum'],
    ],
    takenBy: EVERYWHERE,
    schema: {
      type: 'string',
      enum: AGGREGATIONS,
      description: 'How the observations of a converted period are combined (with `frequency`): mean (default), sum, first, last, min or max.',
      examples: ['mean'],
    },
    default: 'mean',
    problems: ['bad_parameter', 'without_frequency'],
    write: (s) => (s.convert && s.convert.aggregation !== DEFAULT_AGGREGATION ? s.convert.aggregation : null),
    api: 'param',
    page: 'param',
    read: (text) => ((AGGREGATIONS as readonly string[]).includes(text) ? { value: text } : { problem: oneOf('aggregation', text, AGGREGATIONS) }),
  },
  partial: {
    name: 'partial',
    part: 'selection',
    sample: [
      ['frequency', 'annual'],
      ['partial', 'true'],
    ],
    takenBy: EVERYWHERE,
    schema: {
      type: 'string',
      enum: ['true', 'false'],
      description:
        'With `frequency`: true keeps incomplete periods (fewer observations than the period holds, or a missing value), which are otherwise left out.',
      examples: ['true'],
    },
    default: 'false',
    problems: ['bad_parameter', 'without_frequency'],
    write: (s) => (s.convert && s.convert.partial !== DEFAULT_PARTIAL ? String(s.convert.partial) : null),
    api: 'param',
    page: 'param',
    read: (text) => (text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: oneOf('partial', text, ['true', 'false']) }),
  },
  scale: {
    name: 'scale',
    part: 'display',
    sample: [['scale', 'log']],
    takenBy: ['page', 'chart.svg', 'chart.png'],
    schema: {
      type: 'string',
      enum: ['linear', 'log'],
      description:
        'The value axis: `log` draws a logarithmic one when every value drawn is above zero (else a linear one), as the dataset page does; linear by default.',
    },
    default: 'linear',
    problems: ['bad_parameter'],
    write: (s) => (s.scale && !isDefaultText('scale', s.scale) ? s.scale : null),
    page: 'param',
    read: (text) => (text === 'log' || text === 'linear' ? { value: text } : { problem: oneOf('scale', text, ['log', 'linear']) }),
  },
  compare: {
    name: 'compare',
    part: 'display',
    sample: [['compare', 'ch_kof_barometer']],
    takenBy: ['page', 'chart.svg', 'chart.png'],
    schema: {
      anyOf: [COMPARE_VALUE, { type: 'array', items: COMPARE_VALUE, maxItems: MAX_COMPARE }],
      description: `Series of another dataset on the same chart, as the dataset page writes them: \`compare=<dataset>:<dim>=<code>[,<code>…][;<dim>=<code>…]\` (\`compare=<dataset>\` alone: its opening series), repeated for each (at most ${MAX_COMPARE}). They take the period and transform of the selection; a second unit goes on a right-hand axis.`,
    },
    default: null,
    problems: ['bad_parameter'],
    write: (s) => (s.compare?.length ? s.compare.map(formatCompare) : null),
    page: 'param',
    read: readCompare,
  },
  download: {
    name: 'download',
    part: 'output',
    sample: [['download', '1']],
    takenBy: ['series', 'series.csv'],
    schema: {
      type: 'string',
      enum: ['1', 'true', '0', 'false'],
      description: 'With 1 (or true) the answer carries `Content-Disposition: attachment` and a file name; the body is unchanged.',
    },
    default: null,
    problems: ['bad_parameter'],
  },
  labels: {
    name: 'labels',
    part: 'output',
    sample: [['labels', 'true']],
    takenBy: ['series.csv'],
    schema: {
      type: 'string',
      enum: ['1', 'true', '0', 'false'],
      description:
        "With true (or 1) a `{dim}_label` column (the level's name) follows each dimension column, then a `label` column (the series' name as the chart legend shows it; it tells the series apart where level names repeat) comes before `date`, in the language `lang`.",
    },
    default: null,
    problems: ['bad_parameter'],
  },
  lang: {
    name: 'lang',
    part: 'output',
    sample: [['lang', 'de']],
    // pages and keys take it too and leave it alone: a page's language is its path (/de/d/…)
    takenBy: ['series.csv', 'series.xlsx', 'chart.svg', 'chart.png', 'og.jpg', 'page', 'key', 'series.zip'],
    schema: { type: 'string', enum: LANGS, default: 'en', description: 'Language of the labels.' },
    default: 'en',
    problems: ['bad_parameter'],
    read: (text) => ((LANGS as readonly string[]).includes(text) ? { value: text } : { problem: oneOf('lang', text, LANGS) }),
  },
  width: {
    name: 'width',
    part: 'output',
    sample: [['width', '640']],
    takenBy: ['chart.svg', 'chart.png'],
    // the bounds and default come from the chart style (routes/selection-outputs.ts sizeSchema)
    schema: { type: 'integer' },
    default: null,
    problems: ['bad_parameter'],
  },
  height: {
    name: 'height',
    part: 'output',
    sample: [['height', '400']],
    takenBy: ['chart.svg', 'chart.png'],
    schema: { type: 'integer' },
    default: null,
    problems: ['bad_parameter'],
  },
  embed: {
    name: 'embed',
    part: 'page',
    sample: [['embed', '1']],
    takenBy: ['page', 'key'],
    schema: { type: 'string', description: 'With 1 the page is the embeddable chart alone.' },
    default: null,
    problems: [],
  },
  tab: {
    name: 'tab',
    part: 'page',
    sample: [['tab', 'table']],
    takenBy: ['page', 'key'],
    schema: { type: 'string', description: 'The tab the page opens on.' },
    default: null,
    problems: [],
  },
  from_rel: {
    name: 'from_rel',
    part: 'page',
    sample: [
      ['from', '2020-01-01'],
      ['from_rel', '-5y'],
    ],
    takenBy: ['page'],
    schema: { type: 'string', description: "What the page's form sends beside the from field without JavaScript: the window the page showed (-5y)." },
    default: null,
    problems: ['bad_date', 'bad_relative_date'],
  },
  to_rel: {
    name: 'to_rel',
    part: 'page',
    sample: [
      ['to', '2024-12-01'],
      ['to_rel', '-1y'],
    ],
    takenBy: ['page'],
    schema: { type: 'string', description: "What the page's form sends beside the to field without JavaScript: the window the page showed (-1y)." },
    default: null,
    problems: ['bad_date', 'bad_relative_date'],
  },
  // issue 21: what was known when
  as_of: {
    name: 'as_of',
    part: 'selection',
    sample: [['as_of', '2026-01-01']],
    takenBy: EVERYWHERE,
    schema: {
      type: 'string',
      maxLength: 40,
      description:
        'The data as published at a vintage (GET /dataset/{id}/vintages lists them): a date `YYYY-MM-DD` (the end of that day, UTC) or a UTC time stamp `YYYYMMDDTHHMMSSZ` (or `YYYY-MM-DDTHH:MM:SSZ`). Answers the vintage published then or last before (after the last: the latest); codes and the last date are those of that vintage; before the first vintage a 400 names it. Such answers never change: `Cache-Control: immutable`.',
      examples: ['2026-01-01', '20261128T074000Z'],
    },
    default: null,
    problems: ['bad_parameter', 'before_first_vintage'],
    write: (s) => (s.asOf ? asOfText(s.asOf) : null),
    api: 'param',
    page: 'param',
    read: readAsOf,
  },
  // issue 21: every value each observation has had (data/history.ts walkSeries); query/vintage-rows.ts encodes it
  vintages: {
    name: 'vintages',
    part: 'output',
    sample: [['vintages', 'all']],
    takenBy: ['series', 'series.csv'],
    schema: {
      type: 'string',
      enum: ['all'],
      description:
        'With `all`: every value each selected observation has had, one row each, with its validity interval: `valid_from` (the publish that made it current, inclusive) and `valid_to` (the publish that superseded or removed it, exclusive; empty/null while current), UTC time stamps as /dataset/{id}/vintages lists them. Series and observations removed since are included. The values are as published: it takes dims, from and to, but no transform, frequency, last or labels.',
      // no example: the docs' prefilled request combines every example, and a conversion is not what vintages=all takes
    },
    default: null,
    problems: ['bad_parameter'],
    read: (text) => (text === 'all' ? { value: 'all' } : { problem: oneOf('vintages', text, ['all']) }),
  },
} as const satisfies Record<string, Omit<ParamSpec, 'name'> & { name: string }>;

/** Every parameter name of the table. */
export type ParamName = keyof typeof PARAMS;
/** The parameters in table order. */
export const PARAM_NAMES = Object.keys(PARAMS) as ParamName[];

/** A parameter's entry (typed as the general shape). */
export function paramSpec(name: ParamName): ParamSpec {
  return PARAMS[name] as ParamSpec;
}

/** The value of a parameter in an API query as the route hands it over (its schema checked: an integer is a number, a repeatable one one or several texts, an enumerated one of its values). */
type QueryValue<S> = S extends { type: 'integer' }
  ? number
  : S extends { anyOf: readonly unknown[] }
    ? string | string[]
    : S extends { enum: readonly (infer E)[] }
      ? E
      : string;

/**
 * The query of API routes as Fastify hands it over, derived from the table:
 * every parameter one of the routes takes, `dataset` required, the others optional.
 * @example const q: ApiQuery<'chart.svg'> = { dataset: 'ch_fso_ppi', width: 640, scale: 'log' };
 */
export type ApiQuery<R extends ApiRoute> = {
  [N in ParamName as R extends (typeof PARAMS)[N]['takenBy'][number] ? N : never]?: QueryValue<(typeof PARAMS)[N]['schema']>;
} & { dataset: string };

/** The selection parameters of an API query (what every selection route takes: `/series`'s). */
export type SelectionQuery = ApiQuery<'series'>;

/** A parameter's default (the table's `default` text) as its grammar reads it. */
function readDefault(name: ParamName): unknown {
  const spec = paramSpec(name);
  const read = spec.default === null ? undefined : spec.read?.(spec.default, null);
  if (!read || 'problem' in read) throw new Error(`The default of ${name} is not read by its grammar`);
  return read.value;
}

/** The transform when none is given (the table's default). */
export const DEFAULT_TRANSFORM = readDefault('transform') as Transform;
/** The aggregation of a conversion when none is given (the table's default). */
export const DEFAULT_AGGREGATION = readDefault('aggregation') as Aggregation;
/** Whether a conversion keeps incomplete periods when `partial` is not given (the table's default). */
export const DEFAULT_PARTIAL = readDefault('partial') as boolean;

/**
 * A conversion to a frequency, the parts not given taking the table's defaults.
 * @example conversionOf('annual') // { frequency: 'annual', aggregation: 'mean', partial: false }
 */
export function conversionOf(frequency: Frequency, aggregation?: Aggregation | null, partial?: boolean | null): Conversion {
  return { frequency, aggregation: aggregation ?? DEFAULT_AGGREGATION, partial: partial ?? DEFAULT_PARTIAL };
}

/** Whether a name is a parameter of the table. */
function isParamName(name: string): name is ParamName {
  return Object.prototype.hasOwnProperty.call(PARAMS, name);
}

/**
 * Whether a page or key parameter of this name is never a dimension: a
 * parameter of the table or a cache buster (`_…`). A dimension of such a
 * name is written in `dims` (`?dims=base=2020`): docs/decisions.md.
 */
export function isReservedName(name: string): boolean {
  return isParamName(name) || name.startsWith('_');
}

/**
 * The form field of a dimension's level, as the page's form sends it: the
 * dimension's own name, or `dims` with `dim=code` for a dimension named like a
 * parameter, so a form sent without JavaScript reads as the URL does.
 * @example dimensionField('base', '2020') // { name: 'dims', value: 'base=2020' }
 */
export function dimensionField(dim: string, code: string): { name: string; value: string } {
  return isReservedName(dim) ? { name: 'dims', value: `${dim}=${code}` } : { name: dim, value: code };
}

/**
 * The dimension and code a form field stands for (dimensionField read back);
 * for any other name, the name and value as they are.
 * @example fieldLevel('dims', 'base=2020') // { dim: 'base', code: '2020' }
 */
export function fieldLevel(name: string, value: string): { dim: string; code: string } {
  if (name !== 'dims') return { dim: name, code: value };
  const eq = value.indexOf('=');
  return { dim: value.slice(0, eq), code: value.slice(eq + 1) };
}

/** The parameters a route or input takes, in table order. */
export function paramsTakenBy(taker: Taker): readonly ParamName[] {
  return takenOf(taker).names;
}

/** The parameters a route or input takes, as a set (the reader looks up every pair of every request in it). */
export function paramSetTakenBy(taker: Taker): ReadonlySet<string> {
  return takenOf(taker).set;
}

/** The parameters of a taker, as a list and as a set, made once per taker (the API's reader asks on every request). */
function takenOf(taker: Taker): { names: readonly ParamName[]; set: ReadonlySet<string> } {
  let taken = TAKEN.get(taker);
  if (!taken) {
    const names = PARAM_NAMES.filter((n) => (PARAMS[n].takenBy as readonly Taker[]).includes(taker));
    TAKEN.set(taker, (taken = { names, set: new Set(names) }));
  }
  return taken;
}

const TAKEN = new Map<Taker, { names: readonly ParamName[]; set: ReadonlySet<string> }>();

/**
 * The problem of a text given for a parameter, by its grammar alone (no
 * dataset): the schema errors of the API say a refused value in these words.
 * @example grammarProblem('last', '0')?.code // 'bad_parameter'
 */
export function grammarProblem(name: string, text: string): SelectionProblem | null {
  if (!isParamName(name)) return null;
  const read = paramSpec(name).read?.(text, null);
  return read && 'problem' in read ? read.problem : null;
}

/**
 * A parameter of one value given more than once.
 * @example repeatedProblem('last', ['1', '2']).message // "Parameter 'last' is given more than once ('1', '2'): give it once."
 */
export function repeatedProblem(name: string, values: readonly unknown[]): SelectionProblem {
  // a parameter that repeats (compare) has its most in its schema: past it, say so
  const most = arrayMost(name);
  if (most !== null) return selectionProblem('bad_parameter', name, {}, { count: values.length, most }, 'tooMany');
  const given = values
    .slice(0, 5)
    .map((v) => `'${String(v).slice(0, 40)}'`)
    .join(', ');
  const hint = name === 'dims' ? ' (join dimensions with ; and codes with ,)' : '';
  return selectionProblem('bad_parameter', name, {}, { given, hint }, 'repeated');
}

/**
 * Whether a parameter may be given several times (`compare`: its schema has
 * an array branch); its caller reads it value by value.
 * @example repeats('compare') // true
 */
export function repeats(name: string): boolean {
  return arrayMost(name) !== null;
}

/** How many values a parameter that may repeat takes (its schema's array branch); null for a parameter of one value. */
function arrayMost(name: string): number | null {
  const schema = (PARAMS as Record<string, ParamSpec | undefined>)[name]?.schema as { anyOf?: { type?: string; maxItems?: number }[] } | undefined;
  const array = schema?.anyOf?.find((s) => s.type === 'array');
  return array?.maxItems ?? null;
}

/** A bound as written and the day it stands for. */
export interface WrittenBound {
  text: string;
  days: number;
}

/**
 * Why `from` and `to` make no range (from after to), naming the day a
 * relative bound stands for; null when they do.
 * @example rangeProblem({ text: '-1y', days: d('2025-07-01') }, { text: '2020-01-01', days: d('2020-01-01') })?.message
 * // "from (-1y, 2025-07-01) is after to (2020-01-01): swap them or widen the range."
 */
export function rangeProblem(from: WrittenBound, to: WrittenBound): SelectionProblem | null {
  if (from.days <= to.days) return null;
  const said = (b: WrittenBound): string => (b.text.startsWith('-') ? `${b.text}, ${formatIsoDate(b.days)}` : b.text);
  return selectionProblem('bad_date_range', 'from', { from: from.text, to: to.text }, { fromSaid: said(from), toSaid: said(to) });
}

/** `base` with a transform that takes none (TRANSFORM_TABLE.takesBase). */
export function baseWithoutIndexProblem(transform: string): SelectionProblem {
  return selectionProblem('base_without_index', 'base', { transform }, { takers: BASE_TAKERS.map((t) => `transform=${t}`).join(' or ') });
}

/** `aggregation` or `partial` without `frequency`. */
export function withoutFrequencyProblem(name: 'aggregation' | 'partial', text: string): SelectionProblem {
  return selectionProblem('without_frequency', name, { value: shown(text) });
}

/**
 * An unknown parameter, said the same way wherever it is found; `valid`
 * lists what the input takes (a page or key lists its dimensions first).
 * @example unknownParameterProblem('bsae', 'page URL', ['base', 'from']).message // "Unknown parameter 'bsae' in the page URL. Did you mean 'base'? Known parameters: base, from."
 */
export function unknownParameterProblem(name: string, where: string, valid: readonly string[]): SelectionProblem {
  const candidates = closest(name, [...valid], 3);
  const suggestion = candidates.length ? ` Did you mean '${candidates[0]}'?` : '';
  return selectionProblem('unknown_parameter', name, { valid: [...valid], candidates }, { where, suggestion }, 'unknown');
}

/** A code its dimension does not offer, with the codes that would be right and the closest of them. */
export function unknownCodeProblem(parameter: string, dim: FactsDim, code: string): SelectionProblem {
  const { valid, ready, all, shown } = dim.codes();
  const near = closestIn(code, ready, 5);
  const plus = code.replace(/ /g, '+');
  const mistake = code === '' ? 'empty' : all.has(code) ? 'grouping' : plus !== code && dim.has(plus) ? 'plus' : 'unknown';
  const suggestion = near.length ? ` Did you mean ${near.map((c) => `'${c}'`).join(', ')}?` : '';
  const facts = { dimension: dim.id, value: code, valid, candidates: near };
  return selectionProblem('unknown_code', parameter, facts, { shown, escaped: encodeURIComponent(plus), suggestion }, mistake);
}

/** A `dims` segment without `dim=`. */
export function malformedDimsProblem(segment: string, example: string): SelectionProblem {
  return selectionProblem('malformed_dims', 'dims', { segment }, { example }, undefined);
}

/** A `dims` segment naming a dimension the dataset does not have. */
export function unknownDimensionProblem(ds: DatasetFacts, dimension: string): SelectionProblem {
  const valid = ds.dims.map((d) => d.id);
  return selectionProblem('unknown_dimension', 'dims', { dimension, valid }, { dataset: ds.id }, valid.length ? 'unknown' : 'none');
}

/**
 * The query pairs of a selection's parts besides dataset and dims, in table
 * order, each written by its entry (defaults and empty values left out), for
 * the parameters the taker takes (page and API URLs both write them so; no
 * taker: every part of the selection, none of the display).
 * @example urlParams({ from: '-5y', transform: 'index', base: '2020-01-01', convert: { frequency: 'annual', aggregation: 'mean', partial: false } }) // [['from', '-5y'], ['transform', 'index'], ['base', '2020-01-01'], ['frequency', 'annual']]
 */
export function urlParams(s: UrlParts, taker?: Taker): [string, string][] {
  const out: [string, string][] = [];
  const names = taker === undefined ? PARAM_NAMES.filter((n) => PARAMS[n].part === 'selection') : paramsTakenBy(taker);
  for (const name of names) {
    const text = paramSpec(name).write?.(s);
    for (const t of typeof text === 'string' ? [text] : (text ?? [])) if (t) out.push([name, t]);
  }
  return out;
}

/**
 * The JSON schemas of the selection parameters an API route takes, in table
 * order (the route adds its own: `lang`, `width`…): Fastify validates with
 * them and /openapi.json publishes them.
 * @example Object.keys(selectionSchemas('series')) // ['dataset', 'dims', 'from', 'to', 'last', 'transform', 'base', 'frequency', 'aggregation', 'partial']
 */
export function selectionSchemas(route: ApiRoute): Record<string, Readonly<Record<string, unknown>>> {
  const out: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const name of paramsTakenBy(route)) {
    const spec = paramSpec(name);
    if (spec.api === 'param') out[name] = spec.schema;
  }
  return out;
}

/** The catalogue codes the reader of an input or route can raise, for its OpenAPI list. */
export function readerProblemCodes(taker: Taker): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  for (const name of paramsTakenBy(taker)) for (const code of PARAMS[name].problems) codes.add(code);
  // a parameter given twice, or one the route does not take
  codes.add('bad_parameter');
  codes.add('unknown_parameter');
  if (taker === 'page' || taker === 'key') {
    // a page URL or key names its dataset in the path (404 when unknown); a dotted key is one code per dimension
    codes.add('unknown_dataset');
    if (taker === 'key') codes.add('bad_key');
    for (const code of PARAMS.dims.problems) codes.add(code);
  }
  return [...codes];
}

/**
 * True when a yes/no output flag (`download`, `labels`: 1, true, 0 or false) is on.
 * @example isFlagOn('1') // true
 */
export function isFlagOn(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/**
 * What `vintages=all` cannot take, as the problem of the first given: it
 * gives values as published, so no transform, conversion, `last` or labels.
 * @example vintagesAllProblem({ transform: 'yoy' })?.message // "Invalid vintages 'all': it gives the values as published: leave out transform=yoy."
 */
export function vintagesAllProblem(given: { transform?: string; frequency?: string; last?: number; labels?: string }): SelectionProblem | null {
  const clash: [string, unknown][] = [
    ['transform', given.transform && given.transform !== DEFAULT_TRANSFORM ? given.transform : undefined],
    ['frequency', given.frequency],
    ['last', given.last],
    ['labels', isFlagOn(given.labels) ? given.labels : undefined],
  ];
  const found = clash.find(([, v]) => v !== undefined);
  if (!found) return null;
  const rule = `it gives the values as published: leave out ${found[0]}=${String(found[1])}`;
  return selectionProblem('bad_parameter', 'vintages', { value: 'all', with: found[0] }, { rule }, 'invalid');
}
