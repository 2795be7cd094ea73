/**
 * A data directory of three publishes of copies of real datasets, for the
 * dataset page's vintages (issue 21): ch_fso_wage_idx with values revised
 * in the second publish and one of them again in the third, and
 * ch_kof_barometer unchanged (one vintage of its own, no history).
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publish } from '../src/publish/publish.js';
import { REAL_DATA } from './helpers.js';

/** The datasets copied. */
export const PAGE_IDS = ['ch_fso_wage_idx', 'ch_kof_barometer'];
/** The vintages the three publishes make. */
export const PAGE_STAMPS = ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'];
/** The values revised: codes and date, then the value of each publish (the real one first). */
export const PAGE_REVISIONS = {
  nominal1995: { prefix: 'bf1,nominal,1995-01-01', values: ['102.8623', '103.5', '104'] },
  real2000: { prefix: 'f,real,2000-01-01', values: [null, '99.25', '99.25'] },
} as const;

/** Replaces the value of the CSV row starting with `prefix` (codes and date). */
function revise(csv: string, prefix: string, value: string): string {
  const lines = csv.split('\n');
  const i = lines.findIndex((l) => l.startsWith(prefix + ','));
  assert.ok(i > 0, prefix);
  lines[i] = `${prefix},${value}`;
  return lines.join('\n');
}

/** Publishes the three vintages into a temporary directory; `remove` deletes it. */
export async function buildPageVintages(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'ds-page-vintages-'));
  const src = path.join(root, 'src');
  const out = path.join(root, 'public');
  await mkdir(src);
  for (const id of PAGE_IDS) for (const ext of ['csv', 'json']) await copyFile(path.join(REAL_DATA, `${id}.${ext}`), path.join(src, `${id}.${ext}`));
  for (const name of ['categories.json', 'licenses.json']) await copyFile(path.join(REAL_DATA, name), path.join(src, name));
  const catalog = JSON.parse(await readFile(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string }[];
  await writeFile(path.join(src, 'catalog.json'), JSON.stringify(catalog.filter((e) => PAGE_IDS.includes(e.id))));
  const wage = path.join(src, 'ch_fso_wage_idx.csv');
  for (let k = 0; k < PAGE_STAMPS.length; k++) {
    let text = await readFile(wage, 'utf8');
    for (const r of Object.values(PAGE_REVISIONS)) if (k > 0) text = revise(text, r.prefix, r.values[k]!);
    await writeFile(wage, text);
    const report = await publish({ src, out, keep: 10, now: () => new Date(PAGE_STAMPS[k]) });
    assert.equal(report.aborted, null, JSON.stringify(report.issues));
  }
  return { dir: out, remove: () => rm(root, { recursive: true, force: true }) };
}
