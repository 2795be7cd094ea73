import { writeIsoDate } from '../data/dates.js';
import { derived, derivedKey } from '../data/derived.js';
import type { Dataset } from '../data/model.js';
import { NUMBER_TEXT_MAX, writeNumberText } from '../data/number-text.js';
import { bufferFor, CHUNK, exactly, ownBytes, packCodeTexts, type CodeTexts } from './encode-bytes.js';
import type { SelectionView, SeriesView } from './view.js';

/**
 * The columnar JSON of a SelectionView (`/series`): numbers in their shortest
 * text (numberText), missing values null, written as bytes.
 */

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

/** Where a code's JSON text is: `bytes` from `start` to `end`. */
interface CodeSpan {
  bytes: Uint8Array;
  start: number;
  end: number;
}

/** No bytes: what a span holds before it is first filled (one shared array, not one per answer). */
const NO_BYTES = new Uint8Array(0);

/** A span to fill (one per answer or piece). */
const newSpan = (): CodeSpan => ({ bytes: NO_BYTES, start: 0, end: 0 });

/**
 * Fills `span` with where the JSON text of the `j`-th code of `s` is: in the
 * dataset's code texts (no view made per code: issue 24, round 5), or made
 * when the code is not among its levels.
 */
function findCode(texts: CodeTexts, s: SeriesView, j: number, span: CodeSpan): CodeSpan {
  const l = texts.index[j].get(s.codes[j]);
  if (l === undefined) {
    span.bytes = Buffer.from(JSON.stringify(s.codes[j]), 'utf8');
    span.start = 0;
    span.end = span.bytes.length;
  } else {
    span.bytes = texts.bytes;
    span.start = texts.starts[j][l];
    span.end = texts.starts[j][l + 1];
  }
  return span;
}

/** Copies `bytes` from `start` to `end` into `buf` at `at`; returns the position after them. */
function writeBytes(buf: Buffer, at: number, bytes: Uint8Array, start: number, end: number): number {
  for (let j = start; j < end; j++) buf[at++] = bytes[j];
  return at;
}

/** Room one item of a date or value column needs with its comma: a quoted date (at most 14 characters), or a number (or null). */
const ITEM_ROOM = 1 + Math.max(14 + 2, NUMBER_TEXT_MAX);
/** Room one item of a code column needs with its comma. */
const codeRoom = (span: CodeSpan): number => 1 + span.end - span.start;

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
  /** where the writer finds a code's text */
  span: CodeSpan;
}

/**
 * Writes `count` items of a code column (the same code each), the first
 * after a comma unless it is the column's first: the code and then each
 * further item copied from the `,code` before it, with no check per item.
 */
function writeCodes(buf: Buffer, at: number, code: CodeSpan, count: number, first: boolean): number {
  if (!first) buf[at++] = 44;
  at = writeBytes(buf, at, code.bytes, code.start, code.end);
  const period = codeRoom(code);
  const end = at + (count - 1) * period;
  if (count > 1) {
    buf[at++] = 44;
    at = writeBytes(buf, at, code.bytes, code.start, code.end);
  }
  // byte by byte up to whole items of DOUBLING_FROM bytes or more, then in doubling blocks (native copies) of whole items
  const from = at - period;
  const bytewise = Math.min(end, from + period * Math.ceil(DOUBLING_FROM / period));
  for (; at < bytewise; at++) buf[at] = buf[at - period];
  while (at < end) {
    const n = Math.min(at - from, end - at);
    buf.copyWithin(at, from, from + n);
    at += n;
  }
  return end;
}

/** The written run of repeated codes from which writeCodes copies it in doubling blocks. */
const DOUBLING_FROM = 128;

/** Writes the dates `i` to `end` (exclusive) as JSON strings, each but a column's first after a comma. */
function writeDates(buf: Buffer, at: number, dates: Int32Array, i: number, end: number, first: boolean): number {
  if (first) at = writeJsonDate(buf, at, dates[i++]);
  for (; i < end; i++) {
    buf[at++] = 44;
    at = writeJsonDate(buf, at, dates[i]);
  }
  return at;
}

/** Writes the values `i` to `end` (exclusive) as JSON, each but a column's first after a comma. */
function writeValues(buf: Buffer, at: number, values: Float64Array, i: number, end: number, first: boolean): number {
  if (first) at = writeJsonValue(buf, at, values[i++]);
  for (; i < end; i++) {
    buf[at++] = 44;
    at = writeJsonValue(buf, at, values[i]);
  }
  return at;
}

/**
 * Writes columnar JSON as bytes: one object whose keys are the columns
 * (dimensions in dim_order, then date, value), each an array of equal
 * length, missing values null. Column by column, item by item, each but a
 * column's first after a comma, from `cursor` on into `buf` at `at`, while
 * the next item fits; returns where it stopped (the cursor says what is
 * next; `cursor.j` past the last column once the answer is whole). The one
 * writer of both forms below. The items of a series sure to fit (each takes
 * at most its room) are written in one run without a check each (issue 24,
 * round 5: the whole answer is one run per column and series); the rest item
 * by item, so a piece of the streamed form ends where it always did.
 */
function writeColumnarJson(view: SelectionView, kept: JsonBytes, cursor: JsonCursor, buf: Buffer, at: number): number {
  const { series } = view;
  const nd = kept.openers.length - 2;
  const { span } = cursor;
  let { j, k, i, opened, first } = cursor;
  writing: for (; j < nd + 2; j++, opened = false) {
    if (!opened) {
      // room for the opener and the closing `]}` of an empty last column
      if (at + kept.openers[j].length + 2 > buf.length) break;
      at = writeBytes(buf, at, kept.openers[j], 0, kept.openers[j].length);
      opened = true;
      first = true;
      k = 0;
      i = 0;
    }
    for (; k < series.length; k++, i = 0) {
      const s = series[k];
      const code = j < nd ? findCode(kept.codes, s, j, span) : null;
      const room = code ? codeRoom(code) : ITEM_ROOM;
      // the items sure to fit, with the closing `]}` after the last one
      const end = Math.min(s.dates.length, i + Math.max(0, Math.floor((buf.length - at - 2) / room)));
      if (i < end) {
        at = code
          ? writeCodes(buf, at, code, end - i, first)
          : j === nd
            ? writeDates(buf, at, s.dates, i, end, first)
            : writeValues(buf, at, s.values, i, end, first);
        first = false;
        i = end;
      }
      // room for the item, its comma, and the closing `]}` after the last one
      for (; i < s.dates.length; i++) {
        if (at + room + 2 > buf.length) break writing;
        if (first) first = false;
        else buf[at++] = 44;
        at = code
          ? writeBytes(buf, at, code.bytes, code.start, code.end)
          : j === nd
            ? writeJsonDate(buf, at, s.dates[i])
            : writeJsonValue(buf, at, s.values[i]);
      }
    }
  }
  if (j === nd + 2) {
    buf[at++] = 93;
    buf[at++] = 125;
  }
  cursor.j = j;
  cursor.k = k;
  cursor.i = i;
  cursor.opened = opened;
  cursor.first = first;
  return at;
}

/** A cursor at the start of an answer. */
const jsonStart = (): JsonCursor => ({ j: 0, k: 0, i: 0, opened: false, first: true, span: newSpan() });

/** Room a whole columnar JSON answer needs at most: its openers and every item with its comma, and the closing `]}`. */
function columnarJsonBound(view: SelectionView, kept: JsonBytes, span: CodeSpan): number {
  const nd = kept.openers.length - 2;
  let bound = 2;
  for (const opener of kept.openers) bound += opener.length;
  for (const s of view.series) {
    bound += 2 * s.dates.length * ITEM_ROOM;
    for (let j = 0; j < nd; j++) bound += s.dates.length * codeRoom(findCode(kept.codes, s, j, span));
  }
  return bound;
}

/**
 * Columnar JSON as one buffer of exactly its length, written as bytes (no
 * string per cell): the same text as `columnarJsonChunks`, by the same writer.
 */
export function columnarJsonBytes(view: SelectionView): Buffer {
  const kept = jsonBytesOf(view.dataset);
  const cursor = jsonStart();
  const buf = bufferFor(columnarJsonBound(view, kept, cursor.span));
  // the buffer holds the whole answer: written in one go
  return exactly(buf, writeColumnarJson(view, kept, cursor, buf, 0));
}

/**
 * Columnar JSON in pieces of about `pieceBytes` (a large answer, streamed:
 * nothing but the current piece is held); pieces end between items, never
 * inside a character. Their bytes, joined, are `columnarJsonBytes`'.
 */
export function* columnarJsonChunks(view: SelectionView, pieceBytes = CHUNK): Generator<Buffer> {
  const kept = jsonBytesOf(view.dataset);
  const cursor = jsonStart();
  const columns = view.dataset.meta.dimOrder.length + 2;
  // a piece always takes at least one opener or item (with the room the writer asks for)
  const size = Math.max(pieceBytes, largestJsonStep(view, kept));
  while (cursor.j < columns) {
    const piece = Buffer.allocUnsafe(size);
    yield piece.subarray(0, writeColumnarJson(view, kept, cursor, piece, 0));
  }
}

/** The most room one step of the writer asks for: an opener or an item, with the `]}` it keeps room for. */
function largestJsonStep(view: SelectionView, kept: JsonBytes): number {
  const span = newSpan();
  let most = ITEM_ROOM;
  for (const opener of kept.openers) most = Math.max(most, opener.length);
  for (const s of view.series) for (let j = 0; j < kept.openers.length - 2; j++) most = Math.max(most, codeRoom(findCode(kept.codes, s, j, span)));
  return most + 2;
}

/** Columnar JSON (see `columnarJsonChunks`) as one buffer. */
export const encodeColumnarJson = columnarJsonBytes;
