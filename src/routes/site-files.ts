import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Snapshot } from '../data/model.js';
import { registerGet } from '../http/get-route.js';
import { NO_PARAMS } from './schemas.js';
import { renderLlmsFullTxt, renderLlmsTxt } from '../render/llms-txt.js';
import { buildSitemapPages, renderSitemapXml } from '../render/sitemap-xml.js';
import { serviceUrl } from '../urls.js';
import { openingSelection } from '../selection/from-dataset.js';

/**
 * Files for machines that read the site: /robots.txt, /sitemap.xml,
 * /llms.txt and /llms-full.txt. Each is built from the loaded data, so its
 * ETag is the snapshot's version.
 */

const TEXT_TYPE = 'text/plain; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';
/** Site files change only with the data: caches may keep them an hour, then revalidate by ETag. */
const SITE_FILE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * Paths crawlers should not fetch: every selection of the data API and every
 * chart image is reachable by combining parameters, an unbounded space whose
 * content the pages already carry. Programs are not crawlers: these stay open
 * to them (robots.txt is advice to crawlers, not access control).
 */
const CRAWLER_DISALLOW = ['/series', '/chart.', '/resolve', '/oembed', '/search', '/*embed=1'];

/** The robots.txt of the site: everything allowed except the API's combinatorial paths, with the sitemap. */
export function renderRobotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...CRAWLER_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${serviceUrl(baseUrl, '/sitemap.xml')}`, ''].join('\n');
}

interface SiteFile {
  url: string;
  type: string;
  summary: string;
  description: string;
  /** robots.txt does not depend on the data: it answers before the first load */
  needsData?: boolean;
  render(snapshot: Snapshot): string;
}

/** /robots.txt, /sitemap.xml, /llms.txt and /llms-full.txt. */
export function registerSiteFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { baseUrl } = ctx.config;
  // every file names the base URL, so a deployment at another address is another file
  const baseTag = createHash('sha1').update(baseUrl).digest('base64url').slice(0, 8);
  const files: SiteFile[] = [
    {
      url: '/robots.txt',
      type: TEXT_TYPE,
      summary: 'Crawler rules',
      description: 'Allows the pages, keeps crawlers off the combinatorial API paths (/series*, /chart.*), points to the sitemap.',
      render: () => renderRobotsTxt(baseUrl),
      needsData: false,
    },
    {
      url: '/sitemap.xml',
      type: XML_TYPE,
      summary: 'Sitemap of every page in every language',
      description: 'Site pages and dataset pages in en, de, fr, it, each with its hreflang alternates and x-default; lastmod from the data.',
      render: (snapshot: Snapshot) => renderSitemapXml(buildSitemapPages(snapshot, baseUrl)),
    },
    {
      url: '/llms.txt',
      type: TEXT_TYPE,
      summary: 'The service for language models (llmstxt.org)',
      description: 'What the service is, how to call the API (with examples), one line per dataset.',
      render: (snapshot: Snapshot) => renderLlmsTxt(snapshot, baseUrl, openingSelection),
    },
    {
      url: '/llms-full.txt',
      type: TEXT_TYPE,
      summary: 'Every dataset with its dimensions and codes (llmstxt.org)',
      description: 'The llms.txt introduction, then every dataset: source, license, frequency, span, dimensions and codes with English labels, example URLs.',
      render: (snapshot: Snapshot) => renderLlmsFullTxt(snapshot, baseUrl, openingSelection),
    },
  ];
  for (const file of files) {
    registerGet(app, ctx, {
      url: file.url,
      format: 'json',
      schema: { summary: file.summary, description: file.description, tags: ['site'], querystring: NO_PARAMS },
      needsData: file.needsData ?? true,
      handler: (_q, snapshot) => ({
        etag: `W/"${file.url.slice(1)}-${file.needsData === false ? 'static' : snapshot.version}-${baseTag}"`,
        type: file.type,
        cacheControl: SITE_FILE_CACHE_CONTROL,
        build: () => file.render(snapshot),
      }),
    });
  }
}
