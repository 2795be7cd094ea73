/**
 * What `/openapi.json` says of each operation beyond its route schema
 * (summary, description and parameters stay beside the route): its
 * operationId, its 200 body per media type, and the error codes it answers.
 * The selection outputs come from their registry (path, media type, error
 * format) and their encoders (light or heavy); the error codes are keys of
 * the catalogue, so the compiler checks them. An operation lists only what
 * its reader and handler raise (`raises`); the codes of its request schema
 * and of every request are added to them (`raises.ts`). Keyed by OpenAPI path:
 * `document.ts` refuses a GET route without an entry, and an entry without
 * a route.
 */
import type { ErrorCode } from '../errors/catalogue.js';
import { readerProblemCodes, type ApiRoute } from '../selection/params.js';
import { ROUTE_OUTPUT_IDS, SELECTION_OUTPUTS, type OutputId } from '../query/selection-outputs.js';
import { OUTPUT_ENCODERS } from '../routes/selection-outputs.js';
import { SDMX_DATA_URLS } from '../routes/sdmx-data.js';
import { SDMX_STRUCTURE_TAILS, structureOperationId } from '../routes/sdmx-structure.js';
import { STRUCTURE_RESOURCES } from '../sdmx/structure-query.js';
import { SDMX_STRUCTURE_TYPE } from '../sdmx/structure-xml.js';
import { SDMX_DATA_FORMATS, SDMX_FORMAT_NAMES } from '../sdmx/data-formats.js';
import { ref, type COMPONENT_SCHEMAS } from './body-schemas.js';
import { ATTACHMENT_HEADER } from './responses.js';

type SchemaName = keyof typeof COMPONENT_SCHEMAS;

/** What the document says of one GET operation. */
export interface OperationDoc {
  operationId: string;
  /** the 200 answer: description and its body per media type (as sent, with parameters) */
  ok: { description: string; content: Record<string, SchemaName | object>; headers?: Record<string, object> };
  /** the error codes its reader and handler raise; those of its request schema and of every request are computed (`raises.ts`) */
  raises: readonly ErrorCode[];
  /** how errors are rendered: problem+json, a one-column error CSV, or (SDMX) an SDMX-ML error message unless the client names JSON first */
  errorFormat: 'json' | 'csv' | 'sdmx';
  /** the answer carries an ETag and a matching If-None-Match gets 304 */
  etag: boolean;
  /** before the first load: `problem` (503 not_ready), `health` (503 with the health body), or `false` (answers at once) */
  beforeLoad: 'problem' | 'health' | false;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** The codes of looking a dataset up by id (`findDataset`). */
const DATASET: ErrorCode[] = ['unknown_dataset'];

const json = (description: string, schema: SchemaName | object): OperationDoc['ok'] => ({ description, content: { [JSON_TYPE]: schema } });
const data = (doc: Pick<OperationDoc, 'operationId' | 'ok' | 'raises'>): OperationDoc => ({ ...doc, errorFormat: 'json', etag: true, beforeLoad: 'problem' });

/** The operationId, body and extra codes of each selection output; a new output must be named here (the compiler says so). */
const OUTPUT_DOCS: Record<OutputId, { operationId: string; body: SchemaName; raises?: ErrorCode[] }> = {
  csv: { operationId: 'getSeriesCsv', body: 'TidyCsv' },
  csvLabels: { operationId: 'getSeriesCsv', body: 'TidyCsv' },
  xlsx: { operationId: 'getSeriesXlsx', body: 'Workbook', raises: ['too_many_rows'] },
  json: { operationId: 'getSeries', body: 'ColumnarSeries' },
  png: { operationId: 'getChartPng', body: 'Png' },
  svg: { operationId: 'getChartSvg', body: 'Svg' },
  zip: { operationId: 'getSeriesZip', body: 'Zip' },
};

/** The Content-Disposition of a selection output that is an attachment always (required) or on `download=1`. */
const attachmentHeader = (rule: 'always' | 'on-request'): object => ({ ...ATTACHMENT_HEADER, required: rule === 'always' });

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
        ...(output.attachment === 'never' ? {} : { headers: { 'Content-Disposition': attachmentHeader(output.attachment) } }),
      },
      raises: [
        ...readerProblemCodes(output.path as ApiRoute),
        'unknown_dataset',
        ...(doc.raises ?? []),
        ...(OUTPUT_ENCODERS[id].light ? [] : (['overloaded'] as const)),
      ],
      errorFormat: output.errorFormat,
      etag: true,
      beforeLoad: 'problem',
    };
  }
  return docs;
}

/** The SDMX data route's three URL shapes (issue 22): the body in each negotiated format, SDMX's own errors. */
function sdmxDataDocs(): Record<string, OperationDoc> {
  const ids = ['getSdmxData', 'getSdmxDataOfKey', 'getSdmxDataOfKeyAndProvider'];
  const content = Object.fromEntries(SDMX_FORMAT_NAMES.map((n) => [SDMX_DATA_FORMATS[n].type, 'Text' as const]));
  const docs: Record<string, OperationDoc> = {};
  SDMX_DATA_URLS.forEach((url, i) => {
    docs[url.replace(/:(\w+)/g, '{$1}')] = {
      operationId: ids[i],
      ok: { description: 'The data message, in the format Accept or format= asks for.', content },
      raises: ['unknown_dataset', 'bad_sdmx_key', 'no_results', 'bad_date_range', 'not_implemented', 'too_many_rows'],
      errorFormat: 'sdmx',
      etag: true,
      beforeLoad: 'problem',
    };
  });
  return docs;
}

/** The SDMX structure routes (issue 22): four URL shapes per resource, one SDMX-ML structure message, SDMX's own errors. */
function sdmxStructureDocs(): Record<string, OperationDoc> {
  const docs: Record<string, OperationDoc> = {};
  for (const resource of STRUCTURE_RESOURCES) {
    for (const tail of SDMX_STRUCTURE_TAILS) {
      docs[`/sdmx/2.1/${resource}${tail.replace(/:(\w+)/g, '{$1}')}`] = {
        operationId: structureOperationId(resource, tail),
        ok: { description: 'The structure message.', content: { [SDMX_STRUCTURE_TYPE]: 'Text' } },
        // nothing matching (an agency, id or version named in the path) is SDMX's 100; other details than full are 501
        raises: tail === '' ? ['not_implemented'] : ['unknown_dataset', 'not_implemented'],
        errorFormat: 'sdmx',
        etag: true,
        beforeLoad: 'problem',
      };
    }
  }
  return docs;
}

const siteFile = (operationId: string, type: string, beforeLoad: OperationDoc['beforeLoad'] = 'problem'): OperationDoc => ({
  operationId,
  ok: { description: 'The file.', content: { [type]: 'Text' } },
  raises: [],
  errorFormat: 'json',
  etag: true,
  beforeLoad,
});

/** Every documented operation, keyed by its OpenAPI path. */
export function operationDocs(): Record<string, OperationDoc> {
  return {
    '/catalog': data({ operationId: 'listDatasets', ok: json('One entry per dataset.', { type: 'array', items: ref('CatalogEntry') }), raises: [] }),
    '/dataset/{id}/meta': data({ operationId: 'getDatasetMeta', ok: json('The metadata.', 'Meta'), raises: DATASET }),
    '/categories': data({ operationId: 'listCategories', ok: json('The topic groups.', { type: 'array', items: ref('Category') }), raises: [] }),
    '/dataset/{id}/combos': data({
      operationId: 'listDatasetCombos',
      ok: json('One record per series.', { type: 'array', items: ref('Combo') }),
      raises: DATASET,
    }),
    '/search-index.json': data({
      operationId: 'getSearchIndex',
      ok: json('One record per selectable level.', { type: 'array', items: ref('SearchIndexRecord') }),
      raises: [],
    }),
    '/search': data({ operationId: 'search', ok: json('The ranked results.', 'SearchAnswer'), raises: ['empty_query'] }),
    '/resolve': data({
      operationId: 'resolve',
      ok: json('The canonical selection.', 'ResolveAnswer'),
      // the one selection reader, of a series key and of a page URL (src/selection/params.ts)
      raises: [...new Set([...readerProblemCodes('key'), ...readerProblemCodes('page')]), 'empty_query', 'bad_key', 'not_resolved', 'not_a_dataset_page'],
    }),
    '/oembed': data({
      operationId: 'oembed',
      ok: json('The oEmbed answer.', 'Oembed'),
      raises: ['bad_url', 'not_our_url', 'not_embeddable', 'not_implemented'],
    }),
    ...selectionOutputDocs(),
    '/og.jpg': data({
      operationId: 'getLinkPreview',
      ok: { description: 'The preview image.', content: { 'image/jpeg': 'Jpeg' } },
      raises: [...DATASET, 'overloaded'],
    }),
    '/events': {
      operationId: 'followChanges',
      ok: { description: 'The event stream (it stays open).', content: { 'text/event-stream; charset=utf-8': 'Text' } },
      raises: [...DATASET, 'too_many_client_streams', 'too_many_streams'],
      errorFormat: 'json',
      etag: false,
      beforeLoad: 'problem',
    },
    '/robots.txt': siteFile('getRobotsTxt', TEXT_TYPE, false),
    '/sitemap.xml': siteFile('getSitemap', 'application/xml; charset=utf-8'),
    '/llms.txt': siteFile('getLlmsTxt', TEXT_TYPE),
    '/llms-full.txt': siteFile('getLlmsFullTxt', TEXT_TYPE),
    '/health': { operationId: 'getHealth', ok: json('Loaded: ok or degraded.', 'Health'), raises: [], errorFormat: 'json', etag: false, beforeLoad: 'health' },
    ...sdmxDataDocs(),
    ...sdmxStructureDocs(),
    '/openapi.json': {
      operationId: 'getOpenApi',
      ok: json('This document.', 'OpenApiDocument'),
      raises: [],
      errorFormat: 'json',
      etag: true,
      beforeLoad: false,
    },
    // issue 21: the vintages of a dataset and the feeds of publishes
    '/dataset/{id}/vintages': data({
      operationId: 'listDatasetVintages',
      ok: json('One record per vintage, newest first.', { type: 'array', items: ref('Vintage') }),
      raises: DATASET,
    }),
    '/dataset/{id}/vintages.atom': data({
      operationId: 'getDatasetVintagesFeed',
      ok: { description: 'The Atom feed, newest first.', content: { [ATOM_TYPE]: 'Text' } },
      raises: DATASET,
    }),
    '/updates.atom': data({ operationId: 'getUpdatesFeed', ok: { description: 'The Atom feed, newest first.', content: { [ATOM_TYPE]: 'Text' } }, raises: [] }),
  };
}
