import { copyFile, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadSnapshot } from '../data/load-snapshot.js';
import { dataFacts, MANIFEST_FILE, type ManifestFile, sha256 } from '../data/manifest.js';
import type { LoadIssue, Snapshot } from '../data/model.js';
import { buildCatalogEntry } from '../query/describe.js';
import { nextStamp, stampOfIso } from '../data/vintage-stamp.js';
import { linkPrevious, publishedNames, writeDataset, writeDurable } from './dataset-files.js';
import { type HistoryPublish, writeHistory } from './history-files.js';
import { ParquetWriter } from './parquet.js';
import { renderReadme } from './readme.js';
import { inspectOut, lockVersions, makeWorkDir, pruneVersions, sealVersion, swapLink, type OutState } from './versions.js';

/**
 * `dataseries publish SRC OUT`: validates SRC with the service's own loader,
 * writes a complete new version of the public data directory beside the
 * current one (canonical CSV, normalised metadata, Parquet copy per dataset,
 * catalog, vocabularies, README), checks it with the loader again, and swaps
 * OUT to it atomically. A dataset that fails validation keeps its previously
 * published files.
 */

/** The vocabularies copied as they are (the loader validates them). */
const VOCABULARIES = ['categories.json', 'licenses.json', 'sources.json'];

/** Where a publish is. */
export interface PublishProgress {
  phase: 'validate' | 'write' | 'check' | 'swap';
  done: number;
  total: number;
  item?: string;
}

export interface PublishOptions {
  src: string;
  out: string;
  /** versions kept under OUT.versions (at least 2: the new one and the one before) */
  keep: number;
  /** publish even when SRC holds no dataset or lacks datasets OUT has (they are removed) */
  allowRemovals?: boolean;
  now?: () => Date;
  onProgress?: (p: PublishProgress) => void;
}

/** What a publish did. */
export interface PublishReport {
  /** the version directory OUT points to afterwards (null when there is none) */
  version: string | null;
  /** false when SRC gave exactly the files already published (no new version) */
  changed: boolean;
  written: string[];
  unchanged: string[];
  /** failed validation; their previously published files were kept */
  keptPrevious: string[];
  /** failed validation and had no published version */
  dropped: string[];
  /** published before, no longer in SRC */
  removed: string[];
  /** old versions deleted */
  pruned: string[];
  /** everything the loader said about SRC */
  issues: LoadIssue[];
  /** why nothing was published, or null */
  aborted: string | null;
}

/** OUT exists and is not something a publish may replace. */
export class OutPathError extends Error {}

/** True when a script should see the publish as failed (exit 1). */
export function publishFailed(r: PublishReport): boolean {
  return r.aborted !== null || r.keptPrevious.length > 0 || r.dropped.length > 0;
}

function emptyReport(issues: LoadIssue[], aborted: string | null): PublishReport {
  return { version: null, changed: false, written: [], unchanged: [], keptPrevious: [], dropped: [], removed: [], pruned: [], issues, aborted };
}

async function readJsonArray(file: string): Promise<Record<string, unknown>[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
  } catch {
    return [];
  }
}

/** The catalog entry as published: derived facts from the data, the published file names, no server version. */
function publishedEntry(snapshotEntry: Record<string, unknown>, id: string): Record<string, unknown> {
  const entry = { ...snapshotEntry };
  for (const key of ['version', 'data', 'meta']) delete entry[key];
  return { ...entry, ...publishedNames(id) };
}

/**
 * Publishes SRC into OUT (see the module comment). Throws OutPathError when
 * OUT is neither absent, an empty directory, nor a link made by a publish.
 */
export async function publish(opts: PublishOptions): Promise<PublishReport> {
  const progress = opts.onProgress ?? (() => undefined);
  progress({ phase: 'validate', done: 0, total: 1, item: opts.src });
  const snapshot = await loadSnapshot(opts.src);
  const global = snapshot.issues.filter((i) => i.severity === 'error' && i.dataset === null);
  if (global.length) return emptyReport(snapshot.issues, `${global[0].file}: ${global[0].message}`);
  await checkOut(opts.out);
  const release = await lockVersions(opts.out);
  try {
    return await publishLocked(opts, snapshot, await checkOut(opts.out), progress);
  } finally {
    await release();
  }
}

async function checkOut(out: string): Promise<OutState> {
  const state = await inspectOut(out);
  if (state.kind === 'other') {
    throw new OutPathError(`${out} is ${state.what}. A publish makes OUT a link to a version under ${out}.versions/; choose a new path or an empty directory.`);
  }
  return state;
}

async function publishLocked(opts: PublishOptions, snapshot: Snapshot, state: OutState, progress: (p: PublishProgress) => void): Promise<PublishReport> {
  const previous = state.kind === 'link' ? state.current : null;
  const previousCatalog = previous ? await readJsonArray(path.join(previous, 'catalog.json')) : [];
  const report = emptyReport(snapshot.issues, null);
  const refused = refuseRemovals(snapshot, previousCatalog, opts.allowRemovals === true);
  if (refused) return { ...report, aborted: refused };
  const work = await makeWorkDir(opts.out);
  const now = (opts.now ?? (() => new Date()))();
  const vintages = previous ? await previousVintages(previous) : [];
  const stamp = nextStamp(now, vintages.at(-1) ?? null);
  try {
    const parquet = await ParquetWriter.open();
    const history: HistoryPublish = { stamp, previous, previousStamp: vintages.at(-1) ?? null, work, parquet };
    const entries = await writeDatasets(snapshot, history, report, progress).finally(() => parquet.close());
    for (const id of failedIds(snapshot)) {
      const entry = previousCatalog.find((e) => e.id === id);
      if (
        previous &&
        entry &&
        (await linkPrevious(id, previous, work).then(
          () => true,
          () => false,
        ))
      ) {
        report.keptPrevious.push(id);
        entries.push(entry);
      } else report.dropped.push(id);
    }
    sortLikeSource(entries, await readJsonArray(path.join(opts.src, 'catalog.json')));
    await writeDirectoryFiles(opts.src, work, entries, snapshot);
    progress({ phase: 'check', done: 0, total: 1 });
    const check = await loadSnapshot(work);
    const broken = check.issues.filter((i) => i.severity === 'error');
    if (broken.length) {
      await rm(work, { recursive: true, force: true });
      return { ...report, aborted: `the written files do not validate (${broken[0].file}: ${broken[0].message}); nothing was published` };
    }
    const names = new Set(entries.map((e) => String(e.id)));
    report.removed = previousCatalog.map((e) => String(e.id)).filter((id) => !names.has(id));
    if (previous && (await sameFiles(work, previous))) {
      await rm(work, { recursive: true, force: true });
      return { ...report, version: previous };
    }
    await writeDurable(path.join(work, MANIFEST_FILE), await manifest(now, [...vintages, stamp], work, check, report));
    progress({ phase: 'swap', done: 0, total: 1 });
    const version = await sealVersion(opts.out, work, now);
    await swapLink(opts.out, version, state);
    report.pruned = await pruneVersions(opts.out, opts.keep, version);
    return { ...report, version, changed: true };
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
}

/** Writes every loaded dataset; returns their catalog entries. */
async function writeDatasets(
  snapshot: Snapshot,
  history: HistoryPublish,
  report: PublishReport,
  progress: (p: PublishProgress) => void,
): Promise<Record<string, unknown>[]> {
  const entries: Record<string, unknown>[] = [];
  const total = snapshot.datasets.size;
  let done = 0;
  for (const [id, ds] of snapshot.datasets) {
    progress({ phase: 'write', done, total, item: id });
    const outcome = await writeDataset(ds, history.work, history.previous, history.parquet);
    const entry = publishedEntry(buildCatalogEntry(ds), id);
    if (outcome === 'written') await writeHistory(ds, entry, history, writeDurable);
    (outcome === 'written' ? report.written : report.unchanged).push(id);
    entries.push(entry);
    done++;
  }
  progress({ phase: 'write', done, total });
  return entries;
}

/**
 * The vintages a previous version lists in its manifest (oldest first); a
 * version written before vintages has one, its publish time to the second.
 */
async function previousVintages(previous: string): Promise<string[]> {
  try {
    const raw = JSON.parse(await readFile(path.join(previous, MANIFEST_FILE), 'utf8')) as { vintages?: unknown; published_at?: unknown };
    if (Array.isArray(raw.vintages) && raw.vintages.every((v) => typeof v === 'string')) return raw.vintages as string[];
    const stamp = stampOfIso(raw.published_at);
    return stamp ? [stamp] : [];
  } catch {
    return [];
  }
}

/**
 * Why a publish would lose data by accident (null when it would not): SRC
 * holds no dataset at all, or lacks datasets the current version has. A
 * dataset that fails validation is not lost (its previous files are kept).
 */
function refuseRemovals(snapshot: Snapshot, previousCatalog: Record<string, unknown>[], allowed: boolean): string | null {
  if (allowed) return null;
  const inSource = new Set([...snapshot.datasets.keys(), ...failedIds(snapshot)]);
  if (inSource.size === 0) return 'the source holds no dataset; nothing was published (pass --allow-removals to publish an empty directory)';
  const removed = previousCatalog.map((e) => String(e.id)).filter((id) => !inSource.has(id));
  if (!removed.length) return null;
  return (
    `the source would remove ${removed.length} dataset${removed.length === 1 ? '' : 's'} (${removed.join(', ')}) that OUT publishes now; ` +
    'nothing was published (pass --allow-removals if they are meant to go)'
  );
}

/** Datasets the loader skipped with an error (they are not in the snapshot). */
function failedIds(snapshot: Snapshot): string[] {
  const ids = snapshot.issues.filter((i) => i.severity === 'error' && i.dataset !== null && !snapshot.datasets.has(i.dataset)).map((i) => i.dataset!);
  return [...new Set(ids)];
}

/** Orders entries as SRC's catalog does; datasets it does not list keep their order at the end. */
function sortLikeSource(entries: Record<string, unknown>[], sourceCatalog: Record<string, unknown>[]): void {
  const rank = new Map(sourceCatalog.map((e, i) => [e.id, i]));
  const at = (e: Record<string, unknown>): number => rank.get(e.id) ?? Infinity;
  entries.sort((a, b) => (at(a) === at(b) ? 0 : at(a) - at(b)));
}

/** catalog.json, the vocabularies (copied) and README.md. */
async function writeDirectoryFiles(src: string, work: string, entries: Record<string, unknown>[], snapshot: Snapshot): Promise<void> {
  await writeDurable(path.join(work, 'catalog.json'), JSON.stringify(entries, null, 2) + '\n');
  for (const name of VOCABULARIES) {
    await copyFile(path.join(src, name), path.join(work, name)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
  await writeDurable(path.join(work, 'README.md'), renderReadme(entries, snapshot.licenses));
}

/**
 * The manifest of a version: when, which dataset versions (as the server
 * will compute them), what was kept, and per file its size and SHA-256 (and
 * for a data file its rows, series, first and last date), which the loader
 * checks the files against.
 */
async function manifest(now: Date, vintages: string[], work: string, check: Snapshot, report: PublishReport): Promise<string> {
  const datasets = Object.fromEntries([...check.datasets].map(([id, ds]) => [id, ds.version]));
  const stores = new Map([...check.datasets.values()].map((ds) => [ds.files.data, ds.store]));
  const files: Record<string, ManifestFile> = {};
  for (const name of await listFiles(work)) {
    const bytes = await readFile(path.join(work, name));
    const store = stores.get(name);
    files[name] = { bytes: bytes.length, sha256: sha256(bytes), ...(store ? dataFacts(store) : {}) };
  }
  return (
    JSON.stringify(
      {
        published_at: now.toISOString(),
        vintage: vintages.at(-1),
        vintages,
        data_version: check.version,
        datasets,
        kept_previous: report.keptPrevious,
        dropped: report.dropped,
        files,
      },
      null,
      2,
    ) + '\n'
  );
}

/** The files of a version directory, the manifest aside, with the history folders' files as `{id}.vintages/NAME`, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...(await readdir(path.join(dir, entry.name))).map((n) => `${entry.name}/${n}`));
    else if (entry.name !== MANIFEST_FILE) out.push(entry.name);
  }
  return out.sort();
}

/** True when two version directories hold the same files with the same bytes (the manifest aside). */
async function sameFiles(a: string, b: string): Promise<boolean> {
  const [na, nb] = await Promise.all([listFiles(a), listFiles(b)]);
  if (na.join('\n') !== nb.join('\n')) return false;
  for (const name of na) {
    const [sa, sb] = await Promise.all([stat(path.join(a, name)), stat(path.join(b, name))]);
    if (sa.ino === sb.ino && sa.dev === sb.dev) continue;
    if (sa.size !== sb.size || !(await readFile(path.join(a, name))).equals(await readFile(path.join(b, name)))) return false;
  }
  return true;
}
