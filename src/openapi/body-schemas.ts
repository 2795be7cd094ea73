/**
 * The shapes of the answers, as JSON Schema (2020-12, the dialect of
 * OpenAPI 3.1): `components/schemas` of `/openapi.json`. They describe the
 * bytes the encoders write; they are never used to serialize (Fastify's
 * response schemas would), so publishing them cannot change an answer.
 * The test of the document validates every real answer against them.
 */
import { ERROR_CATALOGUE, type ErrorCode } from '../errors/catalogue.js';
import { LANGS } from '../data/model.js';
import { TRANSFORMS } from '../query/view.js';
import { HEALTH_LISTED } from '../routes/health-view.js';

/** The example of a component schema, if it has one (what /__docs__/ shows as the example of a body that is not JSON). */
export function exampleOf(name: string): unknown {
  const schema = (COMPONENT_SCHEMAS as Record<string, { examples?: readonly unknown[] }>)[name];
  return schema?.examples?.[0];
}

/** A reference to a component schema. */
export const ref = (name: keyof typeof COMPONENT_SCHEMAS): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

const ISO_DATE = { type: 'string', format: 'date', description: 'ISO date YYYY-MM-DD (the first day of the period).' } as const;
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

const labels = {
  type: 'object',
  description: 'Language map {en, de?, fr?, it?}; English is always present, a missing language falls back to English.',
  required: ['en'],
  properties: Object.fromEntries(LANGS.map((lang) => [lang, { type: 'string' }])),
} as const;

const topic = { type: 'object', properties: { key: { type: 'string' }, name: { $ref: '#/components/schemas/Labels' } } } as const;
const source = {
  type: 'object',
  properties: { key: { type: ['string', 'null'] }, name: { $ref: '#/components/schemas/Labels' }, url: { type: ['string', 'null'] } },
} as const;

const catalogEntry = {
  type: 'object',
  description: 'One dataset: the fields of catalog.json, normalised; n_series, n_observations, start and end come from the data.',
  required: ['id', 'title', 'frequency', 'start', 'end', 'n_series', 'dimensions', 'version'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9_]+$' },
    title: { $ref: '#/components/schemas/Labels' },
    concept: { type: ['object', 'null'] },
    canonical: { type: ['boolean', 'null'] },
    featured: nullable({ $ref: '#/components/schemas/Labels' }),
    topic: nullable(topic),
    source: nullable(source),
    license: { type: ['string', 'null'], description: 'License key (see /licenses).' },
    frequency: { type: 'string' },
    start: ISO_DATE,
    end: ISO_DATE,
    n_series: { type: 'integer', minimum: 0 },
    n_observations: { type: 'integer', minimum: 0 },
    dimensions: { type: 'array', items: { type: 'string' }, description: 'Dimension ids in dim_order.' },
    updated: { type: ['string', 'null'] },
    version: { type: 'string', description: 'Content hash of the dataset; changes when its data or metadata change.' },
  },
} as const;

const level = {
  type: 'object',
  required: ['label', 'data'],
  properties: { label: { $ref: '#/components/schemas/Labels' }, data: { type: 'boolean', description: 'false: a grouping level with no series of its own.' } },
} as const;

const meta = {
  type: 'object',
  description: "The dataset's metadata, normalised: dimensions with their levels (in the file's order) and hierarchy, units, source, license, defaults.",
  required: ['id', 'title', 'dim_order', 'start', 'end', 'frequency', 'dimensions', 'version'],
  properties: {
    id: { type: 'string' },
    title: { $ref: '#/components/schemas/Labels' },
    dim_order: { type: 'array', items: { type: 'string' } },
    start: ISO_DATE,
    end: ISO_DATE,
    n_series: { type: 'integer' },
    n_observations: { type: 'integer' },
    source: nullable(source),
    license: { type: ['string', 'null'] },
    frequency: { type: 'string' },
    dimensions: {
      type: 'object',
      description: 'Keyed by dimension id.',
      additionalProperties: {
        type: 'object',
        required: ['label', 'levels'],
        properties: {
          label: { $ref: '#/components/schemas/Labels' },
          levels: { type: 'object', description: 'Keyed by level code, in the order of the file.', additionalProperties: level },
          hierarchy: { description: 'Nested object {code: {child: {...}}}; absent for a flat list.' },
        },
      },
    },
    default_transform: { type: ['string', 'null'], enum: [...TRANSFORMS, null] },
    default: { type: ['object', 'array'], description: 'The opening selection: codes per dimension.' },
    version: { type: 'string' },
  },
} as const;

const columnarSeries = {
  type: 'object',
  description:
    'One object whose keys are the columns: the dimension columns in dim_order (codes, as strings), then `date`, then `value`; every column is an array of the same length, one item per observation. Missing values are null.',
  required: ['date', 'value'],
  properties: {
    date: { type: 'array', items: ISO_DATE },
    value: { type: 'array', items: { type: ['number', 'null'] } },
  },
  additionalProperties: { type: 'array', items: { type: 'string' } },
} as const;

/** A field of a CSV line (RFC 4180): plain, or quoted with doubled quotes. Dimension ids hold spaces and umlauts (`Offene Stellen`, `Beschäftigungsgrad`). */
const CSV_FIELD = '(?:[^,"\\r\\n]+|"(?:[^"]|"")*")';
/** The header of the tidy CSV: the dimension ids (each followed by `{dim}_label` with labels=true, then `label`), then date, value. */
const CSV_HEADER = `^(?:${CSV_FIELD},)*date,value\\r?\\n`;

const tidyCsv = {
  type: 'string',
  description:
    'Tidy CSV (RFC 4180, UTF-8), one row per observation. Columns: the dimension ids in dim_order (with `labels=true` each followed by `{dim}_label`, the level name, and after them `label`, the series name as the chart legend shows it), then `date` (YYYY-MM-DD), then `value` (the shortest decimal that reads back as the published double; empty when missing). Rows: series in the published CSV order, dates ascending. The pattern checks the header line.',
  pattern: CSV_HEADER,
  // the answer to the example of /series.csv (ch_fso_ppi, base=2020, 2020-01-01 to 2024-12-01, annual means), its first rows
  examples: ['base,date,value\n2020,2020-01-01,100.06259166666666\n2020,2021-01-01,101.64973333333334\n'],
} as const;

const errorCsv = {
  type: 'string',
  description: 'A CSV with the single column `error`: the header line `error`, then one row holding the message.',
  pattern: '^error\\r?\\n.+',
  examples: ["error\nUnknown dataset 'ch_fso_pp'. Did you mean 'ch_fso_ppi'? GET /catalog lists every dataset.\n"],
} as const;

/**
 * The facts a problem may carry besides the RFC 9457 members, each named once
 * for every throw site that sets it (`errors/ds-error.ts` and its callers), so
 * a generated client can read `err.valid` or `err.retry_after`.
 */
const PROBLEM_FACTS = {
  parameter: { type: 'string', description: 'The query parameter at fault.' },
  value: { description: 'The value given (a dimension code, a date…).' },
  valid: { type: 'array', description: 'The values that would be accepted (dimension ids, codes, transforms…).' },
  candidates: {
    type: 'array',
    description: 'The closest existing names to a misspelled one: dataset ids or codes, or for /resolve {dataset, title} records.',
  },
  dataset: { type: 'string', description: 'The dataset the request named.' },
  dimension: { type: 'string', description: 'The dimension at fault.' },
  dimensions: { type: 'array', items: { type: 'string' }, description: "The dataset's dimension ids, in order." },
  segment: { type: 'string', description: 'The malformed segment of dims.' },
  from: { type: ['string', 'null'], description: 'The from bound given.' },
  to: { type: ['string', 'null'], description: 'The to bound given.' },
  q: { type: 'string', description: 'The text given to /resolve.' },
  url: { type: 'string', description: 'The URL given to /oembed.' },
  reason: { type: 'string', description: 'The code of the underlying problem (/oembed of a page that cannot be embedded).' },
  observations: { type: 'integer', description: 'Rows of the selection (too_many_rows).' },
  limit: { type: 'integer', description: 'The limit reached: rows of a sheet, or request units per window.' },
  retry_after: { type: 'integer', description: 'Seconds to wait before retrying (as Retry-After).' },
  transform: { type: 'string', description: 'The transform asked for, where a parameter does not apply to it (base without index).' },
  own: { type: 'string', description: "The dataset's own frequency, where a conversion asks for one that is not lower." },
  threads: { type: 'integer', description: 'Threads of heavy work of the server (overloaded).' },
  queue: { type: 'integer', description: 'Places in the queue of heavy work (overloaded).' },
  max: { type: 'integer', description: 'The most accepted: URL length, or open streams.' },
  length: { type: 'integer', description: 'The length of the URL given (or a lower bound when it was not read whole).' },
  method: { type: 'string', description: 'The method refused.' },
  allowed: { type: 'array', items: { type: 'string' }, description: 'The methods accepted (as Allow).' },
  etag: { type: 'string', description: 'The current ETag, which If-Match did not name.' },
  path: { type: 'string', description: 'The path of the request (no_route, bad_url_encoding).' },
  name: { type: 'string', description: 'The asset name asked for.' },
} as const;

const problem = {
  type: 'object',
  description:
    'RFC 9457 problem details. `code` is a stable error code of the catalogue; `error` repeats `detail` for existing clients; the other members are facts that help fix the request (the parameter, the valid values, the closest candidates, when to retry).',
  required: ['type', 'title', 'status', 'detail', 'code', 'error'],
  properties: {
    type: { type: 'string', description: '`urn:dataseries:problem:{code}`' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string', description: 'The path of the request.' },
    code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) as ErrorCode[] },
    error: { type: 'string' },
    ...PROBLEM_FACTS,
  },
} as const;

const searchIndexRecord = {
  type: 'object',
  required: ['datasetId', 'datasetTitle', 'freq', 'dim', 'code', 'label', 'path'],
  properties: {
    datasetId: { type: 'string' },
    datasetTitle: { $ref: '#/components/schemas/Labels' },
    freq: { type: 'string' },
    dim: { type: ['string', 'null'] },
    code: { type: ['string', 'null'] },
    label: { $ref: '#/components/schemas/Labels' },
    path: { type: 'array', items: { $ref: '#/components/schemas/Labels' }, description: 'Labels of the ancestors, top first.' },
  },
} as const;

const apiUrls = {
  type: 'object',
  required: ['json', 'csv', 'chart'],
  properties: { json: { type: 'string' }, csv: { type: 'string' }, chart: { type: 'string' } },
} as const;

const searchAnswer = {
  type: 'object',
  required: ['query', 'lang', 'words', 'total', 'results'],
  properties: {
    query: { type: 'string' },
    lang: { type: 'string', enum: [...LANGS] },
    words: { type: 'array', items: { type: 'string' } },
    total: { type: 'integer', description: 'Every match, beyond `limit`.' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'datasetId', 'datasetTitle', 'score', 'matched', 'dims', 'url', 'api'],
        properties: {
          type: { type: 'string', enum: ['dataset', 'level'] },
          datasetId: { type: 'string' },
          datasetTitle: { $ref: '#/components/schemas/Labels' },
          freq: { type: 'string' },
          dim: { type: ['string', 'null'] },
          code: { type: ['string', 'null'] },
          label: { $ref: '#/components/schemas/Labels' },
          name: {
            $ref: '#/components/schemas/Labels',
            description:
              "The level's name within its dimension, as chart legends name it: its label, or where that label repeats among the dimension's levels, its path up to where it is unique ('Switzerland · Zurich', 'Zurich · Zurich'). A dataset's title for a dataset.",
          },
          path: { type: 'array', items: { $ref: '#/components/schemas/Labels' } },
          score: { type: 'number' },
          matched: { type: 'array', items: { type: 'object' } },
          dims: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          url: { type: 'string', description: 'The dataset page of the selection.' },
          api: { $ref: '#/components/schemas/ApiUrls' },
        },
      },
    },
  },
} as const;

const resolveAnswer = {
  type: 'object',
  required: ['query', 'kind', 'dataset', 'title', 'dims', 'transform', 'key', 'page', 'embed', 'api'],
  properties: {
    query: { type: 'string' },
    kind: { type: 'string' },
    dataset: { type: 'string' },
    title: { $ref: '#/components/schemas/Labels' },
    dims: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    defaulted: { type: 'boolean', description: 'true when no dimension was named and the default view was taken.' },
    from: { type: ['string', 'null'] },
    to: { type: ['string', 'null'] },
    last: { type: ['integer', 'null'] },
    transform: { type: 'string', enum: [...TRANSFORMS] },
    base: { type: ['string', 'null'] },
    frequency: { type: ['string', 'null'], description: 'The lower frequency the selection is converted to (null: as published).' },
    aggregation: { type: ['string', 'null'] },
    partial: { type: ['boolean', 'null'] },
    as_of: {
      type: ['string', 'null'],
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$',
      description: 'The vintage (publish time stamp) the selection is read as of, from the `as_of` of the page URL or key; null: the latest data.',
    },
    key: { type: 'string', description: 'The series key, e.g. `ch_fso_ppi/base=2020`.' },
    page: { $ref: '#/components/schemas/Labels' },
    embed: { type: 'string' },
    api: { $ref: '#/components/schemas/ApiUrls' },
  },
} as const;

const oembed = {
  type: 'object',
  description: 'oEmbed 1.0 `rich` response.',
  required: ['version', 'type', 'html', 'width', 'height'],
  properties: {
    version: { const: '1.0' },
    type: { const: 'rich' },
    title: { type: 'string' },
    provider_name: { type: 'string' },
    provider_url: { type: 'string' },
    cache_age: { type: 'integer' },
    html: { type: 'string', description: 'The iframe snippet.' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    thumbnail_url: { type: 'string' },
    thumbnail_width: { type: 'integer' },
    thumbnail_height: { type: 'integer' },
  },
} as const;

const loadIssue = {
  type: 'object',
  description:
    'One problem the latest load found. The public view of /health gives `dataset` and `severity`; the operator view adds `file`, `line` and `message`.',
  required: ['dataset', 'severity'],
  properties: {
    dataset: { type: ['string', 'null'] },
    severity: { enum: ['error', 'warning'] },
    file: { type: ['string', 'null'], description: 'Operator view only.' },
    line: { type: 'integer', description: 'Operator view only.' },
    message: { type: 'string', description: 'Operator view only.' },
    retry: { type: 'boolean', description: 'Operator view only: the file was caught while being written and is read again.' },
  },
} as const;

const health = {
  type: 'object',
  description: `While no data is loaded (503): status \`loading\` with \`error\` and the load problems; afterwards \`ok\` or \`degraded\` with the counts. At most ${HEALTH_LISTED} problems of each severity are listed; \`errors_more\` and \`warnings_more\` count the rest. \`view\` \`public\` (anyone) gives no paths and no file contents; \`operator\` (a request from the server's machine through no proxy, or as DS_HEALTH_DETAILS says) adds \`data_dir\`, \`data_dir_resolved\`, \`reload_error\` and each problem's file, line and message.`,
  required: ['status', 'view', 'error_count', 'errors', 'errors_more', 'warning_count', 'warnings', 'warnings_more'],
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded', 'loading'] },
    view: { type: 'string', enum: ['public', 'operator'] },
    error: { type: 'string' },
    datasets: { type: 'integer' },
    series: { type: 'integer' },
    observations: { type: 'integer' },
    vintages: { type: 'integer', description: 'How many vintages (publishes) the loaded history files hold; 1 for a directory without them.' },
    data_version: { type: 'string' },
    data_dir: { type: 'string', description: 'Operator view only.' },
    data_dir_resolved: { type: ['string', 'null'], description: 'Operator view only.' },
    published_at: { type: ['string', 'null'] },
    loaded_at: { type: 'string', format: 'date-time' },
    load_ms: { type: 'number' },
    reload_failed: { type: 'boolean' },
    reload_error: { type: ['string', 'null'], description: 'Operator view only.' },
    error_count: { type: 'integer' },
    errors: { type: 'array', maxItems: HEALTH_LISTED, items: { $ref: '#/components/schemas/LoadIssue' } },
    errors_more: { type: 'integer' },
    warning_count: { type: 'integer' },
    warnings: { type: 'array', maxItems: HEALTH_LISTED, items: { $ref: '#/components/schemas/LoadIssue' } },
    warnings_more: { type: 'integer' },
  },
} as const;

const category = {
  type: 'object',
  required: ['key', 'name', 'n_datasets', 'datasets'],
  properties: {
    key: { type: 'string' },
    name: { $ref: '#/components/schemas/Labels' },
    blurb: nullable({ $ref: '#/components/schemas/Labels' }),
    n_datasets: { type: 'integer' },
    datasets: { type: 'array', items: { $ref: '#/components/schemas/CatalogEntry' } },
  },
} as const;

const combo = {
  type: 'object',
  description: 'One series: its code per dimension (keys = dimension ids), first and last date, rows and rows without a value.',
  required: ['start', 'end', 'observations', 'missing'],
  properties: { start: ISO_DATE, end: ISO_DATE, observations: { type: 'integer' }, missing: { type: 'integer' } },
  additionalProperties: { type: 'string' },
} as const;

const count = { type: 'integer', minimum: 0 } as const;
const vintage = {
  type: 'object',
  description: 'One vintage of a dataset (a publish that changed it) and what it changed.',
  required: ['vintage', 'series_added', 'series_removed', 'observations_added', 'observations_removed', 'values_revised'],
  properties: {
    vintage: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' },
    series_added: count,
    series_removed: count,
    observations_added: count,
    observations_removed: count,
    values_revised: count,
  },
  additionalProperties: false,
} as const;

const binary = (mediaType: string, description: string) => ({ type: 'string', contentMediaType: mediaType, description }) as const;

/** Every shape that recurs or names a body: `components/schemas`. */
export const COMPONENT_SCHEMAS = {
  Labels: labels,
  Problem: problem,
  ErrorCsv: errorCsv,
  CatalogEntry: catalogEntry,
  Meta: meta,
  Category: category,
  Combo: combo,
  SearchIndexRecord: searchIndexRecord,
  ApiUrls: apiUrls,
  SearchAnswer: searchAnswer,
  ResolveAnswer: resolveAnswer,
  Oembed: oembed,
  LoadIssue: loadIssue,
  Health: health,
  ColumnarSeries: columnarSeries,
  TidyCsv: tidyCsv,
  Workbook: binary('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'An Excel workbook (sheets `data` and `metadata`).'),
  Png: binary('image/png', 'A PNG image.'),
  Svg: { type: 'string', description: 'An SVG document.', pattern: '<svg' },
  Jpeg: binary('image/jpeg', 'A JPEG image.'),
  Text: { type: 'string' },
  OpenApiDocument: {
    type: 'object',
    required: ['openapi', 'info', 'paths'],
    properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' }, info: { type: 'object' }, paths: { type: 'object' } },
  },
  Vintage: vintage,
  Zip: binary(
    'application/zip',
    'A zip file: the CSV with codes and labels, the metadata JSON and a README.md (title, source, license and terms, the selection URL, the vintage, a suggested citation).',
  ),
} as const;
