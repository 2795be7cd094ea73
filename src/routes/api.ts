import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerGet } from '../http/get-route.js';
import { stringifyInOrder } from '../data/json-order.js';
import { buildCatalogEntry, buildMetaDocument } from '../query/describe.js';
import { findDataset } from '../query/parse-selection.js';
import { datasetIdSchema, NO_PARAMS } from './schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The data API: /catalog and /dataset/{id}/meta (the selection outputs are in selection-outputs.ts). */
export function registerApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGet(app, ctx, {
    url: '/catalog',
    format: 'json',
    schema: {
      summary: 'All datasets',
      description: 'One entry per dataset, fields as catalog.json; n_series, start and end come from the data.',
      tags: ['data'],
      querystring: NO_PARAMS,
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
      querystring: NO_PARAMS,
    },
    handler: (_q, snapshot, req) => {
      const ds = findDataset(snapshot, (req.params as { id: string }).id);
      return { etag: `W/"m-${ds.version}"`, type: JSON_TYPE, build: () => stringifyInOrder(buildMetaDocument(ds)) };
    },
  });
}
