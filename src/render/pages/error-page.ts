/**
 * The HTML error page (404 for an unknown path or dataset, 400, 503…) in the
 * language of the path's prefix, with the error's own message as detail.
 */
import type { Lang } from '../../data/model.js';
import type { DsError } from '../../errors/ds-error.js';
import { uiStrings, type UiStrings } from '../../i18n/strings.js';
import { sitePageUrl, splitLangPrefix } from '../../urls.js';
import { fillTemplate } from '../../i18n/chart-text.js';
import { html } from '../html.js';
import { renderLayout, type LayoutView } from '../layout.js';
import { sitePageLayout, type Site } from './site.js';

/** What an error page shows. */
export interface ErrorView {
  layout: LayoutView;
  t: UiStrings;
  status: number;
  title: string;
  text: string;
  detail: string;
  homeHref: string;
  datasetsHref: string;
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
    detail: err.message,
    homeHref: sitePageUrl('', lang, '/'),
    datasetsHref: sitePageUrl('', lang, '/datasets'),
  };
}

/** Renders an error page. */
export function renderErrorPage(view: ErrorView): string {
  const t = view.t;
  const main = html`<section class="error-page">
    <p class="error-status">${view.status}</p>
    <h1>${view.title}</h1>
    ${view.text ? html`<p class="lede">${view.text}</p>` : ''}
    <div class="error-detail"><span class="error-detail-label">${t.errors.details}:</span> ${view.detail}</div>
    <p class="error-actions">
      <a class="btn btn-primary" href="${view.homeHref}">${t.errors.goHome}</a> <a class="btn" href="${view.datasetsHref}">${t.errors.browse}</a>
    </p>
  </section>`;
  return renderLayout(view.layout, main);
}
