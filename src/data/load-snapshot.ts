import { createHash } from 'node:crypto';
import { readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { formatIsoDate } from './dates.js';
import { type ParseDataset, parseInline } from './dataset-parser.js';
import { type DatasetFiles, type DatasetLoad, fileSignature } from './load-dataset.js';
import { type Manifest, MANIFEST_FILE, parseManifest } from './manifest.js';
import type { Category, Dataset, License, LoadIssue, Snapshot } from './model.js';
import { isRecord, normaliseString } from './normalise.js';
import { cleanMessage, QUOTE_MAX, quoteFileValue } from './quote.js';
import { historyNames } from './parse-history.js';
import { OutsideLinkError, resolveInside } from './read-inside.js';
import { parseCategories, parseLicenses, parseSources } from './vocabularies.js';

const ID = /^[a-z0-9_]+$/;

/** Reads an optional JSON file: undefined when absent, an issue when invalid. */
async function readJson(dir: string, file: string, issues: LoadIssue[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(await resolveInside(dir, file), 'utf8');
  } catch (e) {
    if (e instanceof OutsideLinkError) issues.push({ dataset: null, file, message: e.message, severity: 'error' });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    issues.push({ dataset: null, file, message: `invalid JSON: ${cleanMessage((e as Error).message, QUOTE_MAX)}`, severity: 'error' });
    return undefined;
  }
}

/** The datasets to load: catalog order, then `{id}.json`+`{id}.csv` pairs the catalog does not list. */
async function listDatasets(dir: string, catalog: unknown, issues: LoadIssue[]): Promise<DatasetFiles[]> {
  const out: DatasetFiles[] = [];
  const seen = new Set<string>();
  for (const entry of Array.isArray(catalog) ? catalog : []) {
    const id = isRecord(entry) ? normaliseString(entry.id) : null;
    if (!id || !ID.test(id) || seen.has(id)) {
      issues.push({
        dataset: id,
        file: 'catalog.json',
        message: `entry with id ${quoteFileValue(id)} skipped: expected a unique id of [a-z0-9_]`,
        severity: 'error',
      });
      continue;
    }
    seen.add(id);
    const e = entry as Record<string, unknown>;
    const data = safeName(e.data) ?? `${id}.csv`;
    const meta = safeName(e.meta) ?? `${id}.json`;
    out.push({
      id,
      data,
      meta,
      fallback: {
        topic: e.topic,
        load: e.load,
        featured: e.featured,
        canonical: e.canonical,
        title: e.title,
        source: e.source,
        concept: e.concept,
        license: e.license,
      },
    });
  }
  const names = new Set(await readdir(dir));
  for (const name of [...names].sort()) {
    const m = /^([a-z0-9_]+)\.csv$/.exec(name);
    if (!m || seen.has(m[1])) continue;
    if (!names.has(`${m[1]}.json`)) {
      issues.push({ dataset: m[1], file: name, message: `no metadata file ${m[1]}.json beside it (not served)`, severity: 'error' });
      continue;
    }
    if (catalog !== undefined) {
      issues.push({
        dataset: m[1],
        file: 'catalog.json',
        message: `${name} and ${m[1]}.json are not listed in catalog.json (served anyway)`,
        severity: 'warning',
      });
    }
    out.push({ id: m[1], data: name, meta: `${m[1]}.json`, fallback: {} });
  }
  return out;
}

/** The manifest of a published directory, or null when there is none (or it is unusable: reported). */
async function readManifest(dir: string, issues: LoadIssue[]): Promise<Manifest | null> {
  const raw = await readJson(dir, MANIFEST_FILE, issues);
  if (raw === undefined) return null;
  try {
    return parseManifest(raw);
  } catch (e) {
    issues.push({ dataset: null, file: MANIFEST_FILE, message: `${(e as Error).message}; the files are not checked against it`, severity: 'error' });
    return null;
  }
}

/** Gives each dataset what the manifest says of its files; a dataset it does not list is loaded unchecked, with a warning. */
function expectFromManifest(list: DatasetFiles[], manifest: Manifest, issues: LoadIssue[]): void {
  for (const files of list) {
    const history = historyNames(files.id);
    files.expect = {
      data: manifest.files.get(files.data),
      meta: manifest.files.get(files.meta),
      history: manifest.files.get(history.csv),
      index: manifest.files.get(history.index),
    };
    for (const name of [files.data, files.meta]) {
      if (!manifest.files.has(name)) {
        issues.push({ dataset: files.id, file: name, message: `is not listed in the manifest ${MANIFEST_FILE} (loaded unchecked)`, severity: 'warning' });
      }
    }
  }
}

/** A file name inside the data directory, or null (no paths, no traversal). */
function safeName(value: unknown): string | null {
  const s = normaliseString(value);
  return s && path.basename(s) === s && !s.startsWith('.') ? s : null;
}

/**
 * Builds a complete snapshot of a data directory. Datasets whose files did
 * not change since `previous` are reused as they are; a dataset that now fails
 * keeps its previous version (reported), so a bad publish never loses data.
 */
export async function loadSnapshot(given: string, previous: Snapshot | null = null, parse: ParseDataset = parseInline): Promise<Snapshot> {
  const started = performance.now();
  // one real path for the whole load: a link swapped meanwhile does not mix two versions, and "inside" is well defined
  const dir = await realpath(given);
  const issues: LoadIssue[] = [];
  const catalog = await readJson(dir, 'catalog.json', issues);
  const catalogById = new Map<string, Record<string, unknown>>();
  if (Array.isArray(catalog)) for (const e of catalog) if (isRecord(e) && typeof e.id === 'string') catalogById.set(e.id, e);
  const datasets = new Map<string, Dataset>();
  const list = await listDatasets(dir, catalog, issues);
  const manifest = await readManifest(dir, issues);
  if (manifest) expectFromManifest(list, manifest, issues);
  const signatures = await Promise.all(list.map((files) => fileSignature(dir, files)));
  const changed = list.filter((files, i) => !(signatures[i] && previous?.datasets.get(files.id)?.signature === signatures[i]));
  // start one dataset ahead: its I/O overlaps the parse of the one before
  const reads = new Map<string, Promise<DatasetLoad>>();
  const prefetch = (k: number): void => {
    if (k < changed.length) reads.set(changed[k].id, parse(dir, changed[k]));
  };
  prefetch(0);
  let next = 0;
  for (const files of list) {
    const old = previous?.datasets.get(files.id);
    if (changed[next] !== files) {
      datasets.set(files.id, old!);
      continue;
    }
    prefetch(++next);
    const result = await reads.get(files.id)!;
    reads.delete(files.id);
    issues.push(...result.issues);
    if (result.ok) datasets.set(files.id, result.dataset);
    else if (old) {
      datasets.set(files.id, old);
      issues.push({ dataset: files.id, file: files.data, message: 'the previously loaded version is still served', severity: 'warning' });
    }
  }
  for (const [id, ds] of datasets) compareWithCatalog(ds, catalogById.get(id), issues);
  const vocab = {
    categories: parseCategories(await readJson(dir, 'categories.json', issues)),
    licenses: parseLicenses(await readJson(dir, 'licenses.json', issues)),
    sources: parseSources(await readJson(dir, 'sources.json', issues)),
  };
  nameTopicsFromCategories(datasets, vocab.categories);
  checkLicenses(datasets, catalogById, vocab.licenses, issues);
  const version = createHash('sha1');
  for (const ds of datasets.values()) version.update(ds.version);
  version.update(JSON.stringify([vocab.categories, [...vocab.licenses], [...vocab.sources]]));
  let observations = 0;
  let series = 0;
  for (const ds of datasets.values()) {
    observations += ds.store.observations;
    series += ds.store.count;
  }
  return {
    version: version.digest('hex').slice(0, 16),
    loadedAt: new Date(),
    loadMs: Math.round(performance.now() - started),
    dir,
    datasets,
    ...vocab,
    publishedAt: manifest?.publishedAt ?? null,
    derived: new Map(),
    issues: issues.map(cleanIssue),
    observations,
    series,
  };
}

/** The last guard of what /health shows: file names and messages bounded, control characters escaped. */
function cleanIssue(issue: LoadIssue): LoadIssue {
  return { ...issue, file: cleanMessage(issue.file, QUOTE_MAX), message: cleanMessage(issue.message) };
}

/**
 * A plain-string topic ("Labour") carries only an English name; the category
 * with the same key has the translations, so the topic takes its names.
 */
function nameTopicsFromCategories(datasets: Map<string, Dataset>, categories: Category[]): void {
  const byKey = new Map(categories.map((c) => [c.key, c]));
  for (const ds of datasets.values()) {
    const topic = ds.meta.topic;
    const category = topic ? byKey.get(topic.key) : undefined;
    if (topic && category && Object.keys(topic.name).length < Object.keys(category.name).length) topic.name = category.name;
  }
}

/**
 * A license key that licenses.json does not list is served as "unknown
 * license (key)", never as a license: say so. A catalog license that differs
 * from the one served is reported too (the metadata's key wins).
 */
function checkLicenses(
  datasets: Map<string, Dataset>,
  catalog: Map<string, Record<string, unknown>>,
  licenses: Map<string, License>,
  issues: LoadIssue[],
): void {
  for (const ds of datasets.values()) {
    const key = ds.meta.license;
    if (licenses.size > 0 && !licenses.has(key)) {
      issues.push({
        dataset: ds.meta.id,
        file: ds.files.meta,
        message: `license ${JSON.stringify(key)} is not in licenses.json: shown as an unknown license`,
        severity: 'warning',
      });
    }
    const said = normaliseString(catalog.get(ds.meta.id)?.license);
    if (said && said !== key && licenses.size > 0 && !licenses.has(said)) {
      issues.push({
        dataset: ds.meta.id,
        file: 'catalog.json',
        message: `catalog says license ${JSON.stringify(said)}, which is not in licenses.json; the metadata's ${JSON.stringify(key)} is served`,
        severity: 'warning',
      });
    }
  }
}

/** The data wins over the catalog's derived facts; say where they disagree. */
function compareWithCatalog(ds: Dataset, entry: Record<string, unknown> | undefined, issues: LoadIssue[]): void {
  if (!entry) return;
  const facts: [string, unknown, unknown][] = [
    ['n_series', entry.n_series, ds.store.count],
    ['start', entry.start, ds.store.count ? formatIsoDate(ds.store.start) : null],
    ['end', entry.end, ds.store.count ? formatIsoDate(ds.store.end) : null],
  ];
  for (const [field, said, actual] of facts) {
    if (said !== undefined && said !== null && said !== actual) {
      issues.push({
        dataset: ds.meta.id,
        file: 'catalog.json',
        message: `catalog says ${field} ${quoteFileValue(said)}, the data says ${JSON.stringify(actual)} (the data wins)`,
        severity: 'warning',
      });
    }
  }
}
