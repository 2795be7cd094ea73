/**
 * The explorer's series in words: each series' label (the levels that differ
 * between the selected series), its unit after the transform, the display
 * factor of `percent_levels` published as fractions, and the chart's caption.
 * The same rules as the chart images (src/render/chart-content.ts), on the
 * plain data the page embeds, so the bundle can apply them after each change.
 */
import type { Lang } from '../data/model.js';
import { chartWords } from '../i18n/chart-text.js';
import type { ExplorerMeta } from './state.js';

/** Units in the page's language: one for the dataset, or per code of one dimension. */
export interface ExplorerUnits {
  single: string | null;
  dim: string | null;
  byCode: Record<string, string>;
}

/** One series as the page carries it: codes in dim order, days since epoch, values (null = missing). */
export interface SeriesData {
  codes: string[];
  dates: number[];
  values: (number | null)[];
}

/** A series ready to draw. */
export interface LabelledSeries extends SeriesData {
  label: string;
  unit: string | null;
  /** 100 for a share published as a fraction (shown in %), else 1 */
  factor: number;
}

/** Everything the chart says about a selection. */
export interface SeriesCaption {
  series: LabelledSeries[];
  /** the codes every series shares (for dimensions with a choice) and the transform, in words */
  caption: string;
  unit: string | null;
}

/** What the labelling needs besides the meta. */
export interface LabelContext {
  meta: ExplorerMeta;
  title: string;
  units: ExplorerUnits | null;
  percentLevels: string[];
  /** keys (`seriesKey`) of percent-level series published as fractions (0–1) */
  fractions: string[];
  transform: string;
}

/** A stable key of a series' codes. */
export function seriesKey(codes: string[]): string {
  return codes.join('\u001f');
}

function levelLabel(meta: ExplorerMeta, d: number, code: string): string {
  return meta.dims[d]?.levels.find((l) => l.code === code)?.label ?? code;
}

function unitOf(ctx: LabelContext, codes: string[], isShare: boolean, lang: Lang): string | null {
  const words = chartWords(lang);
  if (ctx.transform === 'pct' || ctx.transform === 'yoy') return words.percent;
  if (ctx.transform === 'index') return words.transforms.index;
  if (isShare) return ctx.transform === 'diff' ? words.percentagePoints : words.percent;
  const units = ctx.units;
  if (!units) return null;
  if (units.single !== null) return units.single;
  const d = ctx.meta.dims.findIndex((dim) => dim.id === units.dim);
  return d >= 0 ? (units.byCode[codes[d]] ?? null) : null;
}

/**
 * Labels the selected series and captions the chart.
 * @example labelSeries(ctx, [{ codes: ['index', 'ks_i63_index_q', 'csa'], dates, values }])
 */
export function labelSeries(ctx: LabelContext, data: SeriesData[]): SeriesCaption {
  const { meta } = ctx;
  const lang = meta.lang;
  const varying = new Set<number>();
  for (const s of data) s.codes.forEach((c, i) => c !== data[0].codes[i] && varying.add(i));
  const fractions = new Set(ctx.fractions);
  const series = data.map((s) => {
    const shown = s.codes.map((c, i) => (varying.size === 0 || varying.has(i) ? levelLabel(meta, i, c) : '')).filter((l) => l !== '');
    const isShare = s.codes.some((c) => ctx.percentLevels.includes(c));
    const factor = isShare && (ctx.transform === 'level' || ctx.transform === 'diff') && fractions.has(seriesKey(s.codes)) ? 100 : 1;
    return { ...s, label: shown.join(' · ') || ctx.title, unit: unitOf(ctx, s.codes, isShare, lang), factor };
  });
  const constant: string[] = [];
  if (data.length > 0) {
    meta.dims.forEach((dim, i) => {
      if (!varying.has(i) && dim.levels.filter((l) => l.data).length > 1) constant.push(levelLabel(meta, i, data[0].codes[i]));
    });
  }
  const words = chartWords(lang);
  if (ctx.transform !== 'level' && ctx.transform in words.transforms) constant.push(words.transforms[ctx.transform as keyof typeof words.transforms]);
  const units = [...new Set(series.map((s) => s.unit).filter((u): u is string => u !== null && u !== ''))];
  return { series, caption: constant.join(' · '), unit: units.length ? units.join(' / ') : null };
}
