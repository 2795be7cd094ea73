import { writeIsoDate } from '../data/dates.js';
import { derived, derivedKey } from '../data/derived.js';
import type { Dataset } from '../data/model.js';
import { NUMBER_TEXT_MAX, writeNumberText } from '../data/number-text.js';
import { bufferFor, CHUNK, exactly, ownBytes, packCodeTexts, type CodeTexts } from './encode-bytes.js';
import type { SelectionView, SeriesView } from './view.js';

/**
 * Encoders of a SelectionView: the last step of every output. Numbers are
 * written in the shortest form that reads back as the same double (JS number
 * to string, by numberText), missing values as an empty CSV field or JSON null.
 * The CSV is here; the columnar JSON in encode-json.ts (re-exported below),
 * what both share in encode-bytes.ts.
 */

/** Quotes a CSV field when it needs it (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The column names of a selection: dimensions in dim_order, then date, value. */
export function columnNames(view: SelectionView): string[] {
  return [...view.dataset.meta.dimOrder, 'date', 'value'];
}

/** The columns a CSV writes before date and value: their names, and each series' fields. */
export interface CsvLead {
  names: string[];
  /** the fields of series `s`, the view's `k`-th */
  fields(s: SeriesView, k: number): string[];
}

/** The published CSV's lead: one code column per dimension, in dim_order. */
function codeLead(dataset: Dataset): CsvLead {
  return { names: dataset.meta.dimOrder, fields: (s) => s.codes };
}

/** Room a row needs after its lead: the date (at most 14 characters: a signed 7-digit year), a comma, the number, the newline. */
const ROW_TAIL_MAX = 14 + 1 + NUMBER_TEXT_MAX + 1;

/** The lead fields of a series as the bytes that start each of its rows. */
const rowLead = (lead: CsvLead, s: SeriesView, k: number): Buffer =>
  Buffer.from(
    lead
      .fields(s, k)
      .map((f) => csvField(f) + ',')
      .join(''),
    'utf8',
  );

/** The header line of a CSV with this lead. */
const csvHeaderText = (lead: CsvLead): string => [...lead.names, 'date', 'value'].map(csvField).join(',') + '\n';
const csvHeader = (lead: CsvLead): Buffer => Buffer.from(csvHeaderText(lead), 'utf8');

/**
 * Tidy CSV in pieces of bytes: one row per observation, the lead columns
 * (by default the codes in dim_order), then date, value; an untransformed
 * value as the published file writes it. With no filter and the default
 * lead it is the published CSV byte for byte. Rows are written as bytes into
 * pieces of `pieceBytes` (no string per row: issue 16, the cold path);
 * `csvBytes` writes the same rows as one buffer.
 */
export function* csvChunks(view: SelectionView, lead: CsvLead = codeLead(view.dataset), pieceBytes = CHUNK): Generator<Buffer> {
  const header = csvHeader(lead);
  let buf = Buffer.allocUnsafe(Math.max(pieceBytes, header.length));
  const cursor = { at: header.copy(buf, 0) };
  for (let k = 0; k < view.series.length; k++) {
    const s = view.series[k];
    const prefix = rowLead(lead, s, k);
    for (let i = 0; (i = writeRows(buf, cursor, prefix, s, i)) < s.dates.length;) {
      yield buf.subarray(0, cursor.at);
      buf = Buffer.allocUnsafe(Math.max(pieceBytes, rowRoom(prefix, s)));
      cursor.at = 0;
    }
  }
  if (cursor.at > 0) yield buf.subarray(0, cursor.at);
}

/** Room one row of `s` needs: its lead, then the date, the number (or a longer published text) and the newline. */
const rowRoom = (prefix: Buffer, s: SeriesView): number => prefix.length + ROW_TAIL_MAX + Math.max(0, (s.published?.texts.longest ?? 0) - NUMBER_TEXT_MAX);

/**
 * Writes the rows of `s` from row `i` on while they fit in `buf` (at
 * `cursor.at`, which it moves); returns the first row not written. A value
 * the published file writes otherwise than its shortest text is written as
 * published. A plain loop outside the generator, which V8 optimises better.
 */
function writeRows(buf: Buffer, cursor: { at: number }, prefix: Buffer, s: SeriesView, i: number): number {
  const { dates, values, published } = s;
  const room = rowRoom(prefix, s);
  let at = cursor.at;
  for (; i < dates.length && at + room <= buf.length; i++) {
    for (let j = 0; j < prefix.length; j++) buf[at++] = prefix[j];
    at = writeIsoDate(buf, at, dates[i]);
    buf[at++] = 44;
    const v = values[i];
    const text = published === undefined || Number.isNaN(v) ? undefined : published.texts.byIndex.get(published.first + i);
    if (text !== undefined) for (let j = 0; j < text.length; j++) buf[at++] = text.charCodeAt(j);
    else if (!Number.isNaN(v)) at = writeNumberText(buf, at, v);
    buf[at++] = 10;
  }
  cursor.at = at;
  return i;
}

/** The published CSV's header line and code fields (each with its comma), kept on the dataset. */
interface CsvBytes {
  header: Uint8Array;
  fields: CodeTexts;
}
const CSV_BYTES = derivedKey<CsvBytes>('the CSV header and code fields as bytes');

/** The CSV bytes of `dataset`, kept on it. */
const csvBytesOf = (dataset: Dataset): CsvBytes =>
  derived(dataset, CSV_BYTES, () => ({ header: ownBytes(csvHeaderText(codeLead(dataset))), fields: packCodeTexts(dataset, (code) => csvField(code) + ',') }));

/** The code lead of series `s` from the dataset's code fields: null when a code is not among its levels (then made as text). */
function codeLeadOf(fields: CodeTexts, s: SeriesView): Buffer | null {
  const { bytes, starts, index } = fields;
  let length = 0;
  for (let j = 0; j < index.length; j++) {
    const l = index[j].get(s.codes[j]);
    if (l === undefined) return null;
    length += starts[j][l + 1] - starts[j][l];
  }
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (let j = 0; j < index.length; j++) {
    const l = index[j].get(s.codes[j])!;
    for (let b = starts[j][l]; b < starts[j][l + 1]; b++) out[at++] = bytes[b];
  }
  return out;
}

/** The lead bytes of the rows of series `k` of `view`: from the dataset's code fields for the code lead, made as text for another. */
function prefixOf(view: SelectionView, lead: CsvLead | undefined, kept: CsvBytes | undefined, k: number): Buffer {
  const s = view.series[k];
  return (kept && codeLeadOf(kept.fields, s)) ?? rowLead(lead ?? codeLead(view.dataset), s, k);
}

/** Tidy CSV (see `csvChunks`) as one buffer of exactly its length. */
export function csvBytes(view: SelectionView, lead?: CsvLead): Buffer {
  const kept = lead === undefined ? csvBytesOf(view.dataset) : undefined;
  const header = kept?.header ?? csvHeader(lead!);
  const { series } = view;
  const prefixes: Buffer[] = new Array<Buffer>(series.length);
  let bound = header.length;
  for (let k = 0; k < series.length; k++) {
    prefixes[k] = prefixOf(view, lead, kept, k);
    bound += series[k].dates.length * rowRoom(prefixes[k], series[k]);
  }
  const buf = bufferFor(bound);
  buf.set(header, 0);
  const cursor = { at: header.length };
  for (let k = 0; k < series.length; k++) writeRows(buf, cursor, prefixes[k], series[k], 0);
  return exactly(buf, cursor.at);
}

/** Tidy CSV (see `csvChunks`) as one buffer. */
export const encodeCsv = csvBytes;

/** The columnar JSON encoders, in a file of their own: the JSON of a selection is answered from here as before. */
export { columnarJsonBytes, columnarJsonChunks, encodeColumnarJson } from './encode-json.js';
