import * as XLSX from '@e965/xlsx';
import { daysFromCivil, formatIsoDate } from '../data/dates.js';
import type { Lang } from '../data/model.js';
import { BadParameterError } from '../errors/ds-error.js';
import { labelledColumns } from './encode-labelled-csv.js';
import { METADATA_HEADER } from '../i18n/download-text.js';

/** One row of a download's metadata (render/download-metadata.ts builds them): a stable key, its name in the language, the value, and a link when the value is a URL. */
export interface MetadataRow {
  key: string;
  name: string;
  value: string;
  url?: string;
}
import type { SelectionView } from './view.js';

/**
 * The Excel encoder of a SelectionView: a `data` sheet (per dimension its code
 * and its label in the language, then the date as a real Excel date, then the
 * value as a number; a missing value is an empty cell) and a `metadata` sheet.
 *
 * Every text is written as a shared-string cell (type `s`): an xlsx string
 * cell is never evaluated, so a label such as `=SUM(1)` is shown as it is and never
 * runs as a formula; no cell of the workbook carries a formula.
 */

/** Serial of 1970-01-01 in Excel's 1900 date system. */
const EXCEL_EPOCH_OFFSET = 25569;
/**
 * Excel's 1900 system cannot hold dates before 1900 and counts a 29 February
 * 1900 that never was: dates before 1900-03-01 are written as ISO text.
 */
const FIRST_EXCEL_DAY = daysFromCivil(1900, 3, 1);
/** Rows of a worksheet, header included. */
export const XLSX_MAX_ROWS = 1_048_576;
const DATE_FORMAT = 'yyyy-mm-dd';

/** The Excel cell of a date (days since epoch): a formatted date serial, or ISO text before 1900-03-01. */
export function excelDateCell(days: number): XLSX.CellObject {
  if (days < FIRST_EXCEL_DAY) return { t: 's', v: formatIsoDate(days) };
  return { t: 'n', v: days + EXCEL_EPOCH_OFFSET, z: DATE_FORMAT };
}

/** One series of the data sheet: its labelled columns (encode-labelled-csv.ts), then its observations. */
export interface XlsxSeries {
  texts: string[];
  dates: Int32Array;
  values: Float64Array;
}

/**
 * What the encoder needs, as plain data (no Dataset): made on the main thread
 * by `buildXlsxInput`, encoded in a worker thread by `encodeXlsxInput`.
 */
export interface XlsxInput {
  lang: Lang;
  /** the data sheet's header: per dimension its id and `{id}_label`, the series' label, then date, value */
  header: string[];
  series: XlsxSeries[];
  metadata: MetadataRow[];
  /** dataset id (the workbook's subject) */
  subject: string;
}

/** The plain input of the encoder for a computed selection; `labels[k]` names series `k` (as the chart's legend does). */
export function buildXlsxInput(view: SelectionView, lang: Lang, metadata: MetadataRow[], labels: string[]): XlsxInput {
  assertFitsXlsx(view);
  const columns = labelledColumns(view, lang, labels);
  const series = view.series.map((s, k) => ({
    texts: columns.texts(k),
    // copies of the selected range: a view into the store would send the whole store's buffer to the worker
    dates: s.dates.slice(),
    values: s.values.slice(),
  }));
  const header = [...columns.names, 'date', 'value'];
  return { lang, header, series, metadata, subject: view.dataset.meta.id };
}

/**
 * The data sheet: code and label per dimension, the series' name (`label`,
 * as the chart's legend names it: src/selection/naming.ts), date, value. Dense mode (rows
 * of cells in `!data`) because a sheet of a whole dataset has hundreds of
 * thousands of cells, which as object keys cost ten times as much to build.
 */
function dataSheet(input: XlsxInput): XLSX.WorkSheet {
  const { header } = input;
  const rows: XLSX.CellObject[][] = [header.map((h): XLSX.CellObject => ({ t: 's', v: h }))];
  const widths = header.map((h) => h.length);
  for (const s of input.series) {
    s.texts.forEach((t, c) => (widths[c] = Math.max(widths[c], Math.min(t.length, 60))));
    const cells = s.texts.map((t): XLSX.CellObject => ({ t: 's', v: t }));
    for (let i = 0; i < s.dates.length; i++) {
      const row = [...cells, excelDateCell(s.dates[i])];
      const v = s.values[i];
      // a missing value is an empty cell, not 0 or text
      if (!Number.isNaN(v)) row.push({ t: 'n', v });
      rows.push(row);
    }
  }
  const ref = `A1:${XLSX.utils.encode_cell({ r: rows.length - 1, c: header.length - 1 })}`;
  return {
    '!data': rows,
    '!ref': ref,
    '!autofilter': { ref },
    '!cols': widths.map((w, c) => ({ wch: c === header.length - 2 ? 11 : Math.max(8, w + 1) })),
  } as XLSX.WorkSheet;
}

/** The metadata sheet: a header row, then one row per field, name then value; URLs are also hyperlinks. */
function metadataSheet(rows: MetadataRow[], lang: Lang): XLSX.WorkSheet {
  const header = METADATA_HEADER[lang];
  const cells: XLSX.CellObject[][] = [
    [
      { t: 's', v: header.name },
      { t: 's', v: header.value },
    ],
    ...rows.map((row): XLSX.CellObject[] => [{ t: 's', v: row.name }, row.url ? { t: 's', v: row.value, l: { Target: row.url } } : { t: 's', v: row.value }]),
  ];
  return {
    '!data': cells,
    '!ref': `A1:B${cells.length}`,
    '!cols': [{ wch: Math.max(...cells.map((r) => String(r[0].v).length)) + 1 }, { wch: 100 }],
  } as XLSX.WorkSheet;
}

/** Throws a 400 when a selection has more observations than an Excel sheet has rows. */
export function assertFitsXlsx(view: SelectionView): void {
  if (view.observations + 1 <= XLSX_MAX_ROWS) return;
  throw new BadParameterError(
    `The selection has ${view.observations} observations, more than an Excel sheet holds (${XLSX_MAX_ROWS - 1}): narrow it with dims, from/to or last, or use /series.csv.`,
    { parameter: 'dims', observations: view.observations, limit: XLSX_MAX_ROWS - 1 },
    'too_many_rows',
  );
}

/**
 * Encodes the plain input of a workbook (sheets `data` and `metadata`; what a
 * worker thread runs); the bytes depend only on the input.
 * @example encodeXlsxInput(buildXlsxInput(view, 'en', buildDownloadMetadata(view, snapshot, baseUrl, 'en'), labels))
 */
export function encodeXlsxInput(input: XlsxInput): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, dataSheet(input), 'data');
  XLSX.utils.book_append_sheet(wb, metadataSheet(input.metadata, input.lang), 'metadata');
  const title = input.metadata.find((r) => r.key === 'title')?.value ?? input.subject;
  wb.Props = { Title: title, Subject: input.subject, Author: 'dataseries' };
  // bookSST: texts go to the shared-string table (cells of type `s`), not to `str` cells, which Excel reads as formula results.
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true }) as Buffer;
}
