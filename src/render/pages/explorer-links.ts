/**
 * The download links of the current selection, with the transform applied:
 * data as CSV, Excel and JSON (attachments; Excel labelled in the page's language), the chart as PNG and SVG, and the
 * plain API answer. Relative URLs, so they work behind any host name.
 */
import type { Lang } from '../../data/model.js';
import { downloadLinkParams, OUTPUT_IDS, SELECTION_OUTPUTS, type OutputId } from '../../query/selection-outputs.js';
import { apiUrl, type UrlSelection } from '../../urls.js';
import { toUrlSelection, type ExplorerMeta, type ExplorerState } from '../../selection/state.js';

export type DownloadKind = OutputId;

export { DOWNLOAD_CHART_SIZE } from '../../query/selection-outputs.js';

/** A size of a chart image. */
export interface ChartSize {
  width: number;
  height: number;
}

/** A state's selection with how its chart draws it (the chart images take `scale` and `compare`; apiUrl writes them only for those). */
function chartSelection(meta: ExplorerMeta, state: ExplorerState): UrlSelection {
  return { ...toUrlSelection(meta, state), scale: state.scale ?? null, compare: state.compare };
}

/**
 * The URL of the chart image (/chart.svg) of a state at a size, in a language.
 * @example chartImageUrl(meta, state, 'fr', { width: 360, height: 340 }) // '/chart.svg?dataset=…&lang=fr&width=360&height=340'
 */
export function chartImageUrl(meta: ExplorerMeta, state: ExplorerState, lang: Lang, size: ChartSize): string {
  const params: [string, string][] = [
    ['lang', lang],
    ['width', String(size.width)],
    ['height', String(size.height)],
  ];
  return apiUrl(
    '',
    'chart.svg',
    chartSelection(meta, state),
    meta.dims.map((d) => d.id),
    params,
  );
}

/**
 * Every download URL of a state (generated from the registry of selection outputs), plus the API URL.
 * @example buildDownloadLinks(meta, state).csv // '/series.csv?dataset=ch_seco_concon&dims=…&download=1'
 */
export function buildDownloadLinks(meta: ExplorerMeta, state: ExplorerState, lang: Lang): Record<DownloadKind | 'api', string> {
  const sel = chartSelection(meta, state);
  const order = meta.dims.map((d) => d.id);
  const links = Object.fromEntries(OUTPUT_IDS.map((id) => [id, apiUrl('', SELECTION_OUTPUTS[id].path, sel, order, downloadLinkParams(id, lang))]));
  return { ...(links as Record<DownloadKind, string>), api: apiUrl('', 'series', sel, order) };
}
