// Selections and transforms: several codes, a dimension left out, a
// single-series dataset, inclusive date bounds, last, and every transform
// against values computed by hand (tiny fixture), plus real-data checks.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, parseCsvText, REAL_DATA, startApp } from './helpers.js';

type Columns = Record<string, (string | number | null)[]>;

const close = (actual: number | null, expected: number | null, msg?: string): void => {
  if (expected === null) return assert.equal(actual, null, msg);
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${msg}: expected ${expected}, got ${actual}`);
};

describe('selections on a tiny fixture', () => {
  let app: FastifyInstance;
  const get = async (qs: string): Promise<Columns> => {
    const res = await app.inject(`/series?${qs}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  before(async () => {
    app = await startApp(path.join(FIXTURES, 'tiny'));
  });
  after(() => app.close());

  it('several codes in a dimension select all of them, in CSV order', async () => {
    const r = await get('dataset=tiny_cube&dims=kind=a;region=s,n');
    assert.deepEqual([...new Set(r.region)], ['n', 's']);
    assert.equal(r.date.length, 10);
  });

  it('a dimension left out selects all its levels', async () => {
    const r = await get('dataset=tiny_cube&dims=region=n');
    assert.deepEqual(r.kind, ['a', 'a', 'a', 'a', 'a', 'a', 'b', 'b', 'b']);
    assert.deepEqual(await get('dataset=tiny_cube&dims=kind=a'), await get('dataset=tiny_cube&dims=kind=a;region=n,s'));
  });

  it('a single-series dataset needs no dims; columns are date and value', async () => {
    const r = await get('dataset=tiny_single');
    assert.deepEqual(Object.keys(r), ['date', 'value']);
    assert.deepEqual(r.value, [10, 12, 9, 9, 20, 18]);
  });

  it('date bounds are inclusive and last applies after them', async () => {
    const r = await get('dataset=tiny_cube&dims=kind=a;region=n&from=2019-04-01&to=2020-01-01');
    assert.deepEqual(r.date, ['2019-04-01', '2019-07-01', '2019-10-01', '2020-01-01']);
    assert.deepEqual(r.value, [110, 99, null, 120]);
    const l = await get('dataset=tiny_cube&dims=kind=a&to=2020-01-01&last=2');
    assert.deepEqual(l.date, ['2019-10-01', '2020-01-01', '2019-07-01', '2020-01-01']);
    assert.deepEqual(l.region, ['n', 'n', 's', 's']);
  });

  it('a valid selection with no observation is 200 with empty columns (CSV: header only); a grouping code is a 400 that says so', async () => {
    const r = await get('dataset=tiny_cube&dims=kind=b;region=s');
    assert.deepEqual(r, { kind: [], region: [], date: [], value: [] });
    const grouping = await app.inject('/series?dataset=tiny_cube&dims=region=all');
    assert.equal(grouping.statusCode, 400);
    assert.match(
      (grouping.json() as { error: string }).error,
      /Code 'all' of dimension 'region' groups other levels and has no series of its own: pick some of its levels\. Valid codes: n, s\./,
    );
    const csv = await app.inject('/series.csv?dataset=tiny_cube&from=2030-01-01');
    assert.equal(csv.statusCode, 200);
    assert.equal(csv.body, 'kind,region,date,value\n');
  });

  it('pct: % change on the previous period; missing across gaps and missing values', async () => {
    const n = await get('dataset=tiny_cube&dims=kind=a;region=n&transform=pct');
    const expected = [null, 10, (99 / 110 - 1) * 100, null, null, (121 / 120 - 1) * 100];
    n.value.forEach((v, i) => close(v as number | null, expected[i], `a,n ${n.date[i]}`));
    const s = await get('dataset=tiny_cube&dims=kind=a;region=s&transform=pct');
    assert.deepEqual(s.value, [null, null, null, null], 'no quarter of a,s follows its previous quarter');
    const single = await get('dataset=tiny_single&transform=pct');
    [null, 20, -25, 0, null, -10].forEach((e, i) => close(single.value[i] as number | null, e, `single ${single.date[i]}`));
  });

  it('yoy: % change on the same period a year earlier', async () => {
    const n = await get('dataset=tiny_cube&dims=kind=a;region=n&transform=yoy');
    [null, null, null, null, 20, (121 / 110 - 1) * 100].forEach((e, i) => close(n.value[i] as number | null, e, `a,n ${n.date[i]}`));
    const s = await get('dataset=tiny_cube&dims=kind=a;region=s&transform=yoy&from=2020-01-01');
    close(s.value[0] as number, 20, 'a,s 2020-01 vs 2019-01 (before the window)');
    close(s.value[1] as number, (0.1 / 55 - 1) * 100, 'a,s 2020-07');
    const single = await get('dataset=tiny_single&transform=yoy');
    [null, null, null, null, 100, 50].forEach((e, i) => close(single.value[i] as number | null, e, `single ${single.date[i]}`));
  });

  it('diff: change on the previous period', async () => {
    const n = await get('dataset=tiny_cube&dims=kind=a;region=n&transform=diff');
    [null, 10, -11, null, null, 1].forEach((e, i) => close(n.value[i] as number | null, e, `a,n ${n.date[i]}`));
  });

  it('index: 100 at the first date of the selection, or at base', async () => {
    const first = await get('dataset=tiny_cube&dims=kind=a;region=n&transform=index&from=2019-04-01');
    [100, (99 / 110) * 100, null, (120 / 110) * 100, (121 / 110) * 100].forEach((e, i) => close(first.value[i] as number | null, e, `${first.date[i]}`));
    const based = await get('dataset=tiny_cube&dims=kind=a;region=n&transform=index&base=2019-01-01&from=2020-01-01');
    [120, 121].forEach((e, i) => close(based.value[i] as number | null, e, `base outside the window ${based.date[i]}`));
  });
});

describe('selections on the real data', () => {
  let app: FastifyInstance;
  let rows: string[][];
  before(async () => {
    app = await startApp(REAL_DATA);
    rows = parseCsvText(await readFile(path.join(REAL_DATA, 'ch_seco_concon.csv'), 'utf8')).slice(1);
  });
  after(() => app.close());

  it('one series of a three-dimension cube equals its published rows', async () => {
    const r = (await app.inject('/series.csv?dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q;seas_adj=csa')).body;
    const served = parseCsvText(r).slice(1);
    const published = rows.filter((x) => x[0] === 'index' && x[1] === 'ks_i63_index_q' && x[2] === 'csa');
    assert.equal(served.length, 216);
    assert.deepEqual(
      served.map((x) => [x[3], Number(x[4])]),
      published.map((x) => [x[3], Number(x[4])]),
    );
  });

  it('several codes and a left-out dimension match a filter of the published CSV', async () => {
    const json = (
      await app.inject('/series?dataset=ch_seco_concon&dims=structure=ks_i11_econ_hist_q,ks_i63_index_q&from=2000-01-01&to=2010-12-31')
    ).json() as Columns;
    const published = rows.filter((x) => ['ks_i11_econ_hist_q', 'ks_i63_index_q'].includes(x[1]) && x[3] >= '2000-01-01' && x[3] <= '2010-12-31');
    assert.ok(published.length > 0);
    assert.deepEqual(
      json.date,
      published.map((x) => x[3]),
    );
    assert.deepEqual(
      json.value,
      published.map((x) => Number(x[4])),
    );
  });

  it('yoy of the last observation equals the hand computation from the published CSV', async () => {
    const ppi = parseCsvText(await readFile(path.join(REAL_DATA, 'ch_fso_ppi.csv'), 'utf8')).filter((x) => x[0] === '2020');
    const last = ppi[ppi.length - 1];
    const yearBefore = ppi.find((x) => x[1] === `${Number(last[1].slice(0, 4)) - 1}${last[1].slice(4)}`)!;
    const json = (await app.inject('/series?dataset=ch_fso_ppi&dims=base=2020&transform=yoy&last=1')).json() as Columns;
    assert.deepEqual(json.date, [last[1]]);
    close(json.value[0] as number, (Number(last[2]) / Number(yearBefore[2]) - 1) * 100, 'ppi yoy');
  });
});
