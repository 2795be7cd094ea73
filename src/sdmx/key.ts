/**
 * The SDMX key of a selection (docs/decisions.md, "SDMX keys"): one position
 * per dimension in dim_order, separated by `.`; a position lists the SDMX
 * codes of the picked levels joined by `+`, and is empty for all levels; a key
 * whose every position is empty is `all`. Its reader is `key-read.ts`, the
 * inverse. Pure: the page's snippet card writes SDMX URLs with it.
 */
import { SDMX_AGENCY, sdmxNamesOf, type NamesSource, type SdmxNames } from './names.js';

/** The key that selects everything. */
export const ALL_KEY = 'all';

/**
 * The SDMX key of codes picked per dimension (original ids and codes); a
 * dimension absent or empty is all of it. Unknown codes are left out (a
 * selection that names them was refused before it got here).
 * @example writeSdmxKey(names, source, { type: ['real'], seas_adj: ['csa', 'nsa'] }) // 'real..csa+nsa'
 */
export function writeSdmxKey(names: SdmxNames, source: NamesSource, picked: Readonly<Record<string, readonly string[]>> | undefined): string {
  if (names.synthetic) return ALL_KEY;
  const positions = source.dims.map((dim, d) => {
    const codes = picked?.[dim.id] ?? [];
    return codes
      .map((code) => dim.levels.findIndex((l) => l.code === code))
      .filter((level) => level >= 0)
      .map((level) => names.codeId(d, level))
      .join('+');
  });
  return positions.every((p) => p === '') ? ALL_KEY : positions.join('.');
}

/** What an SDMX data URL needs besides the key: the base URL and the period window (SDMX periods or ISO dates). */
export interface SdmxDataQuery {
  startPeriod?: string | null;
  endPeriod?: string | null;
  /** our extension (not SDMX): the vintage, as the selection table writes `as_of` */
  as_of?: string | null;
}

/**
 * The SDMX data URL of a selection: `{base}/sdmx/2.1/data/{flow}/{key}`, with
 * `startPeriod` and `endPeriod` when given.
 * @example sdmxDataUrl('https://x.org', source, { type: ['real'] }, { startPeriod: '2020-01-01' }) // 'https://x.org/sdmx/2.1/data/ch_x/real..?startPeriod=2020-01-01'
 */
export function sdmxDataUrl(
  baseUrl: string,
  source: NamesSource,
  picked: Readonly<Record<string, readonly string[]>> | undefined,
  query: SdmxDataQuery = {},
): string {
  const names = sdmxNamesOf(source);
  const key = writeSdmxKey(names, source, picked);
  const params = new URLSearchParams();
  if (query.startPeriod) params.set('startPeriod', query.startPeriod);
  if (query.endPeriod) params.set('endPeriod', query.endPeriod);
  if (query.as_of) params.set('as_of', query.as_of);
  const search = params.size ? `?${params}` : '';
  return `${baseUrl}/sdmx/2.1/data/${encodeURIComponent(names.flowId)}/${encodeURIComponent(key).replace(/%2B/g, '+')}${search}`;
}

/**
 * The URL of a structure resource: every dataflow, or one artefact of ours by id (agency DATASERIES), with `references` when given.
 * @example sdmxStructureUrl('https://x.org', 'datastructure', 'ch_x', 'children') // 'https://x.org/sdmx/2.1/datastructure/DATASERIES/ch_x?references=children'
 */
export function sdmxStructureUrl(
  baseUrl: string,
  resource: 'dataflow' | 'datastructure' | 'codelist' | 'conceptscheme',
  id?: string,
  references?: string,
): string {
  const path = id === undefined ? '' : `/${SDMX_AGENCY}/${encodeURIComponent(id)}`;
  return `${baseUrl}/sdmx/2.1/${resource}${path}${references ? `?references=${references}` : ''}`;
}
