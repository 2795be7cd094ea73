/**
 * Chart of a selection as a standalone SVG document: the serialisation of
 * `buildChartModel`. Every text is XML-escaped; numbers are rounded to 0.01 px
 * so the output is stable and snapshot-testable.
 */
import { escapeMarkup } from '../markup.js';
import type { SelectionView } from '../query/view.js';
import { buildChartModel, type ChartModel, type ChartOptions, type TextItem } from './chart-model.js';
import { px } from './chart-path.js';
import { CHART_COLORS, CHART_FONT_FAMILY, CHART_SIZES } from './chart-style.js';

export type { ChartOptions } from './chart-model.js';

/**
 * Renders the chart of a selection as SVG.
 * @example renderChartSvg(view, { lang: 'de', width: 800, height: 450 })
 */
export function renderChartSvg(view: SelectionView, opts: ChartOptions): string {
  return renderChartModelSvg(buildChartModel(view, opts));
}

/** Serialises a laid-out chart as a standalone SVG document. */
export function renderChartModelSvg(model: ChartModel): string {
  const { width, height } = model;
  const title = [model.content.title, model.content.subtitle].filter((t) => t !== '').join(' — ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="${escapeMarkup(CHART_FONT_FAMILY)}">`,
    `<title>${escapeMarkup(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="${CHART_COLORS.background}"/>`,
    renderChartBody(model),
    '</svg>',
    '',
  ].join('\n');
}

/** The chart's elements without the enclosing `<svg>`: grid, axes, series, legend, texts. */
export function renderChartBody(model: ChartModel): string {
  return [renderGrid(model), renderSeries(model), renderLegendSwatches(model), renderTexts(model.texts)].filter((part) => part !== '').join('\n');
}

function renderGrid(model: ChartModel): string {
  const { plot, scale: s } = model;
  const left = px(plot.x);
  const right = px(plot.x + plot.width);
  const bottom = px(plot.y + plot.height);
  const lines: string[] = [];
  for (const t of model.yTicks) {
    lines.push(`<path d="M${left} ${px(t.pos)}H${right}" stroke="${CHART_COLORS.grid}" stroke-width="${px(CHART_SIZES.gridWidth * s)}"/>`);
  }
  if (model.zeroY !== null) {
    lines.push(`<path d="M${left} ${px(model.zeroY)}H${right}" stroke="${CHART_COLORS.zero}" stroke-width="${px(CHART_SIZES.axisWidth * s)}"/>`);
  }
  const tick = px(CHART_SIZES.tickLength * s);
  const ticks = model.xTicks.map((t) => `M${px(t.pos)} ${bottom}v${tick}`).join('');
  lines.push(`<path d="M${left} ${bottom}H${right}${ticks}" stroke="${CHART_COLORS.axis}" stroke-width="${px(CHART_SIZES.axisWidth * s)}" fill="none"/>`);
  return `<g class="grid">\n${lines.join('\n')}\n</g>`;
}

function renderSeries(model: ChartModel): string {
  if (model.series.length === 0) return '';
  const width = px(model.lineWidth);
  const radius = px(model.lineWidth * 1.25);
  // the first series is drawn last, on top of the others
  const parts = model.series
    .map((s, i) => {
      const dots = s.dots.map((d) => `<circle cx="${d.x}" cy="${d.y}" r="${radius}" fill="${s.color}"/>`);
      const path = s.path ? `<path d="${s.path}" stroke="${s.color}"/>` : '';
      return `<g class="series" data-series="${i}" data-codes="${escapeMarkup(s.view.codes.join('.'))}">${path}${dots.join('')}</g>`;
    })
    .reverse();
  return `<g fill="none" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round">\n${parts.join('\n')}\n</g>`;
}

function renderLegendSwatches(model: ChartModel): string {
  if (model.legend.items.length === 0) return '';
  const s = model.scale;
  const size = CHART_SIZES.legendSize * s;
  const swatch = px(CHART_SIZES.legendSwatch * s);
  const width = px(Math.max(2.5 * s, model.lineWidth));
  const lines = model.legend.items.map((item) => `<path d="M${px(item.x)} ${px(item.y + size * 0.62)}h${swatch}" stroke="${item.color}"/>`);
  return `<g class="legend" stroke-width="${width}" stroke-linecap="round">\n${lines.join('\n')}\n</g>`;
}

function renderTexts(texts: TextItem[]): string {
  const lines = texts.map((t) => {
    const anchor = t.anchor === 'start' ? '' : ` text-anchor="${t.anchor}"`;
    const weight = t.weight === 400 ? '' : ` font-weight="${t.weight}"`;
    return `<text class="${t.role}" x="${px(t.x)}" y="${px(t.y)}" font-size="${px(t.size)}" fill="${t.color}"${anchor}${weight}>${escapeMarkup(t.text)}</text>`;
  });
  return `<g class="texts">\n${lines.join('\n')}\n</g>`;
}
