/**
 * The HTML error page (404 for an unknown path or dataset, 400, 503…) in the
 * language of the path's prefix, with the error's own message as detail.
 */
import type { Lang } from '../../data/model.js';
import type { DsError } from '../../errors/ds-error.js';
import { uiStrings, type UiStrings } from '../../i18n/strings.js';
import { sitePageUrl, splitLangPrefix } from '../../urls.js';
import { fillTemplate } from '../../i18n/chart-text.js';
import { html, type SafeHtml } from '../html.js';
import { renderLayout, type LayoutView } from '../layout.js';
import { sitePageLayout, type Site } from './site.js';

/** What an error page shows. */
export interface ErrorView {
  layout: LayoutView;
  t: UiStrings;
  status: number;
  title: string;
  text: string;
  /** the detail line: translated where the error's code is known, else the error's own (English) message */
  detail: ErrorDetail | null;
  homeHref: string;
  datasetsHref: string;
}

/** The detail line of an error page. */
export interface ErrorDetail {
  text: string;
  /** `en` when the text is the error's own message, not a translation */
  lang: Lang | null;
  /** datasets the reader may have meant, as links */
  suggestions: { id: string; href: string }[];
}

/** The language of a path from its prefix (`/de/…`), English otherwise. */
export function langOfPath(path: string): Lang {
  return splitLangPrefix(path).lang;
}

/** Builds the error page of an error on a path. */
export function buildErrorView(err: DsError, path: string, site: Site): ErrorView {
  const lang = langOfPath(path);
  const t = uiStrings(lang);
  const notFound = err.status === 404;
  const title = notFound ? t.errors.notFoundTitle : err.status === 400 ? t.errors.badRequestTitle : t.errors.otherTitle;
  return {
    layout: sitePageLayout(site, lang, '/', { title, description: title, active: null, page: 'error', noindex: true }),
    t,
    status: err.status,
    title,
    text: notFound ? fillTemplate(t.errors.notFoundText, { path }) : '',
    detail: errorDetail(err, lang, t),
    homeHref: sitePageUrl('', lang, '/'),
    datasetsHref: sitePageUrl('', lang, '/datasets'),
  };
}

/** The detail line in the page's language: an unknown dataset with links to near ids; no line for an unknown path (the lede says it). */
function errorDetail(err: DsError, lang: Lang, t: UiStrings): ErrorDetail | null {
  if (err.code === 'no_route') return null;
  if (err.code === 'unknown_dataset' && typeof err.facts.dataset === 'string') {
    const candidates = Array.isArray(err.facts.candidates) ? err.facts.candidates.filter((c): c is string => typeof c === 'string') : [];
    return {
      text: fillTemplate(t.errors.unknownDataset, { id: err.facts.dataset }),
      lang: null,
      suggestions: candidates.map((id) => ({ id, href: sitePageUrl('', lang, `/d/${encodeURIComponent(id)}`) })),
    };
  }
  return { text: err.message, lang: lang === 'en' ? null : 'en', suggestions: [] };
}

function renderDetail(detail: ErrorDetail, t: UiStrings): SafeHtml {
  const links = detail.suggestions.map((s) => html`<a href="${s.href}">${s.id}</a>`);
  const suggestions = links.length ? html` ${t.errors.didYouMean} ${links.flatMap((l, i) => (i ? [', ', l] : [l]))}?` : '';
  const text = detail.lang ? html`<span lang="${detail.lang}">${detail.text}</span>` : html`${detail.text}`;
  return html`<div class="error-detail"><span class="error-detail-label">${t.errors.details}:</span> ${text}${suggestions}</div>`;
}

/** Renders an error page. */
export function renderErrorPage(view: ErrorView): string {
  const t = view.t;
  const main = html`<section class="error-page">
    <p class="error-status">${view.status}</p>
    <h1>${view.title}</h1>
    ${view.text ? html`<p class="lede">${view.text}</p>` : ''} ${view.detail ? renderDetail(view.detail, t) : ''}
    <p class="error-actions">
      <a class="btn btn-primary" href="${view.homeHref}">${t.errors.goHome}</a> <a class="btn" href="${view.datasetsHref}">${t.errors.browse}</a>
    </p>
  </section>`;
  return renderLayout(view.layout, main);
}
