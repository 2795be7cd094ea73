/**
 * The interactive chart (uPlot): several series on a time axis, zoom by
 * dragging (double-click resets), values with date and unit under the
 * cursor (tooltip and legend), the palette and number formats of the chart
 * images, so the page and its PNG/SVG look alike.
 */
import uPlot from 'uplot';
import type { Lang } from '../src/data/model.js';
import { CHART_COLORS, CHART_SIZES, chartFont, seriesColor } from '../src/render/chart-style.js';
import { logValueTicks, stepDecimals, type ScaleTicks } from '../src/render/chart-ticks.js';
import { canLog, displayDecimals } from '../src/render/pages/figures.js';
import { formatMonth, formatNumber, formatPeriod, type DateUnit } from '../src/i18n/chart-text.js';
import type { LabelledSeries } from '../src/selection/naming.js';
import { nextTask } from './next-task.js';

const DAY = 86_400;
/** The performance mark set each time a chart has drawn new data (bench/page.ts reads it). */
export const CHART_DRAWN_MARK = 'ds-chart-drawn';
const FONT = chartFont(CHART_SIZES.tickSize);

/**
 * A series of the chart: on the right axis when `axis` is 1 (a second unit),
 * named `legend` in the legend when given; `dataset` tells series of
 * different datasets (and so frequencies) apart.
 */
export type ChartSeries = LabelledSeries & { axis?: 0 | 1; legend?: string; dataset?: number };

/** What a chart shows. */
export interface ChartInput {
  series: ChartSeries[];
  lang: Lang;
  dateUnit: DateUnit;
  /** text shown when there is nothing to draw */
  empty: string;
  /** the legend's name of the time axis */
  xLabel: string;
  /** the unit every series shares, written on the y axis */
  unit?: string | null;
  /** the unit of the series on the right axis (compared series in another unit) */
  unit2?: string | null;
  /** a logarithmic y axis (only drawn when every value is above zero) */
  log?: boolean;
  /** points to mark with a ring (revised values, client/revisions.ts): the index into `series` and the day */
  marks?: ChartMark[];
}

/** A point the chart marks: series index and day (days since 1970). */
export interface ChartMark {
  series: number;
  day: number;
}

/** The index of `x` in the sorted time axis, or -1. */
function xIndex(xs: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] === x) return mid;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Draws a ring around each marked point that is on the chart and in view;
 * the number drawn is kept in the DOM (`data-marks`) for tests and tools.
 */
function drawMarks(u: uPlot, marks: ChartMark[]): void {
  let drawn = 0;
  const { ctx } = u;
  ctx.save();
  ctx.lineWidth = 2 * uPlot.pxRatio;
  for (const m of marks) {
    const s = u.series[m.series + 1];
    const i = xIndex(u.data[0], m.day * DAY);
    const v = i < 0 ? null : u.data[m.series + 1]?.[i];
    if (!s?.show || v === null || v === undefined) continue;
    const x = u.valToPos(m.day * DAY, 'x', true);
    const y = u.valToPos(v, s.scale ?? 'y', true);
    if (x < u.bbox.left || x > u.bbox.left + u.bbox.width || y < u.bbox.top || y > u.bbox.top + u.bbox.height) continue;
    ctx.beginPath();
    ctx.arc(x, y, 5 * uPlot.pxRatio, 0, 2 * Math.PI);
    ctx.fillStyle = CHART_COLORS.background;
    ctx.fill();
    ctx.strokeStyle = seriesColor(m.series);
    ctx.stroke();
    drawn++;
  }
  ctx.restore();
  u.root.dataset.marks = String(drawn);
}

/**
 * Series on one shared, sorted time axis (seconds); values ×factor, missing
 * as null (a gap in the line). A date that only another dataset has (a
 * monthly series beside a quarterly one) is undefined, which uPlot draws
 * across: it is not a gap of this series.
 */
export function alignSeries(series: ChartSeries[]): uPlot.AlignedData {
  const days = new Set<number>();
  const ofDataset = new Map<number, Set<number>>();
  for (const s of series) {
    const own = ofDataset.get(s.dataset ?? 0) ?? new Set<number>();
    ofDataset.set(s.dataset ?? 0, own);
    for (const d of s.dates) {
      days.add(d);
      own.add(d);
    }
  }
  const xs = [...days].sort((a, b) => a - b);
  const index = new Map(xs.map((d, i) => [d, i]));
  const columns = series.map((s) => {
    const own = ofDataset.get(s.dataset ?? 0)!;
    const col: (number | null | undefined)[] = xs.map((d) => (own.has(d) ? null : undefined));
    s.dates.forEach((d, i) => {
      const v = s.values[i];
      col[index.get(d)!] = v === null ? null : v * s.factor;
    });
    return col;
  });
  return [xs.map((d) => d * DAY), ...columns];
}

function xTickLabels(splits: number[], unit: DateUnit, lang: Lang): string[] {
  const days = splits.map((s) => Math.round(s / DAY));
  const dates = days.map((d) => new Date(d * DAY * 1000));
  const allJanuary = dates.every((d) => d.getUTCMonth() === 0 && d.getUTCDate() === 1);
  if (allJanuary || unit === 'year') return dates.map((d) => String(d.getUTCFullYear()));
  let lastYear = -1;
  return days.map((d, i) => {
    const y = dates[i].getUTCFullYear();
    const label = unit === 'quarter' || unit === 'half' ? formatPeriod(d, unit, lang) : lastYear === y ? formatMonth(d, lang) : formatPeriod(d, 'month', lang);
    lastYear = y;
    return label;
  });
}

/** Room between labels of the time axis, in px. */
const X_LABEL_GAP = 10;
/** A day late in a year with wide labels in every language (a Wednesday in September: widest month names). */
const SAMPLE_DAY = Date.UTC(2020, 8, 30) / 86_400_000;

/**
 * The least distance between x ticks (uPlot's `space`): the width of the
 * labels they will carry, plus a gap. Labels are years when a label per
 * year does not fit, else labels of the data's period (issue 23: a fixed
 * 64 px gave 2 labels for 54 years at 390 px).
 */
function xTickSpace(u: uPlot, min: number, max: number, dim: number, unit: DateUnit, lang: Lang): number {
  u.ctx.font = FONT;
  const width = (text: string): number => u.ctx.measureText(text).width + X_LABEL_GAP;
  const years = (max - min) / (365.25 * DAY);
  const perYear = width('2020');
  if (unit === 'year' || years * perYear > dim) return perYear;
  return width(formatPeriod(SAMPLE_DAY, unit, lang));
}

/** A small box near the cursor with the date and each series' value. */
function tooltipPlugin(input: () => ChartInput): uPlot.Plugin {
  let box: HTMLDivElement;
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.className = 'chart-tip';
        box.hidden = true;
        u.over.append(box);
      },
      setCursor: (u) => {
        const i = u.cursor.idx;
        const { series, lang, dateUnit } = input();
        if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
          box.hidden = true;
          return;
        }
        const rows = series
          .map((s, k) => ({ s, k, v: u.data[k + 1][i] }))
          .filter((r) => r.v !== null && r.v !== undefined && u.series[r.k + 1].show)
          .slice(0, 12);
        if (rows.length === 0) {
          box.hidden = true;
          return;
        }
        box.replaceChildren();
        const head = document.createElement('div');
        head.className = 'chart-tip-date';
        head.textContent = formatPeriod(Math.round(u.data[0][i] / DAY), dateUnit, lang);
        box.append(head);
        for (const { s, k, v } of rows) {
          const row = document.createElement('div');
          row.className = 'chart-tip-row';
          const sw = document.createElement('span');
          sw.className = 'chart-tip-swatch';
          sw.style.background = seriesColor(k);
          const label = document.createElement('span');
          label.className = 'chart-tip-label';
          label.textContent = s.label;
          const value = document.createElement('span');
          value.className = 'chart-tip-value';
          value.textContent = `${formatNumber(v as number, lang, displayDecimals(v as number))}${s.unit ? ` ${s.unit}` : ''}`;
          row.append(sw, label, value);
          box.append(row);
        }
        box.hidden = false;
        const left = u.cursor.left;
        const top = u.cursor.top ?? 0;
        const flip = left > u.over.clientWidth / 2;
        box.style.left = flip ? '' : `${left + 14}px`;
        box.style.right = flip ? `${u.over.clientWidth - left + 14}px` : '';
        box.style.top = `${Math.max(0, Math.min(top, u.over.clientHeight - box.offsetHeight))}px`;
      },
    },
  };
}

/** The ticks of a log scale as last ranged, per scale: its range, splits and labels come from one call of the shared rule. */
type LogTicks = Partial<Record<'y' | 'y2', ScaleTicks>>;

/** Most value ticks for a plot height in CSS px (as the chart images: src/render/chart-model.ts). */
function tickBudget(u: uPlot): number {
  const height = u.bbox.height > 0 ? u.bbox.height / uPlot.pxRatio : u.height * 0.7;
  return Math.min(10, Math.floor(height / (CHART_SIZES.tickSize * 3.2)) + 1);
}

/** A logarithmic value scale whose domain and ticks follow the rule the chart images use (src/render/chart-ticks.ts). */
function logScale(scale: 'y' | 'y2', log: LogTicks): uPlot.Scale {
  return {
    distr: 3,
    range: (u, lo, hi) => {
      // no values in view (uPlot passes null): a placeholder decade
      const t = lo > 0 && hi > 0 ? logValueTicks(lo, hi, tickBudget(u)) : logValueTicks(1, 10, tickBudget(u));
      log[scale] = t;
      return [t.min, t.max];
    },
  };
}

/** A value axis: left (`y`, with the grid) or right (`y2`); its tick labels and unit are kept in the DOM for tests and tools. */
function valueAxis(scale: 'y' | 'y2', unit: string | null, lang: Lang, log: LogTicks | null): uPlot.Axis {
  const key = scale === 'y' ? 'y' : 'y2';
  return {
    ...(log ? { splits: () => log[scale]?.ticks ?? [] } : {}),
    scale,
    side: scale === 'y' ? 3 : 1,
    font: FONT,
    stroke: CHART_COLORS.text,
    grid: scale === 'y' ? { stroke: CHART_COLORS.grid, width: 1 } : { show: false },
    ticks: { show: false },
    label: unit ?? undefined,
    labelFont: FONT,
    labelSize: unit ? 18 : 0,
    size: (u, values) => {
      if (!values?.length) return 40;
      u.ctx.font = FONT;
      return Math.ceil(Math.max(...values.map((v) => u.ctx.measureText(v).width))) + 18;
    },
    values: (u, splits, _axis, _space, incr) => {
      const decimals = log ? (log[scale]?.decimals ?? 0) : stepDecimals(incr);
      const labels = splits.map((v) => formatNumber(v, lang, decimals));
      // the labels are drawn on a canvas: keep them readable in the DOM for tests and tools
      u.root.dataset[`${key}Ticks`] = labels.join('|');
      u.root.dataset[`${key}Unit`] = unit ?? '';
      u.root.dataset[`${key}Log`] = String(u.scales[scale].distr === 3);
      return labels;
    },
  };
}

function options(input: () => ChartInput, width: number, height: number, onDraw: () => void): uPlot.Options {
  const { series, lang, dateUnit } = input();
  const thin = series.length > 8;
  const right = series.some((s) => s.axis === 1);
  const log: LogTicks | null = input().log && canLog(series) ? {} : null;
  return {
    width,
    height,
    pxAlign: false,
    legend: { show: series.length > 1, live: false },
    cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 7 }, focus: { prox: 24 } },
    focus: { alpha: 0.35 },
    scales: { x: { time: true }, y: log ? logScale('y', log) : {}, ...(right ? { y2: log ? logScale('y2', log) : {} } : {}) },
    series: [
      { label: input().xLabel, value: (_u, ts) => (ts === null ? '–' : formatPeriod(Math.round(ts / DAY), dateUnit, lang)) },
      ...series.map((s, k) => ({
        label: s.legend ?? s.label,
        scale: s.axis === 1 ? 'y2' : 'y',
        stroke: seriesColor(k),
        width: thin ? 1.5 : 2,
        spanGaps: false,
        points: { show: s.dates.length < 40 },
        value: (u: uPlot, v: number | null) =>
          v === null || v === undefined ? '–' : `${formatNumber(v, lang, displayDecimals(v))}${s.unit ? ` ${s.unit}` : ''}`,
      })),
    ],
    axes: [
      {
        font: FONT,
        stroke: CHART_COLORS.text,
        grid: { show: false },
        ticks: { stroke: CHART_COLORS.axis, width: 1, size: 5 },
        space: (u, _axis, min, max, dim) => xTickSpace(u, min, max, dim, dateUnit, lang),
        values: (u, splits) => {
          const labels = xTickLabels(splits, dateUnit, lang);
          // drawn on a canvas: kept readable in the DOM for tests and tools, as the value axes' labels
          u.root.dataset.xTicks = labels.join('|');
          return labels;
        },
      },
      valueAxis('y', input().unit ?? null, lang, log),
      ...(right ? [valueAxis('y2', input().unit2 ?? null, lang, log)] : []),
    ],
    plugins: [tooltipPlugin(input)],
    hooks: { draw: [(u) => drawMarks(u, input().marks ?? []), onDraw] },
  };
}

/** A live chart in a container: draw, redraw with new series, follow the container's size. */
export class Chart {
  private plot: uPlot | null = null;
  private input: ChartInput;
  private drawnOnce = false;
  /** the first plot is built but not yet drawn */
  private pending = false;
  private readonly message: HTMLParagraphElement;

  /**
   * @param fill fit the page to the window's height (the embed, whose iframe has a fixed height)
   */
  constructor(
    private readonly container: HTMLElement,
    input: ChartInput,
    private readonly fill = false,
  ) {
    this.input = input;
    this.message = document.createElement('p');
    this.message.className = 'chart-empty';
    new ResizeObserver(() => this.resize()).observe(container);
    if (fill) window.addEventListener('resize', () => this.resize());
    this.draw();
  }

  private size(): { width: number; height: number } {
    const width = Math.max(280, Math.floor(this.container.clientWidth));
    return { width, height: width < 600 ? 300 : Math.min(460, Math.round(width * 0.5)) };
  }

  /** Marks other points (revised values) on the same series, keeping the zoom. */
  mark(marks: ChartMark[]): void {
    this.input = { ...this.input, marks };
    // a first plot not yet drawn draws them when it does
    if (!this.pending) this.plot?.redraw(false);
  }

  /** Replaces the chart with one of new series (keeps nothing of the old zoom). */
  update(input: ChartInput): void {
    this.input = input;
    this.draw();
  }

  /** Shows new data of the same selection (a live update), keeping the reader's zoom and hidden series. */
  refresh(input: ChartInput): void {
    const plot = this.plot;
    const drawable = input.series.some((s) => s.values.some((v) => v !== null));
    if (!plot || this.pending || !drawable || input.series.length !== this.input.series.length) return this.update(input);
    const xs = plot.data[0];
    const { min, max } = plot.scales.x;
    const zoomed = min != null && max != null && xs.length > 0 && (min > xs[0] || max < xs[xs.length - 1]);
    this.input = input;
    plot.setData(alignSeries(input.series), !zoomed);
    if (zoomed) plot.setScale('x', { min, max });
  }

  private draw(): void {
    this.plot?.destroy();
    this.plot = null;
    this.container.replaceChildren();
    const drawable = this.input.series.some((s) => s.values.some((v) => v !== null));
    if (!drawable) {
      this.message.textContent = this.input.empty;
      this.container.append(this.message);
      this.container.dataset.drawn = 'empty';
      return;
    }
    const { width, height } = this.size();
    const count = String(this.input.series.length);
    // uPlot draws in a microtask after construction: mark the chart drawn when it has
    const onDraw = (): void => {
      if (this.container.dataset.drawn === count) return;
      this.container.dataset.drawn = count;
      performance.mark(CHART_DRAWN_MARK);
      this.fit();
    };
    delete this.container.dataset.drawn;
    const first = !this.drawnOnce;
    this.drawnOnce = true;
    this.plot = new uPlot(
      options(() => this.input, width, height, onDraw),
      alignSeries(this.input.series),
      (plot, init) => {
        this.container.append(plot.root);
        if (!first) return init();
        // the page's first chart: built in this task, laid out in the next, drawn in the one after (Total Blocking Time, issue 15)
        this.pending = true;
        void nextTask()
          .then(() => {
            plot.root.getBoundingClientRect();
            return nextTask();
          })
          .then(() => {
            this.pending = false;
            if (this.plot !== plot) return;
            init();
            this.resize();
          });
      },
    );
  }

  private resize(): void {
    if (!this.plot || this.pending) return;
    const { width, height } = this.size();
    if (width !== this.plot.width || (!this.fill && height !== this.plot.height)) this.plot.setSize({ width, height: this.fill ? this.plot.height : height });
    this.fit();
  }

  /** In `fill` mode: grows or shrinks the plot so the page is exactly as high as the window. */
  private fit(): void {
    if (!this.fill || !this.plot) return;
    const excess = document.documentElement.scrollHeight - window.innerHeight;
    const height = Math.max(160, Math.min(640, this.plot.height - excess));
    if (Math.abs(height - this.plot.height) >= 2) this.plot.setSize({ width: this.plot.width, height });
  }
}
