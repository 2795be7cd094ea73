// Hostile and random input at every route: random query strings, paths
// (traversal attempts among them) and headers never make a 500 or a crash,
// and every error comes in the documented shape of its route.
import assert from 'node:assert/strict';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from './helpers.js';

const NASTY = [
  '',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '=cmd|x',
  'ch_fso_ppi',
  'ch_seco_concon',
  'type=index',
  'base=2020',
  '2020-01-01',
  '9999-99-99',
  '-1',
  '1e309',
  'NaN',
  '%',
  '%zz',
  '\ud800',
  'a'.repeat(5000),
  '{"$gt":1}',
  '[]',
  ';;;',
  '===',
  ',,,',
];

/** Checks an answer is not a server error and, when an error, has its route's documented shape. */
function checkShape(path: string, status: number, type: string, body: string): void {
  assert.ok(status < 500 || status === 501 || status === 503, `${path} → ${status}: ${body.slice(0, 300)}`);
  if (status < 400) return;
  assert.doesNotMatch(body, /\n\s+at [\w.<>]+ \(|node_modules\//, `no stack trace in ${path}`);
  if (/^application\/problem\+json/.test(type)) {
    const p = JSON.parse(body) as Record<string, unknown>;
    for (const k of ['type', 'title', 'status', 'detail', 'error']) assert.ok(k in p, `${k} in problem of ${path}`);
    assert.equal(p.status, status);
  } else if (/^text\/csv/.test(type)) {
    assert.match(body, /^error\r?\n/, `CSV error of ${path}`);
  } else if (/^application\/xml/.test(type) && path.startsWith('/sdmx/')) {
    assert.match(body, /<message:Error [\s\S]*<message:ErrorMessage code="\d+">/, `SDMX-ML error of ${path}`);
  } else if (/^text\/html/.test(type)) {
    assert.match(body, /<html/i, `HTML error page of ${path}`);
  } else if (!/^text\/plain/.test(type)) {
    assert.fail(`${path} → ${status} with an undocumented content type ${type}`);
  }
}

describe('hostile input at every route', () => {
  let app: FastifyInstance;
  let routes: string[];
  before(async () => {
    app = await startApp(REAL_DATA);
    const doc = (await app.inject('/openapi.json')).json() as { paths: Record<string, unknown> };
    // streams (Server-Sent Events) never end, so inject cannot wait for them: they have their own tests
    const streams = (p: string): boolean => JSON.stringify(doc.paths[p]).includes('text/event-stream') || p === '/events';
    routes = Object.keys(doc.paths)
      .filter((p) => !streams(p))
      .map((p) => p.replace('{id}', 'ch_seco_concon').replace('{flowRef}', 'ch_seco_concon').replace('{key}', 'index..csa').replace('{providerRef}', 'all'));
    routes.push(
      '/',
      '/de',
      '/fr/',
      '/it/datasets',
      '/d/ch_seco_concon',
      '/de/d/ch_fso_ppi',
      '/about',
      '/licenses',
      '/libraries',
      '/llms.txt',
      '/robots.txt',
      '/sitemap.xml',
    );
  });
  after(() => app.close());

  it('random query strings on every route', async () => {
    const value = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...NASTY));
    const key = fc.oneof(
      fc.constantFrom(
        'dataset',
        'dims',
        'from',
        'to',
        'last',
        'transform',
        'base',
        'q',
        'lang',
        'limit',
        'url',
        'width',
        'height',
        'maxwidth',
        'format',
        'download',
        'embed',
        'type',
      ),
      fc.string({ maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.array(fc.tuple(key, value), { maxLength: 6 }), async (route, pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        const res = await app.inject(`${route}?${qs}`);
        checkShape(`${route}?${qs}`, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
      }),
      { numRuns: 400 },
    );
  });

  it('random and traversing paths never reach a file outside the data and assets', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom(
        '..',
        '%2e%2e',
        '%2e%2e%2f',
        '..%2f',
        '.env',
        'etc',
        'passwd',
        'd',
        'de',
        'assets',
        'dataset',
        'meta',
        'package.json',
        'catalog.json',
        '%00',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), async (segments) => {
        const path = '/' + segments.join('/');
        const res = await app.inject(path);
        checkShape(path, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
        assert.doesNotMatch(res.body, /root:x:0:0|"devDependencies"|"_comment"/, `${path} leaked a file`);
      }),
      { numRuns: 400 },
    );
    for (const path of [
      '/assets/../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/etc/passwd',
      '/../../etc/passwd',
      '/dataset/..%2f..%2fetc%2fpasswd/meta',
      '/catalog.json',
      '/ch_fso_ppi.csv',
      '/demo-data/catalog.json',
    ]) {
      const res = await app.inject(path);
      assert.equal(res.statusCode, path.startsWith('/dataset/') ? 400 : 404, path);
    }
  });

  it('hostile headers', async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('*', 'gzip;q=0', 'br;q=abc', 'W/"x", "y"', '"', 'en;q=NaN', '\t', 'text/html', 'application/json', 'nonsense'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), header, header, header, async (route, accept, encoding, etag) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of [
          ['accept', accept],
          ['accept-encoding', encoding],
          ['if-none-match', etag],
          ['accept-language', accept],
        ] as const) {
          if (/^[\t\x20-\x7e]*$/.test(v)) headers[k] = v;
        }
        const res = await app.inject({ url: `${route}?dataset=ch_fso_ppi`, headers });
        checkShape(route, res.statusCode, String(res.headers['content-type'] ?? ''), res.statusCode < 400 ? '' : res.body);
      }),
      { numRuns: 300 },
    );
    assert.equal((await app.inject('/series?dataset=ch_fso_ppi&last=1')).statusCode, 200, 'still serving');
  });
});

/** Writes raw bytes to the server, half-closes once it answers, and resolves with all it answered (whatever came within 8 s). */
function rawExchange(port: number, request: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 8000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer changes nothing here
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    // Half-close only once the answer has begun (or after 5 s): Node aborts a response still being
    // made when the client half-closes first, and images are made in worker threads (the first
    // one starts its thread, which takes seconds from source on a busy machine).
    socket.write(request);
    socket.once('data', () => socket.end());
    const halfClose = setTimeout(() => socket.end(), 5000);
    socket.once('close', () => clearTimeout(halfClose));
  });
}

// inject() above goes round the front door (request ids, the response cache,
// the rate limit, the 414): here raw bytes go through a real socket to it.
describe('hostile bytes at the front door (a real socket)', () => {
  let app: FastifyInstance;
  let port: number;

  before(async () => {
    app = await startApp(REAL_DATA);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  after(async () => {
    await app.close();
  });

  it('random header lines never make a 500 or echo a hostile request id, also when the answer is a cache hit', async () => {
    const name = fc.oneof(
      fc.constantFrom('x-request-id', 'if-none-match', 'accept-encoding', 'accept', 'accept-language', 'x-forwarded-for', 'range', 'host', 'connection'),
      fc.stringMatching(/^[A-Za-z-]{1,20}$/),
    );
    const value = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(...NASTY),
      fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    );
    const path = fc.constantFrom(
      '/series?dataset=ch_fso_ppi&last=3',
      '/series.csv?dataset=ch_fso_ppi&last=3',
      '/catalog',
      '/de/d/ch_fso_ppi',
      '/chart.svg?dataset=ch_fso_ppi&last=12',
      '/../../etc/passwd',
      `/series?dataset=${'x'.repeat(9000)}`,
    );
    await fc.assert(
      fc.asyncProperty(path, fc.array(fc.tuple(name, value), { maxLength: 6 }), async (target, headers) => {
        // body framing headers are left out: with them the server rightly waits for a body
        const lines = headers.filter(([k]) => !/^(content-length|transfer-encoding|expect)$/i.test(k)).map(([k, v]) => `${k}: ${v}`);
        const request = Buffer.from([`GET ${target} HTTP/1.1`, 'host: localhost', ...lines, '', ''].join('\r\n'), 'latin1');
        // twice: the second answer of a good request comes from the response cache
        for (let i = 0; i < 2; i++) {
          const answer = await rawExchange(port, request);
          const statuses = [...answer.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1]));
          assert.ok(statuses.length > 0, `an HTTP answer to ${JSON.stringify(request.toString('latin1').slice(0, 300))}: ${answer.slice(0, 200)}`);
          for (const status of statuses) assert.ok(status < 500 || status === 503, `${status} for ${target}`);
          assert.doesNotMatch(answer, /\n\s+at [\w.<>]+ \(|node_modules\//, 'no stack trace');
          for (const m of answer.matchAll(/^x-request-id: (.*)$/gim)) assert.match(m[1].trim(), /^[\w.-]{1,64}$/, 'a safe request id');
        }
      }),
      { numRuns: 150 },
    );
    const res = await fetch(`http://127.0.0.1:${port}/series?dataset=ch_fso_ppi&last=1`);
    assert.equal(res.status, 200, 'still serving');
  });
});
