import { createHash } from 'node:crypto';
import { formatIsoDate } from './dates.js';
import type { SeriesStore } from './model.js';
import { isRecord } from './normalise.js';

/**
 * The manifest of a published version (`publish.json`, written by
 * `dataseries publish`): per file its size and SHA-256, and for a data file
 * what it holds (rows, series, first and last date). The loader checks every
 * dataset file it reads against it when it is present, so a file changed or
 * cut after the publish is never served (its dataset keeps its previous
 * version).
 */

/** The manifest's file name in a published directory. */
export const MANIFEST_FILE = 'publish.json';

/** What the manifest says of one file. */
export interface ManifestFile {
  bytes: number;
  sha256: string;
  /** data files only */
  rows?: number;
  series?: number;
  first?: string | null;
  last?: string | null;
}

/** The files of a manifest by name, with when it was published; null when a manifest holds no file list. */
export interface Manifest {
  publishedAt: string | null;
  files: Map<string, ManifestFile>;
}

/** The SHA-256 of bytes, in hex. */
export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What a data file holds, as the manifest records it. */
export function dataFacts(store: SeriesStore): Pick<ManifestFile, 'rows' | 'series' | 'first' | 'last'> {
  return {
    rows: store.observations,
    series: store.count,
    first: store.count ? formatIsoDate(store.start) : null,
    last: store.count ? formatIsoDate(store.end) : null,
  };
}

/** Reads a parsed `publish.json`; throws an Error saying what is wrong when it has no usable file list. */
export function parseManifest(raw: unknown): Manifest {
  if (!isRecord(raw) || !isRecord(raw.files)) throw new Error('has no "files" object (expected {name: {bytes, sha256, ...}})');
  const files = new Map<string, ManifestFile>();
  for (const [name, f] of Object.entries(raw.files)) {
    if (!isRecord(f) || !Number.isInteger(f.bytes) || typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256)) {
      throw new Error(`lists ${JSON.stringify(name.slice(0, 120))} without a whole "bytes" and a hex "sha256"`);
    }
    files.set(name, f as unknown as ManifestFile);
  }
  return { publishedAt: typeof raw.published_at === 'string' ? raw.published_at : null, files };
}

/** Why bytes are not the file the manifest lists (null when they are). */
export function checkBytes(expected: ManifestFile, bytes: Buffer): string | null {
  if (bytes.length !== expected.bytes) return `is ${bytes.length} bytes, the manifest ${MANIFEST_FILE} says ${expected.bytes}`;
  const hash = sha256(bytes);
  if (hash !== expected.sha256) return `has SHA-256 ${hash.slice(0, 12)}…, the manifest ${MANIFEST_FILE} says ${expected.sha256.slice(0, 12)}…`;
  return null;
}

/** Why a parsed data file disagrees with what the manifest says it holds (null when it agrees). */
export function checkFacts(expected: ManifestFile, store: SeriesStore): string | null {
  const actual = dataFacts(store);
  for (const key of ['rows', 'series', 'first', 'last'] as const) {
    if (expected[key] !== undefined && expected[key] !== actual[key]) {
      return `holds ${key} ${JSON.stringify(actual[key])}, the manifest ${MANIFEST_FILE} says ${JSON.stringify(expected[key])}`;
    }
  }
  return null;
}
