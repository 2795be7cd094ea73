import { daysInMonth, daysFromCivil } from './dates.js';
import type { Dimension } from './model.js';

/** A CSV problem at a line: the dataset is skipped and the message reported. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
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
  const headerEnd = lineEnd(buf, pos);
  checkHeader(splitQuoted(buf.toString('utf8', pos, trimCr(buf, pos, headerEnd))), dims);
  pos = headerEnd + 1;

  let cap = Math.max(1024, Math.ceil(buf.length / 20));
  let rowSeries: Uint32Array = new Uint32Array(cap);
  let rowDates: Int32Array = new Int32Array(cap);
  let rowValues: Float64Array = new Float64Array(cap);
  const seriesCodes: Uint32Array[] = [];
  const seriesByKey = new Map<string, number>();
  let rows = 0;
  let line = 1;
  let prevStart = -1;
  let prevEnd = -1;
  let prevSeries = -1;
  const nd = dims.length;

  while (pos < buf.length) {
    line++;
    const nl = lineEnd(buf, pos);
    const end = trimCr(buf, pos, nl);
    if (end === pos) {
      pos = nl + 1;
      continue; // blank line (e.g. trailing)
    }
    let series: number;
    const quote = buf.indexOf(QUOTE, pos);
    if (quote !== -1 && quote < end) {
      const fields = splitQuoted(buf.toString('utf8', pos, end));
      if (fields.length !== nd + 2) throw new CsvError(line, `expected ${nd + 2} fields, found ${fields.length}`);
      series = seriesOf(fields.slice(0, nd), dims, line, seriesByKey, seriesCodes);
      prevStart = -1;
      const date = parseDateText(fields[nd], line);
      const value = parseValueText(fields[nd + 1], line);
      if (rows === cap) [cap, rowSeries, rowDates, rowValues] = grow(cap, rowSeries, rowDates, rowValues);
      rowSeries[rows] = series;
      rowDates[rows] = date;
      rowValues[rows++] = value;
      pos = nl + 1;
      continue;
    }
    const valueStart = buf.lastIndexOf(COMMA, end - 1) + 1;
    if (valueStart <= pos) throw new CsvError(line, `expected ${nd + 2} fields, found 1`);
    const dateEnd = valueStart - 1;
    const dateStart = nd === 0 ? pos : buf.lastIndexOf(COMMA, dateEnd - 1) + 1;
    if (dateStart <= pos && nd > 0) throw new CsvError(line, `expected ${nd + 2} fields, found 2`);
    const codesStart = pos;
    const codesEnd = nd === 0 ? pos : dateStart - 1;
    if (nd === 0 && buf.indexOf(COMMA, pos) !== dateEnd) throw new CsvError(line, 'expected 2 fields (date,value), found more');
    if (prevStart >= 0 && codesEnd - codesStart === prevEnd - prevStart && buf.compare(buf, prevStart, prevEnd, codesStart, codesEnd) === 0) {
      series = prevSeries;
    } else {
      const codes = nd === 0 ? [] : buf.toString('utf8', codesStart, codesEnd).split(',');
      if (codes.length !== nd) throw new CsvError(line, `expected ${nd + 2} fields, found ${codes.length + 2}`);
      series = seriesOf(codes, dims, line, seriesByKey, seriesCodes);
      prevStart = codesStart;
      prevEnd = codesEnd;
      prevSeries = series;
    }
    const date = parseDateBytes(buf, dateStart, dateEnd, line);
    const value = parseValueBytes(buf, valueStart, end, line);
    if (rows === cap) [cap, rowSeries, rowDates, rowValues] = grow(cap, rowSeries, rowDates, rowValues);
    rowSeries[rows] = series;
    rowDates[rows] = date;
    rowValues[rows++] = value;
    pos = nl + 1;
  }
  return { seriesCodes, rowSeries, rowDates, rowValues, rows };
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
    throw new CsvError(1, `header is "${header.join(',')}", expected "${expected.join(',')}" (dim_order, then date, value)`);
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
      throw new CsvError(line, `"${codes[d]}" is not a level of dimension "${dims[d].id}" (see dimensions.${dims[d].id}.levels in the metadata)`);
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
    throw new CsvError(line, `date "${buf.toString('utf8', start, end)}" is not an ISO date YYYY-MM-DD`);
  }
  let y = 0;
  for (let i = start; i < start + 4; i++) y = y * 10 + digit(buf, i, start, end, line);
  const m = digit(buf, start + 5, start, end, line) * 10 + digit(buf, start + 6, start, end, line);
  const d = digit(buf, start + 8, start, end, line) * 10 + digit(buf, start + 9, start, end, line);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new CsvError(line, `date "${buf.toString('utf8', start, end)}" is not a calendar date`);
  }
  return daysFromCivil(y, m, d);
}

function digit(buf: Buffer, i: number, start: number, end: number, line: number): number {
  const c = buf[i] - D0;
  if (c < 0 || c > 9) throw new CsvError(line, `date "${buf.toString('utf8', start, end)}" is not an ISO date YYYY-MM-DD`);
  return c;
}

function parseDateText(text: string, line: number): number {
  const b = Buffer.from(text);
  return parseDateBytes(b, 0, b.length, line);
}

function parseValueBytes(buf: Buffer, start: number, end: number, line: number): number {
  if (end === start) return NaN;
  return parseValueText(buf.toString('latin1', start, end), line);
}

function parseValueText(text: string, line: number): number {
  if (text === '' || text === 'NA') return NaN;
  const n = Number(text);
  // Number() also accepts "0x1F", " 1 ", "Infinity": the published format is plain decimal
  if (!Number.isFinite(n) || !isDecimalEdge(text.charCodeAt(0)) || !isDecimalEdge(text.charCodeAt(text.length - 1)) || isRadixPrefix(text.charCodeAt(1))) {
    throw new CsvError(line, `value "${text}" is not a number (expected a decimal number, empty or NA for missing)`);
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
