/**
 * What the page says about its chart, from the same labelled series the
 * chart draws (server page and bundle alike): the warning instead of a chart
 * whose values mean nothing (% change across zero, an index on a bad base)
 * with the fixes that apply, and the note naming lines that lie on top of
 * each other.
 */
import type { Lang } from '../../data/model.js';
import type { UiStrings } from '../../i18n/strings.js';
import { CHART_LOCALES, fillTemplate } from '../../i18n/chart-text.js';
import { html, type SafeHtml } from '../html.js';
import type { LabelledSeries } from '../../selection/naming.js';
import { displayedValue } from './figures.js';
import { takesBase } from '../../query/transforms.js';

type Words = UiStrings['dataset'];

/** A series' drawn values (× factor) in date order, null where missing. */
function drawnValues(s: LabelledSeries): (number | null)[] {
  return s.values.map((_, i) => displayedValue(s, i));
}

/**
 * The groups of series whose lines lie on top of each other (issue 23: the
 * bases of ch_fso_ppi under yoy or index draw one line): the same dates and
 * unit, and on every date values apart by at most a thousandth of the
 * chart's value range (less than a pixel), or both missing. Indices into
 * `series`, groups of two or more, in order.
 * @example coincidingSeries(ppiBasesYoy) // [[0, 1, 2]]
 */
export function coincidingSeries(series: LabelledSeries[]): number[][] {
  if (series.length < 2) return [];
  const values = series.map(drawnValues);
  let lo = Infinity;
  let hi = -Infinity;
  for (const vs of values) for (const v of vs) if (v !== null && Number.isFinite(v)) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  if (lo > hi) return [];
  const tolerance = (hi - lo) / 1000;
  const same = (a: number, b: number): boolean => {
    const [x, y] = [series[a], series[b]];
    if (x.unit !== y.unit || x.dates.length !== y.dates.length || !x.dates.every((d, i) => d === y.dates[i])) return false;
    let drawn = false;
    for (let i = 0; i < x.dates.length; i++) {
      const [u, v] = [values[a][i], values[b][i]];
      if (u === null || v === null) {
        if (u !== v) return false;
      } else if (Math.abs(u - v) > tolerance) return false;
      else drawn = true;
    }
    return drawn;
  };
  const grouped = new Set<number>();
  const groups: number[][] = [];
  for (let a = 0; a < series.length; a++) {
    if (grouped.has(a)) continue;
    const group = [a];
    for (let b = a + 1; b < series.length; b++) if (!grouped.has(b) && same(a, b)) group.push(b);
    if (group.length < 2) continue;
    for (const k of group) grouped.add(k);
    groups.push(group);
  }
  return groups;
}

const listFormats = new Map<Lang, Intl.ListFormat>();

/** The note under the chart naming the series that coincide ('' when none do). */
export function coincideNote(series: LabelledSeries[], lang: Lang, t: Words): string {
  let list = listFormats.get(lang);
  if (!list) listFormats.set(lang, (list = new Intl.ListFormat(CHART_LOCALES[lang], { type: 'conjunction' })));
  const named = list;
  return coincidingSeries(series)
    .map((group) => fillTemplate(t.linesCoincide, { series: named.format(group.map((k) => series[k].label)) }))
    .join(' ');
}

/**
 * Whether % change is meaningless for a shown series: a change of less than
 * −100 % happens only when the level changes sign (v / prev < 0).
 */
export function crossingZero(series: LabelledSeries[], transform: string): LabelledSeries | null {
  if (transform !== 'pct' && transform !== 'yoy') return null;
  return series.find((s) => s.values.some((v) => v !== null && (v < -100 || !Number.isFinite(v)))) ?? null;
}

/** Why the page shows a warning instead of the chart. */
export type ChartProblem = 'crossesZero' | 'indexBaseZero' | 'indexBaseNegative' | 'indexBaseMissing';

/**
 * A way out of the warning: show the change (`diff`), the values (`level`),
 * or pick another index base (`base`, the page's base field).
 */
export type ChartFix = 'diff' | 'level' | 'base';

/** The warning instead of the chart: what is wrong, the first series it is wrong for, the fixes that apply (best first). */
export interface ChartWarning {
  problem: ChartProblem;
  series: LabelledSeries;
  fixes: ChartFix[];
}

/**
 * Where each fix leads on the page: the same selection with another
 * transform, or the index base field (null: the page has none, the fix is
 * not offered).
 */
export type ChartFixHrefs = Record<ChartFix, string | null>;

const PROBLEM_TEXT: Record<ChartProblem, 'pctCrossesZero' | 'indexBaseZero' | 'indexBaseNegative' | 'indexBaseMissing'> = {
  crossesZero: 'pctCrossesZero',
  indexBaseZero: 'indexBaseZero',
  indexBaseNegative: 'indexBaseNegative',
  indexBaseMissing: 'indexBaseMissing',
};

/** What is wrong with the index of a series: its value at the base is 0, below 0 or missing (null when it is fine). */
function indexBaseProblem(s: LabelledSeries): ChartProblem | null {
  // a series without observations in the window is not shown; without its base (an older caller) all-missing values say the base is 0 or missing
  if (s.dates.length === 0) return null;
  const base = s.indexBase === undefined ? (s.values.some((v) => v !== null) ? 1 : null) : s.indexBase;
  if (base === null || !Number.isFinite(base)) return 'indexBaseMissing';
  if (base === 0) return 'indexBaseZero';
  return base < 0 ? 'indexBaseNegative' : null;
}

/**
 * The one rule for drawing no chart (server page and bundle alike): % change
 * of a series that crosses zero (issue 15), or an index whose base value is
 * 0 (every value empty), below 0 (the index falls when the series rises) or
 * missing.
 * @example chartWarning(series, 'index')?.problem // 'indexBaseZero'
 */
export function chartWarning(series: LabelledSeries[], transform: string): ChartWarning | null {
  const crossing = crossingZero(series, transform);
  // another base date cannot help a % change (issue 23): its fixes are the change and the values
  if (crossing) return { problem: 'crossesZero', series: crossing, fixes: ['diff', 'level'] };
  if (!takesBase(transform)) return null;
  for (const s of series) {
    const problem = indexBaseProblem(s);
    if (problem) return { problem, series: s, fixes: ['base', 'diff'] };
  }
  return null;
}

/** The warning in the page's words. */
export function chartWarningText(warning: ChartWarning, t: Words): string {
  return fillTemplate(t[PROBLEM_TEXT[warning.problem]], { series: warning.series.label });
}

const FIX_TEXT: Record<ChartFix, 'pctUseChange' | 'useLevel' | 'indexUseOtherBase'> = {
  diff: 'pctUseChange',
  level: 'useLevel',
  base: 'indexUseOtherBase',
};

/** Renders the inside of the warning box: what is wrong and a link for each fix the page offers (empty without a warning). */
export function renderChartWarning(warning: ChartWarning | null, t: Words, hrefs: ChartFixHrefs): SafeHtml {
  if (!warning) return html``;
  const links = warning.fixes.flatMap((fix) => {
    const href = hrefs[fix];
    return href === null ? [] : [html`<a class="btn btn-small" href="${href}" data-zero-fix="${fix}">${t[FIX_TEXT[fix]]}</a>`];
  });
  return html`<p data-zero-text>${chartWarningText(warning, t)}</p>
    ${links}`;
}
