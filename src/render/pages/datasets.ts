/**
 * /datasets: every dataset by topic, filterable by words and topic. The
 * server renders every row and hides those the filter excludes, so the page
 * works without JavaScript and the bundle can filter as you type.
 */
import { LANGS, type Lang, type Snapshot } from '../../data/model.js';
import { search } from '../../discovery/search.js';
import { pickLabel } from '../../i18n/labels.js';
import { fillTemplate } from '../../i18n/chart-text.js';
import { formatInteger } from '../../i18n/format.js';
import { uiStrings, type UiStrings } from '../../i18n/strings.js';
import { pageUrl, sitePageUrl } from '../../urls.js';
import { html, type SafeHtml } from '../html.js';
import { renderLayout, type LayoutView } from '../layout.js';
import { buildDatasetItems, groupByTopic, type DatasetItem, type TopicGroup } from './catalog-items.js';
import { matchesAll, normaliseForSearch, searchTokens } from './catalog-search.js';
import { langAttr, renderPageHead } from './components.js';
import { sitePageLayout, type Site } from './site.js';

/** Query of /datasets. */
export interface DatasetsQuery {
  q?: string;
  topic?: string;
}

/** A series whose name matches the words (a link to its view). */
interface SeriesHit {
  label: string;
  href: string;
}

interface Row {
  item: DatasetItem;
  visible: boolean;
  hits: SeriesHit[];
}

/** What /datasets shows. */
export interface DatasetsView {
  layout: LayoutView;
  t: UiStrings;
  q: string;
  topic: string;
  action: string;
  clearHref: string;
  topics: { key: string; name: string }[];
  groups: (TopicGroup & { rows: Row[] })[];
  shown: number;
  total: number;
  count: string;
}

const MAX_HITS = 5;

/** Levels whose name holds the words the dataset's title does not. */
function seriesHits(snapshot: Snapshot, item: DatasetItem, tokens: string[], lang: Lang): SeriesHit[] {
  const ds = snapshot.datasets.get(item.id);
  if (!ds || tokens.length === 0) return [];
  const title = normaliseForSearch(`${item.id} ${item.title} ${ds.meta.title.en}`);
  const rest = tokens.filter((tok) => !title.includes(tok));
  if (rest.length === 0) return [];
  const hits: SeriesHit[] = [];
  for (const dim of ds.meta.dimensions) {
    for (const level of dim.levels) {
      if (!level.data || hits.length >= MAX_HITS) continue;
      const label = pickLabel(level.label, lang);
      if (!matchesAll(normaliseForSearch(`${label} ${level.label.en}`), rest)) continue;
      hits.push({ label, href: pageUrl('', lang, { datasetId: ds.meta.id, dims: { [dim.id]: [level.code] } }) });
    }
  }
  return hits;
}

/** Datasets the site search (/search: every language, whole words and prefixes) finds for the words. */
function foundDatasets(snapshot: Snapshot, q: string, lang: Lang): Set<string> {
  if (q === '') return new Set();
  return new Set(search(snapshot, q, lang, snapshot.datasets.size * 1000).hits.map((h) => h.doc.dataset.meta.id));
}

/** The language links keep the filter (canonical and alternates stay the unfiltered page). */
function withQuery(layout: LayoutView, query: { q: string; topic: string }): LayoutView {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.topic) params.set('topic', query.topic);
  const search = params.size ? `?${params}` : '';
  const paths = Object.fromEntries(LANGS.map((l) => [l, layout.paths[l] + search])) as Record<Lang, string>;
  return { ...layout, paths };
}

/** Builds /datasets in a language with its filter. */
export function buildDatasetsView(snapshot: Snapshot, lang: Lang, site: Site, query: DatasetsQuery): DatasetsView {
  const t = uiStrings(lang);
  const q = (query.q ?? '').trim();
  const items = buildDatasetItems(snapshot, lang);
  const all = groupByTopic(snapshot, items, lang);
  const topic = all.some((g) => g.key === query.topic) ? query.topic! : '';
  const tokens = searchTokens(q);
  const found = foundDatasets(snapshot, q, lang);
  let shown = 0;
  const groups = all.map((g) => {
    const rows = g.items.map((item) => {
      const visible = (topic === '' || g.key === topic) && (matchesAll(item.searchText, tokens) || found.has(item.id));
      if (visible) shown++;
      return { item, visible, hits: visible ? seriesHits(snapshot, item, tokens, lang) : [] };
    });
    return { ...g, rows };
  });
  const total = items.length;
  return {
    layout: withQuery(
      sitePageLayout(site, lang, '/datasets', { title: t.datasets.title, description: t.datasets.lede, active: 'datasets', page: 'datasets' }),
      { q, topic },
    ),
    t,
    q,
    topic,
    action: sitePageUrl('', lang, '/datasets'),
    clearHref: sitePageUrl('', lang, '/datasets'),
    topics: all.map((g) => ({ key: g.key, name: g.name })),
    groups,
    shown,
    total,
    count: fillTemplate(t.datasets.showing, { shown: formatInteger(shown, lang), total: formatInteger(total, lang) }),
  };
}

function renderRow(row: Row, t: UiStrings): SafeHtml {
  const { item } = row;
  const hits = row.hits.length
    ? html`<div class="hits">
        <span class="hits-label">${t.datasets.matchingSeries}:</span>
        <ul>
          ${row.hits.map((h) => html`<li><a href="${h.href}">${h.label}</a></li>`)}
        </ul>
      </div>`
    : '';
  return html`<li class="dataset-row" data-id="${item.id}" data-search="${item.searchText}" ${row.visible ? '' : html` hidden`}>
    <div class="row-main">
      <a class="row-title" href="${item.href}" ${langAttr(item.textLangs.title)}>${item.title}</a>
      ${item.description ? html`<p class="row-desc" ${langAttr(item.textLangs.description)}>${item.description}</p>` : ''} ${hits}
    </div>
    <p class="row-meta"><span>${item.source}</span><span>${item.frequency} · ${item.span}</span><span>${item.series}</span></p>
  </li>`;
}

function renderFilter(view: DatasetsView): SafeHtml {
  const t = view.t;
  const options = view.topics.map((o) =>
    o.key === view.topic ? html`<option value="${o.key}" selected>${o.name}</option>` : html`<option value="${o.key}">${o.name}</option>`,
  );
  return html`<form class="filter-bar" role="search" action="${view.action}" method="get" data-filter-form>
    <div class="field grow">
      <label for="filter-q">${t.datasets.filterLabel}</label>
      <input id="filter-q" name="q" type="search" value="${view.q}" placeholder="${t.datasets.filterPlaceholder}" autocomplete="off" spellcheck="false" />
    </div>
    <div class="field">
      <label for="filter-topic">${t.datasets.topicLabel}</label>
      <select id="filter-topic" name="topic">
        <option value="">${t.datasets.allTopics}</option>
        ${options}
      </select>
    </div>
    <div class="field actions">
      <button type="submit" class="btn btn-primary">${t.datasets.apply}</button> <a class="btn btn-quiet" href="${view.clearHref}">${t.datasets.clear}</a>
    </div>
  </form>`;
}

/** Renders /datasets. */
export function renderDatasets(view: DatasetsView): string {
  const t = view.t;
  const groups = view.groups.map(
    (g) =>
      html`<section class="dataset-group" data-topic="${g.key}" aria-labelledby="group-${g.key}" ${g.rows.some((r) => r.visible) ? '' : html` hidden`}>
        <h2 id="group-${g.key}">${g.name}</h2>
        <ul class="dataset-list">
          ${g.rows.map((r) => renderRow(r, t))}
        </ul>
      </section>`,
  );
  const main = html`${renderPageHead(t.datasets.title, t.datasets.lede)} ${renderFilter(view)}
    <p class="result-count" aria-live="polite" data-count data-template="${t.datasets.showing}" data-total="${view.total}">${view.count}</p>
    <p class="no-match" data-no-match data-template="${t.datasets.noMatch}" ${view.shown === 0 ? '' : html` hidden`}>
      ${fillTemplate(t.datasets.noMatch, { q: view.q })}
    </p>
    <div class="dataset-groups">${groups}</div>`;
  return renderLayout(view.layout, main);
}
