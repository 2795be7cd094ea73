import { daysInMonth, daysFromCivil } from './dates.js';
import type { Dimension } from './model.js';
import { NUMBER_TEXT_MAX, writeNumberText } from './number-text.js';
import { clip, quoteFileText } from './quote.js';

/** A CSV problem at a line: the dataset is skipped and the message reported. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
    /** the file looks cut short while being written: read it again once it settles */
    readonly retry = false,
  ) {
    super(message);
  }
}

/** Rows of a published CSV, grouped by series, in file order (not yet packed). */
export interface ParsedRows {
  /** per series: one level index per dimension */
  seriesCodes: Uint32Array[];
  /** per row: series id, date (days), value (NaN = missing) */
  rowSeries: Uint32Array;
  rowDates: Int32Array;
  rowValues: Float64Array;
  rows: number;
  /**
   * per row (file order), the value's text where the published file writes
   * it otherwise than the shortest text of the same double (`205.44041000000001`,
   * `1.50`): kept so the default CSV is the published file byte for byte
   */
  texts: Map<number, string>;
}

const COMMA = 44;
const QUOTE = 34;
const NL = 10;
const CR = 13;

/**
 * Parses a tidy published CSV (`dim_order` columns, `date`, `value`) into rows
 * keyed by series. Validates the header, every code, date and value, and
 * throws a CsvError with the line number at the first problem.
 *
 * Hand-written for the one dialect of the published files: it reads bytes,
 * never splits lines into strings, and decodes a series' codes only when they
 * differ from the row before (rows come grouped by series). Quoted fields are
 * accepted (RFC 4180) on a slower path.
 */
export function parseSeriesCsv(buf: Buffer, dims: Dimension[]): ParsedRows {
  let pos = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  checkComplete(buf);
  const headerEnd = lineEnd(buf, pos);
  checkHeader(splitQuoted(buf.toString('utf8', pos, trimCr(buf, pos, headerEnd))), dims);
  pos = headerEnd + 1;

  let cap = Math.max(1024, Math.ceil(buf.length / 20));
  let rowSeries: Uint32Array = new Uint32Array(cap);
  let rowDates: Int32Array = new Int32Array(cap);
  let rowValues: Float64Array = new Float64Array(cap);
  const seriesCodes: Uint32Array[] = [];
  const seriesByKey = new Map<string, number>();
  const texts = new Map<number, string>();
  let rows = 0;
  let line = 1;
  let prevStart = -1;
  let prevEnd = -1;
  let prevSeries = -1;
  const nd = dims.length;
  const len = buf.length;

  while (pos < len) {
    line++;
    // one pass over the line: its end, its last two commas, any quote
    let lastComma = -1;
    let prevComma = -1;
    let commas = 0;
    let quoted = false;
    let i = pos;
    for (; i < len; i++) {
      const b = buf[i];
      if (b === NL) break;
      if (b === COMMA) {
        prevComma = lastComma;
        lastComma = i;
        commas++;
      } else if (b === QUOTE) quoted = true;
    }
    const nl = i;
    const end = trimCr(buf, pos, nl);
    if (end === pos) {
      pos = nl + 1;
      continue; // blank line (e.g. trailing)
    }
    let series: number;
    let date: number;
    let value: number;
    if (quoted) {
      const fields = splitQuoted(buf.toString('utf8', pos, end));
      if (fields.length !== nd + 2) throw new CsvError(line, `expected ${nd + 2} fields, found ${fields.length}`);
      series = seriesOf(fields.slice(0, nd), dims, line, seriesByKey, seriesCodes);
      prevStart = -1;
      date = parseDateText(fields[nd], line);
      value = parseValueText(fields[nd + 1], line);
      if (!Number.isNaN(value) && String(value) !== fields[nd + 1]) texts.set(rows, fields[nd + 1]);
    } else {
      if (commas !== nd + 1) throw new CsvError(line, `expected ${nd + 2} fields, found ${commas + 1}`);
      const codesEnd = nd === 0 ? pos : prevComma;
      if (prevStart >= 0 && sameBytes(buf, prevStart, prevEnd, pos, codesEnd)) {
        series = prevSeries;
      } else {
        const codes = nd === 0 ? [] : buf.toString('utf8', pos, codesEnd).split(',');
        series = seriesOf(codes, dims, line, seriesByKey, seriesCodes);
        prevStart = pos;
        prevEnd = codesEnd;
        prevSeries = series;
      }
      date = parseDateBytes(buf, nd === 0 ? pos : prevComma + 1, lastComma, line);
      value = parseValueBytes(buf, lastComma + 1, end, line);
      if (!Number.isNaN(value) && !writesAs(buf, lastComma + 1, end, value)) texts.set(rows, buf.toString('latin1', lastComma + 1, end));
    }
    if (rows === cap) [cap, rowSeries, rowDates, rowValues] = grow(cap, rowSeries, rowDates, rowValues);
    rowSeries[rows] = series;
    rowDates[rows] = date;
    rowValues[rows++] = value;
    pos = nl + 1;
  }
  if (rows === 0) throw new CsvError(1, 'has a header but no rows (a dataset needs at least one observation)');
  return { seriesCodes, rowSeries, rowDates, rowValues, rows, texts };
}

const written = Buffer.alloc(NUMBER_TEXT_MAX);

/** Whether the bytes from `start` to `end` are the text the encoders write for `value` (numberText). */
function writesAs(buf: Buffer, start: number, end: number, value: number): boolean {
  const n = writeNumberText(written, 0, value);
  if (n !== end - start) return false;
  for (let i = 0; i < n; i++) if (written[i] !== buf[start + i]) return false;
  return true;
}

/**
 * Every published CSV ends with a newline; one that does not was cut short
 * (`75` read for `75.0315`) or is still being written, so it is not taken.
 */
function checkComplete(buf: Buffer): void {
  if (buf.length === 0) throw new CsvError(1, 'is empty (expected a header line and rows)', true);
  if (buf[buf.length - 1] === NL) return;
  let lines = 1;
  for (let i = buf.indexOf(NL); i !== -1; i = buf.indexOf(NL, i + 1)) lines++;
  throw new CsvError(lines, 'ends without a final newline: the file is cut short or still being written (it is read again once it settles)', true);
}

function lineEnd(buf: Buffer, pos: number): number {
  const nl = buf.indexOf(NL, pos);
  return nl === -1 ? buf.length : nl;
}

function trimCr(buf: Buffer, start: number, end: number): number {
  return end > start && buf[end - 1] === CR ? end - 1 : end;
}

function grow(cap: number, s: Uint32Array, d: Int32Array, v: Float64Array): [number, Uint32Array, Int32Array, Float64Array] {
  const n = cap * 2;
  const s2 = new Uint32Array(n);
  s2.set(s);
  const d2 = new Int32Array(n);
  d2.set(d);
  const v2 = new Float64Array(n);
  v2.set(v);
  return [n, s2, d2, v2];
}

function checkHeader(header: string[], dims: Dimension[]): void {
  const expected = [...dims.map((d) => d.id), 'date', 'value'];
  if (header.length !== expected.length || header.some((h, i) => h !== expected[i])) {
    throw new CsvError(1, `header is ${quoteFileText(header.join(','))}, expected ${quoteFileText(expected.join(','))} (dim_order, then date, value)`);
  }
}

function seriesOf(codes: string[], dims: Dimension[], line: number, byKey: Map<string, number>, seriesCodes: Uint32Array[]): number {
  const key = codes.join('\u0000');
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const idx = new Uint32Array(dims.length);
  for (let d = 0; d < dims.length; d++) {
    const i = dims[d].index.get(codes[d]);
    if (i === undefined) {
      throw new CsvError(
        line,
        `${quoteFileText(codes[d])} is not a level of dimension ${quoteFileText(dims[d].id)} (see dimensions.${clip(dims[d].id)}.levels in the metadata)`,
      );
    }
    idx[d] = i;
  }
  const id = seriesCodes.length;
  seriesCodes.push(idx);
  byKey.set(key, id);
  return id;
}

const D0 = 48;

function parseDateBytes(buf: Buffer, start: number, end: number, line: number): number {
  if (end - start !== 10 || buf[start + 4] !== 45 || buf[start + 7] !== 45) {
    throw new CsvError(line, `date ${quoteFileText(buf.toString('utf8', start, end))} is not an ISO date YYYY-MM-DD`);
  }
  let y = 0;
  for (let i = start; i < start + 4; i++) y = y * 10 + digit(buf, i, start, end, line);
  const m = digit(buf, start + 5, start, end, line) * 10 + digit(buf, start + 6, start, end, line);
  const d = digit(buf, start + 8, start, end, line) * 10 + digit(buf, start + 9, start, end, line);
  if (m < 1 || m > 12 || d < 1 || d > 31) {
    throw new CsvError(line, `date ${quoteFileText(buf.toString('utf8', start, end))} is not a calendar date`);
  }
  if (y >= TABLE_FROM && y < TABLE_TO) {
    const k = ((y - TABLE_FROM) * 12 + m - 1) * 31 + d - 1;
    const cached = dayTable[k];
    if (cached !== UNSET) return cached;
    checkDay(y, m, d, buf, start, end, line);
    return (dayTable[k] = daysFromCivil(y, m, d));
  }
  checkDay(y, m, d, buf, start, end, line);
  return daysFromCivil(y, m, d);
}

// Dates repeat across series: a table of already-converted days spares the calendar arithmetic.
const TABLE_FROM = 1700;
const TABLE_TO = 2300;
const UNSET = -0x7fffffff;
const dayTable = new Int32Array((TABLE_TO - TABLE_FROM) * 12 * 31).fill(UNSET);

function checkDay(y: number, m: number, d: number, buf: Buffer, start: number, end: number, line: number): void {
  if (d > daysInMonth(y, m)) throw new CsvError(line, `date ${quoteFileText(buf.toString('utf8', start, end))} is not a calendar date`);
}

function digit(buf: Buffer, i: number, start: number, end: number, line: number): number {
  const c = buf[i] - D0;
  if (c < 0 || c > 9) throw new CsvError(line, `date ${quoteFileText(buf.toString('utf8', start, end))} is not an ISO date YYYY-MM-DD`);
  return c;
}

function parseDateText(text: string, line: number): number {
  const b = Buffer.from(text);
  return parseDateBytes(b, 0, b.length, line);
}

/** Byte equality of two short ranges (a JS loop beats a native call for a few bytes). */
function sameBytes(buf: Buffer, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b) return false;
  for (let i = 0; i < aEnd - a; i++) if (buf[a + i] !== buf[b + i]) return false;
  return true;
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Reads a decimal number straight from bytes. With at most 15 significant
 * digits and 22 decimals, mantissa and 10^k are exact doubles and one IEEE
 * division rounds correctly (Clinger's fast path), so the result equals
 * Number(text); anything else (more digits, exponents, NA) takes Number().
 */
function parseValueBytes(buf: Buffer, start: number, end: number, line: number): number {
  if (end === start) return NaN;
  let i = start;
  const negative = buf[i] === 45;
  if (negative || buf[i] === 43) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < end; i++) {
    const c = buf[i];
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      if (mantissa !== 0) digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else break;
  }
  const plain = i === end && digits <= 15 && decimals <= 22 && end > start + (negative ? 1 : 0) && !(decimals === 0 && end - start === 1);
  if (!plain) return parseValueText(buf.toString('latin1', start, end), line);
  const v = decimals > 0 ? mantissa / POW10[decimals] : mantissa;
  return negative ? -v : v;
}

/** A value field of a published CSV as a number (NaN for empty or NA); throws a CsvError at `line` when it is not a plain decimal. */
export function parseValueText(text: string, line: number): number {
  if (text === '' || text === 'NA') return NaN;
  const n = Number(text);
  // Number() also accepts "0x1F", " 1 ", "Infinity": the published format is plain decimal
  if (!Number.isFinite(n) || !isDecimalEdge(text.charCodeAt(0)) || !isDecimalEdge(text.charCodeAt(text.length - 1)) || isRadixPrefix(text.charCodeAt(1))) {
    throw new CsvError(line, `value ${quoteFileText(text)} is not a number (expected a decimal number, empty or NA for missing)`);
  }
  return n;
}

function isRadixPrefix(c: number): boolean {
  return c === 120 || c === 88 || c === 111 || c === 79 || c === 98 || c === 66; // 0x 0o 0b
}

function isDecimalEdge(c: number): boolean {
  return c === 45 || c === 43 || c === 46 || (c >= 48 && c <= 57);
}

/** Splits one CSV line with RFC 4180 quoting. */
export function splitQuoted(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let s = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            s += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else s += line[i++];
      }
      out.push(s);
      i++; // the comma
    } else {
      const comma = line.indexOf(',', i);
      const stop = comma === -1 ? line.length : comma;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
}
