import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerGet } from '../http/get-route.js';
import { computeView } from '../query/compute-view.js';
import { stringifyInOrder } from '../data/json-order.js';
import { buildCatalogEntry, buildMetaDocument } from '../query/describe.js';
import { encodeColumnarJson, encodeCsv } from '../query/encode.js';
import { findDataset, parseSelection, type SelectionQuery } from '../query/parse-selection.js';
import { attachmentHeaders, isDownload, type DownloadQuery } from './downloads.js';
import { datasetIdSchema, errorResponses, selectionQuerySchema } from './schemas.js';
import { selectionEtag } from './selection-etag.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/** The data API: /catalog, /dataset/{id}/meta, /series, /series.csv. */
export function registerApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGet(app, ctx, {
    url: '/catalog',
    format: 'json',
    schema: {
      summary: 'All datasets',
      description: 'One entry per dataset, fields as catalog.json; n_series, start and end come from the data.',
      tags: ['data'],
      querystring: { type: 'object', properties: {}, patternProperties: { '^_': {} }, additionalProperties: false },
    },
    handler: (_q, snapshot) => ({
      etag: `W/"c-${snapshot.version}"`,
      type: JSON_TYPE,
      build: () => JSON.stringify([...snapshot.datasets.values()].map(buildCatalogEntry)),
    }),
  });

  registerGet<{ id: string }>(app, ctx, {
    url: '/dataset/:id/meta',
    format: 'json',
    schema: {
      summary: 'Metadata of a dataset',
      description: 'The normalised metadata: dimensions with their levels and hierarchy, units, source, license, defaults.',
      tags: ['data'],
      params: { type: 'object', properties: { id: datasetIdSchema }, required: ['id'] },
      response: { 404: errorResponses[404] },
    },
    handler: (_q, snapshot, req) => {
      const ds = findDataset(snapshot, (req.params as { id: string }).id);
      return { etag: `W/"m-${ds.version}"`, type: JSON_TYPE, build: () => stringifyInOrder(buildMetaDocument(ds)) };
    },
  });

  for (const format of ['json', 'csv'] as const) {
    registerGet<SelectionQuery & DownloadQuery>(app, ctx, {
      url: format === 'json' ? '/series' : '/series.csv',
      format,
      schema: {
        summary: format === 'json' ? 'Observations of a selection (columnar JSON)' : 'Observations of a selection (tidy CSV)',
        description:
          format === 'json'
            ? 'One object whose keys are the columns (dimensions in dim_order, then date, value), each an array of equal length; missing values are null.'
            : 'One row per observation: dimension columns in dim_order, then date, value; missing values are empty. With no filter it equals the published CSV.',
        tags: ['data'],
        querystring: selectionQuerySchema,
        response: errorResponses,
      },
      handler: (query, snapshot) => {
        const { dataset, selection } = parseSelection(query, snapshot);
        // download=1 only adds Content-Disposition; the body is the same bytes.
        const download = isDownload(query.download);
        return {
          etag: selectionEtag(format, dataset.version, selection, download ? 'attachment' : ''),
          type: format === 'json' ? JSON_TYPE : CSV_TYPE,
          headers: download ? attachmentHeaders(selection, format) : undefined,
          build: () => {
            const view = computeView(dataset, selection);
            return format === 'json' ? encodeColumnarJson(view) : encodeCsv(view);
          },
        };
      },
    });
  }
}
