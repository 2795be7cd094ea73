/**
 * One meaning everywhere (issue 13): over every real dataset, the page, the
 * chart image, the xlsx download, /resolve and /oembed name the same series
 * the same way and describe the same selection.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import * as XLSX from '@e965/xlsx';
import { labelSeries } from '../src/selection/naming.js';
import type { ExplorerData } from '../src/render/pages/explorer-data.js';
import { FIXTURES, parseCsvText, REAL_DATA, startApp } from './helpers.js';
import path from 'node:path';

interface Meta {
  dim_order: string[];
  split?: string[];
  dimensions: Record<string, { levels: Record<string, { data: boolean }> }>;
}

/** The explorer data a page embeds for the bundle. */
function pageData(html: string): ExplorerData {
  const m = /<script type="application\/json" id="explorer-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, 'the page embeds its explorer data');
  return JSON.parse(m[1]) as ExplorerData;
}

/** The labels the page's legend shows: the naming model on the page's own data, as the bundle runs it. */
function pageLabels(data: ExplorerData): string[] {
  const { meta, title, units, percentLevels, fractions, state } = data;
  return labelSeries({ meta, title, units, percentLevels, fractions, transform: state.transform, base: state.base }, data.series).series.map((s) => s.label);
}

/** The legend texts of a chart SVG (without the "+n more" note). */
function svgLegend(svg: string): string[] {
  return [...svg.matchAll(/<text class="legend"[^>]*>([^<]*)<\/text>/g)]
    .map((m) =>
      m[1]
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'"),
    )
    .filter((t) => !/^\+\d/.test(t));
}

/** A legend text is the label, or the label cut short with an ellipsis to fit. */
function sameLabel(shown: string, label: string): boolean {
  return shown === label || (shown.endsWith('…') && label.startsWith(shown.slice(0, -1).trimEnd()));
}

/** The xlsx label column, one entry per series (in order). */
function xlsxLabels(body: Buffer): string[] {
  const wb = XLSX.read(body, { type: 'buffer', dense: true });
  const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets.data, { header: 1, raw: false });
  const col = rows[0].indexOf('label');
  assert.ok(col >= 0, 'the data sheet has a label column');
  const out: string[] = [];
  for (const row of rows.slice(1)) if (out[out.length - 1] !== row[col]) out.push(row[col]);
  return out;
}

/** The labelled CSV's `label` column, one entry per series (in order); it stands after the dimension columns, before date. */
function csvLabels(text: string, dims: string[]): string[] {
  const [header, ...rows] = parseCsvText(text);
  assert.deepEqual(header, [...dims.flatMap((d) => [d, `${d}_label`]), 'label', 'date', 'value'], 'labelled CSV header');
  const col = header.indexOf('label');
  const out: string[] = [];
  for (const row of rows) if (out[out.length - 1] !== row[col]) out.push(row[col]);
  return out;
}

/** The series (code tuples) of a /series answer. */
function seriesOf(columns: Record<string, (string | number | null)[]>, dims: string[]): string[] {
  const n = columns.date?.length ?? 0;
  const keys = new Set<string>();
  for (let i = 0; i < n; i++) keys.add(dims.map((d) => columns[d][i]).join('|'));
  return [...keys].sort();
}

/** The series a page shows, as code tuples. */
function pageSeries(data: ExplorerData): string[] {
  return data.series.map((s) => s.codes.join('|')).sort();
}

/** The dimension whose levels a test walks: the `split` one, else the one with most data levels. */
function walkDim(meta: Meta): string | null {
  if (meta.split?.length) return meta.split[0];
  let best: string | null = null;
  let size = 1;
  for (const d of meta.dim_order) {
    const n = Object.values(meta.dimensions[d].levels).filter((l) => l.data).length;
    if (n > size) [best, size] = [d, n];
  }
  return best;
}

describe('one naming model on the real data', () => {
  let app: FastifyInstance;
  let ids: string[];
  before(async () => {
    app = await startApp(REAL_DATA);
    ids = [...app.ds.data.current!.datasets.keys()];
  });
  after(() => app.close());

  const get = async (url: string) => {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
    return res;
  };

  it('the opening view and every level of the split (or largest) dimension: distinct labels naming their levels, the same in page, chart image and xlsx', async () => {
    let checked = 0;
    for (const id of ids) {
      const meta = JSON.parse((await get(`/dataset/${id}/meta`)).body) as Meta;
      const dim = walkDim(meta);
      const urls = [`/d/${id}`];
      if (dim)
        urls.push(
          // dims= is every dimension's spelling on a page URL (ch_fso_ppi's dimension base is no parameter there: issue 20)
          `/d/${id}?dims=${encodeURIComponent(dim)}=${Object.entries(meta.dimensions[dim].levels)
            .filter(([, l]) => l.data)
            .map(([c]) => encodeURIComponent(c))
            .join(',')}`,
        );
      for (const url of urls) {
        const data = pageData((await get(url)).body);
        const labels = pageLabels(data);
        assert.equal(new Set(labels).size, labels.length, `${url}: labels pairwise distinct: ${labels.join(' | ')}`);
        // each label names the level of every dimension that tells the series apart
        data.meta.dims.forEach((d, k) => {
          if (new Set(data.series.map((s) => s.codes[k])).size < 2) return;
          data.series.forEach((s, i) => {
            const leaf = d.levels.find((l) => l.code === s.codes[k])!.label;
            assert.ok(labels[i].includes(leaf), `${url}: '${labels[i]}' names ${d.id}=${s.codes[k]} ('${leaf}')`);
          });
        });
        const resolved = JSON.parse((await get(`/resolve?q=${encodeURIComponent(url)}`)).body) as { api: { chart: string } };
        const query = resolved.api.chart.slice(resolved.api.chart.indexOf('?'));
        const legend = svgLegend((await get(`/chart.svg${query}`)).body);
        assert.ok(legend.length > 0 || labels.length === 1, `${url}: a chart of several series has a legend`);
        legend.forEach((shown, i) => assert.ok(sameLabel(shown, labels[i]), `${url}: chart legend '${shown}' = page '${labels[i]}'`));
        const xlsx = xlsxLabels((await get(`/series.xlsx${query}&last=1`)).rawPayload);
        assert.deepEqual(xlsx, labels, `${url}: xlsx label column = page legend`);
        checked++;
      }
    }
    assert.ok(checked > ids.length, `${checked} selections over ${ids.length} datasets`);
  });

  it('a home card names the series its sparkline draws (ch_snb_zimoma: not "SARON" over the call-money rate)', async () => {
    const home = (await get('/')).body;
    const cards = [...home.matchAll(/<a class="card-link" href="\/d\/([a-z0-9_]+)"\s*><span class="eyebrow">([^<]*)<\/span>/g)];
    assert.ok(cards.length > 0, 'the home page has featured cards');
    for (const [, id, eyebrow] of cards) {
      const data = pageData((await get(`/d/${id}`)).body);
      const { meta, title, units, percentLevels, fractions, state } = data;
      const named = labelSeries({ meta, title, units, percentLevels, fractions, transform: state.transform, base: state.base }, data.series.slice(0, 1));
      const text = eyebrow
        .replace(/&amp;/g, '&')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"');
      assert.equal(text, named.caption || named.series[0].label, `${id}: the card names its opening series`);
    }
    assert.ok(
      cards.some(([, id]) => id === 'ch_snb_zimoma'),
      'ch_snb_zimoma is featured',
    );
  });
});

describe('the labelled CSV names each series as the xlsx and the page legend do', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  const get = async (url: string) => {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
    return res;
  };

  /** Page legend, xlsx `label` and labelled CSV `label` of one page URL: one distinct label per series, the same in all three. */
  async function assertCsvNamesLikePage(url: string): Promise<void> {
    const data = pageData((await get(url)).body);
    const labels = pageLabels(data);
    assert.equal(new Set(labels).size, labels.length, `${url}: labels pairwise distinct: ${labels.join(' | ')}`);
    const resolved = JSON.parse((await get(`/resolve?q=${encodeURIComponent(url)}`)).body) as { api: { chart: string } };
    const query = resolved.api.chart.slice(resolved.api.chart.indexOf('?'));
    const csv = csvLabels(
      (await get(`/series.csv${query}&labels=true&last=1`)).body,
      data.meta.dims.map((d) => d.id),
    );
    assert.deepEqual(csv, labels, `${url}: labelled CSV label column = page legend`);
    assert.deepEqual(csv, xlsxLabels((await get(`/series.xlsx${query}&last=1`)).rawPayload), `${url}: labelled CSV label column = xlsx label column`);
  }

  it('every real dataset opening view, in English and German', async () => {
    for (const id of app.ds.data.current!.datasets.keys()) for (const prefix of ['', '/de']) await assertCsvNamesLikePage(`${prefix}/d/${id}`);
  });

  it('multi-series selections whose level labels repeat (ch_snb_zimoma: four "3-month" rates), in English and French', async () => {
    for (const prefix of ['', '/fr']) {
      await assertCsvNamesLikePage(`${prefix}/d/ch_snb_zimoma?D0=3M0,3M1,EG3M,EURIBOR`);
      await assertCsvNamesLikePage(`${prefix}/d/ch_snb_zimoma?D0=SARON,1TGT,SOFR,3M0,3M1&from=2018-01-01`);
      await assertCsvNamesLikePage(`${prefix}/d/ch_seco_concon?type=index,sd&structure=ks_i63_index_q`);
      await assertCsvNamesLikePage(`${prefix}/d/ch_seco_concon?type=sd&seas_adj=csa`);
    }
  });
});

/** Page, /resolve (its data and its page link) and /oembed (iframe and thumbnail) show the same series for a page URL. */
async function assertSameSelection(app: FastifyInstance, base: string, url: string, dims: string[]): Promise<void> {
  const get = async (u: string) => {
    const res = await app.inject(u);
    assert.equal(res.statusCode, 200, `${u}: ${res.body.slice(0, 300)}`);
    return res;
  };
  const shown = pageSeries(pageData((await get(url)).body));
  assert.ok(shown.length > 0, `${url}: the page shows series`);
  const resolved = JSON.parse((await get(`/resolve?q=${encodeURIComponent(url)}`)).body) as { api: { json: string }; page: { en: string } };
  const local = (u: string): string => u.slice(base.length);
  const data = JSON.parse((await get(`${local(resolved.api.json)}&last=1`)).body) as Record<string, (string | null)[]>;
  assert.deepEqual(seriesOf(data, dims), shown, `${url}: /resolve's data = the page`);
  assert.deepEqual(pageSeries(pageData((await get(local(resolved.page.en))).body)), shown, `${url}: /resolve's page link = the page`);
  const o = JSON.parse((await get(`/oembed?url=${encodeURIComponent(base + url)}`)).body) as { html: string; thumbnail_url: string };
  const src = /src="([^"]+)"/.exec(o.html)![1].replace(/&amp;/g, '&');
  assert.deepEqual(pageSeries(pageData((await get(local(src))).body)), shown, `${url}: oEmbed iframe = the page`);
  const thumb = new URL(o.thumbnail_url);
  for (const p of ['width', 'height', 'lang']) thumb.searchParams.delete(p);
  thumb.searchParams.set('last', '1');
  const thumbData = JSON.parse((await get(`/series?${thumb.searchParams}`)).body) as Record<string, (string | null)[]>;
  assert.deepEqual(seriesOf(thumbData, dims), shown, `${url}: oEmbed thumbnail = the page`);
}

describe('page, /resolve and /oembed describe the same selection', () => {
  const BASE = 'http://localhost:0';

  it('for every real dataset opening view and for codes that cannot combine', async () => {
    const app = await startApp(REAL_DATA, { baseUrl: BASE });
    try {
      for (const [id, ds] of app.ds.data.current!.datasets) await assertSameSelection(app, BASE, `/d/${id}`, ds.meta.dimOrder);
      const concon = app.ds.data.current!.datasets.get('ch_seco_concon')!.meta.dimOrder;
      await assertSameSelection(app, BASE, '/d/ch_seco_concon?type=index,sd&structure=ks_i63_index_q', concon);
      await assertSameSelection(app, BASE, '/de/d/ch_seco_concon?type=sd&seas_adj=csa', concon);
      await assertSameSelection(app, BASE, '/d/ch_snb_zimoma?D0=SARON,1TGT,SOFR,3M0,3M1&from=2018-01-01', ['D0']);
    } finally {
      await app.close();
    }
  });

  it('on the tiny fixture: /resolve of a bare id, and codes that cannot combine', async () => {
    const app = await startApp(path.join(FIXTURES, 'tiny'), { baseUrl: BASE });
    try {
      const resolved = JSON.parse((await app.inject('/resolve?q=tiny_cube')).body) as { page: { en: string }; api: { json: string } };
      const page = pageSeries(pageData((await app.inject(resolved.page.en.slice(BASE.length))).body));
      const data = JSON.parse((await app.inject(`${resolved.api.json.slice(BASE.length)}&last=1`)).body) as Record<string, (string | null)[]>;
      assert.deepEqual(seriesOf(data, ['kind', 'region']), page, "/resolve?q=tiny_cube: its data = its page link's page");
      for (const url of ['/d/tiny_cube', '/d/tiny_cube?kind=a,b', '/d/tiny_cube?kind=b&region=n,s', '/d/tiny_cube?region=s'])
        await assertSameSelection(app, BASE, url, ['kind', 'region']);
    } finally {
      await app.close();
    }
  });
});

describe('one mistake, one code and one message on every route that reads a selection', () => {
  const BASE = 'http://localhost:0';
  const DATASET = 'ch_kof_esi';
  /** A mistake in a selection query and the catalogue code every route gives it (on ch_kof_esi unless another dataset is named). */
  const CASES: [query: string, code: string, dataset?: string][] = [
    ['dims=D0=D0_0', 'unknown_code', 'ch_snb_zimoma'],
    ['dims=Wirtschaftsabteilung=77+79-82', 'unknown_code', 'ch_fso_vacancies'],
    ['transform=nope', 'unknown_transform'],
    ['from=2020', 'bad_date'],
    ['to=2020-02-30', 'bad_date'],
    ['transform=index&base=2020', 'bad_date'],
    ['from=-5x', 'bad_relative_date'],
    ['from=2021-01-01&to=2020-01-01', 'bad_date_range'],
    ['from=-1y&to=-5y', 'bad_date_range'],
    ['from=-1y&to=2020-01-01', 'bad_date_range'],
    ['last=0', 'bad_parameter'],
    ['last=1000001', 'bad_parameter'],
    ['last=1&last=2', 'bad_parameter'],
    ['transform=yoy&transform=level', 'bad_parameter'],
    ['from=2020-01-01&from=2021-01-01', 'bad_parameter'],
  ];

  it('the API routes, /resolve of a key and of a page URL, and /oembed agree on the code and the words', async () => {
    const app = await startApp(REAL_DATA, { baseUrl: BASE });
    try {
      for (const [query, code, dataset] of CASES) {
        const ID = dataset ?? DATASET;
        const answers: [string, number, string, string][] = [];
        for (const route of ['/series', '/series.xlsx', '/chart.svg']) {
          const res = await app.inject(`${route}?dataset=${ID}&${query}`);
          const body = JSON.parse(res.body) as { code: string; detail: string };
          answers.push([route, res.statusCode, body.code, body.detail]);
        }
        for (const [name, q] of [
          ['/resolve key', `${ID}?${query}`],
          ['/resolve page', `${BASE}/d/${ID}?${query}`],
        ]) {
          const res = await app.inject(`/resolve?q=${encodeURIComponent(q)}`);
          const body = JSON.parse(res.body) as { code: string; detail: string };
          answers.push([name, res.statusCode, body.code, body.detail]);
        }
        const words = answers[0][3];
        for (const [route, status, got, detail] of answers) assert.deepEqual([status, got, detail], [400, code, words], `${query} on ${route}`);
        // the CSV error names the same words; /oembed says why there is no embed in them
        const csv = await app.inject(`/series.csv?dataset=${ID}&${query}`);
        assert.equal(csv.statusCode, 400);
        assert.ok(csv.body.includes(words.replace(/"/g, '""')), `${query} on /series.csv: ${csv.body}`);
        const oembed = await app.inject(`/oembed?url=${encodeURIComponent(`${BASE}/d/${ID}?${query}`)}`);
        assert.equal(oembed.statusCode, 404, `${query} on /oembed`);
        assert.ok((JSON.parse(oembed.body) as { detail: string }).detail.endsWith(words), `${query} on /oembed: ${oembed.body}`);
        // and what would be right: a repeated parameter is named as such, a relative bound with the day it stands for
        if (/&(\w+)=.*&\1=|^(\w+)=.*&\2=/.test(query)) assert.match(words, /more than once/, query);
        if (query.includes('-1y&to')) assert.match(words, /-1y, \d{4}-\d{2}-\d{2}/, query);
        if (query.includes('D0_0')) assert.match(words, /groups other levels and has no series of its own/, query);
        if (query.includes('+')) assert.match(words, /write \+ as %2B/, query);
      }
    } finally {
      await app.close();
    }
  });
});

describe('a code in decomposed Unicode selects what its composed form selects', () => {
  it('on the API, /resolve and the page, in dims= and as a dimension parameter, in codes and dimension names', async () => {
    const app = await startApp(REAL_DATA, { baseUrl: 'http://localhost:0' });
    try {
      // u + combining diaeresis (U+0308) where the published code has ü (U+00FC)
      const pairs: [composed: string, decomposed: string][] = [
        ['dataset=ch_fso_trade_partner&dims=partner=T%C3%BCrkiye', 'dataset=ch_fso_trade_partner&dims=partner=Tu%CC%88rkiye'],
        ['dataset=ch_fso_jobs_sex&dims=Besch%C3%A4ftigungsgrad=1', 'dataset=ch_fso_jobs_sex&dims=Besch%61%CC%88ftigungsgrad=1'],
      ];
      for (const [composed, decomposed] of pairs) {
        for (const route of ['/series.csv', '/series']) {
          const want = await app.inject(`${route}?${composed}`);
          const got = await app.inject(`${route}?${decomposed}`);
          assert.equal(want.statusCode, 200, `${route}?${composed}`);
          assert.deepEqual([got.statusCode, got.body], [200, want.body], `${route}?${decomposed}`);
        }
      }
      const page = await app.inject('/d/ch_fso_trade_partner?partner=Tu%CC%88rkiye');
      assert.equal(page.statusCode, 200);
      assert.deepEqual(pageData(page.body).state.dims.partner, ['Türkiye']);
      const resolved = await app.inject(`/resolve?q=${encodeURIComponent('ch_fso_trade_partner?partner=Tu\u0308rkiye')}`);
      assert.equal(resolved.statusCode, 200, resolved.body);
    } finally {
      await app.close();
    }
  });
});
