// Three vintages of a copy of real datasets, published by the real publish
// code path (src/publish/publish.ts, what `dataseries publish` runs) into a
// temp directory: values revised, an observation added, a series removed,
// a dataset title and a level label changed between them. Shared by the
// as_of, vintages, feeds and page tests (issue 21).
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatIsoDate } from '../src/data/dates.js';
import { publish } from '../src/publish/publish.js';
import { parseCsvText, REAL_DATA } from './helpers.js';

/** The datasets published: wage index (revisions, a removed series), barometer (an added observation), vacant dwellings (labels). */
export const VINTAGE_IDS = ['ch_fso_wage_idx', 'ch_kof_barometer', 'ch_fso_vacant_dwellings'] as const;
/** The stamps of the three publishes, oldest first. */
export const VINTAGE_STAMPS = ['2026-01-05T08:00:00Z', '2026-02-05T08:00:00Z', '2026-03-05T08:00:00Z'] as const;

/** A metadata file as published (the parts the tests read). */
export interface PublishedMeta {
  title: Record<string, string>;
  dimensions: Record<string, { levels: Record<string, { label: Record<string, string> }> }>;
  [key: string]: unknown;
}

/** What was published, and what changed between the vintages. */
export interface VintageFixture {
  /** the published directory (OUT: serve it with startApp) */
  dir: string;
  /** the source directory (SRC) the vintages were published from: a test may publish another vintage of it into `dir` */
  src: string;
  stamps: readonly string[];
  /** per vintage (oldest first), per dataset: the published CSV rows, header first */
  csv: Record<string, string[][]>[];
  /** per vintage, per dataset: the published metadata */
  meta: Record<string, PublishedMeta>[];
  changes: {
    /** a value of ch_fso_wage_idx revised twice: its value at each vintage */
    revised: { dataset: 'ch_fso_wage_idx'; codes: string[]; date: string; values: string[] };
    /** an observation of ch_kof_barometer added at the second vintage and revised at the third (null: absent) */
    added: { dataset: 'ch_kof_barometer'; codes: string[]; date: string; values: (string | null)[] };
    /** a series of ch_fso_wage_idx removed at the second vintage */
    removed: { dataset: 'ch_fso_wage_idx'; codes: string[] };
    /** ch_fso_vacant_dwellings: its English title and a level's English label at each vintage */
    relabelled: { dataset: 'ch_fso_vacant_dwellings'; titles: string[]; level: { dim: string; code: string; labels: string[] } };
  };
  /** removes the temp directory */
  remove(): Promise<void>;
}

/** Replaces the value of the CSV row starting with `prefix` (codes and date). */
function revise(csv: string, prefix: string, value: string): string {
  const lines = csv.split('\n');
  const i = lines.findIndex((l) => l.startsWith(prefix + ','));
  assert.ok(i > 0, prefix);
  lines[i] = `${prefix},${value}`;
  return lines.join('\n');
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** Copies the datasets, their vocabularies and their catalog entries from the real data into `src`. */
async function copyReal(src: string): Promise<void> {
  await mkdir(src);
  for (const id of VINTAGE_IDS) for (const ext of ['csv', 'json']) await copyFile(path.join(REAL_DATA, `${id}.${ext}`), path.join(src, `${id}.${ext}`));
  for (const name of ['categories.json', 'licenses.json']) await copyFile(path.join(REAL_DATA, name), path.join(src, name));
  const catalog = await readJson<{ id: string }[]>(path.join(REAL_DATA, 'catalog.json'));
  const ids: readonly string[] = VINTAGE_IDS;
  await writeFile(
    path.join(src, 'catalog.json'),
    JSON.stringify(
      catalog.filter((e) => ids.includes(e.id)),
      null,
      2,
    ),
  );
}

/**
 * Publishes three vintages (VINTAGE_STAMPS) of a copy of three real
 * datasets into a new temp directory; remove it with `remove()`.
 * @example const fx = await publishVintages(); const app = await startApp(fx.dir);
 */
export async function publishVintages(): Promise<VintageFixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'ds-vintage-fixture-'));
  const src = path.join(root, 'src');
  const out = path.join(root, 'public');
  await copyReal(src);
  const csv: VintageFixture['csv'] = [];
  const meta: VintageFixture['meta'] = [];
  const publishAt = async (k: number): Promise<void> => {
    const report = await publish({ src, out, keep: 10, now: () => new Date(VINTAGE_STAMPS[k]) });
    assert.equal(report.aborted, null, JSON.stringify(report.issues));
    const rows: Record<string, string[][]> = {};
    const metas: Record<string, PublishedMeta> = {};
    for (const id of VINTAGE_IDS) {
      rows[id] = parseCsvText(await readFile(path.join(out, `${id}.csv`), 'utf8'));
      metas[id] = await readJson<PublishedMeta>(path.join(out, `${id}.json`));
    }
    csv.push(rows);
    meta.push(metas);
  };
  await publishAt(0);

  // vintage 2: a value revised, a series removed, an observation added, a title and a level label changed
  const wage = path.join(src, 'ch_fso_wage_idx.csv');
  let text = revise(await readFile(wage, 'utf8'), 'bf1,nominal,1995-01-01', '103.5');
  text = text
    .split('\n')
    .filter((l) => !l.startsWith('f41,real,'))
    .join('\n');
  await writeFile(wage, text);
  const baro = path.join(src, 'ch_kof_barometer.csv');
  const lastDate = parseCsvText(await readFile(baro, 'utf8')).at(-1)![0];
  const [y, m] = lastDate.split('-').map(Number);
  const added = formatIsoDate(Date.UTC(m === 12 ? y + 1 : y, m % 12, 1) / 86400000);
  await writeFile(baro, (await readFile(baro, 'utf8')) + `${added},101.5\n`);
  const metaFile = path.join(src, 'ch_fso_vacant_dwellings.json');
  const vacant = await readJson<PublishedMeta>(metaFile);
  const titles = [vacant.title.en, 'Empty dwellings', 'Empty dwellings'];
  const labels = [vacant.dimensions.measure.levels.PC.label.en, 'Share of dwellings empty (%)', 'Share of dwellings empty (%)'];
  vacant.title.en = titles[1];
  vacant.dimensions.measure.levels.PC.label.en = labels[1];
  await writeFile(metaFile, JSON.stringify(vacant, null, 2));
  await publishAt(1);

  // vintage 3: the revised value revised again, the added observation revised
  await writeFile(wage, revise(await readFile(wage, 'utf8'), 'bf1,nominal,1995-01-01', '104'));
  await writeFile(baro, revise(await readFile(baro, 'utf8'), added, '100.75'));
  await publishAt(2);

  return {
    dir: out,
    src,
    stamps: VINTAGE_STAMPS,
    csv,
    meta,
    changes: {
      revised: { dataset: 'ch_fso_wage_idx', codes: ['bf1', 'nominal'], date: '1995-01-01', values: ['102.8623', '103.5', '104'] },
      added: { dataset: 'ch_kof_barometer', codes: [], date: added, values: [null, '101.5', '100.75'] },
      removed: { dataset: 'ch_fso_wage_idx', codes: ['f41', 'real'] },
      relabelled: { dataset: 'ch_fso_vacant_dwellings', titles, level: { dim: 'measure', code: 'PC', labels } },
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
