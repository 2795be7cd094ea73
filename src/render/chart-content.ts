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
import { namingContext } from '../selection/from-dataset.js';
import { labelSeries } from '../selection/naming.js';

/** One series as the chart shows it. */
export interface ContentSeries {
  /** the selected series, as computed by the query (the renderer's input) */
  view: SeriesView;
  label: string;
  /** display multiplier: 100 for a fraction (0–1) of a `percent_levels` code, shown in %; else 1 */
  factor: number;
  unit: string | null;
}

/** The texts of a chart and its series, in one language. */
export interface ChartContent {
  title: string;
  subtitle: string;
  unit: string | null;
  footer: string;
  series: ContentSeries[];
  dateUnit: DateUnit;
}

/**
 * Describes a selection in words: titles, units, series labels, source line;
 * the labels, caption, units and factors come from the one naming model
 * (src/selection/naming.ts), as on the page.
 */
export function describeChart(view: SelectionView, lang: Lang, licenseName?: string | null): ChartContent {
  const meta = view.dataset.meta;
  const { selection } = view;
  const base = selection.base === null ? null : formatIsoDate(selection.base);
  const ctx = namingContext(view.dataset, lang, selection.transform, base, selection.convert);
  const named = labelSeries(
    ctx,
    view.series.map((s) => ({ codes: s.codes, dates: s.dates.length ? [s.dates[0]] : [], values: [] })),
  );
  return {
    title: pickLabel(meta.title, lang),
    subtitle: named.caption,
    unit: named.unit,
    footer: footerLine(meta, lang, licenseName),
    series: view.series.map((s, i) => ({ view: s, label: named.series[i].label, factor: named.series[i].factor, unit: named.series[i].unit })),
    dateUnit: frequencyUnit(viewFrequency(selection, view.dataset)),
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
