import { parseIsoDate } from './dates.js';
import { countVintages, findSeries, type History } from './history.js';
import type { Dimension, SeriesStore } from './model.js';
import { isRecord } from './normalise.js';
import { CsvError, parseValueText, splitQuoted } from './parse-csv.js';
import { clip, quoteFileText } from './quote.js';
import { parseStamp } from './vintage-stamp.js';

/**
 * Reads a dataset's history files into the store's compact History
 * (src/data/history.ts): `{id}.vintages.json`, the list of the dataset's
 * vintages with the observations each added, and `{id}.vintages.csv`, the
 * superseded values (DESIGN §2). Both are validated like the CSV (header,
 * codes, dates, values, time stamps, intervals, order); a problem throws a
 * HistoryError naming the file and line.
 */

/** A problem in a history file: the dataset is not loaded. */
export class HistoryError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

/** The names of a dataset's history files beside `{id}.csv`. */
export function historyNames(id: string): { csv: string; parquet: string; index: string; dir: string } {
  return { csv: `${id}.vintages.csv`, parquet: `${id}.vintages.parquet`, index: `${id}.vintages.json`, dir: `${id}.vintages` };
}

/** One vintage of the index file: its stamp and the observations it added (codes in dim_order, then date). */
export interface IndexVintage {
  vintage: string;
  added: string[][];
}

/** Parses `{id}.vintages.json`: `{"dataset", "vintages": [{"vintage", "added": [[code..., date], ...]}]}`. */
export function parseHistoryIndex(raw: unknown, dims: Dimension[]): IndexVintage[] {
  if (!isRecord(raw) || !Array.isArray(raw.vintages) || raw.vintages.length === 0) throw new Error('expected {"vintages": [...]} with at least one vintage');
  let before = -Infinity;
  return raw.vintages.map((v: unknown, k) => {
    const at = isRecord(v) && typeof v.vintage === 'string' ? parseStamp(v.vintage) : null;
    if (!isRecord(v) || at === null) throw new Error(`vintage ${k + 1}: expected {"vintage": "YYYY-MM-DDTHH:MM:SSZ", "added": [...]}`);
    if (at <= before) throw new Error(`vintage ${k + 1} (${String(v.vintage)}) is not after the one before`);
    before = at;
    const added = v.added ?? [];
    if (!Array.isArray(added) || (k === 0 && added.length > 0)) throw new Error(`vintage ${k + 1}: "added" must be a list (empty for the first vintage)`);
    for (const row of added) {
      if (!Array.isArray(row) || row.length !== dims.length + 1 || row.some((x) => typeof x !== 'string')) {
        throw new Error(`vintage ${k + 1}: an added observation must be [${[...dims.map((d) => d.id), 'date'].join(', ')}]`);
      }
    }
    return { vintage: v.vintage as string, added: added as string[][] };
  });
}

interface RawRows {
  keys: string[];
  levels: number[][];
  dates: number[];
  values: number[];
  from: number[];
  to: number[];
}

/** Parses the history CSV's rows (validated) with vintage indices from `stamps`. */
function parseRows(file: string, buf: Buffer, dims: Dimension[], stamps: Map<string, number>): RawRows {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.endsWith('\n')) throw new HistoryError(file, 'ends without a final newline: the file is cut short');
  const lines = text.split('\n');
  const expected = [...dims.map((d) => d.id), 'date', 'value', 'valid_from', 'valid_to'];
  const header = splitQuoted(lines[0].replace(/\r$/, ''));
  if (header.join('\u0000') !== expected.join('\u0000')) {
    throw new HistoryError(file, `header is ${quoteFileText(header.join(','))}, expected ${quoteFileText(expected.join(','))}`, 1);
  }
  const out: RawRows = { keys: [], levels: [], dates: [], values: [], from: [], to: [] };
  let previous: { codes: string[]; date: number; from: number; to: number } | null = null;
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n].replace(/\r$/, '');
    if (line === '') continue;
    const at = n + 1;
    const fields = splitQuoted(line);
    if (fields.length !== expected.length) throw new HistoryError(file, `expected ${expected.length} fields, found ${fields.length}`, at);
    const codes = fields.slice(0, dims.length);
    // rows come grouped by series: codes equal to the row before are not looked up again
    const same = previous !== null && codes.every((c, d) => c === previous!.codes[d]);
    const levels = same ? out.levels[out.levels.length - 1] : levelsOf(codes, dims, file, at);
    const date = parseIsoDate(fields[dims.length]);
    if (date === null) throw new HistoryError(file, `date ${quoteFileText(fields[dims.length])} is not an ISO date YYYY-MM-DD`, at);
    const value = valueOf(fields[dims.length + 1], file, at);
    const [from, to] = [fields[dims.length + 2], fields[dims.length + 3]].map((s) => {
      const k = stamps.get(s);
      if (k === undefined) throw new HistoryError(file, `${quoteFileText(s)} is not a time stamp of one of the dataset's vintages (YYYY-MM-DDTHH:MM:SSZ)`, at);
      return k;
    });
    if (from >= to) throw new HistoryError(file, `valid_from ${fields[dims.length + 2]} is not before valid_to ${fields[dims.length + 3]}`, at);
    const order = previous ? compareRow(previous, codes, date, from) : -1;
    if (order > 0) throw new HistoryError(file, 'rows are not sorted by the dimension codes, then date, then valid_from', at);
    if (previous && order <= 0 && sameObservation(previous, codes, date) && from < previous.to) {
      throw new HistoryError(file, `validity overlaps the row before (the same observation)`, at);
    }
    previous = { codes, date, from, to };
    out.keys.push(same ? out.keys[out.keys.length - 1] : levels.join(','));
    out.levels.push(levels);
    out.dates.push(date);
    out.values.push(value);
    out.from.push(from);
    out.to.push(to);
  }
  return out;
}

function valueOf(text: string, file: string, line: number): number {
  try {
    return parseValueText(text, line);
  } catch (e) {
    throw new HistoryError(file, (e as CsvError).message, line);
  }
}

function levelsOf(codes: string[], dims: Dimension[], file: string, line: number): number[] {
  return codes.map((code, d) => {
    const i = dims[d].index.get(code);
    if (i === undefined)
      throw new HistoryError(
        file,
        `${quoteFileText(code)} is not a level of dimension ${quoteFileText(dims[d].id)} (see dimensions.${clip(dims[d].id)}.levels)`,
        line,
      );
    return i;
  });
}

function sameObservation(a: { codes: string[]; date: number }, codes: string[], date: number): boolean {
  return a.date === date && a.codes.every((c, d) => c === codes[d]);
}

/** UTF-8 byte order of two strings, the order of the published files' codes (UTF-16 order differs only around surrogates). */
export function byteOrder(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 || y >= 0xd800) return Buffer.compare(Buffer.from(a), Buffer.from(b));
    return x - y;
  }
  return a.length - b.length;
}

/** Byte order of the codes (as the CSV), then date, then valid_from. */
function compareRow(a: { codes: string[]; date: number; from: number }, codes: string[], date: number, from: number): number {
  for (let d = 0; d < codes.length; d++) {
    const c = byteOrder(a.codes[d], codes[d]);
    if (c !== 0) return c;
  }
  return a.date - date || a.from - from;
}

/**
 * Builds the History of a loaded store from its two history files (`index`
 * already JSON-parsed). Throws a HistoryError (file, line, what) at the first
 * problem.
 */
export function parseHistory(id: string, index: unknown, csv: Buffer, dims: Dimension[], store: SeriesStore): History {
  const names = historyNames(id);
  let vintages: IndexVintage[];
  try {
    vintages = parseHistoryIndex(index, dims);
  } catch (e) {
    throw new HistoryError(names.index, (e as Error).message);
  }
  const stamps = vintages.map((v) => v.vintage);
  const rows = parseRows(names.csv, csv, dims, new Map(stamps.map((s, k) => [s, k])));
  const series = new Map<string, number>();
  const levelsOfSeries: number[][] = [];
  const seriesOf = (key: string, levels: number[]): number => {
    let h = series.get(key);
    if (h === undefined) {
      series.set(key, (h = levelsOfSeries.length));
      levelsOfSeries.push(levels);
    }
    return h;
  };
  const rowSeries = rows.keys.map((key, r) => seriesOf(key, rows.levels[r]));
  const adds: { h: number; date: number; at: number }[] = [];
  vintages.forEach((v, k) => {
    for (const row of v.added) {
      const levels = levelsOf(row.slice(0, dims.length), dims, names.index, 0);
      const date = parseIsoDate(row[dims.length]);
      if (date === null) throw new HistoryError(names.index, `vintage ${v.vintage}: date ${quoteFileText(row[dims.length])} is not an ISO date`);
      adds.push({ h: seriesOf(levels.join(','), levels), date, at: k });
    }
  });
  adds.sort((a, b) => a.h - b.h || a.date - b.date || a.at - b.at);
  const count = levelsOfSeries.length;
  const current = currentSeries(store, levelsOfSeries);
  const bySeries = new Map<number, number>();
  current.forEach((s, h) => s >= 0 && bySeries.set(s, h));
  const partial = {
    stamps,
    count,
    codes: dims.map((_, d) => Uint32Array.from(levelsOfSeries, (levels) => levels[d])),
    current,
    rowOffsets: offsetsOf(rowSeries, count),
    rowDates: Int32Array.from(rows.dates),
    rowValues: Float64Array.from(rows.values),
    rowFrom: Uint16Array.from(rows.from),
    rowTo: Uint16Array.from(rows.to),
    addOffsets: offsetsOf(
      adds.map((a) => a.h),
      count,
    ),
    addDates: Int32Array.from(adds, (a) => a.date),
    addAt: Uint16Array.from(adds, (a) => a.at),
    bySeries,
  };
  return { ...partial, counts: countVintages(store, partial) };
}

/** The store series of each history series (-1 when not in the latest data): a map of the store's series when there are many, else a postings look-up each. */
function currentSeries(store: SeriesStore, series: number[][]): Int32Array {
  if (series.length < 64) return Int32Array.from(series, (levels) => findSeries(store, levels));
  const byKey = new Map<string, number>();
  for (let s = 0; s < store.count; s++) byKey.set(store.codes.map((col) => col[s]).join(','), s);
  return Int32Array.from(series, (levels) => byKey.get(levels.join(',')) ?? -1);
}

/** Offsets of groups of ascending group ids (rows are grouped by series already). */
function offsetsOf(groups: number[], count: number): Uint32Array {
  const offsets = new Uint32Array(count + 1);
  for (const g of groups) offsets[g + 1]++;
  for (let h = 0; h < count; h++) offsets[h + 1] += offsets[h];
  return offsets;
}
