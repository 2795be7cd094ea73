/**
 * The file name of every download of a selection (data files and chart
 * images), shared by the routes' Content-Disposition and the page's
 * `download` attributes, so a saved file is named the same either way.
 */

/** The file types a selection downloads as. */
export type DownloadExt = 'csv' | 'json' | 'xlsx' | 'png' | 'svg';

/**
 * The file name of a download: dataset id and transform (ids are `[a-z0-9_]`, so it needs no quoting rules).
 * @example downloadFileName({ datasetId: 'ch_fso_ppi', transform: 'yoy' }, 'png') // 'ch_fso_ppi_yoy.png'
 */
export function downloadFileName(selection: { datasetId: string; transform: string }, ext: DownloadExt): string {
  return `${selection.datasetId}_${selection.transform}.${ext}`;
}
