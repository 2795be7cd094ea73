// The image routes on the demo data, in-process (buildApp + inject): formats,
// sizes, errors as JSON, HEAD, ETag/304, and that the plotted values are the
// ones /series answers for the same selection.
process.env.TZ = 'UTC';

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { parseIsoDate } from '../data/dates.js';
import { computeView } from '../query/compute-view.js';
import { parseSelection } from '../selection/read-selection.js';
import { buildChartModel, type ChartModel } from '../render/chart-model.js';
import { renderChartSvg } from '../render/chart-svg.js';
import { DEMO_DATA } from '../../test/helpers.js';
import { registerImageRoutes } from './images.js';

let app: FastifyInstance;

before(async () => {
  app = await buildApp(loadConfig({ DS_DATA_DIR: DEMO_DATA, LOG_LEVEL: 'silent', DS_WATCH: 'false', PORT: '0' }));
  // until app.ts registers the image routes itself
  if (!app.hasRoute({ method: 'GET', url: '/chart.svg' })) registerImageRoutes(app, app.ds);
  await app.ds.data.ready;
  await app.ready();
});

after(() => app.close());

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test('/chart.svg is an SVG document of the requested size, in the language', async () => {
  const res = await app.inject({ url: '/chart.svg?dataset=demo_population&dims=region=ch&lang=de&width=640&height=360' });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
  assert.ok(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"'));
  assert.ok(res.body.includes('>Demo-Wohnbevölkerung</text>'));
  assert.ok(res.body.includes('Quelle: '));
  assert.match(String(res.headers.etag), /^W\/"chart-svg-/);
  assert.match(String(res.headers['cache-control']), /max-age=\d+/);
});

test('/chart.png is a PNG of the requested size that decodes', async () => {
  const res = await app.inject({ url: '/chart.png?dataset=demo_gdp&dims=type=real;seas_adj=csa;structure=gdp,services&width=1000&height=520' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'image/png');
  assert.deepEqual([...res.rawPayload.subarray(0, 8)], PNG_SIGNATURE);
  const meta = await sharp(res.rawPayload).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1000, 520]);
  const pixels = await sharp(res.rawPayload).raw().toBuffer();
  assert.equal(pixels.length, 1000 * 520 * (meta.channels ?? 4));
});

test('/og.jpg is a 1200×630 JPEG for a dataset and for the site', async () => {
  for (const url of ['/og.jpg?dataset=demo_cpi&lang=fr', '/og.jpg', '/og.jpg?lang=it']) {
    const res = await app.inject({ url });
    assert.equal(res.statusCode, 200, url);
    assert.equal(res.headers['content-type'], 'image/jpeg');
    assert.deepEqual([...res.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    const meta = await sharp(res.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1200, 630], url);
  }
});

test('sizes outside 200–2000 px and bad languages are 400 problem+json, never an image', async () => {
  for (const query of ['width=199', 'width=2001', 'width=4000', 'height=10', 'height=99999', 'width=abc', 'lang=xx', 'size=3']) {
    for (const ext of ['svg', 'png']) {
      const res = await app.inject({ url: `/chart.${ext}?dataset=demo_barometer&${query}` });
      assert.equal(res.statusCode, 400, `${ext} ${query}`);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      const body = res.json();
      assert.equal(body.status, 400);
      assert.equal(typeof body.error, 'string');
      assert.equal(body.parameter, query.split('=')[0]);
    }
  }
  const edge = await app.inject({ url: '/chart.png?dataset=demo_barometer&width=200&height=2000' });
  assert.equal(edge.statusCode, 200);
  assert.deepEqual([(await sharp(edge.rawPayload).metadata()).width, (await sharp(edge.rawPayload).metadata()).height], [200, 2000]);
});

test('a 4000×4000 chart (seconds of CPU each, issue 12) is a 400 that names the maximum, for both sizes', async () => {
  for (const query of ['width=4000&height=4000', 'width=800&height=2001']) {
    const res = await app.inject({ url: `/chart.png?dataset=demo_barometer&${query}` });
    assert.equal(res.statusCode, 400, query);
    assert.match(res.json().error, /a whole number from 200 to 2000/, query);
  }
});

test('a bad selection answers the API errors as JSON: 404 unknown dataset, 400 unknown code', async () => {
  for (const url of ['/chart.svg?dataset=demo_nope', '/chart.png?dataset=demo_nope', '/og.jpg?dataset=demo_nope']) {
    const res = await app.inject({ url });
    assert.equal(res.statusCode, 404, url);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.equal(res.json().dataset, 'demo_nope');
  }
  const api = await app.inject({ url: '/series?dataset=demo_gdp&dims=structure=nope' });
  const chart = await app.inject({ url: '/chart.png?dataset=demo_gdp&dims=structure=nope' });
  assert.equal(chart.statusCode, 400);
  const withoutInstance = (body: Record<string, unknown>): Record<string, unknown> => ({ ...body, instance: null });
  const chartBody = chart.json();
  assert.deepEqual(withoutInstance(chartBody), withoutInstance(api.json()), 'the same error as /series');
  assert.ok(chartBody.valid.includes('gdp'));
  assert.equal((await app.inject({ url: '/chart.svg?dataset=demo_gdp&from=2020-13-01' })).statusCode, 400);
  assert.equal((await app.inject({ url: '/chart.svg?dataset=demo_gdp&transform=log' })).statusCode, 400);
});

test('HEAD answers the headers of GET without a body; other methods get 405', async () => {
  for (const url of ['/chart.svg?dataset=demo_barometer', '/chart.png?dataset=demo_barometer', '/og.jpg?dataset=demo_barometer']) {
    const get = await app.inject({ url });
    const head = await app.inject({ url, method: 'HEAD' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.rawPayload.length, 0);
    for (const h of ['content-type', 'content-length', 'etag', 'cache-control']) assert.equal(head.headers[h], get.headers[h], `${url} ${h}`);
    assert.equal((await app.inject({ url, method: 'POST' })).statusCode, 405);
  }
});

test('ETag: 304 on a match, and a different tag for another size, language or selection', async () => {
  const url = '/chart.png?dataset=demo_labour&dims=indicator=unemp_rate;sex=women';
  const first = await app.inject({ url });
  const etag = String(first.headers.etag);
  const again = await app.inject({ url, headers: { 'if-none-match': etag } });
  assert.equal(again.statusCode, 304);
  assert.equal(again.rawPayload.length, 0);
  const tags = new Set([etag]);
  for (const other of [`${url}&width=900`, `${url}&lang=de`, `${url}&transform=diff`, url.replace('women', 'men'), url.replace('png', 'svg')]) {
    tags.add(String((await app.inject({ url: other })).headers.etag));
  }
  assert.equal(tags.size, 6);
});

/** Values read back from the SVG paths of the chart, through the model's scales. */
function readPlottedPoints(svg: string, model: ChartModel): Array<Array<{ days: number; value: number }>> {
  const { plot, xDomain, yDomain } = model;
  const groups = [...svg.matchAll(/<g class="series" data-series="(\d+)"[^>]*>(?:<path d="([^"]*)")?/g)];
  const out: Array<Array<{ days: number; value: number }>> = [];
  for (const [, index, d] of groups) {
    const factor = model.series[Number(index)].factor;
    out[Number(index)] = [...(d ?? '').matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map(([, x, y]) => ({
      days: xDomain[0] + ((Number(x) - plot.x) / plot.width) * (xDomain[1] - xDomain[0]),
      value: (yDomain[0] + ((plot.y + plot.height - Number(y)) / plot.height) * (yDomain[1] - yDomain[0])) / factor,
    }));
  }
  return out;
}

for (const query of [
  'dataset=demo_labour&dims=indicator=unemp_rate;sex=women,men&from=2017-01-01&to=2021-12-01',
  'dataset=demo_gdp&dims=type=nom,real;structure=gdp,services;seas_adj=csa&transform=yoy&from=2015-01-01',
  'dataset=demo_cpi&dims=item=CP00&transform=index&base=2020-01-01&last=60',
  'dataset=demo_barometer',
]) {
  test(`the values plotted are those of /series: ${query}`, async () => {
    const series = (await app.inject({ url: `/series?${query}` })).json() as Record<string, Array<string | number | null>>;
    const svgRes = await app.inject({ url: `/chart.svg?${query}&width=1200&height=700` });
    assert.equal(svgRes.statusCode, 200);
    // the renderer's input, computed the way the route computes it
    const snapshot = app.ds.data.current!;
    const { dataset, selection } = parseSelection(Object.fromEntries(new URLSearchParams(query)) as never, snapshot);
    const view = computeView(dataset, selection);
    const model = buildChartModel(view, { lang: 'en', width: 1200, height: 700 });
    const rows = series.date.length;
    const dims = dataset.meta.dimOrder;
    let row = 0;
    model.series.forEach((s) => {
      for (let i = 0; i < s.view.dates.length; i++, row++) {
        dims.forEach((dim, d) => assert.equal(series[dim][row], s.view.codes[d]));
        assert.equal(parseIsoDate(String(series.date[row])), s.view.dates[i]);
        const v = series.value[row];
        if (v === null) assert.ok(Number.isNaN(s.view.values[i]), `row ${row}: missing in /series, missing in the chart`);
        else assert.equal(s.view.values[i], v, `row ${row}`);
      }
    });
    assert.equal(row, rows, 'the chart plots every row of /series and no other');
    // and the SVG the route sent draws exactly those points
    assert.equal(svgRes.body, renderChartSvg(view, { lang: 'en', width: 1200, height: 700, licenseName: licenseOf(dataset.meta.license) }));
    const plotted = readPlottedPoints(svgRes.body, model);
    const pxValue = (model.yDomain[1] - model.yDomain[0]) / model.plot.height;
    row = 0;
    model.series.forEach((s, k) => {
      const drawn = plotted[k];
      let j = 0;
      for (let i = 0; i < s.view.dates.length; i++, row++) {
        const v = series.value[row];
        if (v === null) continue;
        const p = drawn[j++];
        assert.ok(Math.abs(p.days - s.view.dates[i]) < 1, `date of row ${row}`);
        assert.ok(Math.abs(p.value - Number(v)) <= (pxValue * 0.011) / s.factor + 1e-9, `value of row ${row}: drew ${p.value}, /series ${v}`);
      }
      assert.equal(j, drawn.length, `series ${k} draws no extra point`);
    });
  });
}

function licenseOf(key: string): string | null {
  const license = app.ds.data.current!.licenses.get(key);
  return license ? license.name.en : null;
}

test('/openapi.json documents the image routes and their size bounds', async () => {
  const spec = (await app.inject({ url: '/openapi.json' })).json();
  for (const path of ['/chart.svg', '/chart.png', '/og.jpg']) assert.ok(spec.paths[path]?.get, path);
  const width = spec.paths['/chart.png'].get.parameters.find((p: { name: string }) => p.name === 'width');
  assert.deepEqual([width.schema.minimum, width.schema.maximum], [200, 2000]);
});

// issue 23: the images draw what the page's chart shows
test('/chart.svg and /chart.png take scale=log: a log axis, as the page draws it', async () => {
  const q = 'dataset=demo_population&dims=region=ch,lem,zh,ti;nationality=total';
  const linear = await app.inject({ url: `/chart.svg?${q}` });
  const log = await app.inject({ url: `/chart.svg?${q}&scale=log` });
  assert.equal(log.statusCode, 200, log.body);
  assert.notEqual(log.body, linear.body);
  assert.ok(log.body.includes('>500,000</text>') && log.body.includes('>5,000,000</text>'), '1-2-5 ticks of a log axis');
  assert.notEqual(log.headers.etag, linear.headers.etag);
  assert.equal((await app.inject({ url: `/chart.svg?${q}&scale=linear` })).body, linear.body);
  const png = await app.inject({ url: `/chart.png?${q}&scale=log&width=400&height=300` });
  assert.equal(png.statusCode, 200);
  assert.deepEqual([...png.rawPayload.subarray(0, 8)], PNG_SIGNATURE);
  const bad = await app.inject({ url: `/chart.svg?${q}&scale=logarithmic` });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().code, 'bad_parameter');
});

test('/chart.svg takes compare= as the page writes it: compared series named by dataset, a second unit on the right axis', async () => {
  const q = 'dataset=demo_cpi&dims=item=CP00&from=2016-01-01&lang=de';
  const res = await app.inject({ url: `/chart.svg?${q}&compare=demo_labour:indicator=unemp_rate;sex=women` });
  assert.equal(res.statusCode, 200, res.body);
  assert.ok(res.body.includes('>Demo-Arbeitsmarkt: Erwerbslosenquote · Frauen (%, Monatlich)</text>'), 'the page legend names it');
  assert.equal((res.body.match(/<g class="series"/g) ?? []).length, 2);
  assert.match(
    res.body,
    /<text class="unit" x="[\d.]+" y="[\d.]+" font-size="[\d.]+" fill="[^"]+" text-anchor="end">%<\/text>/,
    'the right axis says its unit',
  );
  // the same image whether compare is given once or as the page repeats it
  const two = await app.inject({ url: `/chart.svg?${q}&compare=demo_labour:indicator=unemp_rate;sex=women&compare=demo_gdp` });
  assert.equal(two.statusCode, 200, two.body);
  assert.equal((two.body.match(/<g class="series"/g) ?? []).length, 3);
  assert.notEqual(two.headers.etag, res.headers.etag);
  for (const bad of ['demo_nope', 'demo_labour:sex=nobody', 'Not An Id']) {
    const refused = await app.inject({ url: `/chart.svg?${q}&compare=${encodeURIComponent(bad)}` });
    assert.equal(refused.statusCode, 400, `${bad}: ${refused.body}`);
    assert.equal(refused.json().parameter, 'compare', refused.body);
  }
});

test('/chart.svg with more compare values than it takes says how many it takes, not that compare is given more than once', async () => {
  const q = 'dataset=demo_cpi&dims=item=CP00&from=2016-01-01';
  const many = Array.from({ length: 6 }, () => 'compare=demo_gdp').join('&');
  const res = await app.inject({ url: `/chart.svg?${q}&${many}` });
  assert.equal(res.statusCode, 400, res.body);
  const body = res.json();
  assert.equal(body.parameter, 'compare');
  assert.doesNotMatch(body.error, /more than once/);
  assert.match(body.error, /at most 5/);
});
