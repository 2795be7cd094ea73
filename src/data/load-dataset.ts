import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildStore } from './build-store.js';
import type { Dataset, LoadIssue } from './model.js';
import { checkBytes, checkFacts, type ManifestFile } from './manifest.js';
import { CsvError, parseSeriesCsv } from './parse-csv.js';
import { type CatalogFallback, MetaError, parseMeta } from './parse-meta.js';
import { cleanMessage, QUOTE_MAX } from './quote.js';
import { OutsideLinkError, resolveInside } from './read-inside.js';
import { parseJsonInOrder } from './json-order.js';
import { HistoryError, historyNames, parseHistory } from './parse-history.js';

/** Where a dataset's files are, as the catalog (or the directory) names them. */
export interface DatasetFiles {
  id: string;
  data: string;
  meta: string;
  fallback: CatalogFallback;
  /** what the manifest of a published directory says of the two files (absent: nothing to check) */
  expect?: { data?: ManifestFile; meta?: ManifestFile; history?: ManifestFile; index?: ManifestFile };
}

/** The outcome of loading one dataset: the dataset, or the reason it was skipped. */
export type DatasetLoad = { ok: true; dataset: Dataset; issues: LoadIssue[] } | { ok: false; issues: LoadIssue[] };

/** Size+mtime of both files; equal signatures mean the files were not rewritten. */
export async function fileSignature(dir: string, files: DatasetFiles): Promise<string | null> {
  return (await fileStats(dir, files))?.signature ?? null;
}

async function fileStats(dir: string, files: DatasetFiles): Promise<{ signature: string; newest: number; history: boolean } | null> {
  try {
    const [a, b] = await Promise.all([stat(path.join(dir, files.data)), stat(path.join(dir, files.meta))]);
    const names = historyNames(files.id);
    // the history files are optional: a dataset without them has one vintage
    const [h, i] = await Promise.all([names.csv, names.index].map((n) => stat(path.join(dir, n)).catch(() => null)));
    const optional = [h, i].map((x) => (x ? `${x.size}:${x.mtimeMs}` : '-')).join(':');
    const newest = Math.max(a.mtimeMs, b.mtimeMs, h?.mtimeMs ?? 0, i?.mtimeMs ?? 0);
    return { signature: `${a.size}:${a.mtimeMs}:${b.size}:${b.mtimeMs}:${optional}`, newest, history: h !== null || i !== null };
  } catch {
    return null;
  }
}

/**
 * How old the newest file must be, when the read began, for the server to
 * take it. File times tick coarsely (often every 4-10 ms), so a write during
 * a short read can leave size and mtime as they were; a file modified this
 * recently may still be being written and is read again a moment later (as
 * git treats "racy" files).
 */
export const SETTLE_MS = 50;

/**
 * The raw bytes of a dataset's two files with the signature they were read
 * at, or what could not be read (`retry`: the files were changing, so a
 * later read may succeed).
 */
export type DatasetBytes =
  { meta: Buffer; csv: Buffer; signature: string; history?: { csv: Buffer; index: Buffer } } | { missing: string; message: string; retry?: boolean };

/** Reads one file of the data directory, never through a link that leaves it. */
async function readInside(dir: string, name: string): Promise<Buffer | { missing: string; message: string }> {
  try {
    return await readFile(await resolveInside(dir, name));
  } catch (e) {
    if (e instanceof OutsideLinkError) return { missing: name, message: e.message };
    return { missing: name, message: `${name.endsWith('.csv') ? 'data' : 'metadata'} file is missing or unreadable` };
  }
}

/**
 * Reads both files of a dataset (started ahead of parsing, so reading
 * overlaps the previous parse). `dir` must be a real path. Files that change
 * while they are read (size or mtime before and after differ), or, with
 * `settleMs`, were modified less than that before the read, are read again
 * after `settleMs` (twice); then they are not taken: a publisher is writing
 * them, and the next reload reads them again.
 */
export async function readDataset(dir: string, files: DatasetFiles, settleMs = 0): Promise<DatasetBytes> {
  // a file caught changing is waited for a little (a publisher finishing a write) before it is refused
  let bytes = await readOnce(dir, files, settleMs);
  for (let attempt = 1; attempt < 3 && 'retry' in bytes && bytes.retry; attempt++) {
    await new Promise((r) => setTimeout(r, settleMs));
    bytes = await readOnce(dir, files, settleMs);
  }
  return bytes;
}

async function readOnce(dir: string, files: DatasetFiles, settleMs: number): Promise<DatasetBytes> {
  const started = Date.now();
  const before = await fileStats(dir, files);
  const names = historyNames(files.id);
  const wanted = [files.meta, files.data, ...(before?.history ? [names.csv, names.index] : [])];
  const read = await Promise.all(wanted.map((name) => readInside(dir, name)));
  const missing = read.find((b) => !Buffer.isBuffer(b));
  if (missing) return missing as { missing: string; message: string };
  const [meta, csv, historyCsv, index] = read as Buffer[];
  const after = await fileStats(dir, files);
  if (!before || !after || before.signature !== after.signature || (settleMs > 0 && after.newest > started - settleMs)) {
    return { missing: files.data, message: 'changed while being read (a publisher is writing it); it is read again once it settles', retry: true };
  }
  return { meta, csv, signature: after.signature, ...(historyCsv ? { history: { csv: historyCsv, index } } : {}) };
}

/**
 * Validates and packs one dataset from its bytes. Never throws: a problem
 * (even an unexpected one, such as a file nested too deep for the stack)
 * becomes a LoadIssue naming the file, the line and what is wrong, and
 * affects this dataset only.
 */
export function parseDataset(files: DatasetFiles, bytes: DatasetBytes): DatasetLoad {
  const issues: LoadIssue[] = [];
  const fail = (file: string, message: string, line?: number, retry?: boolean): DatasetLoad => {
    issues.push({ dataset: files.id, file, line, message, severity: 'error', ...(retry ? { retry } : {}) });
    return { ok: false, issues };
  };
  if ('missing' in bytes) return fail(bytes.missing, bytes.message, undefined, bytes.retry);
  const changed = afterPublish(files, bytes);
  if (changed) return fail(changed.file, changed.message);
  let stage = files.meta;
  try {
    let raw: unknown;
    try {
      raw = parseJsonInOrder(bytes.meta.toString('utf8')); // level codes in the file's order, whatever they look like
    } catch (e) {
      return fail(files.meta, `invalid JSON: ${cleanMessage((e as Error).message, QUOTE_MAX)}`);
    }
    const warn = (file: string) => (message: string) => issues.push({ dataset: files.id, file, message, severity: 'warning' });
    const meta = parseMeta(raw, files.id, files.fallback, warn(files.meta));
    stage = files.data;
    const store = buildStore(parseSeriesCsv(bytes.csv, meta.dimensions), meta.dimensions);
    const disagrees = files.expect?.data && checkFacts(files.expect.data, store);
    if (disagrees) return fail(files.data, disagrees);
    stage = historyNames(files.id).csv;
    const history = bytes.history
      ? parseHistory(files.id, parseHistoryJson(files.id, bytes.history.index), bytes.history.csv, meta.dimensions, store)
      : undefined;
    const version = createHash('sha1').update(bytes.meta).update(bytes.csv).digest('hex').slice(0, 16);
    return {
      ok: true,
      dataset: {
        meta,
        store,
        version,
        files: { data: files.data, meta: files.meta },
        signature: bytes.signature,
        derived: new Map(),
        ...(history ? { history } : {}),
      },
      issues,
    };
  } catch (e) {
    if (e instanceof MetaError) return fail(files.meta, e.message);
    if (e instanceof HistoryError) return fail(e.file, e.message, e.line);
    if (e instanceof CsvError) return fail(files.data, e.message, e.line || undefined, e.retry);
    return fail(stage, `cannot be loaded: ${cleanMessage(String((e as Error)?.message ?? e), QUOTE_MAX)}`);
  }
}

/** The history index as JSON; a HistoryError when it is not. */
function parseHistoryJson(id: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new HistoryError(historyNames(id).index, `invalid JSON: ${cleanMessage((e as Error).message, QUOTE_MAX)}`);
  }
}

/** The first file whose bytes are not what the manifest lists, with why. */
function afterPublish(
  files: DatasetFiles,
  bytes: { meta: Buffer; csv: Buffer; history?: { csv: Buffer; index: Buffer } },
): { file: string; message: string } | null {
  const names = historyNames(files.id);
  for (const [file, expected, got] of [
    [files.meta, files.expect?.meta, bytes.meta],
    [files.data, files.expect?.data, bytes.csv],
    [names.csv, files.expect?.history, bytes.history?.csv],
    [names.index, files.expect?.index, bytes.history?.index],
  ] as const) {
    if (!got) continue;
    const why = expected && checkBytes(expected, got);
    if (why) return { file, message: `${why}: it changed after it was published, so it is not served` };
  }
  return null;
}
