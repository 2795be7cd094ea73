/**
 * Fetches the columnar JSON of /series for the page and its compared
 * datasets, and says whether the answer is older than the dataset version
 * the live stream announced: behind a proxy, the replica holding the stream
 * may have reloaded before the one that answers (issue 16).
 */
import { versionOfEtag } from '../src/query/version-etag.js';
import type { SeriesData } from '../src/selection/naming.js';
import { announcedVersion } from './live.js';
import { readSeriesJson } from './series-json.js';

/** The series of an answer, and whether it was made from a version older than the one announced. */
export interface FetchedSeries {
  series: SeriesData[];
  behind: boolean;
}

/**
 * Fetches `url` (a /series URL of `dataset`) and reads it in the order of `dims`; `fresh` revalidates the browser's copy.
 * @example await fetchSeries('/series?dataset=ch_fso_ppi', 'ch_fso_ppi', [], true)
 */
export async function fetchSeries(url: string, dataset: string, dims: string[], fresh: boolean): Promise<FetchedSeries> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, cache: fresh ? 'no-cache' : 'default' });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error((body as { error?: string }).error ?? response.statusText);
  const announced = announcedVersion(dataset);
  const made = versionOfEtag(response.headers.get('etag'));
  return { series: readSeriesJson(body as Record<string, unknown[]>, dims), behind: announced !== null && made !== null && made !== announced };
}
