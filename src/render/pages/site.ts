/**
 * What every page view shares: the site (base URL, asset URLs) and the
 * layout facts of a page (its URL in each language, the navigation).
 */
import { LANGS, type Lang } from '../../data/model.js';
import { sitePageUrl } from '../../urls.js';
import type { Assets, LayoutView, NavKey } from '../layout.js';
import type { HtmlValue } from '../html.js';

/** The site a page belongs to. */
export interface Site {
  /** public base URL (absolute links: canonical, alternates, snippets) */
  baseUrl: string;
  assets: Assets;
}

/** The page-specific parts of a layout. */
export interface PageFacts {
  title: string;
  description: string;
  active: NavKey | null;
  page: string;
  head?: HtmlValue;
  noindex?: boolean;
  bare?: boolean;
}

/**
 * The layout of a page: `urlOf(baseUrl, lang)` gives the page's URL in a
 * language ('' as base: relative).
 */
export function layoutOf(site: Site, lang: Lang, urlOf: (baseUrl: string, lang: Lang) => string, facts: PageFacts): LayoutView {
  const each = (base: string): Record<Lang, string> => Object.fromEntries(LANGS.map((l) => [l, urlOf(base, l)])) as Record<Lang, string>;
  return {
    lang,
    ...facts,
    paths: each(''),
    absolute: each(site.baseUrl),
    nav: navOf(lang),
    assets: site.assets,
  };
}

/** The layout of a site page at a fixed path ('/' for home). */
export function sitePageLayout(site: Site, lang: Lang, path: string, facts: PageFacts): LayoutView {
  return layoutOf(site, lang, (base, l) => sitePageUrl(base, l, path), facts);
}

/** The navigation links of a language (relative). */
export function navOf(lang: Lang): LayoutView['nav'] {
  return {
    home: sitePageUrl('', lang, '/'),
    datasets: sitePageUrl('', lang, '/datasets'),
    libraries: sitePageUrl('', lang, '/libraries'),
    about: sitePageUrl('', lang, '/about'),
    licenses: sitePageUrl('', lang, '/licenses'),
    api: '/__docs__/',
    openapi: '/openapi.json',
    llms: '/llms.txt',
  };
}
