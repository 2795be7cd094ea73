import { LANGS, type Dataset, type Labels, type Lang } from '../data/model.js';
import { selectionPageUrl } from '../selection/from-dataset.js';
import { apiUrl, formatDims, type UrlSelection } from '../urls.js';

/** The API outputs of a selection that discovery answers link to. */
export interface ApiLinks {
  json: string;
  csv: string;
  chart: string;
}

/**
 * The API URLs of a selection: columnar JSON, tidy CSV, chart SVG (labels in `lang`).
 * @example apiLinks('https://x.org', ds, { datasetId: 'ch_fso_ppi', dims: { base: ['2020'] } }, 'de').csv
 */
export function apiLinks(baseUrl: string, dataset: Dataset, s: UrlSelection, lang: Lang): ApiLinks {
  const order = dataset.meta.dimOrder;
  return {
    json: apiUrl(baseUrl, 'series', s, order),
    csv: apiUrl(baseUrl, 'series.csv', s, order),
    chart: apiUrl(baseUrl, 'chart.svg', s, order, lang === 'en' ? [] : [['lang', lang]]),
  };
}

/** The dataset page of a selection in every language. */
export function pageLinks(baseUrl: string, dataset: Dataset, s: UrlSelection): Record<Lang, string> {
  return Object.fromEntries(LANGS.map((lang) => [lang, selectionPageUrl(baseUrl, lang, dataset, s)])) as Record<Lang, string>;
}

/**
 * The series key of a selection: `id/dim=code,code;dim=code`, or the id alone.
 * @example seriesKey(ds, { item: ['100_100'] }) // 'ch_fso_cpi/item=100_100'
 */
export function seriesKey(dataset: Dataset, dims: Record<string, string[]>): string {
  const text = formatDims(dims, dataset.meta.dimOrder);
  return text ? `${dataset.meta.id}/${text}` : dataset.meta.id;
}

/** Labels of the selected dimensions and codes: `{ dimensions: {dim: Labels}, labels: {dim: {code: Labels}} }`. */
export function selectionLabels(
  dataset: Dataset,
  dims: Record<string, string[]>,
): { dimensions: Record<string, Labels>; labels: Record<string, Record<string, Labels>> } {
  const dimensions: Record<string, Labels> = {};
  const labels: Record<string, Record<string, Labels>> = {};
  for (const dim of dataset.meta.dimensions) {
    const codes = dims[dim.id];
    if (!codes?.length) continue;
    dimensions[dim.id] = dim.label;
    labels[dim.id] = Object.fromEntries(codes.map((c) => [c, dim.levels[dim.index.get(c)!]?.label ?? { en: c }]));
  }
  return { dimensions, labels };
}
