// A page never inlines more than a fixed budget of data (issue 12): on a
// generated dataset of 360,000 observations, the page of a selection of all
// of it inlines (and draws as its fallback chart) only the leading series
// within the budget, tells the bundle to load the rest, and stays small;
// a selection within the budget is inlined as before.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { startApp } from '../../../test/helpers.js';
import { PAGE_INLINE_OBSERVATIONS } from './dataset-view.js';
import type { ExplorerData } from './explorer-data.js';

const SERIES = 300;
const MONTHS = 1200;

let dir: string;
let app: FastifyInstance;

/** Writes a one-dimension monthly cube of SERIES × MONTHS observations whose default selects everything. */
async function writeLargeDataset(into: string): Promise<void> {
  const codes = Array.from({ length: SERIES }, (_, i) => `s${String(i).padStart(3, '0')}`);
  const levels = Object.fromEntries(codes.map((c) => [c, { label: { en: `Series ${c}` } }]));
  const meta = {
    schema_version: '1.1',
    id: 'big_cube',
    title: { en: 'Big cube' },
    source: { name: { en: 'Generated' }, url: 'https://example.org', key: 'gen' },
    license: 'test',
    frequency: 'monthly',
    dim_order: ['s'],
    dimensions: { s: { label: { en: 'Series' }, levels } },
    units: { en: 'Index' },
    topic: 'Tests',
    default: [],
    default_transform: 'level',
  };
  const lines = ['s,date,value'];
  for (const [k, code] of codes.entries()) {
    for (let m = 0; m < MONTHS; m++) {
      const date = `${1900 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
      lines.push(`${code},${date},${(100 + k + Math.sin(m / 7) * 10).toFixed(3)}`);
    }
  }
  await writeFile(path.join(into, 'big_cube.json'), JSON.stringify(meta));
  await writeFile(path.join(into, 'big_cube.csv'), lines.join('\n') + '\n');
  await writeFile(path.join(into, 'catalog.json'), JSON.stringify([{ id: 'big_cube', title: { en: 'Big cube' }, frequency: 'monthly' }]));
}

function inlineData(body: string): { data: ExplorerData; bytes: number } {
  const match = /<script type="application\/json" id="explorer-data">([\s\S]*?)<\/script>/.exec(body);
  assert.ok(match, 'the page has its inline data');
  return { data: JSON.parse(match[1]) as ExplorerData, bytes: Buffer.byteLength(match[1]) };
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ds-big-'));
  await writeLargeDataset(dir);
  app = await startApp(dir);
});

after(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

test('a selection beyond the budget is inlined up to the budget: the bundle is told to load it, and the page stays small', async () => {
  assert.equal(app.ds.data.current!.datasets.get('big_cube')?.store.observations, SERIES * MONTHS);
  const all = `s=${Array.from({ length: SERIES }, (_, i) => `s${String(i).padStart(3, '0')}`).join(',')}`;
  for (const url of [`/d/big_cube?${all}`, `/de/d/big_cube?${all}`, `/d/big_cube?${all}&embed=1`]) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 200, url);
    const { data, bytes } = inlineData(res.body);
    assert.equal(data.seriesDeferred, true, url);
    const inlined = data.series.reduce((n, s) => n + s.dates.length, 0);
    assert.ok(inlined > 0 && inlined <= PAGE_INLINE_OBSERVATIONS, `${url}: ${inlined} observations inlined`);
    assert.ok(bytes < 1_500_000, `${url}: ${bytes} bytes of inline data`);
    assert.ok(res.body.length < 3_000_000, `${url}: ${res.body.length} bytes of HTML`);
  }
});

test('a selection within the budget is inlined whole, as before', async () => {
  const perSeries = MONTHS;
  const fits = Math.floor(PAGE_INLINE_OBSERVATIONS / perSeries);
  const codes = Array.from({ length: fits }, (_, i) => `s${String(i).padStart(3, '0')}`).join(',');
  const res = await app.inject(`/d/big_cube?s=${codes}`);
  assert.equal(res.statusCode, 200);
  const { data } = inlineData(res.body);
  assert.equal(data.seriesDeferred, false);
  assert.equal(data.series.length, fits);
  assert.equal(
    data.series.reduce((n, s) => n + s.dates.length, 0),
    fits * perSeries,
  );
});
