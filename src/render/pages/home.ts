/**
 * The home page: search box, featured datasets with their latest value, and
 * every dataset by topic.
 */
import { derived, derivedKey } from '../../data/derived.js';
import type { Lang, Snapshot } from '../../data/model.js';
import { fillTemplate } from '../../i18n/chart-text.js';
import { formatCount } from '../../i18n/format.js';
import { uiStrings, type UiStrings } from '../../i18n/strings.js';
import { sitePageUrl, updatesFeedUrl } from '../../urls.js';
import { html, type SafeHtml } from '../html.js';
import { renderLayout, type LayoutView } from '../layout.js';
import { buildDatasetItems, groupByTopic, type DatasetItem, type TopicGroup } from './catalog-items.js';
import { renderSearchForm } from './components.js';
import { sitePageLayout, type Site } from './site.js';
import { buildSparkline, renderSparkline, type Sparkline } from './sparkline.js';

/** What the home page shows. */
export interface HomeView {
  layout: LayoutView;
  t: UiStrings;
  lede: string;
  searchAction: string;
  datasetsHref: string;
  featured: { item: DatasetItem; sparkline: Sparkline | null }[];
  groups: TopicGroup[];
}

const SPARKLINES = derivedKey<Map<Lang, Sparkline | null>>('home sparklines by language');

/** The sparkline of a dataset in a language, kept on the dataset. */
function sparklineOf(snapshot: Snapshot, id: string, lang: Lang): Sparkline | null {
  const dataset = snapshot.datasets.get(id)!;
  const byLang = derived(dataset, SPARKLINES, () => new Map<Lang, Sparkline | null>());
  if (!byLang.has(lang)) byLang.set(lang, buildSparkline(dataset, lang));
  return byLang.get(lang)!;
}

/** Builds the home page's view in a language. */
export function buildHomeView(snapshot: Snapshot, lang: Lang, site: Site): HomeView {
  const t = uiStrings(lang);
  const items = buildDatasetItems(snapshot, lang);
  const lede = fillTemplate(t.home.heroLede, {
    datasets: formatCount(t.datasetCount, snapshot.datasets.size, lang),
    series: formatCount(t.seriesCount, snapshot.series, lang),
  });
  return {
    layout: sitePageLayout(site, lang, '/', {
      title: t.home.title,
      description: lede,
      active: 'home',
      page: 'home',
      head: html`<link rel="alternate" type="application/atom+xml" href="${updatesFeedUrl(site.baseUrl)}" title="dataseries (Atom)" />`,
    }),
    t,
    lede,
    searchAction: sitePageUrl('', lang, '/datasets'),
    datasetsHref: sitePageUrl('', lang, '/datasets'),
    featured: items.filter((i) => i.featured !== null).map((item) => ({ item, sparkline: sparklineOf(snapshot, item.id, lang) })),
    groups: groupByTopic(snapshot, items, lang),
  };
}

function renderFeatured(view: HomeView): SafeHtml {
  if (view.featured.length === 0) return html``;
  const cards = view.featured.map(
    ({ item, sparkline }) =>
      html`<li class="card feature-card">
        <a class="card-link" href="${item.href}"
          ><span class="eyebrow">${sparkline?.label || item.featured}</span><span class="card-title">${item.title}</span></a
        >
        ${
          sparkline
            ? html`<p class="latest">
                  <span class="latest-value">${sparkline.latest}</span>${sparkline.unit ? html`<span class="latest-unit">${sparkline.unit}</span>` : ''}
                  <span class="latest-period">${sparkline.period}</span>
                </p>
                ${renderSparkline(sparkline)}`
            : ''
        }
        <p class="card-meta">${item.source} · ${item.frequency}</p>
      </li>`,
  );
  // the grid has 4, 2 or 1 columns: an odd count gets a card to every dataset, so no row ends with a hole
  const more =
    cards.length % 2 === 1
      ? html`<li class="card feature-card feature-more">
          <a class="card-link" href="${view.datasetsHref}"><span class="card-title">${view.t.home.allDatasets} →</span></a>
        </li>`
      : '';
  return html`<section class="section" aria-labelledby="featured-heading">
    <h2 id="featured-heading">${view.t.home.featured}</h2>
    <ul class="card-grid">
      ${cards}${more}
    </ul>
  </section>`;
}

function renderGroups(view: HomeView): SafeHtml {
  const groups = view.groups.map(
    (g) =>
      html`<section class="topic" id="topic-${g.key}" aria-labelledby="topic-h-${g.key}">
        <h3 id="topic-h-${g.key}">${g.name}</h3>
        ${g.blurb ? html`<p class="topic-blurb">${g.blurb}</p>` : ''}
        <ul class="topic-list">
          ${g.items.map((i) => html`<li><a href="${i.href}">${i.title}</a> <span class="muted">${i.frequency}</span></li>`)}
        </ul>
      </section>`,
  );
  return html`<section class="section" aria-labelledby="topics-heading">
    <div class="section-head">
      <h2 id="topics-heading">${view.t.home.byTopic}</h2>
      <a class="more-link" href="${view.datasetsHref}">${view.t.home.allDatasets} →</a>
    </div>
    <div class="topic-grid">${groups}</div>
  </section>`;
}

/** Renders the home page. */
export function renderHome(view: HomeView): string {
  const main = html`<section class="hero">
      <h1>${view.t.home.heroTitle}</h1>
      <p class="lede">${view.lede}</p>
      ${renderSearchForm(view.t, view.searchAction, '', 'home-q')}
    </section>
    ${renderFeatured(view)} ${renderGroups(view)}`;
  return renderLayout(view.layout, main);
}
