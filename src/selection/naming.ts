/**
 * The one naming model of series: from a dataset (as the page embeds it) and
 * a set of selected series to each series' label, the caption, the unit after
 * the transform and the display factor. Chart images, the page and its
 * bundle, downloads, oEmbed titles and the home cards all name series here.
 *
 * - A label names what tells the series apart: the dimensions whose code
 *   differs. A level whose label repeats in its dimension ("1 day" under
 *   SARON and under the call-money rate) is named by its path, as far up as
 *   needed to be unique ("SARON · 1 day"). Where two dimensions would read
 *   alike ("Total" and "Total") each is prefixed by its dimension
 *   ("Nationality: Total · Sex: Total").
 * - What is constant across the selection (dimensions that offer a choice)
 *   goes into the caption with the transform; the index names its base
 *   ("Index, Q1 2020 = 100").
 *
 * Pure code without Node imports: `client/` bundles it.
 */
import { parseIsoDate } from '../data/dates.js';
import type { Lang } from '../data/model.js';
import { chartWords, fillTemplate, formatPeriod, frequencyUnit } from '../i18n/chart-text.js';
import { TRANSFORM_TABLE, isTransform, takesBase } from '../query/transforms.js';
import { viewFrequency } from '../query/convert-frequency.js';
import { conversionCaption, type ConversionWords } from '../i18n/conversion-text.js';
import type { ExplorerDim, ExplorerMeta } from './state.js';

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
  /** under `index`: the value the series is rebased to (null = missing), for the warning of src/render/pages/chart-notes.ts */
  indexBase?: number | null;
}

/** A series ready to draw. */
export interface LabelledSeries extends SeriesData {
  label: string;
  unit: string | null;
  /** 100 for a share published as a fraction (shown in %), else 1 */
  factor: number;
  /** the values are percentages (a % change, or a level in percent): their changes are in percentage points */
  percent?: boolean;
}

/** Everything the chart says about a selection. */
export interface SeriesCaption {
  series: LabelledSeries[];
  /** the codes every series shares (for dimensions with a choice) and the transform, in words */
  caption: string;
  unit: string | null;
}

/** What the naming needs besides the series: the dataset as the page embeds it, and the transform. */
export interface LabelContext {
  meta: ExplorerMeta;
  title: string;
  units: ExplorerUnits | null;
  percentLevels: string[];
  /** keys (`seriesKey`) of percent-level series published as fractions (0–1) */
  fractions: string[];
  transform: string;
  /** ISO base date of the index; null = the first date of the series */
  base?: string | null;
  /** the conversion to a lower frequency the series show (absent: as published) */
  convert?: ConversionWords;
}

/** A stable key of a series' codes. */
export function seriesKey(codes: string[]): string {
  return codes.join('\u001f');
}

/** Each level's path of labels, the level first and its ancestors after (levels are listed in tree order with their depth). */
function labelPaths(dim: ExplorerDim): string[][] {
  const stack: { depth: number; path: string[] }[] = [];
  return dim.levels.map((level) => {
    while (stack.length && stack[stack.length - 1].depth >= level.depth) stack.pop();
    const path = [level.label, ...(stack.length ? stack[stack.length - 1].path : [])];
    stack.push({ depth: level.depth, path });
    return path;
  });
}

const pathCache = new WeakMap<ExplorerDim, Map<string, string>>();

/**
 * The name of a code in its dimension: its label, or where that label
 * repeats among the dimension's levels, its path up to where it is unique.
 * @example levelName(rates, 'saron1d') // 'SARON · 1 day'
 */
export function levelName(dim: ExplorerDim, code: string): string {
  let names = pathCache.get(dim);
  if (!names) pathCache.set(dim, (names = buildNames(dim)));
  return names.get(code) ?? code;
}

/** The shortest unique path of every level, counting the path prefixes of the data levels once (linear, not pairwise). */
function buildNames(dim: ExplorerDim): Map<string, string> {
  const paths = labelPaths(dim);
  const key = (path: string[], n: number): string => `${n}\u001e${path.slice(0, n).join('\u001f')}`;
  const counts = new Map<string, number>();
  paths.forEach((path, i) => {
    if (dim.levels[i].data) for (let n = 1; n <= path.length; n++) counts.set(key(path, n), (counts.get(key(path, n)) ?? 0) + 1);
  });
  const names = new Map<string, string>();
  dim.levels.forEach((level, i) => {
    const path = paths[i];
    const self = level.data ? 1 : 0;
    let n = 1;
    while (n < path.length && (counts.get(key(path, n)) ?? 0) - self > 0) n++;
    names.set(level.code, path.slice(0, n).reverse().join(' · '));
  });
  return names;
}

/** The names of codes of several dimensions; dimensions whose names would read alike are prefixed by the dimension. */
function namesOf(meta: ExplorerMeta, dims: number[], codesOf: string[][]): string[][] {
  const texts = dims.map((d) => codesOf.map((codes) => levelName(meta.dims[d], codes[d])));
  const clashes = dims.map((_, a) => dims.some((__, b) => b !== a && texts[a].some((t) => texts[b].includes(t))));
  return codesOf.map((_, s) => dims.map((d, k) => (clashes[k] ? `${meta.dims[d].label}: ${texts[k][s]}` : texts[k][s])));
}

function unitOf(ctx: LabelContext, codes: string[], isShare: boolean, lang: Lang): string | null {
  const words = chartWords(lang);
  if (!isTransform(ctx.transform)) return null;
  const rule = TRANSFORM_TABLE[ctx.transform].unit;
  switch (rule) {
    case 'percent':
      return words.percent;
    case 'index':
      return words.transforms.index;
    case 'change':
      return isShare ? words.percentagePoints : publishedUnit(ctx, codes);
    case 'as-published':
      return isShare ? words.percent : publishedUnit(ctx, codes);
    default:
      return unknownRule(rule);
  }
}

/** Whether a series' shown values are percentages: a % change, or a percent level as published. */
function isPercent(ctx: LabelContext, isShare: boolean): boolean {
  if (!isTransform(ctx.transform)) return false;
  const rule = TRANSFORM_TABLE[ctx.transform].unit;
  return rule === 'percent' || (rule === 'as-published' && isShare);
}

function unknownRule(rule: never): never {
  throw new Error(`No unit for rule '${String(rule)}'`);
}

function publishedUnit(ctx: LabelContext, codes: string[]): string | null {
  const units = ctx.units;
  if (!units) return null;
  if (units.single !== null) return units.single;
  const d = ctx.meta.dims.findIndex((dim) => dim.id === units.dim);
  return d >= 0 ? (units.byCode[codes[d]] ?? null) : null;
}

/** The transform in words ('' for levels); the index names its base period. */
function transformPhrase(ctx: LabelContext, data: SeriesData[]): string {
  const { lang } = ctx.meta;
  const words = chartWords(lang);
  if (ctx.transform === 'level' || !isTransform(ctx.transform)) return '';
  if (!takesBase(ctx.transform)) return words.transforms[ctx.transform];
  const asked = ctx.base ? parseIsoDate(ctx.base) : null;
  const firsts = data.map((s) => s.dates[0]).filter((d): d is number => d !== undefined);
  const base = asked ?? (firsts.length ? Math.min(...firsts) : null);
  if (base === null) return words.transforms.index;
  return fillTemplate(words.indexUnit, { base: formatPeriod(base, frequencyUnit(viewFrequency(ctx, ctx)), lang) });
}

/** The conversion in words ('' when the series are as published): "Annual (mean)". */
function conversionPhrase(ctx: LabelContext): string {
  const c = ctx.convert;
  return c ? conversionCaption(c, ctx.meta.frequencyNames?.[c.frequency] ?? c.frequency, ctx.meta.lang) : '';
}

/** Dimensions that offer a choice (more than one level with series). */
function choiceDims(meta: ExplorerMeta): number[] {
  return meta.dims.map((dim, d) => (dim.levels.filter((l) => l.data).length > 1 ? d : -1)).filter((d) => d >= 0);
}

/**
 * Names the selected series and captions them.
 * @example labelSeries(ctx, [{ codes: ['index', 'ks_i63_index_q', 'csa'], dates, values }]).series[0].label
 */
export function labelSeries(ctx: LabelContext, data: SeriesData[]): SeriesCaption {
  const { meta } = ctx;
  const choice = choiceDims(meta);
  const varying = choice.filter((d) => data.some((s) => s.codes[d] !== data[0].codes[d]));
  const constant = choice.filter((d) => !varying.includes(d));
  const codesOf = data.map((s) => s.codes);
  const labels = namesOf(meta, varying.length ? varying : constant, codesOf);
  const shared = data.length ? namesOf(meta, constant, codesOf.slice(0, 1))[0] : [];
  const fractions = new Set(ctx.fractions);
  const series = data.map((s, i) => {
    const isShare = s.codes.some((c) => ctx.percentLevels.includes(c));
    const scaled = ctx.transform === 'level' || ctx.transform === 'diff';
    const factor = isShare && scaled && fractions.has(seriesKey(s.codes)) ? 100 : 1;
    return { ...s, label: labels[i].join(' · ') || ctx.title, unit: unitOf(ctx, s.codes, isShare, meta.lang), factor, percent: isPercent(ctx, isShare) };
  });
  const caption = [...shared, conversionPhrase(ctx), transformPhrase(ctx, data)].filter((p) => p !== '').join(' · ');
  const units = [...new Set(series.map((s) => s.unit).filter((u): u is string => u !== null && u !== ''))];
  return { series, caption, unit: units.length ? units.join(' / ') : null };
}

/**
 * The title of a selection: the dataset's title and, after a colon, the caption
 * of `labelSeries` (what every selected series shares, the transform). Page
 * titles, the embed code (page and bundle) and /oembed all title a selection so.
 * @example captionTitle('Money market rates', 'Call money rate (Tomorrow next) · 1 day') // 'Money market rates: Call money rate (Tomorrow next) · 1 day'
 */
export function captionTitle(title: string, caption: string): string {
  return caption ? `${title}: ${caption}` : title;
}
