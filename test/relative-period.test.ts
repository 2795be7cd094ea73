// Relative periods (issue 15): `from=-5y` and its kin, counted back from the
// dataset's last observation, on every selection route, /resolve, /oembed and
// the page, through the one reader (src/query/date-bound.ts). Edge cases on
// the tiny fixture; fidelity against the published CSV; rolling forward
// after a publish that adds an observation.
import assert from 'node:assert/strict';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { copyDataDir, FIXTURES, nextSwap, parseCsvText, REAL_DATA, startApp } from './helpers.js';

type Columns = Record<string, (string | number | null)[]>;
const BASE = 'http://localhost:0';

/** ISO date minus whole months, by hand (the day of the month is 1 in these datasets). */
function monthsBefore(iso: string, months: number): string {
  const [y, m] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${iso.slice(8)}`;
}

describe('relative periods on the tiny fixture', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(path.join(FIXTURES, 'tiny'));
  });
  after(() => app.close());
  const json = async (qs: string): Promise<Columns> => {
    const res = await app.inject(`/series?${qs}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  it('from=-1y on a monthly series equals the explicit date one year before its last observation', async () => {
    const r = await json('dataset=tiny_single&from=-1y');
    assert.deepEqual(r.date, ['2020-02-01', '2020-03-01', '2020-04-01', '2021-01-01', '2021-02-01']);
    assert.deepEqual(r, await json('dataset=tiny_single&from=2020-02-01'));
    assert.deepEqual(await json('dataset=tiny_single&from=-12m'), r);
    assert.deepEqual(await json('dataset=tiny_single&from=-4q'), r);
  });

  it("counts back from the dataset's last observation, not each series' own", async () => {
    // the cube ends 2020-07-01 (kind a, region s; kind b); series (a, n) ends 2020-04-01
    const r = await json('dataset=tiny_cube&dims=kind=a;region=n&from=-2q');
    assert.deepEqual(r.date, ['2020-01-01', '2020-04-01']);
    assert.deepEqual(r, await json('dataset=tiny_cube&dims=kind=a;region=n&from=2020-01-01'));
  });

  it('to may be relative too, and mixes with an ISO bound and last', async () => {
    assert.deepEqual((await json('dataset=tiny_single&to=-10m')).date, ['2020-01-01', '2020-02-01', '2020-03-01', '2020-04-01']);
    assert.deepEqual((await json('dataset=tiny_single&from=2020-01-01&to=-1y')).date, ['2020-01-01', '2020-02-01']);
    assert.deepEqual((await json('dataset=tiny_single&from=-1y&last=2')).date, ['2021-01-01', '2021-02-01']);
    assert.deepEqual((await json('dataset=tiny_single&from=-90d')).date, ['2021-01-01', '2021-02-01']);
    assert.deepEqual((await json('dataset=tiny_single&from=-5w')).date, ['2021-01-01', '2021-02-01']);
  });

  it('a window longer than the data selects all of it', async () => {
    assert.deepEqual(await json('dataset=tiny_single&from=-1000y'), await json('dataset=tiny_single'));
  });

  it('bad relative bounds are a 400 in the one error shape on every route, saying what is right', async () => {
    const bad: [string, RegExp][] = [
      ['-0y', /number of years must be from 1 to 1000/],
      ['-5x', /unit of y, q, m, w, d/],
      ['-99999y', /number of years must be from 1 to 1000/],
      ['-20000m', /number of months must be from 1 to 12000/],
    ];
    for (const [value, message] of bad) {
      for (const route of ['series', 'series.xlsx', 'chart.svg', 'chart.png']) {
        const res = await app.inject(`/${route}?dataset=tiny_single&from=${value}`);
        assert.equal(res.statusCode, 400, `${route} ${value}`);
        assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
        const body = res.json() as { code: string; error: string; parameter: string; value: string };
        assert.equal(body.code, 'bad_relative_date', `${route} ${value}`);
        assert.deepEqual([body.parameter, body.value], ['from', value]);
        assert.match(body.error, message);
        assert.match(body.error, /-5[yqmwd]\b/, 'a valid example');
      }
      const csv = await app.inject(`/series.csv?dataset=tiny_single&to=${value}`);
      assert.equal(csv.statusCode, 400);
      const [[head], [msg]] = parseCsvText(csv.body);
      assert.equal(head, 'error');
      assert.match(msg, new RegExp(`Invalid to '${value}'`));
      const resolved = await app.inject(`/resolve?q=${encodeURIComponent(`/d/tiny_single?from=${value}`)}`);
      assert.equal(resolved.statusCode, 400);
      assert.equal((resolved.json() as { code: string }).code, 'bad_relative_date');
      const key = await app.inject(`/resolve?q=${encodeURIComponent(`tiny_single?from=${value}`)}`);
      assert.equal((key.json() as { code: string }).code, 'bad_relative_date');
    }
  });

  it("a window without digits or sign fails the schema in the one reader's words: a relative shape says how a window is written, another shape names both forms", async () => {
    for (const [value, code, words] of [
      ['-y', 'bad_relative_date', /a relative from is a minus sign, a whole number and a unit.*-5y/],
      ['--5y', 'bad_relative_date', /a relative from is a minus sign, a whole number and a unit.*-5y/],
      ['last5y', 'bad_date', /YYYY-MM-DD.*-5y/],
    ] as const) {
      const res = await app.inject(`/series?dataset=tiny_single&from=${value}`);
      assert.equal(res.statusCode, 400);
      const body = res.json() as { error: string; code: string };
      assert.equal(body.code, code, value);
      assert.match(body.error, words, value);
    }
  });

  it('from after to (once resolved) is bad_date_range', async () => {
    const res = await app.inject('/series?dataset=tiny_single&from=-1m&to=-1y');
    assert.equal(res.statusCode, 400);
    assert.equal((res.json() as { code: string }).code, 'bad_date_range');
  });

  it('the page reads the relative form leniently: a bad one falls back to no bound', async () => {
    const page = await app.inject('/d/tiny_single?from=-5x');
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /from=-5x/);
  });
});

describe('relative periods on the real data', () => {
  let app: FastifyInstance;
  let published: string[][];
  before(async () => {
    app = await startApp(REAL_DATA);
    published = parseCsvText(await readFile(path.join(REAL_DATA, 'ch_fso_unemp_rate.csv'), 'utf8'));
  });
  after(() => app.close());

  it('from=-5y equals the window computed by hand from the published CSV', async () => {
    const [header, ...rows] = published.filter((r) => r.length > 1);
    const end = rows.reduce((max, r) => (r[2] > max ? r[2] : max), '');
    const from = monthsBefore(end, 60);
    const expected = [header, ...rows.filter((r) => r[1] === 'men' && r[2] >= from)].map((r) => r.join(',')).join('\n');
    const res = await app.inject('/series.csv?dataset=ch_fso_unemp_rate&dims=sex=men&from=-5y');
    assert.equal(res.statusCode, 200);
    assert.equal(res.body.trimEnd(), expected);
    const explicit = await app.inject(`/series.csv?dataset=ch_fso_unemp_rate&dims=sex=men&from=${from}`);
    assert.equal(res.body, explicit.body);
  });

  it('JSON, the chart SVG and PNG of -18m are the bytes of the explicit window', async () => {
    const end = (app.ds.data.current!.datasets.get('ch_fso_unemp_rate')!.store.end * 86400000) as number;
    const from = monthsBefore(new Date(end).toISOString().slice(0, 10), 18);
    for (const route of ['series', 'chart.svg', 'chart.png']) {
      const rel = await app.inject(`/${route}?dataset=ch_fso_unemp_rate&dims=sex=wom&from=-18m&transform=yoy`);
      const abs = await app.inject(`/${route}?dataset=ch_fso_unemp_rate&dims=sex=wom&from=${from}&transform=yoy`);
      assert.equal(rel.statusCode, 200, route);
      assert.ok(rel.rawPayload.equals(abs.rawPayload), route);
    }
  });

  it('the Excel metadata sheet names the window and the date it stands for, and URLs that roll forward', async () => {
    const res = await app.inject('/series.xlsx?dataset=ch_kof_barometer&from=-5y');
    assert.equal(res.statusCode, 200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.metadata, { header: 1 });
    const text = rows.map((r) => r.join('\t')).join('\n');
    assert.match(text, /-5y \(2021-08-01\)/);
    assert.match(text, /series\.csv\?dataset=ch_kof_barometer&from=-5y/);
    const data = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.data, { header: 1 });
    assert.equal(data.length - 1, 61, 'Aug 2021 to Aug 2026 inclusive');
  });

  it('/resolve and /oembed of a page URL with from=-5y keep it in every URL they give', async () => {
    const r = (await app.inject(`/resolve?q=${encodeURIComponent('/de/d/ch_fso_unemp_rate?sex=men&from=-5y')}`)).json() as {
      from: string;
      page: Record<string, string>;
      api: Record<string, string>;
      embed: string;
    };
    assert.equal(r.from, '-5y');
    for (const url of [...Object.values(r.page), ...Object.values(r.api), r.embed]) assert.match(url, /[?&]from=-5y(&|$)/, url);
    const o = (await app.inject(`/oembed?${new URLSearchParams({ url: `${BASE}/de/d/ch_fso_unemp_rate?sex=men&from=-5y` })}`)).json() as {
      html: string;
      thumbnail_url: string;
    };
    assert.match(o.html, /src="[^"]*;from=-5y&amp;embed=1"/);
    assert.match(o.thumbnail_url, /[?&]from=-5y&/);
    const bad = await app.inject(`/oembed?${new URLSearchParams({ url: `${BASE}/d/ch_fso_unemp_rate?from=-0y` })}`);
    // oEmbed §2.3.5: a URL the provider has no embed for is a 404; the reason keeps the selection's code
    assert.equal(bad.statusCode, 404);
    assert.equal((bad.json() as { reason: string }).reason, 'bad_relative_date');
  });

  it('the page with from=-5y marks its shortcut, shows the date in the field and keeps -5y in every link', async () => {
    for (const lang of ['', '/fr']) {
      const html = (await app.inject(`${lang}/d/ch_kof_barometer?from=-5y`)).body;
      assert.match(html, /<a class="chip is-active" href="[^"]*from=-5y" data-from="-5y"/);
      assert.match(html, /<input type="date" name="from" value="2021-08-01"/);
      for (const l of ['de', 'it']) assert.match(html, new RegExp(`href="/${l}/d/ch_kof_barometer\\?from=-5y"`), `${lang} → ${l}`);
      assert.match(html, /\/series\.csv\?dataset=ch_kof_barometer&amp;from=-5y&amp;download=1/);
      assert.match(html, /d\/ch_kof_barometer\?from=-5y&amp;amp;embed=1/, 'the embed snippet');
      assert.match(html, /read\.csv\(\s*&quot;http:\/\/[^&]*\/series\.csv\?dataset=ch_kof_barometer&amp;from=-5y&quot;/, 'the R snippet');
      assert.match(html, /pd\.read_csv\(\s*&quot;http:\/\/[^&]*\/series\.csv\?dataset=ch_kof_barometer&amp;from=-5y&quot;/, 'the Python snippet');
    }
  });
});

describe('a relative window rolls forward when a publish adds an observation', () => {
  it('the same URL answers the new window, with a new ETag; the page and its embed follow', async () => {
    const copy = await copyDataDir(REAL_DATA);
    const app = await startApp(copy.dir, { watch: true });
    try {
      const url = '/series?dataset=ch_kof_barometer&from=-1y';
      const before = await app.inject(url);
      const old = before.json() as { date: string[] };
      assert.deepEqual([old.date[0], old.date.at(-1)], ['2025-08-01', '2026-08-01']);
      const file = path.join(copy.dir, 'ch_kof_barometer.csv');
      const swapped = nextSwap(app.ds.data);
      await writeFile(file + '.tmp', (await readFile(file, 'utf8')).trimEnd() + '\n2026-09-01,107.5\n');
      await rename(file + '.tmp', file);
      await swapped;
      const now = (await app.inject(url)).json() as typeof old;
      assert.deepEqual([now.date[0], now.date.at(-1), now.date.length], ['2025-09-01', '2026-09-01', 13]);
      const again = await app.inject({ url, headers: { 'if-none-match': String(before.headers.etag) } });
      assert.equal(again.statusCode, 200, 'the old ETag no longer matches');
      const page = (await app.inject('/de/d/ch_kof_barometer?from=-1y')).body;
      assert.match(page, /<input type="date" name="from" value="2025-09-01"/);
      assert.match(page, /d\/ch_kof_barometer\?from=-1y&amp;amp;embed=1/, 'the embed snippet still rolls');
    } finally {
      await app.close();
      await copy.remove();
    }
  });
});
