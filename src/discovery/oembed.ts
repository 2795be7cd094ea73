import type { Lang, Snapshot } from '../data/model.js';
import { DsError, NotFoundError, NotImplementedError, BadParameterError } from '../errors/ds-error.js';
import { CHART_REFERENCE, CHART_SIZE_LIMITS } from '../render/chart-style.js';
import { EMBED_HEIGHT, embedSnippet } from '../render/pages/snippets.js';
import { selectionPageUrl, selectionTitle } from '../selection/from-dataset.js';
import { apiUrl, sitePageUrl } from '../urls.js';
import { parsePageUrl, type Target } from './parse-target.js';

/**
 * `/oembed` (oEmbed 1.0, https://oembed.com): a `rich` response whose HTML is
 * the embed snippet of a dataset page's selection.
 */

/** Name of the provider in oEmbed answers. */
export const PROVIDER_NAME = 'dataseries';
/** Width reported for the 100%-wide snippet when the consumer sets no maximum. */
export const EMBED_WIDTH = 800;

export interface OembedQuery {
  url: string;
  maxwidth?: number;
  maxheight?: number;
  format?: string;
}

/**
 * Reads the page URL of an oEmbed request: ours, a dataset page, a valid
 * selection (at its `as_of`'s vintage: a promise); else 404 (oEmbed §2.3.5).
 */
function readPage(snapshot: Snapshot, text: string, baseUrl: string): Target | Promise<Target> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadParameterError(`Invalid url '${text}': expected the absolute URL of a dataset page, e.g. ${baseUrl}/d/{id}.`, { parameter: 'url' }, 'bad_url');
  }
  const ours = new URL(baseUrl);
  if (!/^https?:$/.test(url.protocol) || url.host.toLowerCase() !== ours.host.toLowerCase()) {
    throw new NotFoundError(`'${text}' is not a page of this site (${ours.host}): no embed for it.`, { url: text }, 'not_our_url');
  }
  const notEmbeddable = (e: unknown): never => {
    if (e instanceof DsError) throw new NotFoundError(`No embed for '${text}': ${e.message}`, { url: text, ...e.facts, reason: e.code }, 'not_embeddable');
    throw e;
  };
  let page: Target | Promise<Target> | null = null;
  try {
    page = parsePageUrl(snapshot, url.pathname + url.search, baseUrl);
  } catch (e) {
    notEmbeddable(e);
  }
  if (!page) throw new NotFoundError(`'${text}' is not a dataset page: only dataset pages ({base}/d/{id}) can be embedded.`, { url: text }, 'not_embeddable');
  return page instanceof Promise ? page.catch(notEmbeddable) : page;
}

/** The chart thumbnail size within the consumer's maxima, or null when the chart cannot be that small. */
function thumbnailSize(maxwidth: number | undefined, maxheight: number | undefined): { width: number; height: number } | null {
  const width = Math.min(CHART_REFERENCE.width, maxwidth ?? Infinity);
  const height = Math.min(CHART_REFERENCE.height, maxheight ?? Infinity);
  return width >= CHART_SIZE_LIMITS.min && height >= CHART_SIZE_LIMITS.min ? { width, height } : null;
}

/**
 * The oEmbed answer for a dataset page URL (any language, with selection;
 * a promise when it has `as_of`). `format=xml` (or any other than json) is
 * a 501, a URL that is not ours or not a dataset page a 404, as the oEmbed
 * spec says.
 */
export function oembedAnswer(snapshot: Snapshot, query: OembedQuery, baseUrl: string): Record<string, unknown> | Promise<Record<string, unknown>> {
  if (query.format !== undefined && query.format !== 'json') {
    throw new NotImplementedError(`format=${query.format} is not available: this provider answers oEmbed in JSON only (format=json or no format).`, {
      parameter: 'format',
      valid: ['json'],
    });
  }
  const page = readPage(snapshot, query.url, baseUrl);
  return page instanceof Promise ? page.then((p) => answerOf(p, query, baseUrl)) : answerOf(page, query, baseUrl);
}

/** The oEmbed answer of a page read from the request's URL: its (vintage's) title, the embed and thumbnail of its selection. */
function answerOf(page: Target, query: OembedQuery, baseUrl: string): Record<string, unknown> {
  const { dataset, selection } = page;
  const lang: Lang = page.lang ?? 'en';
  const order = dataset.meta.dimOrder;
  const title = oembedTitle(page, lang);
  const width = Math.min(EMBED_WIDTH, query.maxwidth ?? Infinity);
  const height = Math.min(EMBED_HEIGHT, query.maxheight ?? Infinity);
  const answer: Record<string, unknown> = {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: PROVIDER_NAME,
    provider_url: sitePageUrl(baseUrl, lang, '/'),
    cache_age: 3600,
    html: embedSnippet({ src: selectionPageUrl(baseUrl, lang, dataset, selection, [['embed', '1']]), title, height, maxWidth: query.maxwidth }),
    width,
    height,
  };
  const thumb = thumbnailSize(query.maxwidth, query.maxheight);
  if (thumb) {
    const extra: [string, string][] = [
      ...(lang === 'en' ? [] : [['lang', lang] as [string, string]]),
      ['width', String(thumb.width)],
      ['height', String(thumb.height)],
    ];
    answer.thumbnail_url = apiUrl(baseUrl, 'chart.png', selection, order, extra);
    answer.thumbnail_width = thumb.width;
    answer.thumbnail_height = thumb.height;
  }
  return answer;
}

/** The selection's title by the naming model: the dataset title and what the selected series share. */
function oembedTitle(page: Target, lang: Lang): string {
  const { dataset, selection } = page;
  return selectionTitle(dataset, selection, lang);
}
