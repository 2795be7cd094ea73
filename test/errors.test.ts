// Bad input: every mistake a client can make gets the right status and a
// message naming what would be right, in the documented shape; nothing makes
// the server answer 500 or stop serving.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from './helpers.js';
import { PARAMS } from '../src/selection/params.js';

const problem = (body: string): Record<string, unknown> => {
  const p = JSON.parse(body) as Record<string, unknown>;
  for (const k of ['type', 'title', 'status', 'detail', 'error']) assert.ok(k in p, `problem member ${k} in ${body}`);
  return p;
};

describe('bad input', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  const cases: [string, number, RegExp, Record<string, unknown>?][] = [
    ['/series?dataset=ch_nope', 404, /Unknown dataset 'ch_nope'/],
    ['/series?dataset=ch_fso_pp', 404, /Did you mean 'ch_fso_ppi'/, { dataset: 'ch_fso_pp' }],
    ['/dataset/ch_nope/meta', 404, /Unknown dataset/],
    [
      '/series?dataset=ch_seco_concon&dims=kind=index',
      400,
      /Unknown dimension 'kind'.*Valid dimensions: type, structure, seas_adj/,
      { dimension: 'kind', valid: ['type', 'structure', 'seas_adj'] },
    ],
    [
      '/series?dataset=ch_seco_concon&dims=type=idx',
      400,
      /Unknown code 'idx' for dimension 'type'.*Valid codes: .*index/,
      { dimension: 'type', value: 'idx', code: 'unknown_code' },
    ],
    ['/series?dataset=ch_seco_concon&dims=type', 400, /Malformed dims segment 'type': expected dim=code/],
    // a dimension written as its own parameter, as page URLs allow: the API says where it goes
    [
      '/series?dataset=ch_seco_concon&type=sd',
      400,
      /Unknown parameter 'type': a dimension of ch_seco_concon goes in dims, e\.g\. dims=type=sd/,
      { code: 'unknown_parameter' },
    ],
    ['/series.xlsx?dataset=ch_seco_concon&type=sd&seas_adj=na', 400, /dims=type=sd/],
    ['/series?dataset=ch_seco_concon&dims==index', 400, /Malformed dims/],
    ['/series?dataset=ch_seco_concon&dims=type=', 400, /Empty code for dimension 'type'/],
    ['/series?dataset=ch_kof_barometer&dims=a=b', 400, /single series and has no dimensions/],
    ['/series?dataset=ch_fso_ppi&from=2020-02-30', 400, /Invalid from '2020-02-30': expected an ISO date YYYY-MM-DD/],
    ['/series?dataset=ch_fso_ppi&to=2020/01/01', 400, /Invalid to '2020\/01\/01': expected an ISO date YYYY-MM-DD/],
    ['/series?dataset=ch_fso_ppi&from=2021-01-01&to=2020-01-01', 400, /from \(2021-01-01\) is after to \(2020-01-01\)/],
    ['/series?dataset=ch_fso_ppi&transform=growth', 400, /Unknown transform 'growth': use one of level, pct, yoy, diff, index/],
    ['/series?dataset=ch_fso_ppi&base=2020-01-01', 400, /base only applies to transform=index/],
    ['/series?dataset=ch_fso_ppi&last=0', 400, /Invalid last/],
    ['/series?dataset=ch_fso_ppi&last=abc', 400, /Invalid last 'abc': expected a whole number/],
    ['/series?dims=base=2020', 400, /Missing required parameter 'dataset'/],
    ['/series?dataset=CH%20FSO', 400, /Invalid dataset 'CH FSO': expected a dataset id/],
    // one wording of an unknown parameter on every route, page URL and series key (issue 20)
    [
      '/series?dataset=ch_fso_ppi&form=2020-01-01',
      400,
      /Unknown parameter 'form' in the query\. Did you mean 'from'\? Known parameters: dataset, dims, from, to/,
    ],
    ['/no/such/route', 404, /No route \/no\/such\/route/],
  ];
  for (const [url, status, message, facts] of cases) {
    it(`${url} → ${status}`, async () => {
      const res = await app.inject(url);
      assert.equal(res.statusCode, status, res.body);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      const p = problem(res.body);
      assert.equal(p.status, status);
      assert.match(String(p.error), message);
      assert.equal(p.detail, p.error);
      for (const [k, v] of Object.entries(facts ?? {})) assert.deepEqual(p[k], v, k);
    });
  }

  it('every route that takes no parameters refuses one the same way, saying it takes none (a leading _ is ignored)', async () => {
    const routes = [
      '/catalog',
      '/categories',
      '/dataset/ch_kof_esi/meta',
      '/dataset/ch_kof_esi/combos',
      '/search-index.json',
      '/health',
      '/openapi.json',
      '/robots.txt',
      '/sitemap.xml',
      '/llms.txt',
    ];
    for (const route of routes) {
      const res = await app.inject(`${route}?x=1`);
      assert.equal(res.statusCode, 400, route);
      const p = problem(res.body);
      assert.equal(p.code, 'unknown_parameter', route);
      assert.match(String(p.detail), new RegExp(`Unknown parameter 'x': ${route.replace(/[.]/g, '\\.')} takes no parameters`), route);
      assert.equal((await app.inject(`${route}?_=1`)).statusCode, 200, `${route}?_=1`);
    }
  });

  it('CSV routes answer a one-column error CSV with the same status', async () => {
    const res = await app.inject('/series.csv?dataset=ch_seco_concon&dims=type=idx');
    assert.equal(res.statusCode, 400);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const [header, ...rest] = res.body.trim().split('\n');
    assert.equal(header, 'error');
    assert.match(rest.join('\n'), /Unknown code 'idx'/);
    assert.equal((await app.inject('/series.csv?dataset=nope')).statusCode, 404);
  });

  it('other methods get 405 with the Allow that OPTIONS (a CORS preflight) sends', async () => {
    const pre = await app.inject({ method: 'OPTIONS', url: '/series.csv' });
    assert.equal(pre.statusCode, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    assert.equal(pre.headers.allow, 'GET, HEAD, OPTIONS');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await app.inject({ method, url: '/series?dataset=ch_fso_ppi' });
      assert.equal(res.statusCode, 405, method);
      assert.equal(res.headers.allow, pre.headers.allow);
      problem(res.body);
    }
  });

  it('random and hostile query strings never make a 500 and always answer in the documented shape', async () => {
    const params = ['dataset', 'dims', 'from', 'to', 'last', 'transform', 'base', 'x'];
    const values = fc.oneof(
      fc.string(),
      fc.constantFrom('ch_fso_ppi', 'ch_seco_concon', 'type=index;structure=x', '2020-01-01', '-1', '1e9', '%', '\u0000', '../../etc/passwd', '<script>'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...params), values), fc.boolean(), async (query, csv) => {
        const qs = new URLSearchParams(query as Record<string, string>).toString();
        const res = await app.inject(`/series${csv ? '.csv' : ''}?${qs}`);
        assert.ok(res.statusCode < 500, `${qs} → ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 400) {
          if (csv) assert.match(res.body, /^error\n/);
          else problem(res.body);
        }
      }),
      { numRuns: 300 },
    );
    assert.equal((await app.inject('/series?dataset=ch_fso_ppi&last=1')).statusCode, 200, 'still serving');
  });
});

describe('HTTP behaviour of the API', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  it('sends CORS, ETag and Cache-Control, and 304 on If-None-Match', async () => {
    const url = '/series.csv?dataset=ch_fso_ppi&dims=base=2020';
    const res = await app.inject(url);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(String(res.headers['cache-control']), /max-age=\d+/);
    const etag = String(res.headers.etag);
    assert.match(etag, /^W\/".+"$/);
    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const other = await app.inject('/series.csv?dataset=ch_fso_ppi&dims=base=2015');
    assert.notEqual(other.headers.etag, etag);
  });

  it('HEAD answers the same headers without a body on every route', async () => {
    for (const url of ['/catalog', '/dataset/ch_fso_ppi/meta', '/series?dataset=ch_fso_ppi', '/series.csv?dataset=ch_fso_ppi', '/health', '/openapi.json']) {
      const get = await app.inject(url);
      const head = await app.inject({ method: 'HEAD', url });
      assert.equal(head.statusCode, get.statusCode, url);
      assert.equal(head.body, '', url);
      assert.equal(head.headers['content-type'], get.headers['content-type'], url);
      if (url !== '/health') assert.equal(head.headers.etag, get.headers.etag, url);
    }
  });

  it('compresses large responses for clients that accept it', async () => {
    const plain = await app.inject('/series.csv?dataset=ch_fso_jobs_sex');
    const br = await app.inject({ url: '/series.csv?dataset=ch_fso_jobs_sex', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.ok(br.rawPayload.length < plain.rawPayload.length / 4);
    const gz = await app.inject({ url: '/series.csv?dataset=ch_fso_jobs_sex', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal((await import('node:zlib')).gunzipSync(gz.rawPayload).toString(), plain.body);
    const small = await app.inject({ url: '/series?dataset=ch_fso_ppi&last=1', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(small.headers['content-encoding'], undefined);
  });

  it('catalog entries carry the derived facts of the data, and meta the normalised dimensions', async () => {
    const catalog = (await app.inject('/catalog')).json() as Record<string, unknown>[];
    const prod = catalog.find((c) => c.id === 'ch_fso_production')!;
    assert.equal(prod.n_series, 174, 'the data wins over the catalog (87)');
    const meta = (await app.inject('/dataset/ch_fso_unemp_rate/meta')).json() as Record<string, any>;
    assert.equal(meta.topic.key, 'labour', 'plain-string topic keyed by its slug');
    assert.equal(meta.topic.name.de, 'Arbeit', 'and named in four languages by its category');
    assert.deepEqual(meta.dim_order, ['origin', 'sex']);
    assert.ok(meta.dimensions.origin.levels.tot.label.en);
  });

  it('/openapi.json is OpenAPI 3.1 and documents every API route with its parameters', async () => {
    const doc = (await app.inject('/openapi.json')).json() as any;
    assert.equal(doc.openapi, '3.1.0');
    for (const p of ['/catalog', '/dataset/{id}/meta', '/series', '/series.csv', '/health']) assert.ok(doc.paths[p], p);
    const params = doc.paths['/series'].get.parameters.map((p: { name: string }) => p.name);
    // every parameter the table says /series takes (selection/params.ts), and no other
    const taken = Object.values(PARAMS).filter((p) => (p.takenBy as readonly string[]).includes('series'));
    assert.deepEqual(params.sort(), taken.map((p) => p.name).sort());
    const docs = await app.inject('/__docs__/');
    assert.equal(docs.statusCode, 200);
    assert.doesNotMatch(docs.body, /https?:\/\/(cdn|unpkg|cdnjs)/, 'docs assets are local');
  });

  it('answers 503 until data is loaded', async () => {
    const empty = await startApp('/nonexistent-data-dir');
    try {
      const health = await empty.inject('/health');
      assert.equal(health.statusCode, 503);
      const res = await empty.inject('/series?dataset=ch_fso_ppi');
      assert.equal(res.statusCode, 503);
      assert.equal(res.headers['retry-after'], '5');
      problem(res.body);
    } finally {
      await empty.close();
    }
  });
});
