// Three publishes of copies of real datasets (issue 21): values revised, an
// observation added, a series removed and a label changed, with known time
// stamps. Tests of the vintage listing, the feeds, `vintages=all` and the
// clients serve the published directory.
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatIsoDate } from '../src/data/dates.js';
import { publish } from '../src/publish/publish.js';
import { parseCsvText, REAL_DATA } from './helpers.js';

/** The datasets copied. */
export const VINTAGE_IDS = ['ch_fso_wage_idx', 'ch_kof_barometer', 'ch_fso_vacant_dwellings'] as const;
/** When each publish runs. */
const TIMES = ['2026-01-01T00:00:00Z', '2026-02-01T09:00:00Z', '2026-03-01T12:30:15Z'];
/** The vintages the three publishes make, oldest first. */
export const VINTAGE_STAMPS = TIMES;

/** The published directory of three vintages, and what changed in it. */
export interface VintageFixture {
  /** the published directory (DS_DATA_DIR) */
  dir: string;
  /** ch_kof_barometer's observation added by the second publish (ISO date) */
  added: string;
  /** ch_fso_vacant_dwellings' English title in the first and the later publishes */
  titles: [string, string];
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

/** Copies the datasets, their catalog entries and the vocabularies into `src`. */
async function copySource(src: string): Promise<void> {
  await mkdir(src);
  for (const id of VINTAGE_IDS) for (const ext of ['csv', 'json']) await copyFile(path.join(REAL_DATA, `${id}.${ext}`), path.join(src, `${id}.${ext}`));
  for (const name of ['categories.json', 'licenses.json']) await copyFile(path.join(REAL_DATA, name), path.join(src, name));
  const catalog = JSON.parse(await readFile(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string }[];
  await writeFile(path.join(src, 'catalog.json'), JSON.stringify(catalog.filter((e) => (VINTAGE_IDS as readonly string[]).includes(e.id))));
}

/**
 * Publishes three vintages: the copies as they are; then two ch_fso_wage_idx
 * values revised (bf1/nominal 1995-01-01 → 103.5, f/real 2000-01-01 → 99.25),
 * its series f41/real removed, one ch_kof_barometer month added and
 * ch_fso_vacant_dwellings' title changed; then bf1/nominal 1995-01-01 → 104
 * and the added month revised.
 */
export async function publishVintages(): Promise<VintageFixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'ds-vintage-fixture-'));
  const src = path.join(root, 'src');
  const out = path.join(root, 'public');
  const publishAt = async (k: number): Promise<void> => {
    const report = await publish({ src, out, keep: 10, now: () => new Date(TIMES[k]) });
    assert.equal(report.aborted, null, JSON.stringify(report.issues));
  };
  await copySource(src);
  await publishAt(0);

  const wage = path.join(src, 'ch_fso_wage_idx.csv');
  let text = await readFile(wage, 'utf8');
  text = revise(text, 'bf1,nominal,1995-01-01', '103.5');
  text = revise(text, 'f,real,2000-01-01', '99.25');
  await writeFile(
    wage,
    text
      .split('\n')
      .filter((l) => !l.startsWith('f41,real,'))
      .join('\n'),
  );
  const baro = path.join(src, 'ch_kof_barometer.csv');
  const lastDate = parseCsvText(await readFile(baro, 'utf8')).at(-1)![0];
  const [y, m] = lastDate.split('-').map(Number);
  const added = formatIsoDate(Date.UTC(m === 12 ? y + 1 : y, m % 12, 1) / 86400000);
  await writeFile(baro, (await readFile(baro, 'utf8')) + `${added},101.5\n`);
  const metaFile = path.join(src, 'ch_fso_vacant_dwellings.json');
  const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { title: { en: string } };
  const titles: [string, string] = [meta.title.en, 'Empty dwellings'];
  meta.title.en = titles[1];
  await writeFile(metaFile, JSON.stringify(meta, null, 2));
  await publishAt(1);

  await writeFile(wage, revise(await readFile(wage, 'utf8'), 'bf1,nominal,1995-01-01', '104'));
  await writeFile(baro, revise(await readFile(baro, 'utf8'), added, '100.75'));
  await publishAt(2);
  return { dir: out, added, titles, remove: () => rm(root, { recursive: true, force: true }) };
}
