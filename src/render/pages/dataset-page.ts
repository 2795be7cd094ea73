/**
 * The dataset page: header facts, the explorer (pickers, period, transform,
 * chart), the output card (code, embed, downloads) and the description; and
 * `?embed=1`, the chart alone with its source line and a link back. The chart
 * is a server-rendered SVG that the bundle replaces with an interactive one,
 * from the inline JSON of the same view.
 */
import { html, jsonScript, raw, type SafeHtml } from '../html.js';
import { renderLayout } from '../layout.js';
import { langAttr, renderFacts } from './components.js';
import { FALLBACK_CHART, NOSCRIPT_CHART_WIDTHS, noscriptChartHeight, noscriptChartSizes, type DatasetView } from './dataset-view.js';
import { renderOutputs } from './outputs.js';
import { renderFrequencySwitch, renderPeriod, renderPickers, renderTransformSwitch } from './pickers.js';
import { countSeries } from '../../selection/state.js';
import { formatCount } from '../../i18n/format.js';
import { renderCitations } from './citation.js';
import { buildHeadline, buildTable, canLog, renderHeadline, renderTable } from './figures.js';
import { chartWarning, coincideNote, renderChartWarning } from './chart-notes.js';
import { statePageUrl } from '../../selection/state.js';
import { renderCompareCard } from './compare-card.js';
import { chartImageUrl } from './explorer-links.js';
import { takesBase } from '../../selection/params.js';
import { renderRevisionsCard } from './revisions-card.js';
import { renderAsOfBanner, renderAsOfSwitch } from './vintage-controls.js';

/** The id of the index base field (the index warning links to it). */
const INDEX_BASE_ID = 'index-base';

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
    <h1 ${langAttr(view.textLangs.title)}>${view.title}</h1>
    ${view.description ? html`<p class="lede" ${langAttr(view.textLangs.description)}>${view.description}</p>` : ''}
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

/**
 * The warning shown instead of the chart (chart-notes.ts chartWarning): % change of a series that crosses zero,
 * or an index on a base value of 0, below 0 or missing; with the fixes that apply (the base field only on the page: the embed has none).
 */
function renderZeroWarning(view: DatasetView, embed: boolean): SafeHtml {
  const warning = chartWarning(view.shown, view.data.state.transform);
  // the embed has no toolbar, so no base field to point at
  const hrefs = { ...view.fixHrefs, base: embed ? null : `#${INDEX_BASE_ID}` };
  return html`<div class="chart-warning" role="status" data-zero-warning ${warning ? '' : html` hidden`}>
    ${renderChartWarning(warning, view.t.dataset, hrefs)}
  </div>`;
}

/** The latest value of each series, its period and its changes; hidden with the chart when its values mean nothing (issue 23). */
function renderHeadlineList(view: DatasetView): SafeHtml {
  const items = buildHeadline(view.shown, view.data.dateUnit, view.data.meta.lang);
  const hide = chartWarning(view.shown, view.data.state.transform) !== null;
  return html`<ul class="headline" data-headline ${hide ? html` hidden` : ''}>
    ${renderHeadline(items, view.t.dataset)}
  </ul>`;
}

/** The numbers as a table beside the chart: a disclosure that pages by links (works without JavaScript). */
function renderTableCard(view: DatasetView): SafeHtml {
  const { data } = view;
  const table = buildTable(view.shown, data.dateUnit, data.meta.lang, view.tablePage);
  const hrefOf = (page: number): string => `${statePageUrl('', data.meta.lang, data.meta, data.state, page > 1 ? [['tp', String(page)]] : [])}#table`;
  return html`<details class="table-card" id="table" data-table ${view.tablePage > 1 ? html` open` : ''}>
    <summary>${view.t.dataset.table}</summary>
    <div data-table-body>${renderTable(table, view.t.dataset, hrefOf)}</div>
  </details>`;
}

/** Without JavaScript, the chart as an image drawn near the width it is shown at (the inline SVG, drawn for a desktop, is hidden then: client/styles). */
function renderNoScriptChart(view: DatasetView): SafeHtml {
  const { meta, state } = view.data;
  const url = (width: number): string => chartImageUrl(meta, state, meta.lang, { width, height: noscriptChartHeight(width) });
  const srcset = NOSCRIPT_CHART_WIDTHS.map((w) => `${url(w)} ${w}w`).join(', ');
  return html`<noscript
    ><img
      class="chart-image"
      src="${url(FALLBACK_CHART.width)}"
      srcset="${srcset}"
      sizes="${noscriptChartSizes(view.data.embed, !hasChoices(view))}"
      width="${FALLBACK_CHART.width}"
      height="${noscriptChartHeight(FALLBACK_CHART.width)}"
      alt=""
  /></noscript>`;
}

/** The note naming lines that lie on top of each other (chart-notes.ts coincidingSeries); the bundle rewrites it. */
function renderCoincideNote(view: DatasetView): SafeHtml {
  const note = coincideNote(view.shown, view.data.meta.lang, view.t.dataset);
  return html`<p class="chart-note" data-coincide ${note ? '' : html` hidden`}>${note}</p>`;
}

/** The chart figure: caption, unit, the fallback SVG (replaced by the bundle), the zoom hint. */
function renderChart(view: DatasetView, embed = false): SafeHtml {
  const { caption } = view;
  const empty = !caption.caption && !caption.unit;
  const hide = chartWarning(view.shown, view.data.state.transform) !== null;
  return html`${renderZeroWarning(view, embed)}
    <figure class="chart-card" data-chart-card ${hide ? html` hidden` : ''}>
      <figcaption class="chart-caption" ${empty ? html` hidden` : ''}>
        <span class="chart-subtitle" data-caption>${caption.caption}</span><span class="chart-unit" data-unit>${caption.unit ?? ''}</span>
      </figcaption>
      <div class="chart" data-chart role="img" aria-label="${view.title}${caption.caption ? ` — ${caption.caption}` : ''}">
        ${raw(view.chartSvg)}${renderNoScriptChart(view)}
      </div>
      <p class="chart-note" data-compare-units ${view.compare.unitNote ? '' : html` hidden`}>${view.compare.unitNote}</p>
      ${renderCoincideNote(view)}
      <p class="chart-status" data-status aria-live="polite"></p>
    </figure>`;
}

/** The toolbar, headline, chart and table: the same beside the pickers or alone (then with the apply button in the toolbar). */
function renderChartColumn(view: DatasetView, apply: SafeHtml | ''): SafeHtml {
  const { t, data } = view;
  return html`<div class="toolbar">
      ${renderFrequencySwitch(data.meta, data.state, t)}${renderTransformSwitch(data.meta, data.state, t)}${renderPeriod(data.state, data.span, view.presets, t)}${renderBasePicker(view)}${renderLogSwitch(view)}${renderAsOfSwitch(data.meta, data.state, t)}${apply}
    </div>
    ${renderHeadlineList(view)} ${renderChart(view)}
    <div class="chart-foot">
      <p class="chart-hint">${t.dataset.zoomHint}</p>
      ${renderCopyLink(view)}
    </div>
    ${renderTableCard(view)}`;
}

/** The copy-link button (client/copy.ts): the page's URL holds the whole state; hidden until the bundle wires it. */
function renderCopyLink(view: DatasetView): SafeHtml {
  const t = view.t.dataset;
  return html`<button type="button" class="btn btn-small copy-link" data-copy="" data-copy-link data-copied="${t.linkCopied}" hidden>${t.copyLink}</button>`;
}

function renderExplorer(view: DatasetView): SafeHtml {
  const { t, data } = view;
  const n = countSeries(data.meta, data.state);
  const apply = html`<button type="submit" class="btn btn-primary apply">${t.dataset.update}</button>`;
  // a dataset of one series has nothing to pick: no selection box, the apply button (for the page without JavaScript) goes to the toolbar
  if (!hasChoices(view)) {
    return html`<form class="explorer is-single" method="get" action="${view.formAction}" data-explorer>
      <section class="explorer-main" aria-labelledby="chart-heading">
        <h2 id="chart-heading" class="sr-only">${t.dataset.chart}</h2>
        ${renderChartColumn(view, apply)}
      </section>
    </form>`;
  }
  return html`<form class="explorer" method="get" action="${view.formAction}" data-explorer>
    <aside class="explorer-side" aria-labelledby="selection-heading">
      <div class="side-head">
        <h2 id="selection-heading">${t.dataset.selection}</h2>
        <span class="badge" data-series-count data-one="${t.seriesCount.one}" data-other="${t.seriesCount.other}"
          >${formatCount(t.seriesCount, n, data.meta.lang)}</span
        >
      </div>
      ${renderPickers(data.meta, data.state, t)} ${apply}
    </aside>
    <section class="explorer-main" aria-label="${t.dataset.chart}">${renderChartColumn(view, '')}</section>
  </form>`;
}

/** The index base: a date (the first observation when empty), shown while the index transform is on. */
function renderBasePicker(view: DatasetView): SafeHtml {
  const { state, span } = view.data;
  const bounds = html`${span.start ? html` min="${span.start}"` : ''}${span.end ? html` max="${span.end}"` : ''}`;
  return html`<label class="base-picker" data-base-picker ${takesBase(state.transform) ? '' : html` hidden`}
    >${view.t.dataset.indexBase}
    <input type="date" id="${INDEX_BASE_ID}" name="base" value="${state.base ?? ''}" ${bounds} ${takesBase(state.transform) ? '' : html` disabled`}
  /></label>`;
}

/**
 * The log-scale switch: drawn by the bundle only (the page without JavaScript
 * keeps a linear axis), so hidden until it runs; a form sent without
 * JavaScript keeps what the URL said (`scale=log`). Disabled where the values
 * cannot take a log axis (the state has dropped the scale then).
 */
function renderLogSwitch(view: DatasetView): SafeHtml {
  const checked = view.data.state.scale === 'log' ? html` checked` : '';
  const disabled = canLog(view.shown) ? '' : html` disabled`;
  return html`<label class="log-switch js-only"
    ><input type="checkbox" name="scale" value="log" data-log${checked}${disabled} /> ${view.t.dataset.logScale}</label
  >`;
}

/** Whether any dimension offers a choice (more than one level with data). */
function hasChoices(view: DatasetView): boolean {
  return view.data.meta.dims.some((dim) => dim.levels.filter((l) => l.data).length > 1);
}

function renderAbout(view: DatasetView): SafeHtml {
  if (!view.notes) return html``;
  return html`<section class="card about-dataset" aria-labelledby="notes-heading">
    <h2 id="notes-heading">${view.t.dataset.notes}</h2>
    <p ${langAttr(view.textLangs.notes)}>${view.notes}</p>
  </section>`;
}

/** Renders the dataset page. */
export function renderDataset(view: DatasetView): string {
  const main = html`${renderHeader(view)} ${renderAsOfBanner(view.data.meta, view.data.state, view.t, view.data.meta.lang)} ${renderExplorer(view)}
  ${renderRevisionsCard(view.revisions)} ${renderCompareCard(view.compare)} ${renderOutputs(view)} ${renderCitations(view.citation, view.t.dataset)}
  ${renderAbout(view)} ${jsonScript('explorer-data', view.data)}`;
  return renderLayout(view.layout, main);
}

/** Renders `?embed=1`: the chart alone, its source and a link to the full page. */
export function renderEmbed(view: DatasetView): string {
  const main = html`<div class="embed">
    <header class="embed-head">
      <h1 class="embed-title"><a href="${view.fullPageHref}" target="_blank" rel="noopener">${view.title}</a></h1>
    </header>
    ${renderChart(view, true)}
    <footer class="embed-foot">
      <span>${view.t.facts.source}: ${view.sourceLine}</span><a href="${view.fullPageHref}" target="_blank" rel="noopener">${view.t.dataset.viewFull} ↗</a>
    </footer>
    ${jsonScript('explorer-data', view.data)}
  </div>`;
  return renderLayout(view.layout, main);
}
