import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { vintageRecords } from '../discovery/vintages.js';
import { registerGet } from '../http/get-route.js';
import { findDataset } from '../query/parse-selection.js';
import { ATOM_TYPE, renderUpdatesFeed, renderVintageFeed } from '../render/atom-feed.js';
import { datasetIdSchema, NO_PARAMS } from './schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const TAGS = ['discovery'];
const idParams = { type: 'object', properties: { id: datasetIdSchema }, required: ['id'] } as const;

/**
 * The vintages of the published data (issue 21): `/dataset/{id}/vintages`
 * (JSON), its Atom feed `/dataset/{id}/vintages.atom`, and `/updates.atom`
 * (every publish of every dataset).
 */
export function registerVintageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const baseUrl = ctx.config.baseUrl;

  registerGet(app, ctx, {
    url: '/dataset/:id/vintages',
    format: 'json',
    schema: {
      summary: 'Every vintage of a dataset, with what it changed',
      description:
        "One record per vintage (a publish that changed the dataset), **newest first**: `vintage`, the UTC time stamp of the publish (`YYYY-MM-DDTHH:MM:SSZ`, the value `as_of` takes), and what it changed: `series_added`, `series_removed`, `observations_added`, `observations_removed`, `values_revised`. The first (oldest) vintage adds all it held. A dataset without history files has exactly one vintage, stamped with the directory's publish (else the dataset's fetch or update time, else null).",
      tags: TAGS,
      params: idParams,
      querystring: NO_PARAMS,
    },
    handler: (_q, snapshot, req) => {
      const ds = findDataset(snapshot, (req.params as { id: string }).id);
      return {
        etag: `W/"vin-${ds.version}-${snapshot.publishedAt ?? ''}"`,
        type: JSON_TYPE,
        build: () => JSON.stringify(vintageRecords(ds, snapshot)),
      };
    },
  });

  registerGet(app, ctx, {
    url: '/dataset/:id/vintages.atom',
    format: 'json',
    schema: {
      summary: "Atom feed of a dataset's vintages",
      description:
        'The vintages of /dataset/{id}/vintages as an Atom feed, newest first: one entry per publish, saying what it changed in words and linking the dataset page as published then (`as_of`). Feed readers and chat integrations watch a dataset with it.',
      tags: TAGS,
      params: idParams,
      querystring: NO_PARAMS,
    },
    handler: (_q, snapshot, req) => {
      const ds = findDataset(snapshot, (req.params as { id: string }).id);
      return { etag: `W/"vina-${ds.version}-${snapshot.publishedAt ?? ''}"`, type: ATOM_TYPE, build: () => renderVintageFeed(ds, snapshot, baseUrl) };
    },
  });

  registerGet(app, ctx, {
    url: '/updates.atom',
    format: 'json',
    schema: {
      summary: 'Atom feed of every publish of every dataset',
      description:
        'Every vintage of every dataset, newest first (the 100 newest), as an Atom feed: one entry per dataset and publish, saying what changed in words and linking the dataset page as published then (`as_of`).',
      tags: TAGS,
      querystring: NO_PARAMS,
    },
    handler: (_q, snapshot) => ({ etag: `W/"upd-${snapshot.version}"`, type: ATOM_TYPE, build: () => renderUpdatesFeed(snapshot, baseUrl) }),
  });
}
