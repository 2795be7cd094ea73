import { formatIsoDate } from './data/dates.js';
import { LANGS, type Lang } from './data/model.js';
import type { Selection } from './query/view.js';
import { formatDims } from './selection/dims-text.js';
import { isReservedName, urlParams, type UrlParts } from './selection/params.js';
import type { ExplorerState } from './selection/state.js';

/**
 * Every URL the service generates is built here, so pages, snippets, embeds,
 * the sitemap, oEmbed and resolve agree: base URL, language prefix, selection
 * parameters, defaults left out.
 *
 * - API URLs carry the selection as `dataset`, `dims`, `from`, `to`, `last`,
 *   `transform`, `base`.
 * - Page URLs carry it as one parameter per dimension (`?item=100_100,100_1`),
 *   a dimension named like a parameter in `dims` (`?dims=base=2020`), plus
 *   `from`, `to`, `last`, `transform`, `base`, `frequency`, `aggregation`,
 *   `partial`, and one `compare` per series of another dataset on the same chart.
 */

/**
 * A selection as URLs write it: the page-state view (selection/state.ts
 * ExplorerState, the one view of a Selection) of a dataset, every part
 * optional (absent: its default).
 */
export type UrlSelection = UrlParts & {
  datasetId: string;
  dims?: Record<string, string[]>;
};

/**
 * A parsed Selection as its page-state view, the one converter that way
 * (selection/from-dataset.ts toSelection is the other): a relative bound
 * keeps its text, so the URL rolls forward.
 */
export function urlPartsOf(s: Selection): ExplorerState & { datasetId: string } {
  return {
    datasetId: s.datasetId,
    dims: s.dims,
    from: s.relative?.from ?? (s.from === null ? null : formatIsoDate(s.from)),
    to: s.relative?.to ?? (s.to === null ? null : formatIsoDate(s.to)),
    last: s.last,
    transform: s.transform,
    base: s.base === null ? null : formatIsoDate(s.base),
    ...(s.convert ? { convert: s.convert } : {}),
    ...(s.asOf ? { asOf: s.asOf } : {}),
  };
}

export { formatCompare, formatDims, splitDims, type DimsSegment } from './selection/dims-text.js';

/** Encodes pairs, keeping `,`, `;`, `=`, `:` in values readable (they are legal in a query). */
function query(pairs: [string, string][]): string {
  if (!pairs.length) return '';
  const enc = (t: string): string => encodeURIComponent(t).replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%3D/g, '=').replace(/%3A/g, ':');
  return '?' + pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
}

const LANG_PREFIX = new RegExp(`^/(${LANGS.join('|')})(?=/|$)`);

/**
 * The one reader of language prefixes: a path's language (English without
 * a prefix) and the path after the prefix.
 * @example splitLangPrefix('/de/d/ch_fso_ppi') // { lang: 'de', rest: '/d/ch_fso_ppi' }
 */
export function splitLangPrefix(path: string): { lang: Lang; rest: string } {
  const m = LANG_PREFIX.exec(path);
  return m ? { lang: m[1] as Lang, rest: path.slice(m[0].length) || '/' } : { lang: 'en', rest: path };
}

/** The path prefix of a language: '' for English, '/de' for German… */
export function langPrefix(lang: Lang): string {
  return lang === 'en' ? '' : `/${lang}`;
}

/** API routes that take a selection. */
export type SelectionRoute = 'series' | 'series.csv' | 'chart.svg' | 'chart.png' | 'series.xlsx' | 'series.zip';

/**
 * The URL of an API output of a selection; the chart images also carry how
 * the page draws it (`scale`, `compare`), so a download equals the screen.
 * @example apiUrl('https://x.org', 'series.csv', { datasetId: 'ch_fso_ppi', dims: { base: ['2020'] } }) // 'https://x.org/series.csv?dataset=ch_fso_ppi&dims=base=2020'
 */
export function apiUrl(baseUrl: string, route: SelectionRoute, s: UrlSelection, order?: string[], extra: [string, string][] = []): string {
  const pairs: [string, string][] = [['dataset', s.datasetId]];
  const dims = formatDims(s.dims ?? {}, order);
  if (dims) pairs.push(['dims', dims]);
  return `${baseUrl}/${route}${query([...pairs, ...urlParams(s, route), ...extra])}`;
}

/**
 * The URL of a dataset page showing a selection.
 * @example pageUrl('https://x.org', 'de', { datasetId: 'ch_fso_cpi', dims: { item: ['100_100'] } }) // 'https://x.org/de/d/ch_fso_cpi?item=100_100'
 */
export function pageUrl(baseUrl: string, lang: Lang, s: UrlSelection, order?: string[], extra: [string, string][] = []): string {
  const dims = s.dims ?? {};
  const keys = order ? order.filter((d) => dims[d]?.length) : Object.keys(dims).filter((d) => dims[d]?.length);
  // a dimension named like a parameter (ch_fso_ppi's base) is written in dims, where its name cannot be the parameter's
  const reserved = keys.filter(isReservedName);
  const pairs: [string, string][] = keys.filter((d) => !isReservedName(d)).map((d) => [d, dims[d].join(',')]);
  if (reserved.length) pairs.unshift(['dims', formatDims(Object.fromEntries(reserved.map((d) => [d, dims[d]])))]);
  return `${baseUrl}${langPrefix(lang)}/d/${s.datasetId}${query([...pairs, ...urlParams(s, 'page'), ...extra])}`;
}

/** The URL of a site page in a language (`path` without prefix, e.g. '/datasets'; '/' for home). */
export function sitePageUrl(baseUrl: string, lang: Lang, path: string): string {
  const prefix = langPrefix(lang);
  if (path === '/') return `${baseUrl}${prefix || ''}/`;
  return `${baseUrl}${prefix}${path}`;
}

/** The site pages of every language, as paths without the language prefix ('/' is home). */
export const SITE_PAGE_PATHS = ['/', '/datasets', '/about', '/libraries', '/licenses'] as const;

/** Fixed service paths that are not a selection (documents, discovery, site files). */
export type ServicePath =
  | '/catalog'
  | '/categories'
  | '/health'
  | '/openapi.json'
  | '/__docs__/'
  | '/search-index.json'
  | '/llms.txt'
  | '/llms-full.txt'
  | '/robots.txt'
  | '/sitemap.xml';

/**
 * The URL of a fixed service path.
 * @example serviceUrl('https://x.org', '/catalog') // 'https://x.org/catalog'
 */
export function serviceUrl(baseUrl: string, path: ServicePath): string {
  return `${baseUrl}${path}`;
}

/**
 * The URL of a dataset's metadata document.
 * @example datasetMetaUrl('https://x.org', 'ch_fso_ppi') // 'https://x.org/dataset/ch_fso_ppi/meta'
 */
export function datasetMetaUrl(baseUrl: string, datasetId: string): string {
  return `${baseUrl}/dataset/${encodeURIComponent(datasetId)}/meta`;
}

/**
 * The oEmbed endpoint for a page URL, for `<link rel="alternate" type="application/json+oembed">`.
 * @example oembedUrl('https://x.org', 'https://x.org/de/d/ch_fso_ppi') // 'https://x.org/oembed?url=https%3A%2F%2Fx.org%2Fde%2Fd%2Fch_fso_ppi&format=json'
 */
export function oembedUrl(baseUrl: string, page: string): string {
  return `${baseUrl}/oembed?url=${encodeURIComponent(page)}&format=json`;
}

/**
 * The link-preview image of a dataset page (`og:image`), in the page's language.
 * @example ogImageUrl('https://x.org', 'ch_fso_ppi', 'de') // 'https://x.org/og.jpg?dataset=ch_fso_ppi&lang=de'
 */
export function ogImageUrl(baseUrl: string, datasetId: string, lang: Lang): string {
  return `${baseUrl}/og.jpg${query([['dataset', datasetId], ...(lang === 'en' ? [] : [['lang', lang] as [string, string]])])}`;
}

/**
 * The live-update event stream (Server-Sent Events) of every dataset, or of one.
 * @example eventsUrl('', 'ch_fso_ppi') // '/events?dataset=ch_fso_ppi'
 */
export function eventsUrl(baseUrl: string, datasetId?: string): string {
  return `${baseUrl}/events${query(datasetId ? [['dataset', datasetId]] : [])}`;
}

/**
 * A dataset's vintages: the JSON listing, or its Atom feed (issue 21).
 * @example vintagesUrl('https://x.org', 'ch_fso_ppi', 'atom') // 'https://x.org/dataset/ch_fso_ppi/vintages.atom'
 */
export function vintagesUrl(baseUrl: string, datasetId: string, format: 'json' | 'atom'): string {
  return `${baseUrl}/dataset/${encodeURIComponent(datasetId)}/vintages${format === 'atom' ? '.atom' : ''}`;
}

/**
 * The Atom feed of every publish of every dataset.
 * @example updatesFeedUrl('https://x.org') // 'https://x.org/updates.atom'
 */
export function updatesFeedUrl(baseUrl: string): string {
  return `${baseUrl}/updates.atom`;
}
