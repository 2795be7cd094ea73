import { writeIsoDate } from '../data/dates.js';
import { derived, derivedKey } from '../data/derived.js';
import type { Dataset } from '../data/model.js';
import { NUMBER_TEXT_MAX, writeNumberText } from '../data/number-text.js';
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

/** Copies `bytes` into `buf` at `at`; returns the position after them. */
function writeBytes(buf: Buffer, at: number, bytes: Uint8Array): number {
  for (let j = 0; j < bytes.length; j++) buf[at++] = bytes[j];
  return at;
}

/** Room one item of a JSON column needs with its comma: a code's text, or a quoted date (at most 14 characters), or a number (or null). */
const jsonItemRoom = (code: Uint8Array | null): number => 1 + (code ? code.length : Math.max(14 + 2, NUMBER_TEXT_MAX));

/** Writes a date as a JSON string; returns the position after it. */
function writeJsonDate(buf: Buffer, at: number, date: number): number {
  buf[at++] = 34;
  at = writeIsoDate(buf, at, date);
  buf[at++] = 34;
  return at;
}

/** Writes a value as JSON (its numberText, null when missing); returns the position after it. */
function writeJsonValue(buf: Buffer, at: number, v: number): number {
  if (!Number.isNaN(v)) return writeNumberText(buf, at, v);
  buf[at++] = 110;
  buf[at++] = 117;
  buf[at++] = 108;
  buf[at++] = 108;
  return at;
}

/** Where writing a columnar JSON answer stands: the column, the series and the item next, whether the column is opened and its first item written. */
interface JsonCursor {
  j: number;
  k: number;
  i: number;
  opened: boolean;
  first: boolean;
}

/**
 * Writes columnar JSON as bytes: one object whose keys are the columns
 * (dimensions in dim_order, then date, value), each an array of equal
 * length, missing values null. Column by column, item by item, each but a
 * column's first after a comma, from `cursor` on into `buf` at `at`, while
 * the next item fits; returns where it stopped (the cursor says what is
 * next; `cursor.j` past the last column once the answer is whole). The one
 * writer of both forms below.
 */
function writeColumnarJson(view: SelectionView, cursor: JsonCursor, buf: Buffer, at: number): number {
  const kept = jsonBytesOf(view.dataset);
  const { series } = view;
  const nd = kept.openers.length - 2;
  let { j, k, i, opened, first } = cursor;
  const stop = (): number => {
    Object.assign(cursor, { j, k, i, opened, first });
    return at;
  };
  for (; j < nd + 2; j++, opened = false) {
    if (!opened) {
      // room for the opener and the closing `]}` of an empty last column
      if (at + kept.openers[j].length + 2 > buf.length) return stop();
      at = writeBytes(buf, at, kept.openers[j]);
      [opened, first, k, i] = [true, true, 0, 0];
    }
    for (; k < series.length; k++, i = 0) {
      const s = series[k];
      const code = j < nd ? codeJson(kept.codes, s, j) : null;
      // room for the item, its comma, and the closing `]}` after the last one
      const need = jsonItemRoom(code) + 2;
      for (; i < s.dates.length; i++) {
        if (at + need > buf.length) return stop();
        if (first) first = false;
        else buf[at++] = 44;
        at = code ? writeBytes(buf, at, code) : j === nd ? writeJsonDate(buf, at, s.dates[i]) : writeJsonValue(buf, at, s.values[i]);
      }
    }
  }
  buf[at++] = 93;
  buf[at++] = 125;
  return stop();
}

/** A cursor at the start of an answer. */
const jsonStart = (): JsonCursor => ({ j: 0, k: 0, i: 0, opened: false, first: true });

/** Room a whole columnar JSON answer needs at most: its openers and every item with its comma, and the closing `]}`. */
function columnarJsonBound(view: SelectionView): number {
  const kept = jsonBytesOf(view.dataset);
  const nd = kept.openers.length - 2;
  let bound = 2;
  for (const opener of kept.openers) bound += opener.length;
  for (const s of view.series) {
    bound += 2 * s.dates.length * jsonItemRoom(null);
    for (let j = 0; j < nd; j++) bound += s.dates.length * jsonItemRoom(codeJson(kept.codes, s, j));
  }
  return bound;
}

/**
 * Columnar JSON as one buffer of exactly its length, written as bytes (no
 * string per cell): the same text as `columnarJsonChunks`, by the same writer.
 */
export function columnarJsonBytes(view: SelectionView): Buffer {
  const buf = bufferFor(columnarJsonBound(view));
  // the buffer holds the whole answer: written in one go
  return exactly(buf, writeColumnarJson(view, jsonStart(), buf, 0));
}

/**
 * Columnar JSON in pieces of about `pieceBytes` (a large answer, streamed:
 * nothing but the current piece is held); pieces end between items, never
 * inside a character. Their bytes, joined, are `columnarJsonBytes`'.
 */
export function* columnarJsonChunks(view: SelectionView, pieceBytes = CHUNK): Generator<Buffer> {
  const cursor = jsonStart();
  const columns = view.dataset.meta.dimOrder.length + 2;
  // a piece always takes at least one opener or item (with the room the writer asks for)
  const size = Math.max(pieceBytes, largestJsonStep(view));
  while (cursor.j < columns) {
    const piece = Buffer.allocUnsafe(size);
    yield piece.subarray(0, writeColumnarJson(view, cursor, piece, 0));
  }
}

/** The most room one step of the writer asks for: an opener or an item, with the `]}` it keeps room for. */
function largestJsonStep(view: SelectionView): number {
  const kept = jsonBytesOf(view.dataset);
  let most = jsonItemRoom(null);
  for (const opener of kept.openers) most = Math.max(most, opener.length);
  for (const s of view.series) for (let j = 0; j < kept.openers.length - 2; j++) most = Math.max(most, jsonItemRoom(codeJson(kept.codes, s, j)));
  return most + 2;
}

/** Columnar JSON (see `columnarJsonChunks`) as one buffer. */
export const encodeColumnarJson = columnarJsonBytes;
