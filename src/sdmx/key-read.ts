/**
 * The SDMX key reader (issue 22): a data request's key (`A+B..C`, `all`) and
 * its `startPeriod`/`endPeriod`/`lastNObservations` are one more spelling of a
 * selection. They are read here into the API's selection query (`dims`,
 * `from`, `to`, `last`), which the one reader (selection/read-selection.ts
 * parseSelection) then checks like any other: the numbers come from the same
 * query code as `/series.csv`. docs/decisions.md, "SDMX data requests".
 *
 * Pure code without Node imports.
 */
import { formatIsoDate } from '../data/dates.js';
import type { Dataset } from '../data/model.js';
import { errorMessage } from '../errors/catalogue.js';
import { BadParameterError, NotFoundError } from '../errors/ds-error.js';
import type { SelectionQuery } from '../selection/params.js';
import { formatDims } from '../urls.js';
import type { SdmxNames } from './names.js';
import { parsePeriod } from './period.js';

/** One SDMX code in a key position (SDMX IDType). */
const SDMX_CODE = /^[A-Za-z0-9_@$-]+$/;
/** The longest key read (a longer one is a syntax error, not work). */
const KEY_MAX = 4000;

/** The SDMX request parameters that make the selection. */
export interface SdmxWindow {
  startPeriod?: string;
  endPeriod?: string;
  lastNObservations?: number;
}

/** The most codes an error message lists. */
const SHOWN = 30;

/**
 * The codes a key selects, per dimension of the dataset (our codes, not SDMX
 * ids): an empty position or `all` selects every code; throws 400 (SDMX 140)
 * on a key of the wrong shape and 404 (SDMX 100, no results) on a code the
 * dimension does not have or that has no series of its own.
 * @example parseSdmxKey(ds, names, 'A+B..C') // { dim1: ['a', 'b'], dim3: ['c'] }
 */
export function parseSdmxKey(ds: Dataset, names: SdmxNames, key: string): Record<string, string[]> {
  if (key === '' || key === 'all') return {};
  const positions = key.split('.');
  if (key.length > KEY_MAX || positions.length !== names.dimIds.length) {
    const facts = { key: key.slice(0, 200), flow: names.flowId, count: positions.length, expected: names.dimIds.length, dimensions: [...names.dimIds] };
    throw new BadParameterError(errorMessage('bad_sdmx_key', facts, 'positions'), facts, 'bad_sdmx_key');
  }
  const dims: Record<string, string[]> = {};
  positions.forEach((text, d) => {
    if (text === '') return;
    const codes = text.split('+');
    const wrong = codes.find((c) => !SDMX_CODE.test(c));
    if (wrong !== undefined) {
      const facts = { key: key.slice(0, 200), position: d + 1, value: wrong.slice(0, 100) };
      throw new BadParameterError(errorMessage('bad_sdmx_key', facts, 'code'), facts, 'bad_sdmx_key');
    }
    // a synthetic dimension (single series) has one code and selects the series whatever it is
    if (names.synthetic) return void codes.forEach((c) => levelOf(ds, names, d, c));
    dims[ds.meta.dimensions[d].id] = [...new Set(codes.map((c) => ds.meta.dimensions[d].levels[levelOf(ds, names, d, c)].code))];
  });
  return dims;
}

/** The level of an SDMX code in a dimension, or the 404 of "no results" naming the codes that have series. */
function levelOf(ds: Dataset, names: SdmxNames, d: number, code: string): number {
  const level = names.levelIndex(d, code);
  const dim = ds.meta.dimensions[d];
  if (level >= 0 && (names.synthetic || dim.levels[level].data)) return level;
  const valid = names.synthetic ? [names.codeId(0, 0)] : dim.levels.flatMap((l, i) => (l.data ? [names.codeId(d, i)] : []));
  const shown = valid.length > SHOWN ? `${valid.slice(0, SHOWN).join(', ')}, … (${valid.length} in all)` : valid.join(', ');
  const facts = { flow: names.flowId, dimension: names.dimIds[d], value: code, valid };
  throw new NotFoundError(errorMessage('no_results', { ...facts, shown }, level >= 0 ? 'grouping' : 'code'), facts, 'no_results');
}

/** The first (startPeriod) or last (endPeriod) day of an SDMX period as an ISO date; throws 400 (SDMX 140) on a text that is none. */
function periodBound(name: 'startPeriod' | 'endPeriod', text: string): string {
  const span = parsePeriod(text);
  if (span) return formatIsoDate(name === 'startPeriod' ? span.first : span.last);
  const facts = { parameter: name, value: text.slice(0, 100) };
  throw new BadParameterError(errorMessage('bad_sdmx_key', facts, 'period'), facts, 'bad_sdmx_key');
}

/**
 * The selection query of an SDMX data request: the dataset, the key's codes
 * as `dims`, the periods as `from`/`to` (a period stands for the days it
 * covers), `lastNObservations` as `last`. parseSelection reads it.
 * @example sdmxSelectionQuery(ds, names, 'M.CH', { startPeriod: '2020-Q1' }) // { dataset, dims: 'freq=M;geo=CH', from: '2020-01-01' }
 */
export function sdmxSelectionQuery(ds: Dataset, names: SdmxNames, key: string, window: SdmxWindow): SelectionQuery {
  const dims = formatDims(parseSdmxKey(ds, names, key), ds.meta.dimOrder);
  const query: SelectionQuery = { dataset: ds.meta.id };
  if (dims) query.dims = dims;
  if (window.startPeriod !== undefined) query.from = periodBound('startPeriod', window.startPeriod);
  if (window.endPeriod !== undefined) query.to = periodBound('endPeriod', window.endPeriod);
  if (window.lastNObservations !== undefined) query.last = window.lastNObservations;
  return query;
}
