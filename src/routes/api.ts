import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { LANGS, type Lang } from '../data/model.js';
import { registerGet } from '../http/get-route.js';
import { computeView } from '../query/compute-view.js';
import { buildCatalogEntry, buildMetaDocument } from '../query/describe.js';
import { encodeColumnarJson, encodeCsv } from '../query/encode.js';
import { encodeLabelledCsv } from '../query/encode-labelled-csv.js';
import { findDataset, parseSelection, type SelectionQuery } from '../query/parse-selection.js';
import { attachmentHeaders, isDownload, type DownloadQuery } from './downloads.js';
import { datasetIdSchema, downloadProperty, errorResponses, selectionQuerySchema } from './schemas.js';
import { selectionEtag } from './selection-etag.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/** `labels=true&lang=de` of /series.csv. */
interface LabelsQuery {
  labels?: string;
  lang?: Lang;
}

/** /series.csv takes `labels` and `lang` besides the selection. */
const labelledCsvQuerySchema = {
  ...selectionQuerySchema,
  properties: {
    ...selectionQuerySchema.properties,
    labels: { ...downloadProperty, description: 'With true (or 1) a `{dim}_label` column follows each dimension column, in the language `lang`.' },
    lang: { type: 'string', enum: [...LANGS], description: 'Language of the label columns (default en).' },
  },
} as const;

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
      return { etag: `W/"m-${ds.version}"`, type: JSON_TYPE, build: () => JSON.stringify(buildMetaDocument(ds)) };
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
        querystring: format === 'csv' ? labelledCsvQuerySchema : selectionQuerySchema,
        response: errorResponses,
      },
      handler: (query, snapshot) => {
        // labels=true adds a label column after each code column, in `lang` (issue 15); the default bytes are untouched
        const labels = format === 'csv' && isDownload((query as LabelsQuery).labels) ? ((query as LabelsQuery).lang ?? 'en') : null;
        const { dataset, selection } = parseSelection(query, snapshot);
        // download=1 only adds Content-Disposition; the body is the same bytes.
        const download = isDownload(query.download);
        return {
          etag: selectionEtag(format, dataset.version, selection, `${download ? 'attachment' : ''}${labels ? `|labels-${labels}` : ''}`),
          type: format === 'json' ? JSON_TYPE : CSV_TYPE,
          headers: download ? attachmentHeaders(selection, format) : undefined,
          build: () => {
            const view = computeView(dataset, selection);
            return format === 'json' ? encodeColumnarJson(view) : labels ? encodeLabelledCsv(view, labels) : encodeCsv(view);
          },
        };
      },
    });
  }
}
