// /health on a real server on an ephemeral port, over a data directory with
// thousands of broken datasets and a hard link to /etc/passwd: the answer is
// bounded and compressed, and only the operator (a request from this machine,
// not through a proxy, or DS_HEALTH_DETAILS=everyone) sees paths and what
// files say.
import assert from 'node:assert/strict';
import { cp, link, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, startApp } from '../../test/helpers.js';
import type { Config } from '../config.js';

const BROKEN = 2000;

/** the tiny fixtures and a dataset whose data file is a hard link to /etc/passwd */
let dir: string;
/** the same, and thousands of data files without metadata (one error each) */
let many: string;
const apps: FastifyInstance[] = [];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the body as sent (compressed when it says so) */
  bytes: Buffer;
  json: Record<string, unknown>;
}

/** GET /health with these request headers; the body decoded from gzip when it came so. */
function get(base: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}/health`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes).toString() : bytes.toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, json: JSON.parse(text) as Record<string, unknown> });
      });
    })
      .on('error', reject)
      .end();
  });
}

async function serve(overrides: Partial<Config> = {}, data = dir): Promise<string> {
  const app = await startApp(data, overrides);
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const PASSWD_LINE = (await readFile('/etc/passwd', 'utf8')).split('\n')[0];

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ds-health-'));
  await cp(path.join(FIXTURES, 'tiny'), dir, { recursive: true });
  // a dataset whose data file is a hard link to /etc/passwd: its first line is what a load error would quote
  await writeFile(path.join(dir, 'aa_passwd.json'), (await readFile(path.join(dir, 'tiny_single.json'), 'utf8')).replace('"tiny_single"', '"aa_passwd"'));
  await link('/etc/passwd', path.join(dir, 'aa_passwd.csv'));
  many = await mkdtemp(path.join(tmpdir(), 'ds-health-many-'));
  await cp(dir, many, { recursive: true });
  for (let i = 0; i < BROKEN; i++) await writeFile(path.join(many, `broken_${String(i).padStart(4, '0')}.csv`), 'date,value\n2020-01-01,1\n');
});

after(async () => {
  for (const app of apps) await app.close();
  for (const d of [dir, many]) await rm(d, { recursive: true, force: true });
});

describe('/health', () => {
  it(`is bounded with ${BROKEN} broken datasets: counts and the first problems, saying how many more; gzip when asked`, async () => {
    const base = await serve({}, many);
    const plain = await get(base);
    assert.equal(plain.status, 200);
    assert.equal(plain.json.status, 'degraded');
    assert.ok(plain.bytes.length < 64 * 1024, `${plain.bytes.length} bytes`);
    const errors = plain.json.errors as unknown[];
    assert.ok(errors.length > 0 && errors.length <= 50, `${errors.length} errors listed`);
    assert.equal(plain.json.error_count, BROKEN + 1);
    assert.equal(plain.json.errors_more, BROKEN + 1 - errors.length);
    const gz = await get(base, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.match(String(gz.headers.vary), /accept-encoding/i);
    assert.ok(gz.bytes.length < plain.bytes.length / 3, `${gz.bytes.length} of ${plain.bytes.length} bytes`);
    assert.deepEqual({ ...gz.json, loaded_at: null }, { ...plain.json, loaded_at: null });
  });

  it('tells a request from elsewhere status, counts, dataset ids and severities: no path, no file content', async () => {
    const base = await serve();
    // a request through a proxy on this machine (it names the client) is not the operator's
    const answer = await get(base, { 'x-forwarded-for': '203.0.113.9' });
    const text = JSON.stringify(answer.json);
    assert.equal(answer.headers['access-control-allow-origin'], '*');
    assert.ok(!text.includes(PASSWD_LINE.slice(0, 12)), 'no line of /etc/passwd');
    assert.ok(!text.includes(dir), 'no data directory');
    assert.ok(!/\.csv|\.json|\//.test(text.replace(/"loaded_at":"[^"]*"/, '')), `no file names: ${text.slice(0, 400)}`);
    assert.equal(answer.json.data_dir, undefined);
    assert.equal(answer.json.data_dir_resolved, undefined);
    assert.equal(answer.json.view, 'public');
    const errors = answer.json.errors as { dataset: string | null; severity: string }[];
    assert.ok(
      errors.some((e) => e.dataset === 'aa_passwd' && e.severity === 'error'),
      JSON.stringify(errors.slice(0, 3)),
    );
    for (const e of errors) assert.deepEqual(Object.keys(e).sort(), ['dataset', 'severity']);
  });

  it('tells the operator (this machine, no proxy) the paths and messages; DS_HEALTH_DETAILS decides who else', async () => {
    const local = await get(await serve());
    assert.equal(local.json.view, 'operator');
    assert.equal(local.json.data_dir, dir);
    const x = (local.json.errors as { dataset: string; file: string; message: string }[]).find((e) => e.dataset === 'aa_passwd');
    assert.ok(x && x.file === 'aa_passwd.csv' && x.message.length > 0, JSON.stringify(x));
    const nobody = await get(await serve({ healthDetails: 'nobody' }));
    assert.equal(nobody.json.view, 'public');
    assert.equal(nobody.json.data_dir, undefined);
    const everyone = await get(await serve({ healthDetails: 'everyone' }), { 'x-forwarded-for': '203.0.113.9' });
    assert.equal(everyone.json.view, 'operator');
    assert.equal(everyone.json.data_dir, dir);
  });
});
