/**
 * /about: what the site is, where the data comes from, and its size.
 */
import type { Lang, Snapshot } from '../../data/model.js';
import { formatCount } from '../../i18n/format.js';
import { pickLabel } from '../../i18n/labels.js';
import { uiStrings, type UiStrings } from '../../i18n/strings.js';
import { html } from '../html.js';
import { renderLayout, type LayoutView } from '../layout.js';
import { renderPageHead, renderParagraphs } from './components.js';
import { sitePageLayout, type Site } from './site.js';

/** What /about shows. */
export interface AboutView {
  layout: LayoutView;
  t: UiStrings;
  stats: { datasets: string; series: string; observations: string };
  sources: { name: string; url: string | null }[];
}

/** Builds /about in a language. */
export function buildAboutView(snapshot: Snapshot, lang: Lang, site: Site): AboutView {
  const t = uiStrings(lang);
  const seen = new Map<string, { name: string; url: string | null }>();
  for (const ds of snapshot.datasets.values()) {
    const name = pickLabel(ds.meta.source.name, lang);
    if (name && !seen.has(name)) seen.set(name, { name, url: ds.meta.source.url });
  }
  return {
    layout: sitePageLayout(site, lang, '/about', { title: t.about.title, description: t.about.lede, active: 'about', page: 'about' }),
    t,
    stats: {
      datasets: formatCount(t.datasetCount, snapshot.datasets.size, lang),
      series: formatCount(t.seriesCount, snapshot.series, lang),
      observations: formatCount(t.observationCount, snapshot.observations, lang),
    },
    sources: [...seen.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Renders /about. */
export function renderAbout(view: AboutView): string {
  const t = view.t;
  const [first, second, ...rest] = t.about.sections;
  const sources = view.sources.map((s) => html`<li>${s.url ? html`<a href="${s.url}" rel="noopener">${s.name}</a>` : s.name}</li>`);
  const main = html`${renderPageHead(t.about.title, t.about.lede)}
    <ul class="stat-row">
      <li><strong>${view.stats.datasets}</strong></li>
      <li><strong>${view.stats.series}</strong></li>
      <li><strong>${view.stats.observations}</strong></li>
    </ul>
    <div class="prose">
      <h2>${first.heading}</h2>
      ${renderParagraphs(first.paragraphs)}
      <h2>${second.heading}</h2>
      ${renderParagraphs(second.paragraphs)}
      <ul class="source-list">
        ${sources}
      </ul>
      ${rest.map(
        (s) =>
          html`<h2>${s.heading}</h2>
            ${renderParagraphs(s.paragraphs)}`,
      )}
    </div>`;
  return renderLayout(view.layout, main);
}
