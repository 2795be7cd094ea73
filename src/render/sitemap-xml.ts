import { LANGS, type Dataset, type Lang, type Snapshot } from '../data/model.js';
import { openingSelection, selectionPageUrl } from '../selection/from-dataset.js';
import { SITE_PAGE_PATHS, sitePageUrl, urlPartsOf } from '../urls.js';
import { escapeHtml } from './html.js';

/**
 * The sitemap (sitemaps.org protocol with `xhtml:link` alternates, as search
 * engines read them): every page in every language, each listing all its
 * language versions and an `x-default` (English, the unprefixed site).
 */

/** One page of the site: its URL in each language and the date its content last changed. */
export interface SitemapPage {
  urls: Record<Lang, string>;
  /** W3C date (YYYY-MM-DD), or null when the data does not say */
  lastmod: string | null;
}

/** The date a dataset last changed, by the source's `updated`, else when it was fetched. */
export function datasetLastmod(dataset: Dataset): string | null {
  const { updated, fetched } = dataset.meta;
  return (updated ?? fetched)?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null;
}

/** Every page of the site in every language: the site pages (dated by the newest dataset), then one page per dataset. */
export function buildSitemapPages(snapshot: Snapshot, baseUrl: string): SitemapPage[] {
  const datasets = [...snapshot.datasets.values()];
  const dates = datasets.map(datasetLastmod).filter((d): d is string => d !== null);
  const newest = dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null;
  const each = (urlOf: (lang: Lang) => string): Record<Lang, string> => Object.fromEntries(LANGS.map((l) => [l, urlOf(l)])) as Record<Lang, string>;
  return [
    ...SITE_PAGE_PATHS.map((path) => ({ urls: each((l) => sitePageUrl(baseUrl, l, path)), lastmod: newest })),
    // each dataset's page at its opening view (src/selection), written by the page's own URL writer
    ...datasets.map((ds) => {
      const opening = urlPartsOf(openingSelection(ds));
      return { urls: each((l) => selectionPageUrl(baseUrl, l, ds, opening)), lastmod: datasetLastmod(ds) };
    }),
  ];
}

/**
 * The sitemap XML of pages: one `<url>` per page and language, each with the
 * alternates of every language and `x-default`.
 * @example renderSitemapXml(buildSitemapPages(snapshot, 'https://x.org'))
 */
export function renderSitemapXml(pages: SitemapPage[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const alternates = [
      ...LANGS.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(page.urls[l])}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(page.urls.en)}"/>`,
    ];
    for (const lang of LANGS) {
      out.push('  <url>', `    <loc>${escapeHtml(page.urls[lang])}</loc>`);
      if (page.lastmod) out.push(`    <lastmod>${page.lastmod}</lastmod>`);
      out.push(...alternates, '  </url>');
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}
