/**
 * The dataset page: header facts, the explorer (pickers, period, transform,
 * chart), the output card (code, embed, downloads) and the description; and
 * `?embed=1`, the chart alone with its source line and a link back. The chart
 * is a server-rendered SVG that the bundle replaces with an interactive one,
 * from the inline JSON of the same view.
 */
import { html, jsonScript, raw, type SafeHtml } from '../html.js';
import { renderLayout } from '../layout.js';
import { renderFacts } from './components.js';
import type { DatasetView } from './dataset-view.js';
import { renderOutputs } from './outputs.js';
import { renderPeriod, renderPickers, renderTransformSwitch } from './pickers.js';
import { countSeries } from './explorer-state.js';
import { formatCount } from '../../i18n/format.js';

function renderHeader(view: DatasetView): SafeHtml {
  const { t, facts } = view;
  const source = facts.source.url ? html`<a href="${facts.source.url}" rel="noopener">${facts.source.name}</a>` : facts.source.name;
  const crumbs = html`<nav class="breadcrumb" aria-label="${t.breadcrumb}">
    <ol>
      <li><a href="${view.datasetsHref}">${t.nav.datasets}</a></li>
      ${view.topic ? html`<li><a href="${view.topic.href}">${view.topic.name}</a></li>` : ''}
    </ol>
  </nav>`;
  return html`<header class="page-head dataset-head">
    ${crumbs}
    <h1>${view.title}</h1>
    ${view.description ? html`<p class="lede">${view.description}</p>` : ''}
    ${renderFacts([
      [t.facts.source, source],
      [t.facts.license, facts.license.href ? html`<a href="${facts.license.href}">${facts.license.name}</a>` : facts.license.name],
      [t.facts.frequency, facts.frequency],
      [t.facts.span, facts.span],
      [t.facts.updated, facts.updated],
      [t.facts.series, facts.series],
      [t.facts.id, html`<code>${facts.id}</code>`],
    ])}
  </header>`;
}

/** The chart figure: caption, unit, the fallback SVG (replaced by the bundle), the zoom hint. */
function renderChart(view: DatasetView): SafeHtml {
  const { caption } = view;
  return html`<figure class="chart-card" data-chart-card>
    <figcaption class="chart-caption">
      <span class="chart-subtitle" data-caption>${caption.caption}</span><span class="chart-unit" data-unit>${caption.unit ?? ''}</span>
    </figcaption>
    <div class="chart" data-chart role="img" aria-label="${view.title}${caption.caption ? ` — ${caption.caption}` : ''}">${raw(view.chartSvg)}</div>
    <p class="chart-status" data-status aria-live="polite"></p>
  </figure>`;
}

function renderExplorer(view: DatasetView): SafeHtml {
  const { t, data } = view;
  const n = countSeries(data.meta, data.state);
  return html`<form class="explorer" method="get" action="${view.formAction}" data-explorer>
    <aside class="explorer-side" aria-labelledby="selection-heading">
      <div class="side-head">
        <h2 id="selection-heading">${t.dataset.selection}</h2>
        <span class="badge" data-series-count data-one="${t.seriesCount.one}" data-other="${t.seriesCount.other}"
          >${formatCount(t.seriesCount, n, data.meta.lang)}</span
        >
      </div>
      ${renderPickers(data.meta, data.state, t)}
      <button type="submit" class="btn btn-primary apply">${t.dataset.update}</button>
    </aside>
    <section class="explorer-main" aria-label="${t.dataset.chart}">
      <div class="toolbar">${renderTransformSwitch(data.meta, data.state, t)}${renderPeriod(data.state, data.span, view.presets, t)}</div>
      ${renderChart(view)}
      <p class="chart-hint">${t.dataset.zoomHint}</p>
    </section>
  </form>`;
}

function renderAbout(view: DatasetView): SafeHtml {
  if (!view.notes) return html``;
  return html`<section class="card about-dataset" aria-labelledby="notes-heading">
    <h2 id="notes-heading">${view.t.dataset.notes}</h2>
    <p>${view.notes}</p>
  </section>`;
}

/** Renders the dataset page. */
export function renderDataset(view: DatasetView): string {
  const main = html`${renderHeader(view)} ${renderExplorer(view)} ${renderOutputs(view)} ${renderAbout(view)} ${jsonScript('explorer-data', view.data)}`;
  return renderLayout(view.layout, main);
}

/** Renders `?embed=1`: the chart alone, its source and a link to the full page. */
export function renderEmbed(view: DatasetView): string {
  const main = html`<div class="embed">
    <header class="embed-head">
      <h1 class="embed-title"><a href="${view.fullPageHref}" target="_blank" rel="noopener">${view.title}</a></h1>
    </header>
    ${renderChart(view)}
    <footer class="embed-foot">
      <span>${view.t.facts.source}: ${view.sourceLine}</span><a href="${view.fullPageHref}" target="_blank" rel="noopener">${view.t.dataset.viewFull} ↗</a>
    </footer>
    ${jsonScript('explorer-data', view.data)}
  </div>`;
  return renderLayout(view.layout, main);
}
