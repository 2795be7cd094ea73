// as_of on the selection routes (issue 21), on three vintages of real
// datasets published by the real publish code (test/vintage-fixture.ts):
// each vintage's exact published rows on /series, /series.csv and
// /series.xlsx, its labels on the chart, a 400 naming the first vintage
// before it on every route that takes as_of, an immutable Cache-Control and
// an ETag that is the same on two separately built apps.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { parseCsvText, startApp } from '../../test/helpers.js';
import { publishVintages, VINTAGE_IDS, type VintageFixture } from '../../test/vintage-fixture.js';
import { formatIsoDate } from '../data/dates.js';
import { stampFileName } from '../data/vintage-stamp.js';
import { paramSpec } from '../selection/params.js';
import type { ExplorerData } from '../render/pages/explorer-data.js';
import { IMMUTABLE_CACHE_CONTROL } from './as-of.js';

/** Ways of asking for vintage k: its stamp in both forms, and a date after it (before the next one). */
const ASKS = [
  (fx: VintageFixture, k: number) => fx.stamps[k],
  (fx: VintageFixture, k: number) => stampFileName(fx.stamps[k]),
  (fx: VintageFixture, k: number) => `${fx.stamps[k].slice(0, 8)}20`,
];

/** The rows of a columnar JSON answer (dimension columns, date, value), as the CSV writes them. */
function jsonRows(body: Record<string, (string | number | null)[]>): string[][] {
  const names = Object.keys(body);
  const n = body.date.length;
  const out = [names];
  for (let i = 0; i < n; i++) out.push(names.map((k) => (body[k][i] === null ? '' : String(body[k][i]))));
  return out;
}

/** Published CSV rows with each value as the shortest text of its number (what JSON and xlsx carry). */
function numbers(rows: string[][]): string[][] {
  return rows.map((r, i) => (i === 0 ? r : r.map((f, j) => (j === r.length - 1 && f !== '' ? String(Number(f)) : f))));
}

/** The data sheet of an xlsx answer as rows of codes, date and value (label columns left out). */
function xlsxRows(body: Buffer, dims: string[]): string[][] {
  const wb = XLSX.read(body, { type: 'buffer', dense: true });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.data, { header: 1, raw: true });
  const header = rows[0] as string[];
  const cols = [...dims.map((d) => header.indexOf(d)), header.indexOf('date'), header.indexOf('value')];
  const day = (serial: number): string => formatIsoDate(Math.round(serial) - 25569);
  return [
    [...dims, 'date', 'value'],
    ...rows.slice(1).map((r) => cols.map((c, i) => (i === dims.length ? day(r[c] as number) : r[c] === undefined || r[c] === null ? '' : String(r[c])))),
  ];
}

/** The explorer data a dataset page embeds for its bundle. */
function pageData(body: string): ExplorerData {
  const m = /<script type="application\/json" id="explorer-data">([\s\S]*?)<\/script>/.exec(body);
  assert.ok(m, 'inline explorer data');
  return JSON.parse(m[1]) as ExplorerData;
}

describe('as_of on the selection routes', () => {
  let fx: VintageFixture;
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url });

  before(async () => {
    fx = await publishVintages();
    app = await startApp(fx.dir);
  });
  after(async () => {
    await app.close();
    await fx.remove();
  });

  it("answers /series.csv and /series with each vintage's exact published rows, however the vintage is asked", async () => {
    for (const id of VINTAGE_IDS) {
      for (let k = 0; k < 3; k++) {
        for (const ask of ASKS) {
          const url = `/series.csv?dataset=${id}&as_of=${ask(fx, k)}`;
          const csv = await get(url);
          assert.equal(csv.statusCode, 200, `${url}: ${csv.body.slice(0, 300)}`);
          assert.deepEqual(parseCsvText(csv.body), fx.csv[k][id], url);
          const json = await get(`/series?dataset=${id}&as_of=${ask(fx, k)}`);
          // JSON carries numbers: the shortest text of each published value
          assert.deepEqual(jsonRows(json.json()), numbers(fx.csv[k][id]), `/series ${url}`);
        }
      }
    }
    // the latest without as_of is the last vintage
    assert.deepEqual(parseCsvText((await get('/series.csv?dataset=ch_fso_wage_idx')).body), fx.csv[2].ch_fso_wage_idx);
  });

  it("answers /series.xlsx with each vintage's rows", async () => {
    for (let k = 0; k < 3; k++) {
      const res = await get(`/series.xlsx?dataset=ch_fso_wage_idx&as_of=${fx.stamps[k]}`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(xlsxRows(res.rawPayload, ['breakdown', 'adjustment']), numbers(fx.csv[k].ch_fso_wage_idx), `vintage ${k}`);
    }
  });

  it('checks codes and the last date against the vintage: a removed series is there before its removal, an added date only after', async () => {
    const { removed, added } = fx.changes;
    const dims = `dims=breakdown=${removed.codes[0]};adjustment=${removed.codes[1]}`;
    assert.equal((await get(`/series.csv?dataset=${removed.dataset}&${dims}&as_of=${fx.stamps[0]}`)).statusCode, 200);
    const gone = await get(`/series?dataset=${removed.dataset}&${dims}&as_of=${fx.stamps[1]}`);
    // the level stays in the metadata: the series is simply not there any more
    assert.deepEqual(gone.json().date ?? [], []);
    const last = async (k: number) => (await get(`/series?dataset=${added.dataset}&last=1&as_of=${fx.stamps[k]}`)).json().date[0];
    assert.notEqual(await last(0), added.date);
    assert.equal(await last(1), added.date);
    // a relative window counts back from the vintage's last date
    const window = (await get(`/series?dataset=${added.dataset}&from=-1m&as_of=${fx.stamps[0]}`)).json();
    assert.equal(window.date.at(-1), fx.csv[0][added.dataset].at(-1)![0]);
  });

  it("draws the chart with the vintage's labels", async () => {
    const { dataset, titles } = fx.changes.relabelled;
    const svg = async (k: number) => (await get(`/chart.svg?dataset=${dataset}&as_of=${fx.stamps[k]}`)).body;
    assert.ok((await svg(0)).includes(titles[0]), titles[0]);
    assert.ok(!(await svg(0)).includes(titles[1]));
    assert.ok((await svg(1)).includes(titles[1]), titles[1]);
  });

  it('answers an as_of before the first vintage with a 400 naming it, the same on every route that takes as_of', async () => {
    const asked = '2025-12-31';
    const urls: Record<string, string> = {
      page: `/resolve?q=${encodeURIComponent(`/d/ch_fso_wage_idx?as_of=${asked}`)}`,
      key: `/resolve?q=${encodeURIComponent(`ch_fso_wage_idx?as_of=${asked}`)}`,
    };
    for (const taker of paramSpec('as_of').takenBy) {
      const res = await get(urls[taker] ?? `/${taker}?dataset=ch_fso_wage_idx&as_of=${asked}`);
      assert.equal(res.statusCode, 400, taker);
      if (String(res.headers['content-type']).startsWith('text/csv')) {
        assert.match(res.body, /before the first vintage of ch_fso_wage_idx \(2026-01-05T08:00:00Z\)/, taker);
        continue;
      }
      const p = res.json();
      assert.equal(p.code, 'before_first_vintage', taker);
      assert.deepEqual([p.parameter, p.value, p.dataset, p.first_vintage], ['as_of', asked, 'ch_fso_wage_idx', fx.stamps[0]], taker);
      assert.match(p.detail, /2026-01-05T08:00:00Z/);
    }
  });

  it('says a settled vintage never changes (immutable), and a time after the last vintage not', async () => {
    for (const url of [
      `/series?dataset=ch_fso_wage_idx&as_of=2026-01-20`,
      `/series.csv?dataset=ch_fso_wage_idx&as_of=${stampFileName(fx.stamps[2])}`,
      `/chart.svg?dataset=ch_fso_wage_idx&as_of=2026-01-20`,
    ]) {
      assert.equal((await get(url)).headers['cache-control'], IMMUTABLE_CACHE_CONTROL, url);
    }
    // a later publish may still be stamped before 2099
    const open = (await get('/series?dataset=ch_fso_wage_idx&as_of=2099-01-01')).headers['cache-control'];
    assert.notEqual(open, IMMUTABLE_CACHE_CONTROL);
    assert.notEqual((await get('/series?dataset=ch_fso_wage_idx')).headers['cache-control'], IMMUTABLE_CACHE_CONTROL);
  });

  it("does not say a past chart with compared series never changes: the compared series are today's data", async () => {
    const url = `/chart.svg?dataset=ch_fso_wage_idx&as_of=2026-01-20&compare=ch_kof_barometer`;
    const res = await get(url);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.notEqual(res.headers['cache-control'], IMMUTABLE_CACHE_CONTROL, url);
  });

  it('reads an empty as_of= as absent on every API route, as the one reader reads every empty value', async () => {
    const urls = paramSpec('as_of')
      .takenBy.filter((taker) => taker !== 'page' && taker !== 'key')
      .map((taker) => `/${taker}?dataset=ch_fso_wage_idx&as_of=`);
    for (const url of [...urls, '/sdmx/2.1/data/ch_fso_wage_idx/all?as_of=']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
      assert.notEqual(res.headers['cache-control'], IMMUTABLE_CACHE_CONTROL, url);
    }
    assert.deepEqual(parseCsvText((await get('/series.csv?dataset=ch_fso_wage_idx&as_of=')).body), fx.csv[2].ch_fso_wage_idx);
  });

  it("answers the SDMX data route's as_of (our extension) with each vintage's published values, immutable", async () => {
    const values = (rows: string[][], column: number) =>
      rows
        .slice(1)
        .map((r) => r[column])
        .filter((v) => v !== '')
        .map(Number)
        .sort((a, b) => a - b);
    for (const id of VINTAGE_IDS) {
      for (let k = 0; k < 3; k++) {
        const url = `/sdmx/2.1/data/${id}/all?format=csv&as_of=${stampFileName(fx.stamps[k])}`;
        const res = await get(url);
        assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
        const rows = parseCsvText(res.body);
        const published = fx.csv[k][id];
        assert.deepEqual(values(rows, rows[0].indexOf('OBS_VALUE')), values(published, published[0].indexOf('value')), url);
      }
    }
    // a settled vintage never changes: immutable, as on /series
    const past = await get(`/sdmx/2.1/data/ch_fso_wage_idx/all?as_of=${stampFileName(fx.stamps[0])}`);
    assert.equal(past.headers['cache-control'], IMMUTABLE_CACHE_CONTROL);
    const before = await get('/sdmx/2.1/data/ch_fso_wage_idx/all?as_of=1990-01-01');
    assert.equal(before.statusCode, 400);
    assert.match(before.body, /first vintage/);
  });

  it('gives the same ETag on two separately built apps, and for every way of asking for one vintage', async () => {
    const other = await startApp(fx.dir);
    try {
      for (const route of ['series', 'series.csv', 'series.xlsx', 'chart.svg']) {
        const tags = new Set<string>();
        for (const ask of ASKS) {
          const url = `/${route}?dataset=ch_fso_wage_idx&dims=adjustment=real&as_of=${ask(fx, 0)}`;
          tags.add(String((await get(url)).headers.etag));
          tags.add(String((await other.inject({ method: 'GET', url })).headers.etag));
        }
        assert.equal(tags.size, 1, `${route}: ${[...tags].join(' ')}`);
        const next = (await get(`/${route}?dataset=ch_fso_wage_idx&dims=adjustment=real&as_of=${fx.stamps[1]}`)).headers.etag;
        assert.ok(!tags.has(String(next)), `${route}: another vintage, another ETag`);
      }
    } finally {
      await other.close();
    }
  });

  it("embeds in the page (and its embed) each vintage's rows and labels, and writes as_of into its links", async () => {
    for (let k = 0; k < 3; k++) {
      for (const embed of ['', '&embed=1']) {
        const url = `/d/ch_kof_barometer?as_of=${fx.stamps[k].slice(0, 10)}${embed}`;
        const res = await get(url);
        assert.equal(res.statusCode, 200, url);
        const data = pageData(res.body);
        const rows = data.series[0].dates.map((d, i) => [formatIsoDate(d), String(data.series[0].values[i] ?? '')]);
        assert.deepEqual(rows, numbers(fx.csv[k].ch_kof_barometer).slice(1), url);
        assert.equal(data.state.asOf?.vintage, fx.stamps[k], url);
        assert.ok(res.body.includes(`as_of=${stampFileName(fx.stamps[k])}`), `${url}: its links carry the vintage`);
      }
    }
    const { dataset, titles } = fx.changes.relabelled;
    for (let k = 0; k < 2; k++) {
      const data = pageData((await get(`/d/${dataset}?as_of=${fx.stamps[k]}`)).body);
      assert.equal(data.title, titles[k]);
      assert.ok(
        data.meta.dims[0].levels.some((l) => l.label === fx.changes.relabelled.level.labels[k]),
        `level label at ${k}`,
      );
    }
  });

  it('writes as_of in the URLs /resolve gives for a page or a key', async () => {
    for (const q of [`/d/ch_fso_wage_idx?as_of=2026-01-20`, 'ch_fso_wage_idx?as_of=2026-01-20']) {
      const res = await get(`/resolve?q=${encodeURIComponent(q)}`);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as { page: Record<string, string>; api: Record<string, string> };
      assert.equal(new URL(body.page.en).searchParams.get('as_of'), stampFileName(fx.stamps[0]), q);
      for (const url of Object.values(body.api)) assert.equal(new URL(url).searchParams.get('as_of'), stampFileName(fx.stamps[0]), url);
    }
  });
});
