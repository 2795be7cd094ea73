/**
 * What a chart says, before any geometry: its title, subtitle, unit, source
 * line and the label and display factor of each series, in one language.
 */
import type { DatasetMeta, Lang } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import { formatIsoDate } from '../data/dates.js';
import { chartWords, fillTemplate, frequencyUnit, type DateUnit } from '../i18n/chart-text.js';
import type { SelectionView, SeriesView } from '../query/view.js';
import { viewFrequency } from '../query/convert-frequency.js';
import { formatFrequency } from '../i18n/format.js';
import { uiStrings } from '../i18n/strings.js';
import { chartAxes, combineSeries } from '../selection/compare.js';
import { namingContext } from '../selection/from-dataset.js';
import { labelSeries, type SeriesCaption } from '../selection/naming.js';

/** One series as the chart shows it. */
export interface ContentSeries {
  /** the selected series, as computed by the query (the renderer's input) */
  view: SeriesView;
  label: string;
  /** display multiplier: 100 for a fraction (0–1) of a `percent_levels` code, shown in %; else 1 */
  factor: number;
  unit: string | null;
  /** the name in the legend (with compared series: label, unit and frequency, as the page's legend) */
  legend: string;
  /** 0 = the left value axis, 1 = the right one (a compared series in a second unit) */
  axis: 0 | 1;
}

/** The texts of a chart and its series, in one language. */
export interface ChartContent {
  title: string;
  subtitle: string;
  unit: string | null;
  /** the unit of the right value axis; null when every series is on the left one */
  unit2: string | null;
  footer: string;
  series: ContentSeries[];
  dateUnit: DateUnit;
}

/** A view's series named by the one naming model (src/selection/naming.ts), with the transform and base of `selection`. */
function nameView(view: SelectionView, lang: Lang, selection: SelectionView['selection']): SeriesCaption {
  const base = selection.base === null ? null : formatIsoDate(selection.base);
  const ctx = namingContext(view.dataset, lang, selection.transform, base, selection.convert);
  return labelSeries(
    ctx,
    view.series.map((s) => ({ codes: s.codes, dates: s.dates.length ? [s.dates[0]] : [], values: [] })),
  );
}

/**
 * Describes a selection in words: titles, units, series labels, source line;
 * the labels, caption, units and factors come from the one naming model
 * (src/selection/naming.ts), as on the page. Compared selections (series of
 * other datasets, `compare=`) are named and put on axes as the page's chart
 * does (src/selection/compare.ts).
 */
export function describeChart(view: SelectionView, lang: Lang, licenseName?: string | null, compared: SelectionView[] = []): ChartContent {
  const meta = view.dataset.meta;
  const views = [view, ...compared];
  const captions = views.map((v) => nameView(v, lang, view.selection));
  const t = uiStrings(lang);
  const named = combineSeries(
    views.map((v, i) => ({
      title: pickLabel(v.dataset.meta.title, lang),
      frequency: formatFrequency(v.dataset.meta.frequency, t),
      dateUnit: frequencyUnit(v.dataset.meta.frequency),
      series: captions[i].series,
    })),
  );
  const axes = chartAxes(named, captions[0].unit, compared.length > 0);
  const seriesViews = views.flatMap((v) => v.series);
  return {
    title: pickLabel(meta.title, lang),
    subtitle: captions[0].caption,
    unit: axes.unit,
    unit2: axes.unit2,
    footer: footerLine(meta, lang, licenseName),
    series: axes.series.map((s, i) => ({ view: seriesViews[i], label: s.label, legend: s.legend ?? s.label, factor: s.factor, unit: s.unit, axis: s.axis })),
    dateUnit: frequencyUnit(viewFrequency(view.selection, view.dataset)),
  };
}

function footerLine(meta: DatasetMeta, lang: Lang, licenseName?: string | null): string {
  const words = chartWords(lang);
  const parts = [];
  const source = pickLabel(meta.source.name, lang);
  if (source) parts.push(fillTemplate(words.entry, { label: words.source, value: source }));
  const license = licenseName ?? meta.license;
  if (license) parts.push(fillTemplate(words.entry, { label: words.license, value: license }));
  return parts.join(' · ');
}

/**
 * The labels of a view's series in a language (as the chart's legend and the
 * page name them), for the label column of downloads.
 */
export function seriesLabels(view: SelectionView, lang: Lang): string[] {
  return describeChart(view, lang).series.map((s) => s.label);
}
