/**
 * `vintages=all` (issue 21): every value each observation of a selection has
 * had, with its validity interval, as rows `dims…, date, value, valid_from,
 * valid_to` (valid_to empty while current). The values and intervals are
 * walked by data/history.ts walkSeries, the one place that rule lives; this
 * module picks the series and dates of the selection (series removed since
 * included) and encodes the rows as CSV or columnar JSON.
 */
import { datasetStamps, walkSeries } from '../data/history.js';
import { formatIsoDate } from '../data/dates.js';
import type { Dataset } from '../data/model.js';
import { numberText } from '../data/number-text.js';
import { csvField } from './encode.js';
import type { Selection } from './view.js';

/** The extra columns of `vintages=all`. */
export const VINTAGE_COLUMNS = ['valid_from', 'valid_to'] as const;

/** Every value of the selection's observations, column by column. */
export interface VintageRows {
  /** the dimension columns (dim_order) */
  dims: string[];
  /** per dimension column, per row: the code */
  codes: string[][];
  dates: number[];
  /** NaN = missing */
  values: number[];
  /** a current value's text where the published file writes it otherwise than its shortest text (as /series.csv writes it), else null */
  texts: (string | null)[];
  validFrom: (string | null)[];
  /** null while current */
  validTo: (string | null)[];
}

/** A series to walk: its codes, its store id (-1 when removed since) and its history series (-1 when it has none). */
interface Walked {
  codes: string[];
  series: number;
  h: number;
}

/** Byte order of code tuples, as the published CSV sorts series. */
function compareCodes(a: readonly string[], b: readonly string[]): number {
  for (let d = 0; d < a.length; d++) {
    const c = Buffer.compare(Buffer.from(a[d]), Buffer.from(b[d]));
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * The series the selection's dims select in the latest data, and the
 * history series no longer in it that they select, in CSV order.
 */
function walkedSeries(ds: Dataset, selection: Selection): Walked[] {
  const history = ds.history;
  const dims = ds.meta.dimOrder.map((id) => ds.meta.dimensions.find((d) => d.id === id)!);
  const chosen = dims.map((d) => selection.dims[d.id]);
  const selected = (codes: string[]): boolean => codes.every((c, k) => !chosen[k]?.length || chosen[k].includes(c));
  const out: Walked[] = [];
  for (let s = 0; s < ds.store.count; s++) {
    const codes = dims.map((d, k) => d.levels[ds.store.codes[k][s]].code);
    if (selected(codes)) out.push({ codes, series: s, h: history?.bySeries.get(s) ?? -1 });
  }
  if (!history) return out;
  for (let h = 0; h < history.count; h++) {
    if (history.current[h] >= 0) continue;
    const codes = dims.map((d, k) => d.levels[history.codes[k][h]].code);
    if (selected(codes)) out.push({ codes, series: -1, h });
  }
  return out.sort((a, b) => compareCodes(a.codes, b.codes));
}

/**
 * Every value each observation of a selection (the series its dims
 * select, from and to) has had, with its validity interval; with `as_of`,
 * as known at that vintage. `ds` is the latest data, which holds the history
 * (not a view of it at a vintage).
 * @example vintageRows(ds, selection, null).validTo.at(-1) // null: the last row of the last series is current
 */
export function vintageRows(ds: Dataset, selection: Selection, publishedAt: string | null): VintageRows {
  const stamps = datasetStamps(ds, publishedAt);
  // with as_of: the history as known at that vintage (later publishes left out, what they superseded still open)
  const asOf = selection.asOf?.vintage;
  const known = asOf ? stamps.indexOf(asOf) : stamps.length - 1;
  const from = selection.from ?? -Infinity;
  const to = selection.to ?? Infinity;
  const rows: VintageRows = { dims: ds.meta.dimOrder, codes: ds.meta.dimOrder.map(() => []), dates: [], values: [], texts: [], validFrom: [], validTo: [] };
  const empty = { stamps, counts: [], count: 0, bySeries: new Map() } as unknown as NonNullable<Dataset['history']>;
  const { dates: storeDates, valueTexts } = ds.store;
  for (const w of walkedSeries(ds, selection)) {
    // the store index of the current value of a date, for its published text
    let at = w.series >= 0 ? ds.store.offsets[w.series] : 0;
    walkSeries(ds.store, ds.history ?? empty, w.series, w.h, (date, value, vFrom, vTo) => {
      const current = vTo === stamps.length && w.series >= 0;
      if (current) while (storeDates[at] < date) at++;
      if (date < from || date > to || vFrom > known) return;
      rows.texts.push(current ? (valueTexts?.byIndex.get(at) ?? null) : null);
      w.codes.forEach((c, d) => rows.codes[d].push(c));
      rows.dates.push(date);
      rows.values.push(value);
      rows.validFrom.push(stamps[vFrom] ?? null);
      rows.validTo.push(vTo <= known ? stamps[vTo] : null);
    });
  }
  return rows;
}

/** The rows as tidy CSV: the dimension columns, date, value, valid_from, valid_to (empty while current). */
export function vintageRowsCsv(rows: VintageRows): string {
  const lines = [[...rows.dims, 'date', 'value', ...VINTAGE_COLUMNS].map(csvField).join(',')];
  for (let i = 0; i < rows.dates.length; i++) {
    const v = rows.values[i];
    const lead = rows.codes.map((col) => csvField(col[i]));
    lines.push(
      [...lead, formatIsoDate(rows.dates[i]), Number.isNaN(v) ? '' : (rows.texts[i] ?? numberText(v)), rows.validFrom[i] ?? '', rows.validTo[i] ?? ''].join(
        ',',
      ),
    );
  }
  return lines.join('\n') + '\n';
}

/** The rows as columnar JSON: one array per column, missing values and open intervals null. */
export function vintageRowsJson(rows: VintageRows): string {
  const columns: Record<string, unknown[]> = {};
  rows.dims.forEach((d, k) => (columns[d] = rows.codes[k]));
  columns.date = rows.dates.map(formatIsoDate);
  columns.value = rows.values.map((v) => (Number.isNaN(v) ? null : v));
  columns.valid_from = rows.validFrom;
  columns.valid_to = rows.validTo;
  return JSON.stringify(columns);
}
