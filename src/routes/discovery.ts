import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { LANGS, type Lang } from '../data/model.js';
import { groupByCategory } from '../discovery/categories.js';
import { comboRecords } from '../discovery/combos.js';
import { oembedAnswer, type OembedQuery } from '../discovery/oembed.js';
import { resolveAnswer } from '../discovery/resolve.js';
import { searchAnswer } from '../discovery/search-answer.js';
import { searchIndexRecords } from '../discovery/search-index.js';
import { registerGet } from '../http/get-route.js';
import { buildCatalogEntry } from '../query/describe.js';
import { findDataset } from '../query/parse-selection.js';
import { datasetIdSchema, NO_PARAMS } from './schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const TAGS = ['discovery'];

const langSchema = {
  type: 'string',
  enum: [...LANGS],
  default: 'en',
  description: 'Language asked for: ranks matches in it first and labels the chart URLs.',
} as const;

/** A short hash of the parameters that shape an answer, for its ETag. */
const paramsHash = (...parts: unknown[]): string => createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);

/** Discovery: /categories, /dataset/{id}/combos, /search-index.json, /search, /resolve, /oembed. */
export function registerDiscoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const baseUrl = ctx.config.baseUrl;

  registerGet(app, ctx, {
    url: '/categories',
    format: 'json',
    schema: {
      summary: 'Topic groups with their datasets',
      description:
        'The categories in display order: key, name and blurb (language maps), and their datasets (catalog entries), joined on the topic key. Datasets whose topic matches no category come last under key `other`. Every dataset is in exactly one group.',
      tags: TAGS,
      querystring: NO_PARAMS,
    },
    handler: (_q, snapshot) => ({
      etag: `W/"cat-${snapshot.version}"`,
      type: JSON_TYPE,
      build: () =>
        JSON.stringify(
          groupByCategory(snapshot).map(({ category, datasets }) => ({
            key: category.key,
            name: category.name,
            blurb: category.blurb,
            n_datasets: datasets.length,
            datasets: datasets.map(buildCatalogEntry),
          })),
        ),
    }),
  });

  registerGet(app, ctx, {
    url: '/dataset/:id/combos',
    format: 'json',
    schema: {
      summary: 'The series that exist in a dataset',
      description:
        'One record per series, in the published CSV order: its code per dimension (keys = dimension ids), `start` and `end` (first and last date), `observations` (rows) and `missing` (rows without a value). Cubes are sparse: pickers use this to offer only combinations that have data.',
      tags: TAGS,
      params: { type: 'object', properties: { id: datasetIdSchema }, required: ['id'] },
      querystring: NO_PARAMS,
    },
    handler: (_q, snapshot, req) => {
      const ds = findDataset(snapshot, (req.params as { id: string }).id);
      return { etag: `W/"combos-${ds.version}"`, type: JSON_TYPE, build: () => JSON.stringify(comboRecords(ds)) };
    },
  });

  registerGet(app, ctx, {
    url: '/search-index.json',
    format: 'json',
    schema: {
      summary: 'Every selectable level, for client-side search',
      description:
        'One record per level that has series of its own (grouping levels are left out), in catalog, dimension and level order: datasetId, datasetTitle, freq, dim, code, label, path (labels of the ancestors, top first). A single-series dataset has one record with dim and code null: it is selected by its id alone (`/series?dataset=ID`, `ds("ID")` in the clients), never with `dims`. `dim=code` of every other record selects a non-empty series through /series.',
      tags: TAGS,
      querystring: NO_PARAMS,
    },
    handler: (_q, snapshot) => ({ etag: `W/"si-${snapshot.version}"`, type: JSON_TYPE, build: () => JSON.stringify(searchIndexRecords(snapshot)) }),
  });

  registerGet<{ q: string; lang?: Lang; limit?: number }>(app, ctx, {
    url: '/search',
    format: 'json',
    schema: {
      summary: 'Search datasets and series',
      description:
        'Ranked search over dataset titles, descriptions, concepts, topics and level labels in all four languages, ignoring case and accents. Every word must match, as a whole word, a prefix or (from three letters) inside a word; whole words rank above prefixes above inside matches, titles above labels. Each result says what matched and gives the selection to open (`dims`, page URL, API URLs).',
      tags: TAGS,
      querystring: {
        type: 'object',
        required: ['q'],
        properties: {
          q: { type: 'string', minLength: 1, maxLength: 200, description: 'Words to search for.', examples: ['unemployment', 'Arbeitslosenquote', 'PIB'] },
          lang: langSchema,
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'Most results returned (`total` counts them all).' },
        },
        patternProperties: { '^_': {} },
        additionalProperties: false,
      },
    },
    handler: (query, snapshot) => {
      const lang = query.lang ?? 'en';
      const limit = query.limit ?? 10;
      const answer = searchAnswer(snapshot, query.q, lang, limit, baseUrl);
      return { etag: `W/"s-${snapshot.version}-${paramsHash(query.q, lang, limit)}"`, type: JSON_TYPE, build: () => JSON.stringify(answer) };
    },
  });

  registerGet<{ q: string; lang?: Lang }>(app, ctx, {
    url: '/resolve',
    format: 'json',
    schema: {
      summary: 'Turn a page URL, a series key or words into one selection',
      description:
        'Accepts a dataset page URL (`/de/d/ch_fso_ppi?dims=base=2020`, with or without host), a series key (`ch_fso_ppi/base=2020`, `ch_fso_ppi?dims=base=2020`, a bare id), a dotted key as the clients name columns (`ch_seco_concon.index.ks_i11.csa`) or free text (the best search hit). Answers the canonical selection: dataset, dims (the default view when none is named), labels, series key, page URLs in every language, embed URL and API URLs. Unknown input: 404 with the closest candidates.',
      tags: TAGS,
      querystring: {
        type: 'object',
        required: ['q'],
        properties: {
          q: {
            type: 'string',
            minLength: 1,
            maxLength: 2000,
            description: 'Page URL, series key, dotted key or words.',
            examples: ['/de/d/ch_fso_ppi?dims=base=2020', 'ch_fso_unemp_rate/sex=men', 'Arbeitslosenquote'],
          },
          lang: langSchema,
        },
        patternProperties: { '^_': {} },
        additionalProperties: false,
      },
    },
    handler: async (query, snapshot) => {
      const lang = query.lang ?? 'en';
      const answer = await resolveAnswer(snapshot, query.q, lang, baseUrl);
      return { etag: `W/"r-${snapshot.version}-${paramsHash(query.q, lang)}"`, type: JSON_TYPE, build: () => JSON.stringify(answer) };
    },
  });

  registerGet<OembedQuery>(app, ctx, {
    url: '/oembed',
    format: 'json',
    schema: {
      summary: 'oEmbed for dataset pages',
      description:
        'oEmbed 1.0 `rich` answer for a dataset page URL of this site (any language, with its selection): the iframe snippet of the chart, width and height within maxwidth/maxheight, title, provider and a chart thumbnail. format=xml: 501; a URL that is not a dataset page of this site: 404.',
      tags: TAGS,
      querystring: {
        type: 'object',
        required: ['url'],
        properties: {
          url: { type: 'string', minLength: 1, maxLength: 4000, description: 'A dataset page URL of this site.', examples: [`${baseUrl}/d/ch_kof_barometer`] },
          maxwidth: { type: 'integer', minimum: 1, maximum: 10000, description: 'Most width in px of the embed and its thumbnail.' },
          maxheight: { type: 'integer', minimum: 1, maximum: 10000, description: 'Most height in px of the embed and its thumbnail.' },
          format: { type: 'string', maxLength: 20, description: 'json (default); xml is not available (501).' },
        },
        patternProperties: { '^_': {} },
        additionalProperties: false,
      },
    },
    handler: async (query, snapshot) => {
      const answer = await oembedAnswer(snapshot, query, baseUrl);
      return {
        etag: `W/"o-${snapshot.version}-${paramsHash(query.url, query.maxwidth, query.maxheight)}"`,
        type: JSON_TYPE,
        build: () => JSON.stringify(answer),
      };
    },
  });
}
