import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildStore } from './build-store.js';
import type { Dataset, LoadIssue } from './model.js';
import { CsvError, parseSeriesCsv } from './parse-csv.js';
import { type CatalogFallback, MetaError, parseMeta } from './parse-meta.js';

/** Where a dataset's files are, as the catalog (or the directory) names them. */
export interface DatasetFiles {
  id: string;
  data: string;
  meta: string;
  fallback: CatalogFallback;
}

/** The outcome of loading one dataset: the dataset, or the reason it was skipped. */
export type DatasetLoad = { ok: true; dataset: Dataset; issues: LoadIssue[] } | { ok: false; issues: LoadIssue[] };

/** Size+mtime of both files; equal signatures mean the files were not rewritten. */
export async function fileSignature(dir: string, files: DatasetFiles): Promise<string | null> {
  try {
    const [a, b] = await Promise.all([stat(path.join(dir, files.data)), stat(path.join(dir, files.meta))]);
    return `${a.size}:${a.mtimeMs}:${b.size}:${b.mtimeMs}`;
  } catch {
    return null;
  }
}

/**
 * Reads, validates and packs one dataset. Never throws: a problem becomes a
 * LoadIssue naming the file, the line and what is wrong.
 */
export async function loadDataset(dir: string, files: DatasetFiles, signature: string): Promise<DatasetLoad> {
  const issues: LoadIssue[] = [];
  const fail = (file: string, message: string, line?: number): DatasetLoad => {
    issues.push({ dataset: files.id, file, line, message, severity: 'error' });
    return { ok: false, issues };
  };
  let metaBuf: Buffer, csvBuf: Buffer;
  try {
    metaBuf = await readFile(path.join(dir, files.meta));
  } catch {
    return fail(files.meta, 'metadata file is missing or unreadable');
  }
  try {
    csvBuf = await readFile(path.join(dir, files.data));
  } catch {
    return fail(files.data, 'data file is missing or unreadable');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(metaBuf.toString('utf8'));
  } catch (e) {
    return fail(files.meta, `invalid JSON: ${(e as Error).message}`);
  }
  const warn = (file: string) => (message: string) => issues.push({ dataset: files.id, file, message, severity: 'warning' });
  try {
    const meta = parseMeta(raw, files.id, files.fallback, warn(files.meta));
    const store = buildStore(parseSeriesCsv(csvBuf, meta.dimensions), meta.dimensions);
    const version = createHash('sha1').update(metaBuf).update(csvBuf).digest('hex').slice(0, 16);
    return { ok: true, dataset: { meta, store, version, files: { data: files.data, meta: files.meta }, signature }, issues };
  } catch (e) {
    if (e instanceof MetaError) return fail(files.meta, e.message);
    if (e instanceof CsvError) return fail(files.data, e.message, e.line || undefined);
    throw e;
  }
}
