/**
 * What `/openapi.json` says of each operation beyond its route schema
 * (summary, description and parameters stay beside the route): its
 * operationId, its 200 body per media type, and the error codes it answers.
 * The selection outputs come from their registry (path, media type, error
 * format) and their encoders (light or heavy); the error codes are keys of
 * the catalogue, so the compiler checks them. Keyed by OpenAPI path:
 * `document.ts` refuses a GET route without an entry, and an entry without
 * a route.
 */
import type { ErrorCode } from '../errors/catalogue.js';
import { ROUTE_OUTPUT_IDS, SELECTION_OUTPUTS, type OutputId } from '../query/selection-outputs.js';
import { OUTPUT_ENCODERS } from '../routes/selection-outputs.js';
import { ref, type COMPONENT_SCHEMAS } from './body-schemas.js';

type SchemaName = keyof typeof COMPONENT_SCHEMAS;

/** What the document says of one GET operation. */
export interface OperationDoc {
  operationId: string;
  /** the 200 answer: description and its body per media type (as sent, with parameters) */
  ok: { description: string; content: Record<string, SchemaName | object> };
  /** the error codes of the operation, beside 429 rate_limited and 503 restarting, which the front door may answer on any path */
  errors: readonly ErrorCode[];
  /** how errors are rendered: problem+json, or a one-column error CSV */
  errorFormat: 'json' | 'csv';
  /** the answer carries an ETag and a matching If-None-Match gets 304 */
  etag: boolean;
  /** before the first load: `problem` (503 not_ready), `health` (503 with the health body), or `false` (answers at once) */
  beforeLoad: 'problem' | 'health' | false;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The codes of a route whose query schema refuses unknown parameters. */
const QUERY: ErrorCode[] = ['bad_parameter', 'unknown_parameter'];
/** The codes of a route with a malformed id in its path. */
const DATASET_PATH: ErrorCode[] = ['bad_parameter', 'unknown_dataset'];
/** The codes of parsing a selection (`query/parse-selection.ts`). */
const SELECTION: ErrorCode[] = [
  'missing_parameter',
  'bad_parameter',
  'unknown_parameter',
  'malformed_dims',
  'unknown_dimension',
  'unknown_code',
  'bad_date',
  'bad_relative_date',
  'bad_date_range',
  'unknown_transform',
  'base_without_index',
  'unknown_dataset',
];

const json = (description: string, schema: SchemaName | object): OperationDoc['ok'] => ({ description, content: { [JSON_TYPE]: schema } });
const data = (doc: Pick<OperationDoc, 'operationId' | 'ok' | 'errors'>): OperationDoc => ({ ...doc, errorFormat: 'json', etag: true, beforeLoad: 'problem' });

/** The operationId, body and extra codes of each selection output; a new output must be named here (the compiler says so). */
const OUTPUT_DOCS: Record<OutputId, { operationId: string; body: SchemaName; errors?: ErrorCode[] }> = {
  csv: { operationId: 'getSeriesCsv', body: 'TidyCsv' },
  csvLabels: { operationId: 'getSeriesCsv', body: 'TidyCsv' },
  xlsx: { operationId: 'getSeriesXlsx', body: 'Workbook', errors: ['too_many_rows'] },
  json: { operationId: 'getSeries', body: 'ColumnarSeries' },
  png: { operationId: 'getChartPng', body: 'Png' },
  svg: { operationId: 'getChartSvg', body: 'Svg' },
};

/** The documentation of each selection output's route, from the registry. */
function selectionOutputDocs(): Record<string, OperationDoc> {
  const docs: Record<string, OperationDoc> = {};
  for (const id of ROUTE_OUTPUT_IDS) {
    const output = SELECTION_OUTPUTS[id];
    const doc = OUTPUT_DOCS[id];
    docs[`/${output.path}`] = {
      operationId: doc.operationId,
      ok: {
        description: `${output.group === 'chart' ? 'The chart of the selection' : 'The selection'} as ${output.ext.toUpperCase()}.`,
        content: { [output.mediaType]: doc.body },
      },
      errors: [...SELECTION, ...(doc.errors ?? []), ...(OUTPUT_ENCODERS[id].light ? [] : (['overloaded'] as const))],
      errorFormat: output.errorFormat,
      etag: true,
      beforeLoad: 'problem',
    };
  }
  return docs;
}

const siteFile = (operationId: string, type: string, beforeLoad: OperationDoc['beforeLoad'] = 'problem'): OperationDoc => ({
  operationId,
  ok: { description: 'The file.', content: { [type]: 'Text' } },
  errors: QUERY,
  errorFormat: 'json',
  etag: true,
  beforeLoad,
});

/** Every documented operation, keyed by its OpenAPI path. */
export function operationDocs(): Record<string, OperationDoc> {
  return {
    '/catalog': data({ operationId: 'listDatasets', ok: json('One entry per dataset.', { type: 'array', items: ref('CatalogEntry') }), errors: QUERY }),
    '/dataset/{id}/meta': data({ operationId: 'getDatasetMeta', ok: json('The metadata.', 'Meta'), errors: DATASET_PATH }),
    '/categories': data({ operationId: 'listCategories', ok: json('The topic groups.', { type: 'array', items: ref('Category') }), errors: QUERY }),
    '/dataset/{id}/combos': data({
      operationId: 'listDatasetCombos',
      ok: json('One record per series.', { type: 'array', items: ref('Combo') }),
      errors: [...DATASET_PATH, 'unknown_parameter'],
    }),
    '/search-index.json': data({
      operationId: 'getSearchIndex',
      ok: json('One record per selectable level.', { type: 'array', items: ref('SearchIndexRecord') }),
      errors: QUERY,
    }),
    '/search': data({ operationId: 'search', ok: json('The ranked results.', 'SearchAnswer'), errors: ['missing_parameter', ...QUERY, 'empty_query'] }),
    '/resolve': data({
      operationId: 'resolve',
      ok: json('The canonical selection.', 'ResolveAnswer'),
      errors: [
        'missing_parameter',
        ...QUERY,
        'empty_query',
        'bad_key',
        'malformed_dims',
        'unknown_dimension',
        'unknown_code',
        'bad_date',
        'unknown_transform',
        'base_without_index',
        'not_resolved',
        'not_a_dataset_page',
        'unknown_dataset',
      ],
    }),
    '/oembed': data({
      operationId: 'oembed',
      ok: json('The oEmbed answer.', 'Oembed'),
      errors: ['missing_parameter', ...QUERY, 'bad_url', 'not_our_url', 'not_embeddable', 'not_implemented'],
    }),
    ...selectionOutputDocs(),
    '/og.jpg': data({
      operationId: 'getLinkPreview',
      ok: { description: 'The preview image.', content: { 'image/jpeg': 'Jpeg' } },
      errors: [...QUERY, 'unknown_dataset', 'overloaded'],
    }),
    '/events': {
      operationId: 'followChanges',
      ok: { description: 'The event stream (it stays open).', content: { 'text/event-stream; charset=utf-8': 'Text' } },
      errors: [...QUERY, 'unknown_dataset', 'too_many_client_streams', 'too_many_streams'],
      errorFormat: 'json',
      etag: false,
      beforeLoad: 'problem',
    },
    '/robots.txt': siteFile('getRobotsTxt', TEXT_TYPE, false),
    '/sitemap.xml': siteFile('getSitemap', 'application/xml; charset=utf-8'),
    '/llms.txt': siteFile('getLlmsTxt', TEXT_TYPE),
    '/llms-full.txt': siteFile('getLlmsFullTxt', TEXT_TYPE),
    '/health': { operationId: 'getHealth', ok: json('Loaded: ok or degraded.', 'Health'), errors: [], errorFormat: 'json', etag: false, beforeLoad: 'health' },
    '/openapi.json': {
      operationId: 'getOpenApi',
      ok: json('This document.', 'OpenApiDocument'),
      errors: QUERY,
      errorFormat: 'json',
      etag: true,
      beforeLoad: false,
    },
  };
}
