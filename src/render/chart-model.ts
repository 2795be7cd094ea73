/**
 * The chart of a selection as geometry: where every text, tick, grid line,
 * legend entry and series path goes for a given size and language. Pure and
 * deterministic; `renderChartSvg` only serialises it.
 */
import type { Lang } from '../data/model.js';
import type { SelectionView } from '../query/view.js';
import { describeChart, type ChartContent, type ContentSeries } from './chart-content.js';
import { measureText, truncateText, wrapText } from './chart-font.js';
import { layoutLegend, type LegendLayout } from './chart-legend.js';
import { CHART_COLORS, CHART_REFERENCE, CHART_SIZES, seriesColor } from './chart-style.js';
import { chartWords, fillTemplate, formatNumber } from '../i18n/chart-text.js';
import { dateTicks, isLogDrawable, logValueTicks, niceValueTicks, type ScaleTicks } from './chart-ticks.js';
import { seriesGeometry, type Point } from './chart-path.js';

/** Size, language and extras of one chart image. */
export interface ChartOptions {
  lang: Lang;
  width: number;
  height: number;
  /** display name of the dataset's license (from the vocabulary); default: its key */
  licenseName?: string | null;
  /** plot, axes and legend only: no title, subtitle or source line (the preview image draws its own) */
  bare?: boolean;
  /** size factor of texts and lines; default: from the image size against the reference size */
  scale?: number;
  /** a logarithmic value axis (`scale=log`), drawn when every value is above zero, as on the page */
  log?: boolean;
  /** series of other datasets on the same chart (`compare=`), computed with the same period and transform */
  compared?: SelectionView[];
}

/** A line of text placed on the chart (y is the baseline). */
export interface TextItem {
  x: number;
  y: number;
  text: string;
  size: number;
  weight: number;
  color: string;
  anchor: 'start' | 'middle' | 'end';
  role: 'title' | 'subtitle' | 'unit' | 'legend' | 'tick' | 'footer' | 'message';
}

/** A tick: its position in px, its value (y) or day number (x), and its label. */
export interface Tick {
  pos: number;
  value: number;
  label: string;
}

/** One series with its colour and drawn geometry. */
export interface PlottedSeries extends ContentSeries {
  color: string;
  /** SVG path data; a gap (missing value) starts a new subpath */
  path: string;
  /** observations with no neighbour to draw a line to */
  dots: Point[];
}

/** Everything needed to draw a chart. */
export interface ChartModel {
  width: number;
  height: number;
  /** size factor against the reference size */
  scale: number;
  lang: Lang;
  content: ChartContent;
  texts: TextItem[];
  legend: LegendLayout;
  plot: { x: number; y: number; width: number; height: number };
  xDomain: [number, number];
  yDomain: [number, number];
  xTicks: Tick[];
  yTicks: Tick[];
  /** ticks of the right value axis (compared series in a second unit); empty without one */
  y2Ticks: Tick[];
  /** the value axes are logarithmic */
  log: boolean;
  /** y of the zero line when zero lies inside the value range */
  zeroY: number | null;
  series: PlottedSeries[];
  lineWidth: number;
  empty: boolean;
}

interface Header {
  texts: TextItem[];
  legend: LegendLayout;
  bottom: number;
}

/** The smallest size factor of texts: a narrow image (a phone's no-JavaScript chart) keeps its smallest text, the 11 px source line, at about 10 px. */
const MIN_SCALE = 0.9;

/** Lays out the chart of a selection. */
export function buildChartModel(view: SelectionView, opts: ChartOptions): ChartModel {
  const { width, height, lang } = opts;
  const content = describeChart(view, lang, opts.licenseName, opts.compared);
  const s = opts.scale ?? Math.min(5, Math.max(MIN_SCALE, Math.min(width / CHART_REFERENCE.width, height / CHART_REFERENCE.height)));
  const pad = CHART_SIZES.padding * s;
  const footer = opts.bare ? [] : footerTexts(content, width, height, pad, s);
  const tickSize = CHART_SIZES.tickSize * s;
  const xLabelHeight = (CHART_SIZES.tickLength + 4) * s + tickSize * 1.2;
  const bottom = height - pad - (footer.length > 0 ? CHART_SIZES.footerSize * s * 1.3 + CHART_SIZES.gap * s : 0) - xLabelHeight;
  let header = layoutHeader(content, opts, s, 0);
  for (let level = 1; level <= 3 && bottom - header.bottom < height * 0.42; level++) {
    header = layoutHeader(content, opts, s, level);
  }
  const axes = layoutAxes(content, { top: header.bottom, bottom, left: pad, right: width - pad }, lang, s, opts.log === true);
  const lineWidth = CHART_SIZES.lineWidth * s * (content.series.length > 8 ? 0.65 : 1);
  const series = content.series.map((c, i) => ({
    ...c,
    color: seriesColor(i),
    ...seriesGeometry(c.view.dates, c.view.values, c.factor, axes.toX, c.axis === 1 ? axes.toY2 : axes.toY),
  }));
  const texts = [...header.texts, ...footer, ...tickTexts(axes, width, tickSize, s)];
  if (axes.empty) texts.push(messageText(axes.plot, lang, s));
  const { plot, xDomain, yDomain, xTicks, yTicks, y2Ticks, log, zeroY, empty } = axes;
  return {
    width,
    height,
    scale: s,
    lang,
    content,
    texts,
    legend: header.legend,
    plot,
    xDomain,
    yDomain,
    xTicks,
    yTicks,
    y2Ticks,
    log,
    zeroY,
    series,
    lineWidth,
    empty,
  };
}

interface Axes {
  plot: ChartModel['plot'];
  xDomain: [number, number];
  yDomain: [number, number];
  xTicks: Tick[];
  yTicks: Tick[];
  y2Ticks: Tick[];
  log: boolean;
  zeroY: number | null;
  empty: boolean;
  toX: (days: number) => number;
  toY: (value: number) => number;
  toY2: (value: number) => number;
}

/** A value axis: its scale, tick labels and where a value goes. */
interface ValueAxis {
  scale: ScaleTicks;
  labels: string[];
  width: number;
}

function valueAxis(range: { min: number; max: number }, budget: number, log: boolean, lang: Lang, tickSize: number): ValueAxis {
  const scale = log ? logValueTicks(range.min, range.max, budget) : niceValueTicks(range.min, range.max, budget);
  const labels = range.min > range.max ? [] : scale.ticks.map((v) => formatNumber(v, lang, scale.decimals));
  return { scale, labels, width: Math.max(0, ...labels.map((l) => measureText(l, tickSize))) };
}

/** Where a value goes on a plot of a height, on a linear or logarithmic scale. */
function valueToY(scale: ScaleTicks, log: boolean, top: number, height: number): (v: number) => number {
  const f = log ? Math.log10 : (v: number): number => v;
  const lo = f(scale.min);
  const span = f(scale.max) - lo;
  return (v) => top + height - ((f(v) - lo) / span) * height;
}

/**
 * The plot area between the header and the x labels, its scales and ticks;
 * the y labels' width sets its left edge, a right axis's labels its right edge.
 */
function layoutAxes(
  content: ChartContent,
  frame: { top: number; bottom: number; left: number; right: number },
  lang: Lang,
  s: number,
  logAsked: boolean,
): Axes {
  const tickSize = CHART_SIZES.tickSize * s;
  const { values, values2, dates } = extent(content.series);
  const all = { min: Math.min(values.min, values2.min), max: Math.max(values.max, values2.max) };
  const empty = all.min > all.max;
  const log = logAsked && isLogDrawable(all.min, all.max);
  const plotHeight = Math.max(10, frame.bottom - frame.top);
  const budget = Math.min(10, Math.floor(plotHeight / (tickSize * 3.2)) + 1);
  const left = valueAxis(values, budget, log, lang, tickSize);
  const right = values2.min <= values2.max ? valueAxis(values2, budget, log, lang, tickSize) : null;
  const x = frame.left + left.width + (left.labels.length ? 8 * s : 0);
  const rightEdge = frame.right - (right ? right.width + 8 * s : 0);
  const plot = { x, y: frame.top, width: Math.max(10, rightEdge - x), height: plotHeight };
  const xDomain = padDomain(dates.min, dates.max, content.dateUnit === 'year' ? 183 : 16);
  const toX = (d: number): number => plot.x + ((d - xDomain[0]) / (xDomain[1] - xDomain[0])) * plot.width;
  const toY = valueToY(left.scale, log, plot.y, plot.height);
  const toY2 = right ? valueToY(right.scale, log, plot.y, plot.height) : toY;
  const ticksOf = (axis: ValueAxis | null, to: (v: number) => number): Tick[] =>
    empty || !axis ? [] : axis.scale.ticks.map((value, i) => ({ pos: to(value), value, label: axis.labels[i] }));
  const measure = (label: string): number => measureText(label, tickSize);
  const xTicks = empty
    ? []
    : dateTicks(xDomain[0], xDomain[1], content.dateUnit, lang, plot.width, measure).map((t) => ({ pos: toX(t.days), value: t.days, label: t.label }));
  const zeroY = !empty && !log && left.scale.min < 0 && left.scale.max > 0 ? toY(0) : null;
  const yDomain: [number, number] = [left.scale.min, left.scale.max];
  return { plot, xDomain, yDomain, xTicks, yTicks: ticksOf(left, toY), y2Ticks: ticksOf(right, toY2), log, zeroY, empty, toX, toY, toY2 };
}

/**
 * Title, subtitle, legend and unit, top down. `level` trades detail for plot
 * room on small images: 0 full, 1 one line each, 2 no subtitle, 3 no legend.
 */
function layoutHeader(content: ChartContent, opts: ChartOptions, s: number, level: number): Header {
  const pad = CHART_SIZES.padding * s;
  const width = opts.width - 2 * pad;
  const texts: TextItem[] = [];
  let y = pad;
  const block = (text: string, size: number, weight: number, color: string, lines: number, role: TextItem['role']): void => {
    for (const line of wrapText(text, size, width, lines, weight)) {
      texts.push({ x: pad, y: y + size * 0.95, text: line, size, weight, color, anchor: 'start', role });
      y += size * 1.3;
    }
  };
  if (!opts.bare) {
    block(content.title, CHART_SIZES.titleSize * s, CHART_SIZES.titleWeight, CHART_COLORS.title, level === 0 ? 2 : 1, 'title');
    if (content.subtitle && level < 2) {
      y += 2 * s;
      block(content.subtitle, CHART_SIZES.subtitleSize * s, 400, CHART_COLORS.subtitle, level === 0 ? 2 : 1, 'subtitle');
    }
    y += CHART_SIZES.gap * s;
  }
  const legendSize = CHART_SIZES.legendSize * s;
  const legend =
    content.series.length > 1 && level < 3
      ? layoutLegend({
          labels: content.series.map((c) => c.legend),
          colors: content.series.map((_, i) => seriesColor(i)),
          x: pad,
          y,
          width,
          maxRows: level === 0 ? 3 : 1,
          fontSize: legendSize,
          swatch: CHART_SIZES.legendSwatch * s,
          moreText: (n) => fillTemplate(chartWords(opts.lang).more, { n }),
        })
      : { items: [], more: null, height: 0 };
  for (const item of legend.items) {
    const x = item.x + (CHART_SIZES.legendSwatch + CHART_SIZES.legendSize * 0.5) * s;
    texts.push({
      x,
      y: item.y + legendSize * 0.95,
      text: item.label,
      size: legendSize,
      weight: 400,
      color: CHART_COLORS.subtitle,
      anchor: 'start',
      role: 'legend',
    });
  }
  if (legend.more) {
    const { x, y: top, text } = legend.more;
    texts.push({ x, y: top + legendSize * 0.95, text, size: legendSize, weight: 400, color: CHART_COLORS.text, anchor: 'start', role: 'legend' });
  }
  y += legend.height + (legend.height > 0 ? CHART_SIZES.gap * s * 0.5 : 0);
  if (content.unit || content.unit2) {
    const size = CHART_SIZES.unitSize * s;
    // the right axis's unit at the right edge, over its labels, as the page's chart writes it beside its axis
    const right = content.unit2 ? truncateText(content.unit2, size, width / 2 - 8 * s) : '';
    if (right) texts.push({ x: opts.width - pad, y: y + size * 0.95, text: right, size, weight: 400, color: CHART_COLORS.text, anchor: 'end', role: 'unit' });
    const leftWidth = right ? width - measureText(right, size) - 16 * s : width;
    for (const line of wrapText(content.unit ?? '', size, leftWidth, level === 0 ? 2 : 1)) {
      texts.push({ x: pad, y: y + size * 0.95, text: line, size, weight: 400, color: CHART_COLORS.text, anchor: 'start', role: 'unit' });
      y += size * 1.3;
    }
    if (!content.unit) y += size * 1.3;
    y += 6 * s;
  } else {
    y += 6 * s;
  }
  return { texts, legend, bottom: y };
}

function footerTexts(content: ChartContent, width: number, height: number, pad: number, s: number): TextItem[] {
  const size = CHART_SIZES.footerSize * s;
  const text = truncateText(content.footer, size, width - 2 * pad);
  return text ? [{ x: pad, y: height - pad, text, size, weight: 400, color: CHART_COLORS.footer, anchor: 'start', role: 'footer' }] : [];
}

function tickTexts({ xTicks, yTicks, y2Ticks, plot }: Axes, width: number, size: number, s: number): TextItem[] {
  const texts: TextItem[] = [];
  const color = CHART_COLORS.text;
  for (const t of yTicks) {
    texts.push({ x: plot.x - 8 * s, y: t.pos + size * 0.36, text: t.label, size, weight: 400, color, anchor: 'end', role: 'tick' });
  }
  for (const t of y2Ticks) {
    texts.push({ x: plot.x + plot.width + 8 * s, y: t.pos + size * 0.36, text: t.label, size, weight: 400, color, anchor: 'start', role: 'tick' });
  }
  const baseline = plot.y + plot.height + (CHART_SIZES.tickLength + 4) * s + size * 0.95;
  for (const t of xTicks) {
    // keep the first and last labels inside the image
    const half = measureText(t.label, size) / 2;
    const x = Math.min(width - 4 * s - half, Math.max(4 * s + half, t.pos));
    texts.push({ x, y: baseline, text: t.label, size, weight: 400, color, anchor: 'middle', role: 'tick' });
  }
  return texts;
}

function messageText(plot: ChartModel['plot'], lang: Lang, s: number): TextItem {
  const size = CHART_SIZES.subtitleSize * s;
  const text = chartWords(lang).noData;
  const x = plot.x + plot.width / 2;
  return { x, y: plot.y + plot.height / 2, text, size, weight: 400, color: CHART_COLORS.text, anchor: 'middle', role: 'message' };
}

interface Range {
  min: number;
  max: number;
}

/** Range of the displayed values per value axis and of the dates over all series (min > max when there are none). */
function extent(series: ContentSeries[]): { values: Range; values2: Range; dates: Range } {
  const ranges: [Range, Range] = [
    { min: Infinity, max: -Infinity },
    { min: Infinity, max: -Infinity },
  ];
  const dates = { min: Infinity, max: -Infinity };
  for (const { view, factor, axis } of series) {
    if (view.dates.length === 0) continue;
    const values = ranges[axis];
    dates.min = Math.min(dates.min, view.dates[0]);
    dates.max = Math.max(dates.max, view.dates[view.dates.length - 1]);
    for (let i = 0; i < view.values.length; i++) {
      const v = view.values[i] * factor;
      if (v < values.min) values.min = v;
      if (v > values.max) values.max = v;
    }
  }
  return { values: ranges[0], values2: ranges[1], dates };
}

/** The date domain; a single date gets room on both sides, no dates get a placeholder. */
function padDomain(min: number, max: number, halfPeriod: number): [number, number] {
  if (!Number.isFinite(min)) return [0, 365];
  return min === max ? [min - halfPeriod, max + halfPeriod] : [min, max];
}
