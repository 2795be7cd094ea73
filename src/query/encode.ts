import { formatIsoDate, writeIsoDate } from '../data/dates.js';
import { NUMBER_TEXT_MAX, numberText, writeNumberText } from '../data/number-text.js';
import type { SelectionView, SeriesView } from './view.js';

/**
 * Encoders of a SelectionView: the last step of every output. Numbers are
 * written in the shortest form that reads back as the same double (JS number
 * to string, by numberText), missing values as an empty CSV field or JSON null.
 */

/** Quotes a CSV field when it needs it (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The column names of a selection: dimensions in dim_order, then date, value. */
export function columnNames(view: SelectionView): string[] {
  return [...view.dataset.meta.dimOrder, 'date', 'value'];
}

/** Pieces of about this many characters (bytes, for the CSV): large enough to write efficiently, small enough to stream. */
const CHUNK = 65536;

/** The columns a CSV writes before date and value: their names, and each series' fields. */
export interface CsvLead {
  names: string[];
  /** the fields of series `s`, the view's `k`-th */
  fields(s: SeriesView, k: number): string[];
}

/** The published CSV's lead: one code column per dimension, in dim_order. */
function codeLead(view: SelectionView): CsvLead {
  return { names: view.dataset.meta.dimOrder, fields: (s) => s.codes };
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
const csvHeader = (lead: CsvLead): Buffer => Buffer.from([...lead.names, 'date', 'value'].map(csvField).join(',') + '\n', 'utf8');

/**
 * Tidy CSV in pieces of bytes: one row per observation, the lead columns
 * (by default the codes in dim_order), then date, value; an untransformed
 * value as the published file writes it. With no filter and the default
 * lead it is the published CSV byte for byte. Rows are written as bytes into
 * pieces of `pieceBytes` (no string per row: issue 16, the cold path);
 * `csvBytes` writes the same rows as one buffer.
 */
export function* csvChunks(view: SelectionView, lead: CsvLead = codeLead(view), pieceBytes = CHUNK): Generator<Buffer> {
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

/** Where csvBytes writes before copying out exactly the bytes written: one buffer per process, grown once to SCRATCH_MAX when an answer needs more (issue 16, the cold path: no buffer sized for the worst case per answer). */
let scratch = Buffer.allocUnsafe(CHUNK);
/** The most the scratch grows to. */
const SCRATCH_MAX = 1 << 20;

/** Tidy CSV (see `csvChunks`) as one buffer of exactly its length. */
export function csvBytes(view: SelectionView, lead: CsvLead = codeLead(view)): Buffer {
  const header = csvHeader(lead);
  const prefixes = view.series.map((s, k) => rowLead(lead, s, k));
  let bound = header.length;
  for (let k = 0; k < prefixes.length; k++) bound += view.series[k].dates.length * rowRoom(prefixes[k], view.series[k]);
  // a large answer gets a buffer of its own, so the scratch never keeps more than SCRATCH_MAX
  const own = bound > SCRATCH_MAX;
  if (!own && scratch.length < bound) scratch = Buffer.allocUnsafe(SCRATCH_MAX);
  const buf = own ? Buffer.allocUnsafe(bound) : scratch;
  const cursor = { at: header.copy(buf, 0) };
  for (let k = 0; k < prefixes.length; k++) writeRows(buf, cursor, prefixes[k], view.series[k], 0);
  if (own) return buf.subarray(0, cursor.at);
  const out = Buffer.allocUnsafe(cursor.at);
  scratch.copy(out, 0, 0, cursor.at);
  return out;
}

/** Tidy CSV (see `csvChunks`) as one buffer. */
export const encodeCsv = csvBytes;

/**
 * Columnar JSON in pieces: one object whose keys are the columns, each an
 * array of equal length (missing values are null); one pass over the
 * selection per column, so nothing but the current piece is held.
 */
export function* columnarJsonChunks(view: SelectionView): Generator<string> {
  const names = columnNames(view);
  const nd = names.length - 2;
  const cell = (column: number, s: SeriesView, i: number): string => {
    if (column < nd) return JSON.stringify(s.codes[column]);
    if (column === nd) return '"' + formatIsoDate(s.dates[i]) + '"';
    const v = s.values[i];
    return Number.isNaN(v) ? 'null' : numberText(v);
  };
  let part = '{';
  for (let k = 0; k < names.length; k++) {
    part += (k > 0 ? '],' : '') + JSON.stringify(names[k]) + ':[';
    let first = true;
    for (const s of view.series) {
      // a code column repeats one text per series: make it once
      const code = k < nd ? JSON.stringify(s.codes[k]) : null;
      for (let i = 0; i < s.dates.length; i++) {
        part += (first ? '' : ',') + (code ?? cell(k, s, i));
        first = false;
        if (part.length > CHUNK) {
          yield part;
          part = '';
        }
      }
    }
  }
  yield part + ']}';
}

/** Columnar JSON (see `columnarJsonChunks`) as one string. */
export function columnarJsonText(view: SelectionView): string {
  return [...columnarJsonChunks(view)].join('');
}

/** Columnar JSON (see `columnarJsonChunks`) as one buffer. */
export function encodeColumnarJson(view: SelectionView): Buffer {
  return Buffer.from(columnarJsonText(view), 'utf8');
}
