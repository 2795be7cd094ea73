/**
 * SDMX 2.1's history questions (issue 22 meets issue 21): `updatedAfter`
 * and `includeHistory`, answered from the one walk of the store's history
 * (`vintage-rows.ts`, which reads data/history.ts walkSeries: every value each
 * selected observation has had, with its validity). This module only picks
 * and groups those rows into the data sets of an SDMX message.
 *
 * Pure code without Node imports.
 */
import type { Dataset } from '../data/model.js';
import type { VintageRows } from '../query/vintage-rows.js';
import type { SdmxDataSet, SdmxSeries } from './data-message.js';
import type { SdmxNames } from './names.js';
import { formatPeriod } from './period.js';

/** What a request asks of the history. */
export interface SdmxHistoryAsk {
  /** only what a vintage published after this UTC stamp changed; null: everything */
  updatedAfter: string | null;
  /** every version of each value (one data set per validity interval), not only the current one */
  includeHistory: boolean;
}

/** Accepted forms of `updatedAfter`: a date (its start, UTC) or a date-time, with an optional fraction and zone (none: UTC). */
const UPDATED_AFTER = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The UTC second of an `updatedAfter` text, as vintage stamps write it
 * (changes published after it are answered), or null when it is not a date
 * or date-time.
 * @example updatedAfterStamp('2026-02-01T09:00:00+01:00') // '2026-02-01T08:00:00Z'
 */
export function updatedAfterStamp(text: string): string | null {
  if (!UPDATED_AFTER.test(text)) return null;
  const zoned = text.length === 10 || /(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`;
  const ms = Date.parse(zoned.length === 10 ? `${zoned}T00:00:00Z` : zoned);
  return Number.isFinite(ms) ? new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z') : null;
}

/** A data set being filled: its series by key text, in order of first row. */
interface Filling {
  set: SdmxDataSet;
  series: Map<string, SdmxSeries & { list: number[] }>;
}

/** Whether a row (a value with its validity) answers the ask. */
function wanted(ask: SdmxHistoryAsk, from: string | null, to: string | null): boolean {
  const after = ask.updatedAfter;
  if (!ask.includeHistory && to !== null) return false;
  if (after === null) return true;
  return (from !== null && from > after) || (to !== null && to > after);
}

/** The rows whose observation was removed (its last value closed) by a vintage after the ask's time, when only current values are asked. */
function removedRows(rows: VintageRows, after: string | null): Set<number> {
  const out = new Set<number>();
  if (after === null) return out;
  const n = rows.dates.length;
  for (let i = 0; i < n; i++) {
    const last = i === n - 1 || rows.dates[i + 1] !== rows.dates[i] || rows.codes.some((col) => col[i + 1] !== col[i]);
    const to = rows.validTo[i];
    if (last && to !== null && to > after) out.add(i);
  }
  return out;
}

/**
 * The data sets of a history answer: with `includeHistory`, one per validity
 * interval (`validFrom`, `validTo`: the publish that made the values current
 * and the one that superseded or removed them, open while current), in order
 * of that interval; else one set of the current values (action `Replace`)
 * and, with `updatedAfter`, one of the observations removed since (action
 * `Delete`, values missing). `updatedAfter` keeps the values made current,
 * superseded or removed by a publish after it. Sets left empty are left out.
 * @example sdmxHistorySets(ds, names, vintageRows(ds, selection, null), { updatedAfter: null, includeHistory: true })
 */
export function sdmxHistorySets(ds: Dataset, names: SdmxNames, rows: VintageRows, ask: SdmxHistoryAsk): SdmxDataSet[] {
  const frequency = ds.meta.frequency;
  const dims = ds.meta.dimensions;
  const sets = new Map<string, Filling>();
  const removed = ask.includeHistory ? new Set<number>() : removedRows(rows, ask.updatedAfter);
  const fill = (setKey: string, make: () => SdmxDataSet, i: number, value: number): void => {
    let f = sets.get(setKey);
    if (!f) sets.set(setKey, (f = { set: make(), series: new Map() }));
    const key = names.synthetic ? [names.codeId(0, 0)] : rows.codes.map((col, d) => names.codeId(d, dims[d].index.get(col[i])!));
    const text = key.join('.');
    let s = f.series.get(text);
    if (!s) f.series.set(text, (s = { key, periods: [], values: new Float64Array(0), list: [] }));
    s.periods.push(formatPeriod(rows.dates[i], frequency));
    s.list.push(value);
  };
  for (let i = 0; i < rows.dates.length; i++) {
    const from = rows.validFrom[i];
    const to = rows.validTo[i];
    if (removed.has(i)) fill('delete', () => ({ action: 'Delete', series: [] }), i, NaN);
    if (!wanted(ask, from, to)) continue;
    if (!ask.includeHistory) fill('replace', () => ({ action: 'Replace', series: [] }), i, rows.values[i]);
    else fill(`${from ?? ''}|${to ?? '~'}`, () => ({ action: 'Replace', validFrom: from, validTo: to, series: [] }), i, rows.values[i]);
  }
  const keys = ask.includeHistory ? [...sets.keys()].sort() : ['replace', 'delete'].filter((k) => sets.has(k));
  return keys
    .map((k) => sets.get(k)!)
    .map((f) => ({ ...f.set, series: [...f.series.values()].map(({ key, periods, list }) => ({ key, periods, values: Float64Array.from(list) })) }));
}
