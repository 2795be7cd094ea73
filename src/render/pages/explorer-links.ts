/**
 * The download links of the current selection, with the transform applied:
 * data as CSV, Excel and JSON (attachments; Excel labelled in the page's language), the chart as PNG and SVG, and the
 * plain API answer. Relative URLs, so they work behind any host name.
 */
import type { Lang } from '../../data/model.js';
import { apiUrl } from '../../urls.js';
import { toUrlSelection, type ExplorerMeta, type ExplorerState } from './explorer-state.js';

/** The outputs the download card links to. */
export const DOWNLOAD_KINDS = ['csv', 'csvLabels', 'xlsx', 'json', 'png', 'svg'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** Size of the chart images offered for download. */
export const DOWNLOAD_CHART_SIZE = { width: 1200, height: 675 } as const;

/**
 * Every download URL of a state, plus the API URL.
 * @example buildDownloadLinks(meta, state).csv // '/series.csv?dataset=ch_seco_concon&dims=…&download=1'
 */
export function buildDownloadLinks(meta: ExplorerMeta, state: ExplorerState, lang: Lang): Record<DownloadKind | 'api', string> {
  const sel = toUrlSelection(meta, state);
  const order = meta.dims.map((d) => d.id);
  const download: [string, string][] = [['download', '1']];
  const chart: [string, string][] = [
    ['lang', lang],
    ['width', String(DOWNLOAD_CHART_SIZE.width)],
    ['height', String(DOWNLOAD_CHART_SIZE.height)],
  ];
  return {
    csv: apiUrl('', 'series.csv', sel, order, download),
    // the CSV with a label column per dimension, in the page's language
    csvLabels: apiUrl('', 'series.csv', sel, order, [...download, ['labels', 'true'], ['lang', lang]]),
    // the workbook is always an attachment; its labels follow the page's language
    xlsx: apiUrl('', 'series.xlsx', sel, order, lang === 'en' ? [] : [['lang', lang]]),
    json: apiUrl('', 'series', sel, order, download),
    png: apiUrl('', 'chart.png', sel, order, chart),
    svg: apiUrl('', 'chart.svg', sel, order, chart),
    api: apiUrl('', 'series', sel, order),
  };
}
