// Vintages in the published files: three publishes of a copy of real
// datasets (values revised, an observation added, a series removed, a label
// changed) write `{id}.vintages.csv` with exactly the rows an independent
// computation from the three published CSVs gives, a manifest that lists the
// vintages and covers the history files, per-vintage catalog entries and
// metadata; pruning keeps the history; the loader's counts per vintage and
// `valuesAsOf` at each vintage give back each version's published rows.
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { FIXTURES, parseCsvText, REAL_DATA, startApp } from '../../test/helpers.js';
import { formatIsoDate } from '../data/dates.js';
import { valuesAsOf } from '../data/history.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import { sha256 } from '../data/manifest.js';
import type { Dataset } from '../data/model.js';
import { sqlString } from './parquet.js';
import { publish } from './publish.js';
import { listVersions } from './versions.js';

const IDS = ['ch_fso_wage_idx', 'ch_kof_barometer', 'ch_fso_vacant_dwellings'];
/** Two publishes in one second, then one a day later: the second gets the next second. */
const TIMES = ['2026-01-01T00:00:00.400Z', '2026-01-01T00:00:00.900Z', '2026-01-02T08:30:15.000Z'];
const STAMPS = ['2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z', '2026-01-02T08:30:15Z'];

/** Replaces the value of the CSV row starting with `prefix` (codes and date). */
function revise(csv: string, prefix: string, value: string): string {
  const lines = csv.split('\n');
  const i = lines.findIndex((l) => l.startsWith(prefix + ','));
  assert.ok(i > 0, prefix);
  lines[i] = `${prefix},${value}`;
  return lines.join('\n');
}

/**
 * The history rows computed from the published CSVs alone: per observation,
 * each run of one value that is not the current value is a row, valid from
 * the run's first vintage to the vintage after its last.
 */
function expectedHistory(versions: string[][][], dims: number): string[][] {
  const keys = new Map<string, string[]>();
  const byVersion = versions.map((rows) => new Map(rows.slice(1).map((r) => [r.slice(0, dims + 1).join('\u0000'), r[dims + 1]])));
  for (const rows of versions) for (const r of rows.slice(1)) keys.set(r.slice(0, dims + 1).join('\u0000'), r.slice(0, dims + 1));
  const out: string[][] = [];
  for (const [key, fields] of keys) {
    const seq = byVersion.map((m) => m.get(key));
    let start = 0;
    for (let v = 1; v <= seq.length; v++) {
      const same = v < seq.length && seq[v] !== undefined && seq[start] !== undefined && Number(seq[v] || NaN) === Number(seq[start] || NaN);
      const bothMissing = v < seq.length && seq[v] === '' && seq[start] === '';
      if (same || bothMissing) continue;
      if (seq[start] !== undefined && v < seq.length) out.push([...fields, seq[start]!, STAMPS[start], STAMPS[v]]);
      start = v;
    }
  }
  const cmp = (a: string[], b: string[]): number => {
    for (let i = 0; i < dims + 1; i++) if (a[i] !== b[i]) return Buffer.compare(Buffer.from(a[i]), Buffer.from(b[i]));
    return a[dims + 2] < b[dims + 2] ? -1 : 1;
  };
  return out.sort(cmp);
}

describe('publish keeps every vintage', () => {
  let root: string;
  let src: string;
  let out: string;
  /** per version, per dataset: the published CSV parsed */
  const published: Record<string, string[][]>[] = [];
  const titles: string[] = [];

  async function publishAt(k: number, keep = 10): Promise<void> {
    const report = await publish({ src, out, keep, now: () => new Date(TIMES[k]) });
    assert.equal(report.aborted, null, JSON.stringify(report.issues));
    assert.ok(report.changed);
    published.push(Object.fromEntries(await Promise.all(IDS.map(async (id) => [id, parseCsvText(await readFile(path.join(out, `${id}.csv`), 'utf8'))]))));
  }

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-vintages-'));
    src = path.join(root, 'src');
    out = path.join(root, 'public');
    await mkdir(src);
    for (const id of IDS) for (const ext of ['csv', 'json']) await copyFile(path.join(REAL_DATA, `${id}.${ext}`), path.join(src, `${id}.${ext}`));
    for (const name of ['categories.json', 'licenses.json']) await copyFile(path.join(REAL_DATA, name), path.join(src, name));
    const catalog = JSON.parse(await readFile(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string }[];
    await writeFile(
      path.join(src, 'catalog.json'),
      JSON.stringify(
        catalog.filter((e) => IDS.includes(e.id)),
        null,
        2,
      ),
    );
    await publishAt(0);

    // version 2: two values revised, one observation added, one series removed, one label changed
    const wage = path.join(src, 'ch_fso_wage_idx.csv');
    let text = await readFile(wage, 'utf8');
    text = revise(text, 'bf1,nominal,1995-01-01', '103.5');
    text = revise(text, 'f,real,2000-01-01', '99.25');
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
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { title: { en: string } };
    titles.push(meta.title.en);
    meta.title.en = 'Empty dwellings';
    titles.push(meta.title.en);
    await writeFile(metaFile, JSON.stringify(meta, null, 2));
    await publishAt(1);

    // version 3: a revised value revised again, the added observation revised
    await writeFile(wage, revise(await readFile(wage, 'utf8'), 'bf1,nominal,1995-01-01', '104'));
    await writeFile(baro, revise(await readFile(baro, 'utf8'), added, '100.75'));
    await publishAt(2, 2);
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes beside each CSV the history rows that the three published CSVs give, in the format of DESIGN §2', async () => {
    for (const id of IDS) {
      const rows = parseCsvText(await readFile(path.join(out, `${id}.vintages.csv`), 'utf8'));
      const header = published[2][id][0];
      const dims = header.length - 2;
      assert.deepEqual(rows[0], [...header, 'valid_from', 'valid_to'], id);
      assert.deepEqual(
        rows.slice(1),
        expectedHistory(
          published.map((v) => v[id]),
          dims,
        ),
        id,
      );
    }
    // the independent computation is not empty where things changed
    const wage = parseCsvText(await readFile(path.join(out, 'ch_fso_wage_idx.vintages.csv'), 'utf8'));
    assert.ok(wage.some((r) => r.join(',') === `bf1,nominal,1995-01-01,102.8623,${STAMPS[0]},${STAMPS[1]}`));
    assert.ok(wage.some((r) => r.join(',') === `bf1,nominal,1995-01-01,103.5,${STAMPS[1]},${STAMPS[2]}`));
    assert.ok(wage.filter((r) => r[0] === 'f41' && r[1] === 'real').length > 10);
  });

  it('writes a Parquet copy of each history that DuckDB reads back to the CSV rows, stamps as TIMESTAMP', async () => {
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      for (const id of IDS) {
        const file = sqlString(path.join(out, `${id}.vintages.parquet`));
        const types = (await duck.runAndReadAll(`DESCRIBE SELECT valid_from, valid_to FROM ${file}`)).getRows().map((r) => r[1]);
        assert.deepEqual(types, ['TIMESTAMP', 'TIMESTAMP']);
        const sql = `SELECT * EXCLUDE (date, value, valid_from, valid_to), CAST(date AS VARCHAR), CAST(value AS VARCHAR), strftime(valid_from, '%Y-%m-%dT%H:%M:%SZ'), strftime(valid_to, '%Y-%m-%dT%H:%M:%SZ') FROM ${file}`;
        const parquet = (await duck.runAndReadAll(sql)).getRows().map((r) => r.map(String));
        const csv = parseCsvText(await readFile(path.join(out, `${id}.vintages.csv`), 'utf8')).slice(1);
        assert.deepEqual(
          parquet,
          csv.map((r) => r.map((f, i) => (i === r.length - 3 ? String(Number(f)) : f))),
          id,
        );
      }
    } finally {
      duck.closeSync();
    }
  });

  it('lists every vintage in the manifest and covers the history files with bytes and SHA-256', async () => {
    const manifest = JSON.parse(await readFile(path.join(out, 'publish.json'), 'utf8')) as {
      vintages: string[];
      vintage: string;
      files: Record<string, { bytes: number; sha256: string }>;
    };
    assert.deepEqual(manifest.vintages, STAMPS);
    assert.equal(manifest.vintage, STAMPS[2]);
    const expected = [
      ...IDS.flatMap((id) => [`${id}.vintages.csv`, `${id}.vintages.parquet`, `${id}.vintages.json`]),
      'ch_fso_wage_idx.vintages/20260101T000000Z.json',
      'ch_fso_wage_idx.vintages/20260101T000001Z.json',
      'ch_fso_wage_idx.vintages/20260102T083015Z.json',
      'ch_fso_vacant_dwellings.vintages/20260101T000000Z.json',
      'ch_fso_vacant_dwellings.vintages/20260101T000001Z.json',
    ];
    for (const name of expected) {
      const bytes = await readFile(path.join(out, name));
      assert.deepEqual(manifest.files[name], { bytes: bytes.length, sha256: sha256(bytes) }, name);
    }
    // vacant dwellings did not change in the third publish: no vintage of its own
    assert.deepEqual(await readdir(path.join(out, 'ch_fso_vacant_dwellings.vintages')), ['20260101T000000Z.json', '20260101T000001Z.json']);
  });

  it("keeps each vintage's catalog entry and metadata: the label as it was", async () => {
    const read = async (stamp: string) =>
      JSON.parse(await readFile(path.join(out, 'ch_fso_vacant_dwellings.vintages', `${stamp}.json`), 'utf8')) as {
        vintage: string;
        catalog: { title: { en: string } };
        meta: { title: { en: string } };
      };
    const [first, second] = [await read('20260101T000000Z'), await read('20260101T000001Z')];
    assert.deepEqual([first.vintage, first.meta.title.en, first.catalog.title.en], [STAMPS[0], titles[0], titles[0]]);
    assert.deepEqual([second.vintage, second.meta.title.en, second.catalog.title.en], [STAMPS[1], titles[1], titles[1]]);
  });

  it('prunes version directories with --keep but carries the whole history forward', async () => {
    assert.equal((await listVersions(out)).length, 2);
    const rows = parseCsvText(await readFile(path.join(out, 'ch_fso_wage_idx.vintages.csv'), 'utf8'));
    assert.ok(rows.some((r) => r[r.length - 2] === STAMPS[0]));
  });

  it('says in /health how many vintages the served directory holds (3 here, 1 without history files)', async () => {
    for (const [dir, vintages] of [
      [out, 3],
      [path.join(FIXTURES, 'tiny'), 1],
    ] as const) {
      const app = await startApp(dir);
      try {
        const body = (await app.inject({ url: '/health' })).json() as { vintages: number; status: string };
        assert.deepEqual([body.status, body.vintages], ['ok', vintages], dir);
      } finally {
        await app.close();
      }
    }
  });

  describe('loaded', () => {
    let datasets: Map<string, Dataset>;
    before(async () => {
      const snapshot = await loadSnapshot(await realpath(out));
      assert.deepEqual(
        snapshot.issues.filter((i) => i.severity === 'error'),
        [],
      );
      datasets = snapshot.datasets;
    });

    it('counts per vintage what changed: series and observations added and removed, values revised', () => {
      const counts = (id: string) => datasets.get(id)!.history!.counts;
      const wage = published[0].ch_fso_wage_idx;
      const f41 = wage.filter((r) => r[0] === 'f41' && r[1] === 'real').length;
      const seriesOf = (rows: string[][]) => new Set(rows.slice(1).map((r) => r.slice(0, 2).join())).size;
      assert.deepEqual(datasets.get('ch_fso_wage_idx')!.history!.stamps, STAMPS);
      assert.deepEqual(counts('ch_fso_wage_idx'), [
        { seriesAdded: seriesOf(wage), seriesRemoved: 0, observationsAdded: wage.length - 1, observationsRemoved: 0, valuesRevised: 0 },
        { seriesAdded: 0, seriesRemoved: 1, observationsAdded: 0, observationsRemoved: f41, valuesRevised: 2 },
        { seriesAdded: 0, seriesRemoved: 0, observationsAdded: 0, observationsRemoved: 0, valuesRevised: 1 },
      ]);
      const baro = published[0].ch_kof_barometer.length - 1;
      assert.deepEqual(counts('ch_kof_barometer'), [
        { seriesAdded: 1, seriesRemoved: 0, observationsAdded: baro, observationsRemoved: 0, valuesRevised: 0 },
        { seriesAdded: 0, seriesRemoved: 0, observationsAdded: 1, observationsRemoved: 0, valuesRevised: 0 },
        { seriesAdded: 0, seriesRemoved: 0, observationsAdded: 0, observationsRemoved: 0, valuesRevised: 1 },
      ]);
      const vacant = datasets.get('ch_fso_vacant_dwellings')!.history!;
      assert.deepEqual(vacant.stamps, STAMPS.slice(0, 2));
      assert.deepEqual(vacant.counts[1], { seriesAdded: 0, seriesRemoved: 0, observationsAdded: 0, observationsRemoved: 0, valuesRevised: 0 });
    });

    it("gives with valuesAsOf each version's published rows exactly, at and between the vintages", () => {
      for (const id of IDS) {
        const ds = datasets.get(id)!;
        const dims = ds.meta.dimensions;
        for (let v = 0; v < 3; v++) {
          // at the stamp, and a moment before the next one
          const moments = [STAMPS[v], v < 2 ? new Date(Date.parse(STAMPS[v + 1]) - 1000).toISOString().replace('.000', '') : '2030-01-01T00:00:00Z'];
          for (const stamp of moments) {
            const rows = published[v][id];
            const seriesKeys = [...new Set(published.flatMap((p) => p[id].slice(1).map((r) => r.slice(0, dims.length).join('\u0000'))))];
            const got: string[][] = [];
            for (const key of seriesKeys) {
              const codes = dims.length ? key.split('\u0000') : [];
              const asOf = valuesAsOf(
                ds.store,
                ds.history!,
                codes.map((c, d) => dims[d].index.get(c)!),
                stamp,
              )!;
              assert.equal(asOf.vintage, ds.history!.stamps.filter((s) => s <= stamp).at(-1));
              asOf.dates.forEach((date, i) => got.push([...codes, formatIsoDate(date), String(asOf.values[i])]));
            }
            const want = rows.slice(1).map((r) => [...r.slice(0, -1), r.at(-1) === '' ? 'NaN' : String(Number(r.at(-1)))]);
            const sort = (a: string[][]) => a.map((r) => r.join(',')).sort();
            assert.deepEqual(sort(got), sort(want), `${id} as of ${stamp}`);
          }
        }
        assert.equal(valuesAsOf(ds.store, ds.history!, new Uint32Array(dims.length), '2025-12-31T23:59:59Z'), null);
      }
    });
  });
});
