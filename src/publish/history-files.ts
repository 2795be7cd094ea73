import { link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatIsoDate } from '../data/dates.js';
import { walkSeries } from '../data/history.js';
import { parseDataset, readDataset } from '../data/load-dataset.js';
import type { Dataset } from '../data/model.js';
import { splitQuoted } from '../data/parse-csv.js';
import { historyNames, type IndexVintage } from '../data/parse-history.js';
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

/** A published CSV's rows by observation (codes and date, joined by NUL): the fields and the value's text. */
function rowsOf(csv: Buffer): Map<string, { fields: string[]; value: string }> {
  const rows = new Map<string, { fields: string[]; value: string }>();
  const lines = csv.toString('utf8').split('\n');
  for (let n = 1; n < lines.length; n++) {
    if (lines[n] === '') continue;
    const fields = splitQuoted(lines[n].replace(/\r$/, ''));
    const value = fields.pop()!;
    rows.set(fields.join('\u0000'), { fields, value });
  }
  return rows;
}

/** Two value texts mean the same number (missing = missing). */
function sameValue(a: string, b: string): boolean {
  const missing = (t: string): boolean => t === '' || t === 'NA';
  return missing(a) || missing(b) ? missing(a) && missing(b) : Number(a) === Number(b);
}

/** Byte order of the codes, then date, then valid_from (the history file's order). */
function compareHistoryRows(a: string[], b: string[]): number {
  for (let i = 0; i < a.length - 3; i++) {
    const c = Buffer.compare(Buffer.from(a[i]), Buffer.from(b[i]));
    if (c !== 0) return c;
  }
  return a[a.length - 2] < b[b.length - 2] ? -1 : a[a.length - 2] > b[b.length - 2] ? 1 : 0;
}

/** When each current value of the previous version became current (vintage stamp), for observations with history; others since the first vintage. */
function currentSince(ds: Dataset): Map<string, string> {
  const since = new Map<string, string>();
  const h = ds.history;
  if (!h) return since;
  const open = h.stamps.length;
  const dims = ds.meta.dimensions;
  for (let k = 0; k < h.count; k++) {
    const codes = dims.map((d, i) => d.levels[h.codes[i][k]].code);
    walkSeries(ds.store, h, h.current[k], k, (date, _v, from, to) => {
      if (to === open) since.set([...codes, formatIsoDate(date)].join('\u0000'), h.stamps[from]);
    });
  }
  return since;
}

/** The previous version of a dataset as the loader reads it, or null when it had none. */
async function loadPrevious(id: string, previous: string | null): Promise<{ ds: Dataset; csv: Buffer } | null> {
  if (!previous || !(await stat(path.join(previous, `${id}.csv`)).catch(() => null))) return null;
  const files = { id, data: `${id}.csv`, meta: `${id}.json`, fallback: {} };
  const bytes = await readDataset(previous, files);
  const load = parseDataset(files, bytes);
  if (!load.ok || 'missing' in bytes) throw new Error(`the previous version of ${id} does not load: ${load.issues.map((i) => i.message).join('; ')}`);
  return { ds: load.dataset, csv: bytes.csv };
}

/** The history after this publish: the rows (fields as text) and the dataset's vintages. */
export async function nextHistory(id: string, csv: Buffer, p: HistoryPublish): Promise<{ rows: string[][]; vintages: IndexVintage[] }> {
  const before = await loadPrevious(id, p.previous);
  if (!before) return { rows: [], vintages: [{ vintage: p.stamp, added: [] }] };
  const names = historyNames(id);
  const carried = before.ds.history ? rowsOf(await readFile(path.join(p.previous!, names.csv))) : new Map();
  const rows: string[][] = [...carried.values()].map((r) => [...r.fields, r.value]);
  const stamps = before.ds.history?.stamps ?? [p.previousStamp ?? p.stamp];
  const vintages: IndexVintage[] = before.ds.history
    ? (JSON.parse(await readFile(path.join(p.previous!, names.index), 'utf8')) as { vintages: IndexVintage[] }).vintages
    : [{ vintage: stamps[0], added: [] }];
  const since = currentSince(before.ds);
  const old = rowsOf(before.csv);
  const now = rowsOf(csv);
  for (const [key, row] of old) {
    const next = now.get(key);
    if (!next || !sameValue(row.value, next.value)) rows.push([...row.fields, row.value, since.get(key) ?? stamps[0], p.stamp]);
  }
  const added = [...now].filter(([key]) => !old.has(key)).map(([, row]) => row.fields);
  rows.sort(compareHistoryRows);
  return { rows, vintages: [...vintages, { vintage: p.stamp, added }] };
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
  const [csv, meta] = await Promise.all([readFile(path.join(p.work, `${id}.csv`)), readFile(path.join(p.work, `${id}.json`))]);
  const { rows, vintages } = await nextHistory(id, csv, p);
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
