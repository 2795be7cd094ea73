// The fast lane (issue 16) answers selection routes before Fastify: over a
// real socket every answer, valid or not, must be the one Fastify gives
// (app.inject goes through Fastify alone), and the lane must take exactly
// the queries the route's schema accepts.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { publishVintages, type VintageFixture } from '../../test/vintage-fixture.js';

/** Headers the route decides (the front door's own, Date and connection handling aside). */
const ROUTE_HEADERS = [
  'content-type',
  'content-length',
  'etag',
  'cache-control',
  'vary',
  'content-disposition',
  'content-encoding',
  'access-control-allow-origin',
  'access-control-expose-headers',
];

const CUBE = 'dataset=ch_snb_zavesic&dims=D0%3DDA1';

/** Valid queries: the lane takes them. */
const VALID = [
  `/series.csv?${CUBE}`,
  `/series.csv?${CUBE}&from=2000-01-01&to=2010-12-31&transform=yoy`,
  `/series.csv?${CUBE}&last=5&download=1`,
  `/series.csv?${CUBE}&labels=true&lang=de`,
  `/series.csv?${CUBE}&_=cache-buster`,
  `/series.csv?dataset=ch_snb_zavesic`,
  `/series?${CUBE}&transform=index&base=2000-01-01`,
  `/series?${CUBE}&last=3`,
  `/chart.svg?${CUBE}&width=400&height=300`,
  // valid for the schema, refused by the handler: the lane hands them to Fastify
  `/series.csv?dataset=no_such_dataset`,
  `/series.csv?dataset=ch_snb_zavesic&dims=D0%3Dnope`,
  `/series?${CUBE}&from=2010-01-01&to=2000-01-01`,
  `/series?${CUBE}&base=2000-01-01`,
  `/series.csv?${CUBE}&from=2021-02-30`,
  // decomposed Unicode (u + combining diaeresis) in a code and in a dimension name: composed by the one query parser
  `/series.csv?dataset=ch_fso_trade_partner&dims=partner%3DTu%CC%88rkiye&last=2`,
  `/series.csv?dataset=ch_fso_jobs_sex&dims=Besch%61%CC%88ftigungsgrad%3D1&last=1`,
  // escapes in lower case, and a raw combining mark
  `/series.csv?dataset=ch_fso_trade_partner&dims=partner%3dTu%cc%88rkiye&last=2`,
  `/series.csv?dataset=ch_fso_trade_partner&dims=partner%3DTu\u0308rkiye&last=2`,
];

/** Queries the schema refuses: Fastify answers them. */
const REFUSED = [
  `/series.csv`,
  `/series.csv?`,
  `/series.csv?${CUBE}&bogus=1`,
  `/series.csv?${CUBE}&last=0`,
  `/series.csv?${CUBE}&last=abc`,
  `/series.csv?${CUBE}&transform=nope`,
  `/series.csv?${CUBE}&from=2020-1-1`,
  `/series.csv?${CUBE}&dataset=ch_snb_zavesic`,
  `/series?${CUBE}&download=maybe`,
  `/chart.svg?${CUBE}&width=1`,
];

describe('the fast lane answers as Fastify does', () => {
  let app: FastifyInstance;
  let base: string;
  before(async () => {
    app = await startApp(REAL_DATA, { responseCacheBytes: 0 });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const compare = async (url: string, method: 'GET' | 'HEAD', headers: Record<string, string> = {}): Promise<void> => {
    const viaSocket = await fetch(base + url, { method, headers: { 'accept-encoding': 'identity', ...headers } });
    const viaFastify = await app.inject({ url, method, headers: { 'accept-encoding': 'identity', ...headers } });
    assert.equal(viaSocket.status, viaFastify.statusCode, `${method} ${url}: status`);
    assert.equal(await viaSocket.text(), viaFastify.body, `${method} ${url}: body`);
    for (const name of ROUTE_HEADERS) {
      const fromFastify = viaFastify.headers[name];
      assert.equal(viaSocket.headers.get(name) ?? undefined, fromFastify === undefined ? undefined : String(fromFastify), `${method} ${url}: ${name}`);
    }
  };

  it('the lane takes the queries the schema accepts and no other', () => {
    const get = { method: 'GET', headers: {} } as IncomingMessage;
    for (const url of VALID) assert.ok(app.ds.lanes.match(get, url), `lane for ${url}`);
    for (const url of REFUSED) assert.equal(app.ds.lanes.match(get, url), null, `no lane for ${url}`);
    const withBody = { method: 'GET', headers: { 'content-length': '3' } } as unknown as IncomingMessage;
    assert.equal(app.ds.lanes.match(withBody, VALID[0]), null, 'a request with a body goes to Fastify');
    assert.equal(app.ds.lanes.match({ method: 'POST', headers: {} } as IncomingMessage, VALID[0]), null, 'POST goes to Fastify');
    assert.equal(app.ds.lanes.match(get, `/dataset/ch_snb_zavesic/meta?x=1`), null, 'a route without a lane');
  });

  it('GET and HEAD of valid and refused queries: same status, body and route headers', async () => {
    for (const url of [...VALID, ...REFUSED]) {
      await compare(url, 'GET');
      await compare(url, 'HEAD');
    }
  });

  it('a matching If-None-Match gets the same 304, a stale one the same 200', async () => {
    for (const url of VALID.slice(0, 9)) {
      const etag = (await app.inject(url)).headers.etag as string;
      await compare(url, 'GET', { 'if-none-match': etag });
      await compare(url, 'GET', { 'if-none-match': 'W/"stale"' });
    }
  });

  it('gzip and br when asked: the same bytes as through Fastify', async () => {
    const url = `/series.csv?dataset=ch_snb_zavesic`;
    for (const encoding of ['gzip', 'br']) {
      const viaSocket = await fetch(base + url, { headers: { 'accept-encoding': encoding } });
      const viaFastify = await app.inject({ url, headers: { 'accept-encoding': encoding } });
      assert.equal(viaSocket.headers.get('content-encoding'), encoding);
      assert.equal(await viaSocket.text(), (await app.inject({ url, headers: { 'accept-encoding': 'identity' } })).body);
      assert.equal(viaFastify.headers['content-encoding'], encoding);
    }
  });
});

describe('errors run once', () => {
  let app: FastifyInstance;
  let base: string;
  let framework = 0;
  before(async () => {
    app = await buildApp(loadConfig({ DS_DATA_DIR: REAL_DATA, LOG_LEVEL: 'silent', DS_WATCH: 'false', DS_RATE_LIMIT: '0' }, { responseCacheBytes: 0 }));
    // counts the requests the framework sees
    app.addHook('onRequest', async () => void framework++);
    await app.ds.data.ready;
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  it('a query the handler refuses is answered by the lane, never by the framework again (issue 24)', async () => {
    const refused = VALID.slice(9, 14);
    assert.equal(refused.length, 5);
    for (const url of refused) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(base + url, { method });
        assert.ok(res.status === 400 || res.status === 404, `${method} ${url}: ${res.status}`);
        await res.arrayBuffer();
      }
    }
    assert.equal(framework, 0, 'requests the framework saw');
    // a query the schema refuses still goes to the framework (it reads the schema's errors)
    await (await fetch(`${base}/series.csv?${CUBE}&bogus=1`)).arrayBuffer();
    assert.equal(framework, 1);
  });
});

describe('an answer made asynchronously (as_of reads a vintage) goes through the lane too', () => {
  let fx: VintageFixture;
  let app: FastifyInstance;
  let base: string;
  let framework = 0;
  before(async () => {
    fx = await publishVintages();
    app = await buildApp(loadConfig({ DS_DATA_DIR: fx.dir, LOG_LEVEL: 'silent', DS_WATCH: 'false', DS_RATE_LIMIT: '0' }, { responseCacheBytes: 0 }));
    app.addHook('onRequest', async () => void framework++);
    await app.ds.data.ready;
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await fx.remove();
  });

  it('vintages, and refusals at once and after a turn of the event loop: the answers of Fastify, never run by it (issue 24)', async () => {
    const urls = [
      `/series.csv?dataset=ch_fso_wage_idx&as_of=${encodeURIComponent(fx.stamps[1])}&last=3`,
      `/series?dataset=ch_fso_wage_idx&as_of=2026-02-20&last=2`,
      // refused at once (before the first vintage), and after a turn of the event loop (a dimension the vintage read does not have)
      '/series.csv?dataset=ch_fso_wage_idx&as_of=2020-01-01',
      `/series.csv?dataset=ch_fso_wage_idx&as_of=${encodeURIComponent(fx.stamps[0])}&dims=nope%3Dx`,
    ];
    const statuses: number[] = [];
    for (const url of urls) {
      const viaSocket = await fetch(base + url, { headers: { 'accept-encoding': 'identity' } });
      const body = await viaSocket.text();
      const before = framework;
      const viaFastify = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      framework = before;
      assert.equal(viaSocket.status, viaFastify.statusCode, url);
      assert.equal(body, viaFastify.body, url);
      assert.equal(viaSocket.headers.get('etag') ?? undefined, viaFastify.headers.etag, url);
      statuses.push(viaSocket.status);
    }
    assert.deepEqual(statuses, [200, 200, 400, 400]);
    assert.equal(framework, 0, 'requests the framework saw');
  });
});
