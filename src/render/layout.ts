/**
 * The page shell every HTML page shares: head (title, description, language
 * alternates, canonical, social previews, assets), header with navigation
 * and language switcher, footer.
 */
import { LANGS, type Lang } from '../data/model.js';
import { uiStrings, type UiStrings } from '../i18n/strings.js';
import { INLINE_SCRIPT } from './inline-script.js';
import { html, raw, type HtmlValue, type SafeHtml } from './html.js';

/** Built outside the page template so that no formatter can change the script its CSP hash covers. */
const INLINE_SCRIPT_TAG = raw(`<script>${INLINE_SCRIPT}</script>`);

/** URLs of the client bundle (content-hashed, served from /assets/). */
export interface Assets {
  css: string;
  /** the entry module */
  js: string;
  icon: string;
  /** the modules the entry imports: fetched beside it, not after it */
  modules?: string[];
  /** the modules of the chart (uPlot, the explorer), which the entry imports on the pages that chart: fetched early there */
  chartModules?: string[];
}

/** The pages whose script loads the chart modules (client/main.ts). */
const CHART_PAGES = new Set(['dataset', 'embed']);

function modulePreloads(view: LayoutView): SafeHtml[] {
  const urls = [...(view.assets.modules ?? []), ...(CHART_PAGES.has(view.page) ? (view.assets.chartModules ?? []) : [])];
  return urls.map((url) => html`<link rel="modulepreload" href="${url}" />`);
}

/** The site sections of the main navigation. */
export type NavKey = 'home' | 'datasets' | 'libraries' | 'about' | 'licenses';

/** What the shell needs from a page. */
export interface LayoutView {
  lang: Lang;
  /** the document title (the site name is appended) */
  title: string;
  description: string;
  /** the page in each language: relative for links, absolute for `hreflang` and canonical */
  paths: Record<Lang, string>;
  absolute: Record<Lang, string>;
  /** the site's pages (relative), for the navigation */
  nav: Record<NavKey | 'api' | 'openapi' | 'llms', string>;
  active: NavKey | null;
  /** `data-page` of the body, read by the client bundle */
  page: string;
  assets: Assets;
  /** extra elements of the head (og:image, oEmbed discovery) */
  head?: HtmlValue;
  /** no header and footer (the embed) */
  bare?: boolean;
  /** not to be indexed (error pages, embeds) */
  noindex?: boolean;
}

const SITE_NAME = 'dataseries';

function renderHead(view: LayoutView, t: UiStrings): SafeHtml {
  const title = view.title === SITE_NAME ? SITE_NAME : `${view.title} · ${SITE_NAME}`;
  const alternates = LANGS.map((l) => html`<link rel="alternate" hreflang="${l}" href="${view.absolute[l]}" />`);
  return html`<head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <meta name="description" content="${view.description}" />
    ${view.noindex ? html`<meta name="robots" content="noindex" />` : html`<link rel="canonical" href="${view.absolute[view.lang]}" />`} ${alternates}
    <link rel="alternate" hreflang="x-default" href="${view.absolute.en}" />
    <meta property="og:site_name" content="${SITE_NAME}" />
    <meta property="og:title" content="${view.title}" />
    <meta property="og:description" content="${view.description}" />
    <meta property="og:url" content="${view.absolute[view.lang]}" />
    <meta property="og:locale" content="${LOCALE_TAGS[view.lang]}" />
    ${view.head} ${INLINE_SCRIPT_TAG}
    <link rel="icon" href="${view.assets.icon}" type="image/svg+xml" />
    <link rel="stylesheet" href="${view.assets.css}" />
    <script type="module" src="${view.assets.js}"></script>
    ${modulePreloads(view)}
    <meta name="theme-color" content="#0b3d63" />
    <meta name="generator" content="${SITE_NAME} · ${t.siteTagline}" />
  </head>`;
}

const LOCALE_TAGS: Record<Lang, string> = { en: 'en_GB', de: 'de_CH', fr: 'fr_CH', it: 'it_CH' };

/** The language switcher: links to this page in each language (the client keeps them in step with the selection). */
export function renderLanguageSwitcher(view: Pick<LayoutView, 'lang' | 'paths'>): SafeHtml {
  const t = uiStrings(view.lang);
  const items = LANGS.map((l) => {
    const name = uiStrings(l).languageName;
    return l === view.lang
      ? html`<li><a href="${view.paths[l]}" hreflang="${l}" lang="${l}" aria-current="true" title="${name}" data-lang="${l}">${l.toUpperCase()}</a></li>`
      : html`<li><a href="${view.paths[l]}" hreflang="${l}" lang="${l}" title="${name}" data-lang="${l}">${l.toUpperCase()}</a></li>`;
  });
  return html`<nav class="lang-switch" aria-label="${t.languageSwitcher}">
    <ul>
      ${items}
    </ul>
  </nav>`;
}

const LOGO = html`<svg class="logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
  <rect width="32" height="32" rx="8" fill="#0b3d63" />
  <path d="M6 22l6-7 5 4 9-11" fill="none" stroke="#56B4E9" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" />
</svg>`;

/** The header's search box (not on home, whose hero has one): submits to /datasets, suggests as you type with the bundle. */
function renderHeaderSearch(view: LayoutView, t: UiStrings): SafeHtml {
  return html`<form class="header-search" role="search" aria-label="${t.home.searchLabel}" action="${view.nav.datasets}" method="get">
    <label class="sr-only" for="site-q">${t.home.searchLabel}</label>
    <input id="site-q" name="q" type="search" placeholder="${t.home.searchLabel}" autocomplete="off" spellcheck="false" data-suggest="site-q-suggestions" />
    <button type="submit" class="sr-only">${t.home.searchButton}</button>
    <ul id="site-q-suggestions" class="suggestions" role="listbox" aria-label="${t.home.searchLabel}" hidden></ul>
  </form>`;
}

function renderHeader(view: LayoutView, t: UiStrings): SafeHtml {
  const keys: NavKey[] = ['datasets', 'libraries', 'about', 'licenses'];
  const links = keys.map((k) =>
    k === view.active ? html`<li><a href="${view.nav[k]}" aria-current="page">${t.nav[k]}</a></li>` : html`<li><a href="${view.nav[k]}">${t.nav[k]}</a></li>`,
  );
  return html`<header class="site-header">
    <div class="wrap header-inner">
      <a class="brand" href="${view.nav.home}">${LOGO}<span class="brand-name">${SITE_NAME}</span></a>
      <nav class="main-nav" aria-label="${t.mainNavigation}">
        <ul>
          ${links}
          <li><a href="${view.nav.api}">${t.nav.api}</a></li>
        </ul>
      </nav>
      ${view.page === 'home' ? '' : renderHeaderSearch(view, t)} ${renderLanguageSwitcher(view)}
    </div>
  </header>`;
}

function renderFooter(view: LayoutView, t: UiStrings): SafeHtml {
  return html`<footer class="site-footer">
    <div class="wrap footer-inner">
      <p class="footer-brand">
        ${LOGO}<span><strong>${SITE_NAME}</strong> · ${t.siteTagline}</span>
      </p>
      <p class="footer-note">${t.footer.note}</p>
      <ul class="footer-links">
        <li><a href="${view.nav.api}">${t.footer.api}</a></li>
        <li><a href="${view.nav.openapi}">${t.footer.openapi}</a></li>
        <li><a href="${view.nav.libraries}">${t.footer.sourceCode}</a></li>
        <li><a href="${view.nav.licenses}">${t.nav.licenses}</a></li>
        <li><a href="${view.nav.llms}">${t.footer.llms}</a></li>
      </ul>
    </div>
  </footer>`;
}

/**
 * Renders a whole document around a page's main content.
 * @example renderLayout(view, html`<h1>…</h1>`)
 */
export function renderLayout(view: LayoutView, main: HtmlValue): string {
  const t = uiStrings(view.lang);
  const body = view.bare
    ? html`<body data-page="${view.page}" class="bare">
        <main id="main" aria-label="${view.title}">${main}</main>
      </body>`
    : html`<body data-page="${view.page}">
        <a class="skip-link" href="#main">${t.skipToContent}</a>
        ${renderHeader(view, t)}
        <main id="main" class="wrap">${main}</main>
        ${renderFooter(view, t)}
      </body>`;
  return html`<!doctype html>
    <html lang="${view.lang}">
      ${renderHead(view, t)} ${body}
    </html> `.value;
}
