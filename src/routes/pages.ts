import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { LANGS, type Dataset, type Lang, type Snapshot } from '../data/model.js';
import { pageDatasetAsOf } from './as-of.js';
import { NotFoundError } from '../errors/ds-error.js';
import { registerGet, type Answer } from '../http/get-route.js';
import { pageSecurityHeaders } from '../http/security-headers.js';
import { findDataset } from '../query/parse-selection.js';
import { ASSET_PREFIX, loadClientAssets, type ClientAssets } from '../render/client-assets.js';
import { buildAboutView, renderAbout } from '../render/pages/about.js';
import { buildDatasetView } from '../render/pages/dataset-view.js';
import { renderDataset, renderEmbed } from '../render/pages/dataset-page.js';
import { buildDatasetsView, renderDatasets, type DatasetsQuery } from '../render/pages/datasets.js';
import { buildErrorView, renderErrorPage } from '../render/pages/error-page.js';
import { statePageUrl, type PageQuery } from '../selection/state.js';
import { buildExplorerMeta } from '../selection/from-dataset.js';
import { readPageQuery } from '../selection/read-query.js';
import { buildHomeView, renderHome } from '../render/pages/home.js';
import { buildLibrariesView, renderLibraries } from '../render/pages/libraries.js';
import { buildLicensesView, renderLicenses } from '../render/pages/licenses.js';
import type { Site } from '../render/pages/site.js';
import { langPrefix } from '../urls.js';

const HTML_TYPE = 'text/html; charset=utf-8';
/** Pages revalidate quickly: their ETag changes with the data and the bundle. */
const PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Hashed asset names never change content. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** /favicon.ico has no hash in its name: a day, then revalidate. */
const FAVICON_CACHE_CONTROL = 'public, max-age=86400';

/** Query of a page: free-form (dimension codes, filters); pages read what they know and ignore the rest. */
const pageQuerySchema = { type: 'object' } as const;

/** A page of the site: how to render it from the snapshot, a language and the request. */
type PageRender = (
  snapshot: Snapshot,
  lang: Lang,
  site: Site,
  req: FastifyRequest,
) => { body: () => string; check?: () => void; prepare?: () => Promise<void> };

function pageEtag(req: FastifyRequest, snapshot: Snapshot, site: Site): string {
  const key = [req.url, snapshot.version, site.baseUrl, site.assets.js, site.assets.css].join('\n');
  return `W/"page-${createHash('sha1').update(key).digest('base64url').slice(0, 22)}"`;
}

/** The site pages, the dataset pages (and their embeds), the bundle's files and the HTML error page. */
export function registerPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const empty: ClientAssets = { files: new Map(), urls: { js: `${ASSET_PREFIX}app.js`, css: `${ASSET_PREFIX}app.css`, icon: `${ASSET_PREFIX}icon.svg` } };
  const site: Site = { baseUrl: ctx.config.baseUrl, assets: empty.urls };
  const assets = loadClientAssets().then(
    (loaded) => {
      site.assets = loaded.urls;
      return loaded;
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'the browser bundle could not be built: pages are served without it');
      return empty;
    },
  );
  ctx.errors.setHtml((err, path) => renderErrorPage(buildErrorView(err, path, site)));

  registerGet<Record<string, never>>(app, ctx, {
    url: `${ASSET_PREFIX}:name`,
    format: 'json',
    needsData: false,
    cache: false,
    schema: { hide: true, params: { type: 'object', properties: { name: { type: 'string', maxLength: 100 } } } },
    handler: async (_q, _s, req) => {
      const name = (req.params as { name: string }).name;
      const file = (await assets).files.get(name);
      if (!file) throw new NotFoundError(`No asset '${name}': asset names carry a content hash; reload the page for the current ones.`, { name }, 'no_asset');
      return { etag: `"${file.name}"`, type: file.type, cacheControl: ASSET_CACHE_CONTROL, build: () => file.body };
    },
  });

  // browsers and crawlers ask for /favicon.ico whatever the page links: answer with the site's icon (SVG)
  registerGet<Record<string, never>>(app, ctx, {
    url: '/favicon.ico',
    format: 'json',
    needsData: false,
    cache: false,
    schema: { hide: true },
    handler: async () => {
      const loaded = await assets;
      const file = loaded.files.get(site.assets.icon.slice(ASSET_PREFIX.length));
      if (!file) throw new NotFoundError('No site icon: the browser bundle could not be built.', {}, 'no_asset');
      return { etag: `"${file.name}"`, type: file.type, cacheControl: FAVICON_CACHE_CONTROL, build: () => file.body };
    },
  });

  const page = (url: string, lang: Lang, render: PageRender): void =>
    registerGet<PageQuery>(app, ctx, {
      url,
      format: 'html',
      cors: false,
      schema: { hide: true, querystring: pageQuerySchema },
      handler: async (_q, snapshot, req): Promise<Answer> => {
        await assets;
        const rendered = render(snapshot, lang, site, req);
        rendered.check?.();
        await rendered.prepare?.();
        const embed = (req.query as PageQuery).embed;
        const headers = pageSecurityHeaders(embed === '1' || embed === 'true');
        return { etag: pageEtag(req, snapshot, site), type: HTML_TYPE, cacheControl: PAGE_CACHE_CONTROL, headers, build: rendered.body };
      },
    });

  // a form sent without JavaScript goes to the page's one URL (issue 23 item 9); see formRedirect
  const datasetRoutes = new Map(LANGS.map((l) => [`${langPrefix(l)}/d/:id`, l]));
  app.addHook('preHandler', async (req, reply) => {
    const lang = datasetRoutes.get(req.routeOptions.url ?? '');
    const snapshot = ctx.data.current;
    if (lang === undefined || !snapshot || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    const location = formRedirect(snapshot, lang, (req.params as { id: string }).id, req.query as PageQuery, req.url);
    if (location) await reply.header('cache-control', PAGE_CACHE_CONTROL).redirect(location, 303);
  });

  for (const lang of LANGS) {
    const prefix = langPrefix(lang);
    const home: PageRender = (s, l, site) => ({ body: () => renderHome(buildHomeView(s, l, site)) });
    page(`${prefix}/`, lang, home);
    if (prefix) page(prefix, lang, home);
    page(`${prefix}/datasets`, lang, (s, l, site, req) => ({ body: () => renderDatasets(buildDatasetsView(s, l, site, textQuery(req))) }));
    page(`${prefix}/about`, lang, (s, l, site) => ({ body: () => renderAbout(buildAboutView(s, l, site)) }));
    page(`${prefix}/libraries`, lang, (s, l, site) => ({ body: () => renderLibraries(buildLibrariesView(s, l, site)) }));
    page(`${prefix}/licenses`, lang, (s, l, site) => ({ body: () => renderLicenses(buildLicensesView(s, l, site)) }));
    page(`${prefix}/d/:id`, lang, (s, l, site, req) => {
      const id = (req.params as { id: string }).id;
      const query = req.query as PageQuery;
      const embed = query.embed === '1' || query.embed === 'true';
      let shown: Dataset | undefined;
      return {
        check: () => findDataset(s, id),
        // as_of: the dataset as published then (its view is built off the event loop)
        prepare: async () => {
          shown = await pageDatasetAsOf(s, id, query.as_of);
        },
        body: () => {
          const view = buildDatasetView(s, l, site, id, query, embed, shown);
          return embed ? renderEmbed(view) : renderDataset(view);
        },
      };
    });
  }
}

/**
 * Where a dataset page request made by the page's form without JavaScript
 * (`?D0=SARON&D0=1TGT&transform=yoy&from=&to=`: a name given twice or an
 * empty value) is sent: the URL the page writes for the state it reads
 * (statePageUrl), when it names the same state otherwise than that URL does.
 * Null to render the page: not a form's query, already the page's URL, or a
 * query the reading corrected (its notes are shown on the page itself).
 */
function formRedirect(snapshot: Snapshot, lang: Lang, id: string, query: PageQuery, url: string): string | null {
  const search = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
  const names = [...search.keys()];
  const fromForm = names.length !== new Set(names).size || [...search.values()].includes('');
  const ds = snapshot.datasets.get(id);
  if (!fromForm || !ds) return null;
  const meta = buildExplorerMeta(ds, lang);
  const read = readPageQuery(meta, query);
  if (read.problems.length || read.last !== null) return null;
  const embed = query.embed === '1' || query.embed === 'true' ? ([['embed', '1']] as [string, string][]) : [];
  const canonical = statePageUrl('', lang, meta, read.state, embed);
  const pairs = (params: URLSearchParams): string => JSON.stringify([...params]);
  return pairs(search) === pairs(new URLSearchParams(canonical.slice(canonical.indexOf('?') + 1 || canonical.length))) ? null : canonical;
}

/** The /datasets filter from the query (a repeated parameter counts once). */
function textQuery(req: FastifyRequest): DatasetsQuery {
  const q = req.query as PageQuery;
  const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
  return { q: one(q.q), topic: one(q.topic) };
}
