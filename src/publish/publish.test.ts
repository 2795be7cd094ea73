// `dataseries publish` on the real data: the published directory validates,
// its CSV and metadata are what the API serves, its Parquet files read back
// in DuckDB to exactly the CSV's rows and values; a broken dataset keeps its
// previous version and fails the run; OUT only ever changes by one rename.
import assert from 'node:assert/strict';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { FastifyInstance } from 'fastify';
import { copyDataDir, parseCsvText, REAL_DATA, startApp } from '../../test/helpers.js';
import { runCli } from '../cli/run-cli.js';
import { captureIo } from '../cli/test-io.js';
import { sqlString } from './parquet.js';
import { versionsDir } from './versions.js';

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

/** A metadata document without `version` (the server's hash of the files it read). */
function withoutVersion(doc: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...doc };
  assert.match(String(copy.version), /^[0-9a-f]{16}$/);
  delete copy.version;
  return copy;
}

interface ValidateJson {
  ok: boolean;
  datasets: number;
  errors: number;
  warnings: number;
}

describe('publish of the real data', () => {
  let root: string;
  let out: string;
  let source: FastifyInstance;
  let served: FastifyInstance;
  let duck: DuckDBConnection;
  let catalog: { id: string; data: string; meta: string; parquet: string; n_series: number }[];

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-publish-'));
    out = path.join(root, 'public');
    const run = await cli('publish', REAL_DATA, out);
    assert.equal(run.code, 0, run.err + run.out);
    catalog = JSON.parse(await readFile(path.join(out, 'catalog.json'), 'utf8'));
    source = await startApp(REAL_DATA);
    served = await startApp(out);
    duck = await (await DuckDBInstance.create(':memory:')).connect();
  });
  after(async () => {
    duck?.closeSync();
    await source?.close();
    await served?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('makes OUT a link to a complete version that validate accepts with no error and no warning but the unknown license', async () => {
    assert.ok((await lstat(out)).isSymbolicLink());
    assert.equal(path.dirname(await realpath(out)), await realpath(versionsDir(out)));
    const run = await cli('validate', '--json', out);
    const report = JSON.parse(run.out) as ValidateJson;
    assert.equal(run.code, 0);
    // ch_seco_concon's license "quarterly" is in no licenses.json: a publish does not invent one
    assert.deepEqual([report.ok, report.datasets, report.errors, report.warnings], [true, 45, 0, 1]);
  });

  it('writes per dataset the CSV, the metadata and the Parquet copy, plus catalog, vocabularies and README', async () => {
    const files = new Set(await readdir(out));
    assert.equal(catalog.length, 45);
    for (const e of catalog) {
      assert.deepEqual([e.data, e.meta, e.parquet], [`${e.id}.csv`, `${e.id}.json`, `${e.id}.parquet`]);
      for (const f of [e.data, e.meta, e.parquet]) assert.ok(files.has(f), f);
    }
    for (const f of ['catalog.json', 'categories.json', 'README.md', 'publish.json']) assert.ok(files.has(f), f);
    assert.deepEqual(await readFile(path.join(out, 'categories.json')), await readFile(path.join(REAL_DATA, 'categories.json')));
    const readme = await readFile(path.join(out, 'README.md'), 'utf8');
    for (const e of catalog) assert.match(readme, new RegExp(`\\| \`${e.id}\` \\|.*\\| [^|]+ \\|$`, 'm'), `README row of ${e.id} with a license`);
  });

  it('publishes the CSV /series.csv serves, byte for byte, and the metadata /dataset/{id}/meta serves', async () => {
    for (const { id } of catalog) {
      const csv = await readFile(path.join(out, `${id}.csv`));
      assert.ok(csv.equals((await source.inject(`/series.csv?dataset=${id}`)).rawPayload), `${id}.csv equals /series.csv of the source`);
      assert.ok(csv.equals((await served.inject(`/series.csv?dataset=${id}`)).rawPayload), `${id}.csv equals /series.csv of a server on OUT`);
      const fromSource = withoutVersion((await source.inject(`/dataset/${id}/meta`)).json());
      const fromOut = withoutVersion((await served.inject(`/dataset/${id}/meta`)).json());
      const published = JSON.parse(await readFile(path.join(out, `${id}.json`), 'utf8'));
      assert.deepEqual(published, fromSource, `${id}.json`);
      assert.deepEqual(fromOut, fromSource, `${id}: a server on OUT describes it as the source`);
    }
  });

  it('writes Parquet files with typed columns that DuckDB reads back to exactly the CSV rows and values', async () => {
    let rows = 0;
    for (const { id } of catalog) {
      const meta = JSON.parse(await readFile(path.join(out, `${id}.json`), 'utf8')) as { dim_order: string[] };
      const file = sqlString(path.join(out, `${id}.parquet`));
      const types = (await duck.runAndReadAll(`DESCRIBE SELECT * FROM ${file}`)).getRows().map((r) => [r[0], r[1]]);
      assert.deepEqual(types, [...meta.dim_order.map((d) => [d, 'VARCHAR']), ['date', 'DATE'], ['value', 'DOUBLE']], id);
      const parquet = (await duck.runAndReadAll(`SELECT * EXCLUDE (date), CAST(date AS VARCHAR) AS date FROM ${file}`)).getRows();
      const csv = parseCsvText(await readFile(path.join(out, `${id}.csv`), 'utf8'));
      assert.deepEqual(csv[0], [...meta.dim_order, 'date', 'value']);
      assert.equal(parquet.length, csv.length - 1, `${id}: row count`);
      const nd = meta.dim_order.length;
      parquet.forEach((row, i) => {
        const fields = csv[i + 1];
        const value = row[nd] as number | null;
        const where = `${id} row ${i + 2}`;
        for (let d = 0; d < nd; d++) assert.equal(row[d], fields[d], where);
        assert.equal(row[nd + 1], fields[nd], where);
        if (fields[nd + 1] === '') assert.equal(value, null, where);
        else assert.ok(Object.is(value, Number(fields[nd + 1])), `${where}: ${value} vs ${fields[nd + 1]}`);
      });
      rows += parquet.length;
    }
    assert.equal(rows, 194242 - 45);
  });

  it('writes each CSV as the source published it, byte for byte (the canonical CSV keeps the published value texts)', async () => {
    for (const { id } of catalog) {
      const entry = (JSON.parse(await readFile(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string; data?: string }[]).find((e) => e.id === id);
      const sourceCsv = await readFile(path.join(REAL_DATA, entry?.data ?? `${id}.csv`));
      assert.ok((await readFile(path.join(out, `${id}.csv`))).equals(sourceCsv), id);
    }
  });

  it('records dataset, license and source in the Parquet footer', async () => {
    const file = sqlString(path.join(out, 'ch_fso_ppi.parquet'));
    const kv = (await duck.runAndReadAll(`SELECT decode(key), decode(value) FROM parquet_kv_metadata(${file})`)).getRows();
    const map = Object.fromEntries(kv.map(([k, v]) => [k, v]));
    assert.equal(map.dataset, 'ch_fso_ppi');
    assert.equal(map.license, catalogEntry('ch_fso_ppi').license);
  });

  function catalogEntry(id: string): Record<string, unknown> {
    return catalog.find((e) => e.id === id) as unknown as Record<string, unknown>;
  }
});

describe('publish into a served directory, again and again', () => {
  let copy: Awaited<ReturnType<typeof copyDataDir>>;
  let root: string;
  let out: string;

  before(async () => {
    copy = await copyDataDir(REAL_DATA);
    root = await mkdtemp(path.join(tmpdir(), 'ds-publish-'));
    out = path.join(root, 'public');
    assert.equal((await cli('publish', copy.dir, out)).code, 0);
  });
  after(async () => {
    await copy.remove();
    await rm(root, { recursive: true, force: true });
  });

  const edit = async (file: string, fn: (text: string) => string): Promise<void> => {
    const p = path.join(copy.dir, file);
    await writeFile(p, fn(await readFile(p, 'utf8')));
  };

  it('makes no new version when nothing changed', async () => {
    const before = await readlink(out);
    const run = await cli('publish', copy.dir, out);
    assert.equal(run.code, 0);
    assert.match(run.out, /nothing changed/);
    assert.equal(await readlink(out), before);
  });

  it('keeps the previous version of a dataset that fails validation, publishes the others, and exits 1 with the reason', async () => {
    const previous = await realpath(out);
    const oldCsv = await readFile(path.join(out, 'ch_kof_esi.csv'), 'utf8');
    await edit('ch_kof_esi.csv', (t) =>
      t
        .split('\n')
        .map((l, i) => (i === 5 ? l.replace(/^[^,]+/, 'no_such_code') : l))
        .join('\n'),
    );
    await edit('ch_fso_ppi.csv', (t) => t.replace('1963-01-01,99.7', '1963-01-01,99.8'));
    const run = await cli('publish', copy.dir, out);
    assert.equal(run.code, 1);
    assert.match(run.err, /ch_kof_esi\.csv:6: error: "no_such_code" is not a level of dimension "indicator"/);
    assert.match(run.out, /ch_kof_esi: failed validation; its previously published version is kept/);
    const now = await realpath(out);
    assert.notEqual(now, previous, 'the valid change was published');
    assert.equal(await readFile(path.join(out, 'ch_kof_esi.csv'), 'utf8'), oldCsv);
    for (const ext of ['csv', 'json', 'parquet']) {
      const [a, b] = await Promise.all([stat(path.join(previous, `ch_kof_esi.${ext}`)), stat(path.join(now, `ch_kof_esi.${ext}`))]);
      assert.equal(a.ino, b.ino, `ch_kof_esi.${ext} is the previous file`);
    }
    assert.match(await readFile(path.join(out, 'ch_fso_ppi.csv'), 'utf8'), /^1963,1963-01-01,99\.8$/m);
    const published = JSON.parse(await readFile(path.join(out, 'catalog.json'), 'utf8')) as { id: string }[];
    assert.equal(published.length, 45);
    const check = await cli('validate', out);
    assert.equal(check.code, 0, check.out);
  });

  it('leaves OUT untouched when a file every dataset depends on is broken', async () => {
    const before = await readlink(out);
    const catalogText = await readFile(path.join(copy.dir, 'catalog.json'), 'utf8');
    await writeFile(path.join(copy.dir, 'catalog.json'), '[{"id": ');
    try {
      const run = await cli('publish', copy.dir, out);
      assert.equal(run.code, 1);
      assert.match(run.out, /publish failed: catalog\.json: invalid JSON/);
      assert.equal(await readlink(out), before);
    } finally {
      await writeFile(path.join(copy.dir, 'catalog.json'), catalogText);
    }
  });

  it('does not publish a new dataset that fails validation, and says so', async () => {
    await writeFile(path.join(copy.dir, 'zz_new.json'), JSON.stringify({ id: 'zz_new', title: { en: 'New' }, dim_order: [], frequency: 'annual' }));
    await writeFile(path.join(copy.dir, 'zz_new.csv'), 'date,value\n2020-01-01,abc\n');
    const run = await cli('publish', copy.dir, out);
    assert.equal(run.code, 1);
    assert.match(run.out, /zz_new: failed validation and has no published version; not published/);
    assert.ok(!(await readdir(out)).includes('zz_new.csv'));
    await rm(path.join(copy.dir, 'zz_new.json'));
    await rm(path.join(copy.dir, 'zz_new.csv'));
  });

  it('keeps the newest --keep versions', async () => {
    await writeFile(path.join(copy.dir, 'ch_kof_esi.csv'), await readFile(path.join(REAL_DATA, 'ch_kof_esi.csv')));
    for (const v of ['99.9', '100.1']) {
      await edit('ch_fso_ppi.csv', (t) => t.replace(/^1963,1963-01-01,[\d.]+$/m, `1963,1963-01-01,${v}`));
      const run = await cli('publish', '--keep', '2', copy.dir, out);
      assert.equal(run.code, 0, run.err + run.out);
    }
    const versions = (await readdir(versionsDir(out))).filter((n) => !n.startsWith('.'));
    assert.equal(versions.length, 2);
    assert.ok(versions.includes(path.basename(await readlink(out))));
  });

  it('refuses a second publish of the same OUT while one is running', async () => {
    await writeFile(path.join(versionsDir(out), '.lock'), String(process.pid));
    try {
      const run = await cli('publish', copy.dir, out);
      assert.equal(run.code, 1);
      assert.match(run.err, /another publish \(pid \d+\) is writing/);
    } finally {
      await rm(path.join(versionsDir(out), '.lock'));
    }
  });

  it('refuses an OUT that is a directory with files (usage error, exit 2) and accepts an empty one', async () => {
    const full = path.join(root, 'full');
    await mkdir(full);
    await writeFile(path.join(full, 'keep-me.txt'), 'x');
    const run = await cli('publish', copy.dir, full);
    assert.equal(run.code, 2);
    assert.match(run.err, /is a directory with files in it/);
    assert.equal(await readFile(path.join(full, 'keep-me.txt'), 'utf8'), 'x');
    const empty = path.join(root, 'empty');
    await mkdir(empty);
    assert.equal((await cli('publish', copy.dir, empty)).code, 0);
    assert.ok((await lstat(empty)).isSymbolicLink());
  });
});
