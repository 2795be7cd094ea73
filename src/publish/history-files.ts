import { link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatIsoDate } from '../data/dates.js';
import { walkSeries } from '../data/history.js';
import { parseDataset, readDataset } from '../data/load-dataset.js';
import type { Dataset } from '../data/model.js';
import { splitQuoted } from '../data/parse-csv.js';
import { byteOrder, historyNames, type IndexVintage } from '../data/parse-history.js';
import { numberText } from '../data/number-text.js';
import { stampFileName } from '../data/vintage-stamp.js';
import { csvField } from '../query/encode.js';
import type { ParquetWriter } from './parquet.js';

/**
 * The history files of a published dataset (DESIGN §2, docs/decisions.md
 * "Vintages"): `{id}.vintages.csv` (every value a later publish superseded
 * or removed, with `valid_from`/`valid_to`) and its Parquet copy,
 * `{id}.vintages.json` (the dataset's vintages, each with the observations
 * it added), and `{id}.vintages/{stamp}.json` (each vintage's catalog entry
 * and metadata). A publish that changes a dataset computes its new history
 * from the previous version's history and CSV and the new CSV; a publish
 * that does not change it hard-links the files.
 */

/** What the history of one dataset needs to know about the publish. */
export interface HistoryPublish {
  /** this publish's vintage stamp */
  stamp: string;
  /** the previous version directory, or null */
  previous: string | null;
  /** the previous version's stamp (for a previous version written without history), or null */
  previousStamp: string | null;
  work: string;
  parquet: ParquetWriter;
}

/** The rows of a history CSV (fields as text), header left out. */
function historyRows(csv: string): string[][] {
  return csv
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => splitQuoted(line.replace(/\r$/, '')));
}

/** Byte order of the codes, then date, then valid_from (the history file's order). */
function compareHistoryRows(a: string[], b: string[]): number {
  for (let i = 0; i < a.length - 3; i++) {
    const c = byteOrder(a[i], b[i]);
    if (c !== 0) return c;
  }
  return byteOrder(a[a.length - 2], b[b.length - 2]);
}

/** Merges two lists of history rows sorted in the file's order (the carried history is, and it is long: no full sort). */
function mergeSorted(a: string[][], b: string[][]): string[][] {
  const out: string[][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareHistoryRows(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  return out.concat(a.slice(i), b.slice(j));
}

/** The text a published CSV writes for value `i` of a store (empty when missing). */
function valueText(ds: Dataset, i: number): string {
  const v = ds.store.values[i];
  return Number.isNaN(v) ? '' : (ds.store.valueTexts?.byIndex.get(i) ?? numberText(v));
}

/** Two stored values are the same publish (missing = missing). */
function sameValue(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** The level codes of store series `s`. */
function codesOf(ds: Dataset, s: number): string[] {
  return ds.meta.dimensions.map((d, k) => d.levels[ds.store.codes[k][s]].code);
}

/** When each current value of store series `s` became current (vintage index by date); empty when it has no history (all since the first vintage). */
function currentSince(ds: Dataset, s: number): Map<number, number> {
  const since = new Map<number, number>();
  const h = ds.history;
  const k = h?.bySeries.get(s);
  if (!h || k === undefined) return since;
  // only dates with history: the others are current since the first vintage
  walkSeries(
    ds.store,
    h,
    s,
    k,
    (date, _v, from, to) => {
      if (to === h.stamps.length) since.set(date, from);
    },
    true,
  );
  return since;
}

/** The previous version of a dataset as the loader reads it, or null when it had none. */
async function loadPrevious(id: string, previous: string | null): Promise<Dataset | null> {
  if (!previous || !(await stat(path.join(previous, `${id}.csv`)).catch(() => null))) return null;
  const files = { id, data: `${id}.csv`, meta: `${id}.json`, fallback: {} };
  const load = parseDataset(files, await readDataset(previous, files));
  if (!load.ok) throw new Error(`the previous version of ${id} does not load: ${load.issues.map((i) => i.message).join('; ')}`);
  return load.dataset;
}

/**
 * The history after this publish: the rows (fields as text) and the
 * dataset's vintages. Compares the previous and the new store series by
 * series (both dates ascending): a value that changed or went is a new row,
 * valid from when it became current; a date that is new is an addition.
 */
export async function nextHistory(ds: Dataset, p: HistoryPublish): Promise<{ rows: string[][]; vintages: IndexVintage[] }> {
  const id = ds.meta.id;
  const before = await loadPrevious(id, p.previous);
  if (!before) return { rows: [], vintages: [{ vintage: p.stamp, added: [] }] };
  const names = historyNames(id);
  const carried = before.history ? historyRows(await readFile(path.join(p.previous!, names.csv), 'utf8')) : [];
  const rows: string[][] = [];
  const stamps = before.history?.stamps ?? [p.previousStamp ?? p.stamp];
  const vintages: IndexVintage[] = before.history
    ? (JSON.parse(await readFile(path.join(p.previous!, names.index), 'utf8')) as { vintages: IndexVintage[] }).vintages
    : [{ vintage: stamps[0], added: [] }];
  const now = new Map(Array.from({ length: ds.store.count }, (_, t) => [codesOf(ds, t).join('\u0000'), t]));
  const seen = new Set<number>();
  const added: string[][] = [];
  const [o, n] = [before.store, ds.store];
  for (let s = 0; s < o.count; s++) {
    const codes = codesOf(before, s);
    const t = now.get(codes.join('\u0000')) ?? -1;
    seen.add(t);
    let i = o.offsets[s];
    let j = t >= 0 ? n.offsets[t] : 0;
    const [iEnd, jEnd] = [o.offsets[s + 1], t >= 0 ? n.offsets[t + 1] : 0];
    let since: Map<number, number> | null = null;
    while (i < iEnd || j < jEnd) {
      const date = Math.min(i < iEnd ? o.dates[i] : Infinity, j < jEnd ? n.dates[j] : Infinity);
      const inOld = i < iEnd && o.dates[i] === date;
      const inNew = j < jEnd && n.dates[j] === date;
      if (inOld && !(inNew && sameValue(o.values[i], n.values[j]))) {
        since ??= currentSince(before, s);
        rows.push([...codes, formatIsoDate(date), valueText(before, i), stamps[since.get(date) ?? 0], p.stamp]);
      }
      if (inNew && !inOld) added.push([...codes, formatIsoDate(date)]);
      if (inOld) i++;
      if (inNew) j++;
    }
  }
  for (let t = 0; t < n.count; t++) {
    if (seen.has(t)) continue;
    const codes = codesOf(ds, t);
    for (let j = n.offsets[t]; j < n.offsets[t + 1]; j++) added.push([...codes, formatIsoDate(n.dates[j])]);
  }
  return { rows: mergeSorted(carried, rows.sort(compareHistoryRows)), vintages: [...vintages, { vintage: p.stamp, added }] };
}

/** The text of `{id}.vintages.json`: one line per vintage (a diff of a new publish adds a line). */
export function indexJson(id: string, vintages: IndexVintage[]): string {
  const lines = vintages.map((v) => '    ' + JSON.stringify({ vintage: v.vintage, added: v.added }));
  return `{\n  "dataset": ${JSON.stringify(id)},\n  "vintages": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** The text of `{id}.vintages.csv`. */
export function historyCsv(dims: string[], rows: string[][]): string {
  const header = [...dims, 'date', 'value', 'valid_from', 'valid_to'];
  return [header, ...rows].map((r) => r.map(csvField).join(',') + '\n').join('');
}

/**
 * Writes a changed dataset's history files into `work`: the history CSV and
 * Parquet, the vintage index, and this vintage's catalog entry and metadata
 * beside the earlier vintages' (hard-linked).
 */
export async function writeHistory(
  ds: Dataset,
  entry: Record<string, unknown>,
  p: HistoryPublish,
  write: (file: string, bytes: Buffer | string) => Promise<void>,
): Promise<void> {
  const id = ds.meta.id;
  const names = historyNames(id);
  const meta = await readFile(path.join(p.work, `${id}.json`));
  const { rows, vintages } = await nextHistory(ds, p);
  const csvFile = path.join(p.work, names.csv);
  await write(csvFile, historyCsv(ds.meta.dimOrder, rows));
  await p.parquet.writeHistory(csvFile, path.join(p.work, names.parquet), ds.meta.dimOrder, { dataset: id, content: 'revision history' });
  await write(path.join(p.work, names.index), indexJson(id, vintages));
  await linkVintageDir(id, p.previous, p.work);
  const doc = { vintage: p.stamp, catalog: entry, meta: JSON.parse(meta.toString('utf8')) as unknown };
  await write(path.join(p.work, names.dir, `${stampFileName(p.stamp)}.json`), JSON.stringify(doc, null, 2) + '\n');
}

/** Hard-links the earlier vintages' catalog entries and metadata (`{id}.vintages/`) into `work`. */
async function linkVintageDir(id: string, previous: string | null, work: string): Promise<void> {
  const dir = historyNames(id).dir;
  await mkdir(path.join(work, dir), { recursive: true });
  const names = previous ? await readdir(path.join(previous, dir)).catch(() => [] as string[]) : [];
  for (const name of names) await link(path.join(previous!, dir, name), path.join(work, dir, name));
}

/** Hard-links a dataset's history files from the previous version, when it has them (an unchanged or kept dataset). */
export async function linkHistory(id: string, previous: string, work: string): Promise<void> {
  const names = historyNames(id);
  for (const name of [names.csv, names.parquet, names.index]) {
    await link(path.join(previous, name), path.join(work, name)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
  if (await stat(path.join(previous, names.dir)).catch(() => null)) await linkVintageDir(id, previous, work);
}
