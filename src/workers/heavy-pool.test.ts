// The heavy pool on a real server (port 0, real data): with one thread and a
// queue of two, many concurrent maximum-size renders get 200 or a 503
// `overloaded` problem with Retry-After, never anything else, and the pool
// answers again once the burst is over; light requests are answered meanwhile.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { REAL_DATA, startApp } from '../../test/helpers.js';

let app: FastifyInstance;
let base: string;

before(async () => {
  app = await startApp(REAL_DATA, { heavyThreads: 1, heavyQueue: 2 });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

after(() => app.close());

const chart = (i: number): string => `${base}/chart.png?dataset=ch_fso_production&width=2000&height=2000&_r=${i}`;

test('a full queue answers 503 overloaded with Retry-After in the one error shape; the rest are images', async () => {
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => fetch(chart(i))));
  const statuses = answers.map((r) => r.status).sort();
  assert.ok(
    statuses.every((s) => s === 200 || s === 503),
    statuses.join(),
  );
  // one thread + two waiting: at least three rendered, and most of twelve refused
  assert.ok(statuses.filter((s) => s === 200).length >= 3, statuses.join());
  assert.ok(statuses.filter((s) => s === 503).length >= 6, statuses.join());
  for (const res of answers) {
    if (res.status === 200) {
      assert.equal(res.headers.get('content-type'), 'image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      assert.deepEqual([meta.width, meta.height], [2000, 2000]);
      continue;
    }
    assert.match(String(res.headers.get('content-type')), /^application\/problem\+json/);
    assert.match(String(res.headers.get('retry-after')), /^[1-9]\d*$/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.status, 503);
    assert.equal(body.type, 'urn:dataseries:problem:overloaded');
    assert.match(String(body.error), /retry after \d+ s/);
  }
});

test('workbooks share the pool: a burst of whole-cube xlsx is 200 or 503, and a light request is answered meanwhile', async () => {
  const burst = Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${base}/series.xlsx?dataset=ch_fso_jobs_sex&_r=${i}`)));
  const health = await fetch(`${base}/health`);
  assert.equal(health.status, 200);
  const answers = await burst;
  const statuses = answers.map((r) => r.status);
  assert.ok(
    statuses.every((s) => s === 200 || s === 503),
    statuses.join(),
  );
  assert.ok(statuses.includes(200) && statuses.includes(503), statuses.join());
  await Promise.all(answers.map((r) => r.arrayBuffer()));
});

test('once the burst is over the pool renders again, and it holds no task', async () => {
  const res = await fetch(chart(1000));
  assert.equal(res.status, 200);
  await res.arrayBuffer();
  assert.deepEqual(app.ds.heavy.load(), { running: 0, waiting: 0 });
});
