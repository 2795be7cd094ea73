import { formatIsoDate, writeIsoDate } from '../data/dates.js';
import { derived, derivedKey } from '../data/derived.js';
import type { Dataset } from '../data/model.js';
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

/** Where csvBytes writes before copying out exactly the bytes written: one buffer per process, grown once to SCRATCH_MAX when an answer needs more (issue 16, the cold path: no buffer sized for the worst case per answer). */
let scratch = Buffer.allocUnsafe(CHUNK);
/** The most the scratch grows to. */
const SCRATCH_MAX = 1 << 20;

/**
 * The texts of a dataset's codes as bytes, made once per dataset (issue 24,
 * round 3): the text of level `l` of the `j`-th dimension in dim_order is
 * `bytes` from `starts[j][l]` to `starts[j][l + 1]`. Packed in one array, so
 * that a dataset sent to the image workers (by structured clone, with its
 * derived values) carries a few small arrays, not one buffer per code.
 */
interface CodeTexts {
  bytes: Uint8Array;
  starts: Uint32Array[];
  /** per dimension in dim_order: code → level index (the dimension's own map) */
  index: Map<string, number>[];
}

/** The texts `text` gives to the codes of `dataset`, packed. */
function packCodeTexts(dataset: Dataset, text: (code: string) => string): CodeTexts {
  // the dimensions are in dim_order (parse-meta)
  const dims = dataset.meta.dimensions;
  const pieces = dims.map((d) => d.levels.map((l) => Buffer.from(text(l.code), 'utf8')));
  const bytes = new Uint8Array(pieces.flat().reduce((n, b) => n + b.length, 0));
  let at = 0;
  const starts = pieces.map((levels) => {
    const out = new Uint32Array(levels.length + 1);
    levels.forEach((b, l) => {
      out[l] = at;
      bytes.set(b, at);
      at += b.length;
    });
    out[levels.length] = at;
    return out;
  });
  return { bytes, starts, index: dims.map((d) => d.index) };
}

/** A text as bytes in an array of its own (not a slice of Node's shared pool, which a structured clone would copy whole). */
const ownBytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

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

/** Where an encoder writes an answer of at most `bound` bytes: the scratch, or a buffer of its own when larger than SCRATCH_MAX, so the scratch never keeps more. */
function bufferFor(bound: number): Buffer {
  if (bound > SCRATCH_MAX) return Buffer.allocUnsafe(bound);
  if (scratch.length < bound) scratch = Buffer.allocUnsafe(SCRATCH_MAX);
  return scratch;
}

/** The `length` bytes written into `buf` (from bufferFor) as a buffer of the answer's own: a copy out of the scratch. */
function exactly(buf: Buffer, length: number): Buffer {
  if (buf !== scratch) return buf.subarray(0, length);
  const out = Buffer.allocUnsafe(length);
  scratch.copy(out, 0, 0, length);
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

/** What columnar JSON writes the same way in every answer of a dataset, as bytes, kept on it (issue 24, round 3). */
interface JsonBytes {
  /** per column: what opens it (`{"name":[`, then `],"name":[`) */
  openers: Uint8Array[];
  /** each code's JSON text */
  codes: CodeTexts;
}
const JSON_BYTES = derivedKey<JsonBytes>('the columnar JSON column openers and code texts as bytes');

/** The JSON bytes of `dataset`, kept on it. */
const jsonBytesOf = (dataset: Dataset): JsonBytes =>
  derived(dataset, JSON_BYTES, () => ({
    openers: [...dataset.meta.dimOrder, 'date', 'value'].map((name, k) => ownBytes((k === 0 ? '{' : '],') + JSON.stringify(name) + ':[')),
    codes: packCodeTexts(dataset, (code) => JSON.stringify(code)),
  }));

/** The JSON text of the `j`-th code of `s` as bytes: a view of the dataset's code texts, or made when the code is not among its levels. */
function codeJson(texts: CodeTexts, s: SeriesView, j: number): Uint8Array {
  const l = texts.index[j].get(s.codes[j]);
  return l === undefined ? Buffer.from(JSON.stringify(s.codes[j]), 'utf8') : texts.bytes.subarray(texts.starts[j][l], texts.starts[j][l + 1]);
}

/** Room a JSON row needs in the date and value columns, each with its comma: a quoted date (at most 14 characters), a number (or null). */
const JSON_ROW_TAIL_MAX = 14 + 3 + NUMBER_TEXT_MAX + 1;

/**
 * Columnar JSON (see `columnarJsonChunks`) as one buffer of exactly its
 * length, written as bytes (no string per cell): the same text.
 */
export function columnarJsonBytes(view: SelectionView): Buffer {
  const kept = jsonBytesOf(view.dataset);
  const { series } = view;
  const nd = kept.openers.length - 2;
  const codes: Uint8Array[] = new Array<Uint8Array>(series.length * nd);
  let bound = 2;
  for (const opener of kept.openers) bound += opener.length;
  for (let k = 0; k < series.length; k++) {
    const rows = series[k].dates.length;
    bound += rows * JSON_ROW_TAIL_MAX;
    for (let j = 0; j < nd; j++) bound += rows * ((codes[k * nd + j] = codeJson(kept.codes, series[k], j)).length + 1);
  }
  const buf = bufferFor(bound);
  let at = 0;
  for (let j = 0; j < nd; j++) {
    at = writeBytes(buf, at, kept.openers[j]);
    for (let k = 0; k < series.length; k++) at = writeRepeated(buf, at, codes[k * nd + j], series[k].dates.length);
    at = dropComma(buf, at);
  }
  at = writeBytes(buf, at, kept.openers[nd]);
  for (let k = 0; k < series.length; k++) at = writeJsonDates(buf, at, series[k].dates);
  at = dropComma(buf, at);
  at = writeBytes(buf, at, kept.openers[nd + 1]);
  for (let k = 0; k < series.length; k++) at = writeJsonValues(buf, at, series[k].values);
  at = dropComma(buf, at);
  buf[at++] = 93;
  buf[at++] = 125;
  return exactly(buf, at);
}

/** Copies `bytes` into `buf` at `at`; returns the position after them. */
function writeBytes(buf: Buffer, at: number, bytes: Uint8Array): number {
  for (let j = 0; j < bytes.length; j++) buf[at++] = bytes[j];
  return at;
}

/** Writes `bytes` and a comma `times` times. */
function writeRepeated(buf: Buffer, at: number, bytes: Uint8Array, times: number): number {
  for (let i = 0; i < times; i++) {
    at = writeBytes(buf, at, bytes);
    buf[at++] = 44;
  }
  return at;
}

/** Writes each date as a JSON string and a comma. */
function writeJsonDates(buf: Buffer, at: number, dates: Int32Array): number {
  for (let i = 0; i < dates.length; i++) {
    buf[at++] = 34;
    at = writeIsoDate(buf, at, dates[i]);
    buf[at++] = 34;
    buf[at++] = 44;
  }
  return at;
}

/** Writes each value (numberText, null when missing) and a comma. */
function writeJsonValues(buf: Buffer, at: number, values: Float64Array): number {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) {
      buf[at++] = 110;
      buf[at++] = 117;
      buf[at++] = 108;
      buf[at++] = 108;
    } else at = writeNumberText(buf, at, v);
    buf[at++] = 44;
  }
  return at;
}

/** A column's items each end in a comma: the last one's goes (an empty column ends in its opener's bracket). */
const dropComma = (buf: Buffer, at: number): number => (buf[at - 1] === 44 ? at - 1 : at);

/** Columnar JSON (see `columnarJsonChunks`) as one buffer. */
export const encodeColumnarJson = columnarJsonBytes;
