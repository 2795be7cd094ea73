/**
 * What a chart says, before any geometry: its title, subtitle, unit, source
 * line and the label and display factor of each series, in one language.
 */
import type { DatasetMeta, Lang } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import type { SelectionView, SeriesView } from '../query/view.js';
import { chartWords, fillTemplate, formatPeriod, frequencyUnit, type DateUnit } from '../i18n/chart-text.js';

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

/** Describes a selection in words: titles, units, series labels, source line. */
export function describeChart(view: SelectionView, lang: Lang, licenseName?: string | null): ChartContent {
  const meta = view.dataset.meta;
  const varying = varyingDims(view);
  const series = view.series.map((s) => describeSeries(meta, s, varying, view, lang));
  const units = [...new Set(series.map((s) => s.unit).filter((u): u is string => u !== null && u !== ''))];
  return {
    title: pickLabel(meta.title, lang),
    subtitle: [...constantLabels(view, varying, lang), transformPhrase(view, lang)].filter((p) => p !== '').join(' · '),
    unit: units.length > 0 ? units.join(' / ') : null,
    footer: footerLine(meta, lang, licenseName),
    series,
    dateUnit: frequencyUnit(meta.frequency),
  };
}

/** Dimension positions whose code differs between the selected series. */
function varyingDims(view: SelectionView): Set<number> {
  const varying = new Set<number>();
  const first = view.series[0];
  if (!first) return varying;
  for (const s of view.series) s.codes.forEach((code, i) => code !== first.codes[i] && varying.add(i));
  return varying;
}

function levelLabel(meta: DatasetMeta, dimIndex: number, code: string, lang: Lang): string {
  const dim = meta.dimensions[dimIndex];
  const level = dim?.levels[dim.index.get(code) ?? -1];
  return level ? pickLabel(level.label, lang) : code;
}

/** Labels of the codes shared by every series, for dimensions that offer a choice. */
function constantLabels(view: SelectionView, varying: Set<number>, lang: Lang): string[] {
  const meta = view.dataset.meta;
  const first = view.series[0];
  const labels: string[] = [];
  meta.dimensions.forEach((dim, i) => {
    if (varying.has(i) || dim.levels.length < 2) return;
    const code = first ? first.codes[i] : singleRequested(view, dim.id);
    if (code !== null) labels.push(levelLabel(meta, i, code, lang));
  });
  return labels;
}

function singleRequested(view: SelectionView, dim: string): string | null {
  const codes = view.selection.dims[dim];
  return codes && codes.length === 1 ? codes[0] : null;
}

function describeSeries(meta: DatasetMeta, s: SeriesView, varying: Set<number>, view: SelectionView, lang: Lang): ContentSeries {
  const shown = s.codes.map((code, i) => (varying.size === 0 || varying.has(i) ? levelLabel(meta, i, code, lang) : ''));
  const label = shown.filter((l) => l !== '').join(' · ') || pickLabel(meta.title, lang);
  const transform = view.selection.transform;
  const isShare = meta.percentLevels.length > 0 && s.codes.some((c) => meta.percentLevels.includes(c));
  const factor = isShare && (transform === 'level' || transform === 'diff') && isFraction(view, s) ? 100 : 1;
  return { view: s, label, factor, unit: seriesUnit(meta, s, isShare, view, lang) };
}

/**
 * Whether a percent level's series is published as a fraction (0.042) rather
 * than in percent (4.2): the published files do both (the federal finance
 * ratios are 0–1, rates elsewhere are percent), so the stored series decides.
 */
function isFraction(view: SelectionView, s: SeriesView): boolean {
  const { store } = view.dataset;
  let max = 0;
  for (let i = store.offsets[s.id]; i < store.offsets[s.id + 1]; i++) {
    const v = Math.abs(store.values[i]);
    if (v > max) max = v;
  }
  return max <= 1;
}

/** The unit of a series after the transform. */
function seriesUnit(meta: DatasetMeta, s: SeriesView, isShare: boolean, view: SelectionView, lang: Lang): string | null {
  const words = chartWords(lang);
  switch (view.selection.transform) {
    case 'pct':
    case 'yoy':
      return words.percent;
    case 'index':
      return words.transforms.index;
    case 'diff':
      return isShare ? words.percentagePoints : baseUnit(meta, s, lang);
    default:
      return isShare ? words.percent : baseUnit(meta, s, lang);
  }
}

function baseUnit(meta: DatasetMeta, s: SeriesView, lang: Lang): string | null {
  const units = meta.units;
  if (!units) return null;
  if (units.kind === 'single') return pickLabel(units.label, lang);
  const code = s.codes[meta.dimOrder.indexOf(units.dim)];
  return code !== undefined && units.labels[code] ? pickLabel(units.labels[code], lang) : null;
}

/** The transform in words ('' for levels); the index names its base period. */
function transformPhrase(view: SelectionView, lang: Lang): string {
  const words = chartWords(lang);
  const transform = view.selection.transform;
  if (transform === 'level') return '';
  if (transform !== 'index') return words.transforms[transform];
  const base = view.selection.base ?? firstDate(view);
  if (base === null) return words.transforms.index;
  return fillTemplate(words.indexUnit, { base: formatPeriod(base, frequencyUnit(view.dataset.meta.frequency), lang) });
}

function firstDate(view: SelectionView): number | null {
  let first: number | null = null;
  for (const s of view.series) if (s.dates.length > 0 && (first === null || s.dates[0] < first)) first = s.dates[0];
  return first;
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
