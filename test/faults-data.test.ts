// Fault injection on the data side (issue 12): a real server on a port,
// watching a throw-away copy of the real data, while files are broken the
// ways careless publishers and attackers break them. Each case checks that a
// steady client sees no failed request, that the previous numbers are still
// served, that /health names the file (and line), and that the report clears
// once the file is fixed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, open, readdir, readFile, readlink, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { runCli } from '../src/cli/run-cli.js';
import { captureIo } from '../src/cli/test-io.js';
import { type Health, type HealthIssue, health, startWatchingServer, steadyClient, waitForBody, waitForHealth } from './fault-client.js';
import { REAL_DATA } from './helpers.js';

let root: string;
let data: string;
let app: FastifyInstance;
let base: string;

/** Replaces a file of the served copy the careful way (write beside, rename over). */
async function replace(name: string, bytes: string | Buffer): Promise<void> {
  const tmp = path.join(root, `.${name}.tmp`);
  await writeFile(tmp, bytes);
  await rename(tmp, path.join(data, name));
}

const original = (name: string): Promise<Buffer> => readFile(path.join(REAL_DATA, name));
const lastRows = (id: string): string => `${base}/series.csv?dataset=${id}&last=3`;
const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f));

interface Fault {
  /** the dataset whose files are broken (its numbers are watched) */
  dataset: string;
  inject: () => Promise<void>;
  /** the issue /health must show for it */
  issue: (e: HealthIssue) => boolean;
  /** more checks on /health while the fault is there */
  check?: (h: Health & { text: string }) => void | Promise<void>;
  fix: () => Promise<void>;
}

/** Injects a fault under a steady client, checks the report, fixes it, checks that the report clears. */
async function underFault(f: Fault): Promise<void> {
  const url = lastRows(f.dataset);
  const other = lastRows('ch_fso_hicp');
  const [before, otherBefore] = await Promise.all([url, other].map(async (u) => (await fetch(u)).text()));
  const client = steadyClient([url, other]);
  let report;
  try {
    await f.inject();
    const h = await waitForHealth(base, (x) => x.errors.some(f.issue), 'the fault is reported');
    assert.equal(h.status, 'degraded');
    await f.check?.(h);
    // the fault stays while the client asks again (both URLs, a few times)
    await client.more(10);
    await f.fix();
    await waitForHealth(base, (x) => x.status === 'ok' && x.errors.length === 0 && x.reload_error === null, 'the report clears once fixed');
  } finally {
    report = await client.stop();
  }
  assert.deepEqual(report.failures, [], 'no request failed during the fault');
  assert.ok(report.requests > 10, `the client kept asking (${report.requests})`);
  assert.deepEqual([...report.bodies.get(url)!], [before], 'the previous numbers were served throughout');
  assert.deepEqual([...report.bodies.get(other)!], [otherBefore]);
}

const restore = (name: string) => async () => replace(name, await original(name));

describe('data faults under a steady client', () => {
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-faults-'));
    data = path.join(root, 'data');
    await cp(REAL_DATA, data, { recursive: true });
    ({ app, base } = await startWatchingServer(data));
    const h = await health(base);
    assert.deepEqual([h.status, h.datasets, h.errors.length], ['ok', 45, 0]);
  });
  after(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a CSV cut to its header line is an error at line 1, not an empty dataset', () =>
    underFault({
      dataset: 'ch_kof_barometer',
      inject: () => replace('ch_kof_barometer.csv', 'date,value\n'),
      issue: (e) => e.file === 'ch_kof_barometer.csv' && e.line === 1 && /header but no rows/.test(e.message),
      fix: restore('ch_kof_barometer.csv'),
    }));

  it('a CSV cut inside a number (no final newline) is not taken, names its last line, and is retried', async () => {
    const csv = (await original('ch_kof_esi.csv')).toString();
    const lines = csv.trimEnd().split('\n');
    const cut = csv.slice(0, csv.trimEnd().length - 8);
    await underFault({
      dataset: 'ch_kof_esi',
      // written in place, as a careless publisher does
      inject: () => writeFile(path.join(data, 'ch_kof_esi.csv'), cut),
      issue: (e) => e.file === 'ch_kof_esi.csv' && e.line === lines.length && /final newline/.test(e.message) && e.retry === true,
      // the file settles without a change event of its own being needed: the loader reads it again by itself
      fix: async () => {
        const handle = await open(path.join(data, 'ch_kof_esi.csv'), 'r+');
        await handle.write(csv.slice(cut.length), cut.length);
        await handle.close();
      },
    });
  });

  it('a file written in place in chunks is never served half-written', async () => {
    const name = 'ch_fso_pop.csv';
    const csv = await original(name);
    const changed = Buffer.from(csv.toString().replace(/,([^,\n]*)\n$/, ',4242\n'));
    // chunk boundaries that never fall just after a newline: a cut at a line end is a valid CSV, which only a manifest can tell
    let size = 4000;
    while (Array.from({ length: Math.floor(changed.length / size) }, (_, k) => changed[(k + 1) * size - 1]).includes(10)) size++;
    const url = `${base}/series.csv?dataset=ch_fso_pop`;
    const before = await (await fetch(url)).text();
    const client = steadyClient([url]);
    const handle = await open(path.join(data, name), 'w');
    for (let at = 0; at < changed.length; at += size) {
      await handle.write(changed.subarray(at, at + size), 0, undefined, at);
      // the point of the test: a slow publisher's pace, so that the loader catches the file half-written
      await sleep(70);
    }
    await handle.close();
    const after = await waitForBody(url, (b) => b !== before, 'the finished file is served');
    await waitForHealth(base, (h) => h.status === 'ok', 'no error once written');
    const report = await client.stop();
    assert.deepEqual(report.failures, []);
    assert.match(after, /,4242\n$/);
    assert.deepEqual(new Set(report.bodies.get(url)), new Set([before, after].filter((b) => report.bodies.get(url)!.has(b))));
    assert.ok(
      [...report.bodies.get(url)!].every((b) => b === before || b === after),
      'only the old or the finished file was served',
    );
    await restore(name)();
    await waitForBody(url, (b) => b === before, 'restored');
  });

  it('a data file linked to a file outside the data directory is not read and not quoted', async () => {
    const secret = path.join(root, 'secret.env');
    await writeFile(secret, 'date,value\nSECRET_TOKEN=hunter2\n');
    await underFault({
      dataset: 'ch_seco_wwa',
      inject: async () => {
        await symlink(secret, path.join(root, '.link'));
        await rename(path.join(root, '.link'), path.join(data, 'ch_seco_wwa.csv'));
      },
      issue: (e) => e.file === 'ch_seco_wwa.csv' && /symbolic link to a file outside the data directory/.test(e.message),
      check: (h) => {
        assert.ok(!h.text.includes('hunter2') && !h.text.includes('SECRET') && !h.text.includes(secret), 'nothing of the outside file');
      },
      fix: restore('ch_seco_wwa.csv'),
    });
  });

  it('a 20 MB first line is quoted with at most 120 characters', () =>
    underFault({
      dataset: 'ch_fso_ppi',
      inject: async () => replace('ch_fso_ppi.csv', Buffer.concat([Buffer.from('x'.repeat(20_000_000)), Buffer.from('\n'), await original('ch_fso_ppi.csv')])),
      issue: (e) => e.file === 'ch_fso_ppi.csv' && e.line === 1,
      check: (h) => {
        assert.ok(h.text.length < 20_000, `/health is ${h.text.length} bytes`);
        const quoted = /"(x+)…/.exec(h.errors.find((e) => e.file === 'ch_fso_ppi.csv')!.message);
        assert.ok(quoted && quoted[1].length <= 120, 'at most 120 characters of the line');
      },
      fix: restore('ch_fso_ppi.csv'),
    }));

  it('control characters of a file are escaped in /health', async () => {
    const csv = (await original('ch_kof_esi.csv')).toString().split('\n');
    csv[4] = csv[4].replace(/^[^,]+/, 'evil\u001b[2J\u0007\u202e');
    await underFault({
      dataset: 'ch_kof_esi',
      inject: () => replace('ch_kof_esi.csv', csv.join('\n')),
      issue: (e) => e.file === 'ch_kof_esi.csv' && e.line === 5,
      check: (h) => {
        const message = h.errors.find((e) => e.file === 'ch_kof_esi.csv')!.message;
        assert.ok(!hasControl(message) && !message.includes('\u202e'), message);
        assert.match(message, /evil\\u001b\[2J\\u0007\\u202e/);
      },
      fix: restore('ch_kof_esi.csv'),
    });
  });

  it('a hierarchy nested 5,000 levels deep is one dataset’s error; validate reports it without a stack trace', async () => {
    const meta = JSON.parse((await original('ch_kof_esi.json')).toString()) as { dimensions: Record<string, { levels: Record<string, object> }> };
    const levels = meta.dimensions.indicator.levels;
    for (let i = 0; i < 5000; i++) levels[`deep_${i}`] = { label: { en: `Deep ${i}` } };
    // JSON.stringify itself overflows at this depth: the chain is written as text
    const chain = Array.from({ length: 5000 }, (_, i) => `{"deep_${i}":`).join('') + '{}' + '}'.repeat(5000);
    const text = JSON.stringify(meta).replace(/"indicator":\{/, `"indicator":{"hierarchy":${chain},`);
    await underFault({
      dataset: 'ch_kof_esi',
      inject: () => replace('ch_kof_esi.json', text),
      issue: (e) => e.file === 'ch_kof_esi.json' && /nests deeper than 64 levels/.test(e.message),
      check: async (h) => {
        assert.equal(h.datasets, 45, 'every dataset is still served');
        const io = captureIo();
        assert.equal(await runCli(['validate', data], io), 1);
        assert.match(io.stdout, /ch_kof_esi\.json: error: "dimensions\.indicator\.hierarchy" nests deeper than 64 levels/);
        assert.doesNotMatch(io.stdout + io.stderr, /Maximum call stack|at .*\.ts:\d+/);
      },
      fix: restore('ch_kof_esi.json'),
    });
  });

  it('a bad file replaced by another bad file shows the new problem, and clears when fixed', async () => {
    const csv = (await original('ch_kof_barometer.csv')).toString();
    await underFault({
      dataset: 'ch_kof_barometer',
      inject: () => replace('ch_kof_barometer.csv', csv.replace(/^date,value/, 'day,value')),
      issue: (e) => e.file === 'ch_kof_barometer.csv' && /header is "day,value"/.test(e.message),
      check: async () => {
        const lines = csv.split('\n');
        lines[6] = lines[6].replace(/,.*$/, ',seven');
        await replace('ch_kof_barometer.csv', lines.join('\n'));
        const h = await waitForHealth(
          base,
          (x) => x.errors.some((e) => e.file === 'ch_kof_barometer.csv' && e.line === 7),
          'the second problem replaces the first',
        );
        assert.equal(h.errors.filter((e) => e.file === 'ch_kof_barometer.csv').length, 1);
        assert.match(h.errors.find((e) => e.file === 'ch_kof_barometer.csv')!.message, /value "seven" is not a number/);
      },
      fix: restore('ch_kof_barometer.csv'),
    });
  });

  it('an error about a file that is not served clears when the file goes (the data version does not change)', async () => {
    const version = (await health(base)).data_version;
    await underFault({
      dataset: 'ch_kof_barometer',
      inject: () => replace('zz_orphan.csv', 'date,value\n2020-01-01,1\n'),
      issue: (e) => e.file === 'zz_orphan.csv' && /no metadata file/.test(e.message),
      fix: () => rm(path.join(data, 'zz_orphan.csv')),
    });
    assert.equal((await health(base)).data_version, version);
  });
});

describe('the watched directory replaced under a steady client', () => {
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-faults-dir-'));
    data = path.join(root, 'data');
    await cp(REAL_DATA, data, { recursive: true });
    ({ app, base } = await startWatchingServer(data));
  });
  after(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** A full copy of the real data in `root/name` whose ch_kof_barometer ends with `value`. */
  async function variant(name: string, value: string): Promise<void> {
    await cp(REAL_DATA, path.join(root, name), { recursive: true });
    const csv = (await original('ch_kof_barometer.csv')).toString().replace(/,[^,\n]*\n$/, `,${value}\n`);
    await writeFile(path.join(root, name, 'ch_kof_barometer.csv'), csv);
  }
  const lastValue = async (): Promise<string> => (await (await fetch(lastRows('ch_kof_barometer'))).text()).trimEnd().split(',').at(-1)!;
  const sh = (script: string) => execFileSync('sh', ['-c', script], { cwd: root });

  /** Runs `change` under a steady client; the client may see the old or the new numbers, never a failure. */
  async function steadily(change: () => Promise<void>): Promise<void> {
    const client = steadyClient([lastRows('ch_kof_barometer'), lastRows('ch_fso_hicp')]);
    try {
      await change();
    } finally {
      const report = await client.stop();
      assert.deepEqual(report.failures, []);
      assert.equal(report.bodies.get(lastRows('ch_fso_hicp'))!.size, 1);
    }
  }

  it('rm -rf data && cp -r new data: the new directory is served and watched', async () => {
    await variant('new', '111.5');
    await steadily(async () => {
      sh('rm -rf data && cp -r new data');
      await waitForBody(lastRows('ch_kof_barometer'), (b) => b.endsWith(',111.5\n'), 'the recreated directory is served');
    });
    await replace('ch_kof_barometer.csv', (await readFile(path.join(data, 'ch_kof_barometer.csv'), 'utf8')).replace(/,111\.5\n$/, ',112.5\n'));
    await waitForBody(lastRows('ch_kof_barometer'), (b) => b.endsWith(',112.5\n'), 'an edit in the recreated directory is seen');
    const h = await health(base);
    assert.deepEqual([h.status, h.data_dir, h.data_dir_resolved], ['ok', data, data]);
  });

  it('mv data data.old && mv new data: the swapped-in directory is served and watched, the old one is not', async () => {
    await variant('new2', '222.5');
    await steadily(async () => {
      sh('mv data data.old && mv new2 data');
      await waitForBody(lastRows('ch_kof_barometer'), (b) => b.endsWith(',222.5\n'), 'the swapped-in directory is served');
    });
    await writeFile(path.join(root, 'data.old', 'ch_kof_barometer.csv'), 'date,value\n2099-01-01,1\n');
    await replace('ch_kof_barometer.csv', (await readFile(path.join(data, 'ch_kof_barometer.csv'), 'utf8')).replace(/,222\.5\n$/, ',223.5\n'));
    await waitForBody(lastRows('ch_kof_barometer'), (b) => b.endsWith(',223.5\n'), 'an edit in the live directory is seen');
    // no settle window needed: the reload that served 223.5 began after the write to data.old, and every reload reads `data`
    assert.equal(await lastValue(), '223.5', 'the old directory is not followed');
  });

  it('a directory swapped for an empty one keeps the data served and says so; the data is back when the files are', async () => {
    await steadily(async () => {
      sh('mv data data.full && mkdir data');
      const h = await waitForHealth(base, (x) => x.reload_error !== null, 'the empty directory is reported');
      assert.match(h.reload_error!, /holds no dataset/);
      assert.equal(h.datasets, 45);
      sh('rmdir data && mv data.full data');
      await waitForHealth(base, (x) => x.status === 'ok' && x.reload_error === null, 'the report clears');
    });
    assert.equal(await lastValue(), '223.5');
  });
});

describe('a published directory: its manifest, and publishes that would lose data', () => {
  let src: string;
  let out: string;
  const cli = async (...argv: string[]) => {
    const io = captureIo();
    return { code: await runCli(argv, io), out: io.stdout + io.stderr };
  };
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-faults-pub-'));
    src = path.join(root, 'src');
    out = path.join(root, 'public');
    data = out;
    await cp(REAL_DATA, src, { recursive: true });
    assert.equal((await cli('publish', src, out)).code, 0);
    ({ app, base } = await startWatchingServer(out));
  });
  after(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('the manifest lists every file with bytes and SHA-256, and each CSV with rows, series, first and last date', async () => {
    const manifest = JSON.parse(await readFile(path.join(out, 'publish.json'), 'utf8')) as {
      published_at: string;
      files: Record<string, Record<string, unknown>>;
    };
    // every file, those of a dataset's vintage folder (`{id}.vintages/{stamp}.json`) included
    const entries = await readdir(out, { recursive: true, withFileTypes: true });
    const names = entries
      .filter((e) => e.isFile())
      .map((e) =>
        path
          .relative(out, path.join(e.parentPath ?? e.path, e.name))
          .split(path.sep)
          .join('/'),
      )
      .filter((n) => n !== 'publish.json')
      .sort();
    assert.deepEqual(Object.keys(manifest.files).sort(), names);
    for (const name of names) {
      const bytes = await readFile(path.join(out, name));
      assert.equal(manifest.files[name].bytes, bytes.length, name);
      assert.equal(manifest.files[name].sha256, createHash('sha256').update(bytes).digest('hex'), name);
    }
    const pop = manifest.files['ch_fso_pop.csv'];
    const csv = (await readFile(path.join(out, 'ch_fso_pop.csv'), 'utf8')).trimEnd().split('\n').slice(1);
    const dates = csv.map((l) => l.split(',').at(-2)!).sort();
    assert.deepEqual([pop.rows, pop.first, pop.last], [csv.length, dates[0], dates.at(-1)]);
    assert.equal(pop.series, new Set(csv.map((l) => l.split(',').slice(0, -2).join(','))).size);
    const h = await health(base);
    assert.deepEqual([h.status, h.published_at, h.data_dir_resolved], ['ok', manifest.published_at, await realpath(out)]);
  });

  it('a published file changed in place (same size) disagrees with the manifest: the previous version is served', async () => {
    const file = path.join(out, 'ch_kof_barometer.csv');
    const bytes = await readFile(file);
    const changed = Buffer.from(bytes.toString().replace(/,(\d)([^,\n]*)\n$/, (_m, d: string, rest: string) => `,${d === '9' ? '8' : '9'}${rest}\n`));
    assert.equal(changed.length, bytes.length);
    await underFault({
      dataset: 'ch_kof_barometer',
      inject: () => writeFile(file, changed),
      issue: (e) => e.file === 'ch_kof_barometer.csv' && /has SHA-256 .* the manifest publish\.json says .* changed after it was published/.test(e.message),
      fix: () => writeFile(file, bytes),
    });
  });

  it('a publish that would empty or shrink the served directory is refused while the server keeps serving', async () => {
    const empty = path.join(root, 'empty');
    await mkdir(empty);
    const client = steadyClient([lastRows('ch_kof_barometer')]);
    const before = await readlink(out);
    const refused = await cli('publish', empty, out);
    const catalog = await readFile(path.join(src, 'catalog.json'), 'utf8');
    await writeFile(path.join(src, 'catalog.json'), JSON.stringify((JSON.parse(catalog) as { id: string }[]).filter((e) => e.id !== 'ch_fso_pop')));
    await rm(path.join(src, 'ch_fso_pop.csv'));
    await rm(path.join(src, 'ch_fso_pop.json'));
    const partial = await cli('publish', src, out);
    // the client goes on being served after the refusals
    await client.more(10);
    const report = await client.stop();
    assert.deepEqual([refused.code, partial.code], [1, 1]);
    assert.match(refused.out, /no dataset/);
    assert.match(partial.out, /would remove 1 dataset \(ch_fso_pop\)/);
    assert.equal(await readlink(out), before);
    assert.deepEqual(report.failures, []);
    assert.equal((await health(base)).datasets, 45);
    for (const f of ['ch_fso_pop.csv', 'ch_fso_pop.json']) await cp(path.join(REAL_DATA, f), path.join(src, f));
    await writeFile(path.join(src, 'catalog.json'), catalog);
  });

  it('a new publish is served without a failed request, and /health names the new version', async () => {
    const old = await health(base);
    const csv = (await readFile(path.join(src, 'ch_kof_barometer.csv'), 'utf8')).replace(/,[^,\n]*\n$/, ',77.25\n');
    await writeFile(path.join(src, 'ch_kof_barometer.csv'), csv);
    const client = steadyClient([lastRows('ch_fso_hicp')]);
    assert.equal((await cli('publish', src, out)).code, 0);
    await waitForBody(lastRows('ch_kof_barometer'), (b) => b.endsWith(',77.25\n'), 'the new version is served');
    const report = await client.stop();
    assert.deepEqual(report.failures, []);
    const h = await health(base);
    assert.equal(h.data_dir_resolved, await realpath(out));
    assert.notEqual(h.data_dir_resolved, old.data_dir_resolved);
    assert.notEqual(h.published_at, old.published_at);
    assert.notEqual(h.data_version, old.data_version);
  });
});
