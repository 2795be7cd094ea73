/**
 * A featured dataset's small chart for the home page: the last years of its
 * opening series as an inline SVG line, with its latest value and period.
 */
import type { Dataset, Lang } from '../../data/model.js';
import { computeView } from '../../query/compute-view.js';
import { formatNumber, formatPeriod, frequencyUnit } from '../../i18n/chart-text.js';
import { SERIES_COLORS } from '../chart-style.js';
import { html, type SafeHtml } from '../html.js';
import { buildExplorerMeta, namingContext, toSelection } from '../../selection/from-dataset.js';
import { labelSeries } from '../../selection/naming.js';
import { defaultState } from '../../selection/state.js';

/** The latest observation of a series and the path of its recent history. */
export interface Sparkline {
  path: string;
  latest: string;
  /** the unit after the opening transform, or null */
  unit: string | null;
  /** what the line shows, named by src/selection/naming.ts (the card's title may name something else) */
  label: string;
  period: string;
}

const WIDTH = 240;
const HEIGHT = 56;
const YEARS = 10;

/** Significant decimals for a value's magnitude (3 significant digits, at most 2 decimals). */
function decimalsFor(value: number): number {
  const magnitude = Math.floor(Math.log10(Math.abs(value) || 1));
  return Math.max(0, Math.min(2, 2 - magnitude));
}

/**
 * The sparkline of a dataset's opening series (null when it has no values).
 * @example buildSparkline(dataset, 'de')?.latest // "−37.4"
 */
export function buildSparkline(ds: Dataset, lang: Lang): Sparkline | null {
  const meta = buildExplorerMeta(ds, lang);
  const state = defaultState(meta);
  const view = computeView(ds, toSelection(ds, meta, state));
  const series = view.series[0];
  if (!series || series.dates.length === 0) return null;
  const named = labelSeries(namingContext(ds, lang, state.transform, null), [{ codes: series.codes, dates: [], values: [] }]);
  const labelled = named.series[0];
  const end = series.dates[series.dates.length - 1];
  const start = end - YEARS * 365;
  const points: [number, number][] = [];
  for (let i = 0; i < series.dates.length; i++) {
    if (series.dates[i] >= start && !Number.isNaN(series.values[i])) points.push([series.dates[i], series.values[i] * labelled.factor]);
  }
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const x = (d: number): number => (x1 === x0 ? WIDTH / 2 : ((d - x0) / (x1 - x0)) * (WIDTH - 4) + 2);
  const y = (v: number): number => (y1 === y0 ? HEIGHT / 2 : HEIGHT - 3 - ((v - y0) / (y1 - y0)) * (HEIGHT - 6));
  const path = points.map(([d, v], i) => `${i === 0 ? 'M' : 'L'}${x(d).toFixed(1)} ${y(v).toFixed(1)}`).join('');
  const last = points[points.length - 1];
  return {
    path,
    latest: formatNumber(last[1], lang, decimalsFor(last[1])),
    unit: labelled.unit,
    label: named.caption || labelled.label,
    period: formatPeriod(last[0], frequencyUnit(ds.meta.frequency), lang),
  };
}

/** The sparkline as inline SVG (decorative: the card states the latest value in text). */
export function renderSparkline(s: Sparkline): SafeHtml {
  return html`<svg class="sparkline" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" aria-hidden="true" focusable="false">
    <path d="${s.path}" fill="none" stroke="${SERIES_COLORS[0]}" stroke-width="2" vector-effect="non-scaling-stroke" stroke-linejoin="round" />
  </svg>`;
}
