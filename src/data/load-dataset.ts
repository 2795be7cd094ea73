import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildStore } from './build-store.js';
import type { Dataset, LoadIssue } from './model.js';
import { CsvError, parseSeriesCsv } from './parse-csv.js';
import { type CatalogFallback, MetaError, parseMeta } from './parse-meta.js';
import { parseJsonInOrder } from './json-order.js';

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

/** The raw bytes of a dataset's two files, or what could not be read. */
export type DatasetBytes = { meta: Buffer; csv: Buffer } | { missing: string; message: string };

/** Reads both files of a dataset (started ahead of parsing, so reading overlaps the previous parse). */
export async function readDataset(dir: string, files: DatasetFiles): Promise<DatasetBytes> {
  const [meta, csv] = await Promise.all([readFile(path.join(dir, files.meta)).catch(() => null), readFile(path.join(dir, files.data)).catch(() => null)]);
  if (!meta) return { missing: files.meta, message: 'metadata file is missing or unreadable' };
  if (!csv) return { missing: files.data, message: 'data file is missing or unreadable' };
  return { meta, csv };
}

/**
 * Validates and packs one dataset from its bytes. Never throws for bad
 * input: a problem becomes a LoadIssue naming the file, the line and what is
 * wrong.
 */
export function parseDataset(files: DatasetFiles, bytes: DatasetBytes, signature: string): DatasetLoad {
  const issues: LoadIssue[] = [];
  const fail = (file: string, message: string, line?: number): DatasetLoad => {
    issues.push({ dataset: files.id, file, line, message, severity: 'error' });
    return { ok: false, issues };
  };
  if ('missing' in bytes) return fail(bytes.missing, bytes.message);
  let raw: unknown;
  try {
    raw = parseJsonInOrder(bytes.meta.toString('utf8')); // level codes in the file's order, whatever they look like
  } catch (e) {
    return fail(files.meta, `invalid JSON: ${(e as Error).message}`);
  }
  const warn = (file: string) => (message: string) => issues.push({ dataset: files.id, file, message, severity: 'warning' });
  try {
    const meta = parseMeta(raw, files.id, files.fallback, warn(files.meta));
    const store = buildStore(parseSeriesCsv(bytes.csv, meta.dimensions), meta.dimensions);
    const version = createHash('sha1').update(bytes.meta).update(bytes.csv).digest('hex').slice(0, 16);
    return { ok: true, dataset: { meta, store, version, files: { data: files.data, meta: files.meta }, signature }, issues };
  } catch (e) {
    if (e instanceof MetaError) return fail(files.meta, e.message);
    if (e instanceof CsvError) return fail(files.data, e.message, e.line || undefined);
    throw e;
  }
}
