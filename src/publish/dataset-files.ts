import { link, open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Dataset } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import { computeView } from '../query/compute-view.js';
import { buildMetaDocument } from '../query/describe.js';
import { stringifyInOrder } from '../data/json-order.js';
import { encodeCsv } from '../query/encode.js';
import type { Selection } from '../query/view.js';
import { linkHistory } from './history-files.js';
import type { ParquetWriter } from './parquet.js';

/**
 * The three published files of a dataset. The CSV and the metadata come from
 * the same encoders as the API, so `{id}.csv` is byte for byte what
 * `/series.csv?dataset={id}` serves and `{id}.json` is `/dataset/{id}/meta`.
 */

/** File names of a published dataset. */
export interface PublishedNames {
  data: string;
  meta: string;
  parquet: string;
}

/** The published file names of a dataset id. */
export function publishedNames(id: string): PublishedNames {
  return { data: `${id}.csv`, meta: `${id}.json`, parquet: `${id}.parquet` };
}

/** The selection of a whole dataset, untransformed. */
function wholeDataset(ds: Dataset): Selection {
  return { datasetId: ds.meta.id, dims: {}, from: null, to: null, last: null, transform: 'level', base: null };
}

/** The canonical CSV: `/series.csv?dataset={id}` (dims in dim_order, date, value; rows in code then date order). */
export function canonicalCsv(ds: Dataset): Buffer {
  return encodeCsv(computeView(ds, wholeDataset(ds)));
}

/**
 * The published metadata: `/dataset/{id}/meta` without `version`, which the
 * server derives from the published bytes (a file cannot hold its own hash).
 */
export function publishedMeta(ds: Dataset): Buffer {
  const doc: Record<string, unknown> = buildMetaDocument(ds);
  delete doc.version;
  return Buffer.from(stringifyInOrder(doc, 2) + '\n', 'utf8');
}

/** Writes a new file and flushes it to disk before returning. */
export async function writeDurable(file: string, bytes: Buffer | string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Hard-links a dataset's three files and its history files from a previous version (same inode: same size and mtime, so the server does not re-read them). */
export async function linkPrevious(id: string, previous: string, work: string): Promise<void> {
  for (const name of Object.values(publishedNames(id))) await link(path.join(previous, name), path.join(work, name));
  await linkHistory(id, previous, work);
}

async function sameBytes(file: string, bytes: Buffer): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info || info.size !== bytes.length) return false;
  return (await readFile(file)).equals(bytes);
}

/**
 * Writes a dataset's CSV, metadata and Parquet copy into `work`; when the
 * previous version holds the same CSV and metadata, links its files instead
 * (no new Parquet, and the server reuses the loaded dataset).
 */
export async function writeDataset(ds: Dataset, work: string, previous: string | null, parquet: ParquetWriter): Promise<'written' | 'unchanged'> {
  const names = publishedNames(ds.meta.id);
  const csv = canonicalCsv(ds);
  const meta = publishedMeta(ds);
  if (previous) {
    const same =
      (await sameBytes(path.join(previous, names.data), csv)) &&
      (await sameBytes(path.join(previous, names.meta), meta)) &&
      (await stat(path.join(previous, names.parquet)).catch(() => null)) !== null;
    if (same) {
      await linkPrevious(ds.meta.id, previous, work);
      return 'unchanged';
    }
  }
  await writeDurable(path.join(work, names.data), csv);
  await writeDurable(path.join(work, names.meta), meta);
  const m = ds.meta;
  await parquet.write(path.join(work, names.data), path.join(work, names.parquet), m.dimOrder, {
    dataset: m.id,
    title: pickLabel(m.title, 'en'),
    license: m.license,
    source: pickLabel(m.source.name, 'en'),
    source_url: m.source.url ?? '',
    frequency: m.frequency,
  });
  await syncFile(path.join(work, names.parquet));
  return 'written';
}
