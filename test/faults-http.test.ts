// Faults at the HTTP level, on a real server on a port: malformed URLs and
// HTTP through raw sockets, every method on every known path, forged
// X-Forwarded-For headers, the weighted rate limit and the /events caps.
// Every answer is the one error shape (problem+json, an error CSV or the
// HTML error page), never the framework's JSON nor Node's bare 400.
import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import { ALLOWED_METHODS } from '../src/http/get-route.js';
import { holdStream, REAL_DATA, startApp, type HeldStream } from './helpers.js';

/** One raw HTTP exchange: sends bytes, reads until the server closes or `ms` pass. */
function raw(port: number, bytes: string, ms = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(got);
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      // one answer is enough once its body is complete
      const m = /\r\ncontent-length: (\d+)\r\n/i.exec(got);
      const head = got.indexOf('\r\n\r\n');
      if (m && head >= 0 && got.length - head - 4 >= Number(m[1])) done();
    });
    socket.on('end', done);
    socket.on('error', (e) => (got ? done() : reject(e)));
    socket.write(bytes);
  });
}

/** Status, headers and body of a raw answer. */
function parseRaw(text: string): { status: number; headers: Record<string, string>; body: string } {
  const head = text.slice(0, text.indexOf('\r\n\r\n'));
  const [line, ...fields] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const f of fields) headers[f.slice(0, f.indexOf(':')).toLowerCase()] = f.slice(f.indexOf(':') + 1).trim();
  return { status: Number(line.split(' ')[1]), headers, body: text.slice(head.length + 4) };
}

/** Asserts an answer is a problem+json of a status and code. */
function assertProblem(a: { status: number; headers: Record<string, string>; body: string }, status: number, code?: string): void {
  assert.equal(a.status, status, a.body);
  assert.match(a.headers['content-type'] ?? '', /^application\/problem\+json/, a.body);
  const p = JSON.parse(a.body) as Record<string, unknown>;
  for (const k of ['type', 'title', 'status', 'detail', 'error']) assert.ok(k in p, `${k} in ${a.body}`);
  assert.equal(p.status, status);
  if (code) assert.equal(p.code, code);
  assert.doesNotMatch(a.body, /FST_ERR|Client Error/);
}

async function listen(overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; port: number; base: string }> {
  const app = await startApp(REAL_DATA, overrides);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { app, port, base: `http://127.0.0.1:${port}` };
}

/** A client asking for the same series over and over; `stop()` returns every status it got. */
function steadyClient(base: string): { stop: () => Promise<(number | string)[]> } {
  const seen: (number | string)[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const r = await fetch(`${base}/series?dataset=ch_fso_ppi&last=3`, { signal: AbortSignal.timeout(5000) });
        await r.arrayBuffer();
        seen.push(r.status);
      } catch (e) {
        seen.push((e as Error).name);
      }
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

describe('malformed URLs and HTTP answer the one error shape', () => {
  let s: Awaited<ReturnType<typeof listen>>;
  let steady: ReturnType<typeof steadyClient>;
  before(async () => {
    s = await listen();
    steady = steadyClient(s.base);
  });
  after(() => s.app.close());

  const get = (path: string, headers = ''): Promise<ReturnType<typeof parseRaw>> =>
    raw(s.port, `GET ${path} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`).then(parseRaw);

  for (const path of ['/d/%ff', '/%', '/dataset/%c0%af/meta', '/d/%E0%A4%A']) {
    it(`bad URL encoding ${path} → 400 problem+json`, async () => assertProblem(await get(path), 400, 'bad_url_encoding'));
  }
  it('bad URL encoding on a page path, from a browser → the HTML error page', async () => {
    const a = await get('/de/d/%ff', 'Accept: text/html\r\n');
    assert.equal(a.status, 400);
    assert.match(a.headers['content-type'], /^text\/html/);
    assert.match(a.body, /<html/);
  });
  it('bad URL encoding on a .csv path → an error CSV', async () => {
    const a = await get('/series%ff.csv');
    assert.equal(a.status, 400);
    assert.match(a.body, /^error\n/);
  });
  for (const path of [`/d/${'x'.repeat(300)}`, `/dataset/${'a'.repeat(300)}/meta`]) {
    // malformed like a dataset id over 100 characters, which the path's schema refuses with 400 (issue 23)
    it(`a 300-character name ${path.slice(0, 12)}… → 400 problem+json bad_parameter`, async () => assertProblem(await get(path), 400, 'bad_parameter'));
  }
  it("a query name of Object.prototype's (constructor, __proto__, toString…) is any other name: the same status and code on every route that reads a query", async () => {
    const pageUrl = (name: string): string => `/de/d/ch_fso_pop_detail?${name}=1`;
    const routes: ((name: string) => string)[] = [
      (name) => `/resolve?q=${encodeURIComponent(pageUrl(name))}`,
      (name) => `/resolve?q=${encodeURIComponent('/de/d/ch_fso_pop_detail')}&${name}=1`,
      (name) => pageUrl(name),
      (name) => `/series.csv?dataset=ch_fso_pop_detail&${name}=1`,
      (name) => `/series?dataset=ch_fso_pop_detail&${name}=1`,
      (name) => `/oembed?url=${encodeURIComponent(pageUrl(name))}`,
      (name) => `/search?q=pop&${name}=1`,
      (name) => `/datasets?${name}=1`,
    ];
    const seen = async (path: string): Promise<string> => {
      const a = await get(path);
      const code = a.headers['content-type']?.includes('json') ? (JSON.parse(a.body) as { code?: string }).code : undefined;
      return `${a.status} ${code ?? ''}`;
    };
    for (const route of routes) {
      // a name beginning with `_` is a cache buster wherever a query is read (`__proto__` too), any other an unknown parameter
      const plain = { unknown: await seen(route('zzunknown')), buster: await seen(route('_zzunknown')) };
      for (const name of Object.getOwnPropertyNames(Object.prototype)) {
        assert.equal(await seen(route(name)), name.startsWith('_') ? plain.buster : plain.unknown, route(name));
      }
    }
  });
  const broken: [string, string, number, string][] = [
    ['a bad request line', 'GARBAGE\r\n\r\n', 400, 'bad_request'],
    // a well-formed method token Node does not know is a method not allowed, like any other (issue 23)
    ['an unknown method', 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'method_not_allowed'],
    ['a bad Content-Length', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'bad_request'],
    ['two Content-Lengths', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', 400, 'bad_request'],
    ['a header without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n', 400, 'bad_request'],
    ['a 20 KB header', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'header_too_large'],
  ];
  for (const [what, bytes, status, code] of broken) {
    it(`${what} → ${status} problem+json`, async () => assertProblem(parseRaw(await raw(s.port, bytes)), status, code));
  }
  // Node counts the request line in its header limit: a URL past it must still be a URL too long, not headers too large
  for (const size of [9_000, 30_000, 100_000]) {
    const long = 'a'.repeat(size);
    const urls: [string, string][] = [
      ['the path', `/d/${long}`],
      ['dims=', `/series.csv?dataset=ch_kof_esi&dims=${long}`],
      ['an ignored _x=', `/series.csv?dataset=ch_kof_esi&_x=${long}`],
    ];
    for (const [where, url] of urls) {
      const csv = url.startsWith('/series.csv');
      it(`a ${size / 1000} KB URL in ${where} → 414 uri_too_long (GET: ${csv ? 'an error CSV' : 'problem+json'}; HEAD: its headers, no body)`, async () => {
        const got = parseRaw(await raw(s.port, `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        if (csv) {
          assert.equal(got.status, 414, got.body);
          assert.match(got.headers['content-type'] ?? '', /^text\/csv/);
          assert.match(got.body, /^error\n.*The URL has (more than )?\d+ characters; at most 8192/);
        } else assertProblem(got, 414, 'uri_too_long');
        const head = parseRaw(await raw(s.port, `HEAD ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        assert.equal(head.status, 414);
        assert.equal(head.headers['content-type'], got.headers['content-type']);
        assert.equal(head.body, '', 'a HEAD answer has no body');
      });
    }
  }
  it('a 20 KB cookie with a short URL → 431 header_too_large', async () =>
    assertProblem(
      parseRaw(await raw(s.port, `GET /health HTTP/1.1\r\nHost: x\r\nCookie: s=${'c'.repeat(20_000)}\r\nConnection: close\r\n\r\n`)),
      431,
      'header_too_large',
    ));
  it('a steady client saw no failed request meanwhile', async () => {
    const seen = await steady.stop();
    assert.ok(seen.length > 0);
    assert.deepEqual(
      seen.filter((x) => x !== 200),
      [],
    );
  });
});

describe('every other method on every known path → 405 with Allow', () => {
  let s: Awaited<ReturnType<typeof listen>>;
  before(async () => (s = await listen()));
  after(() => s.app.close());

  const paths = ['/', '/de/datasets', '/d/ch_fso_ppi', '/series', '/series.csv', '/catalog', '/health', '/events', '/chart.png', '/openapi.json'];
  const methods = METHODS.filter((m) => !['GET', 'HEAD', 'OPTIONS', 'CONNECT'].includes(m));
  it(`${methods.length} methods × ${paths.length} paths`, async () => {
    for (const path of paths) {
      for (const method of methods) {
        const a = parseRaw(await raw(s.port, `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        assert.equal(a.status, 405, `${method} ${path}: ${a.body.slice(0, 200)}`);
        assert.equal(a.headers.allow, ALLOWED_METHODS.join(', '), `${method} ${path}`);
      }
    }
  });
  it('an unknown path stays 404 whatever the method', async () => {
    const a = parseRaw(await raw(s.port, 'PROPFIND /no/such HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    assertProblem(a, 404, 'no_route');
  });
});

describe('HTTP protocol edges answer the one error shape, and the server keeps serving', () => {
  let s: Awaited<ReturnType<typeof listen>>;
  let steady: ReturnType<typeof steadyClient>;
  before(async () => {
    s = await listen();
    steady = steadyClient(s.base);
  });
  after(() => s.app.close());

  const send = async (bytes: string) => parseRaw(await raw(s.port, bytes));

  // RFC 9112 §3.2: an HTTP/1.1 request without Host, or with more than one, gets 400
  const hosts: [string, string][] = [
    ['no Host header', 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n'],
    ['two Host headers', 'GET /health HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n'],
    ['two Host headers on a data route', 'GET /series?dataset=ch_kof_esi&last=1 HTTP/1.1\r\nHost: x\r\nhost: x\r\nConnection: close\r\n\r\n'],
  ];
  for (const [what, bytes] of hosts) it(`${what} → 400 problem+json bad_request`, async () => assertProblem(await send(bytes), 400, 'bad_request'));
  it('no Host header on a .csv route → 400 as an error CSV', async () => {
    const a = await send('GET /series.csv?dataset=ch_kof_esi HTTP/1.1\r\nConnection: close\r\n\r\n');
    assert.equal(a.status, 400);
    assert.match(a.body, /^error\n.*Host/);
  });
  it('HTTP/1.0 without Host (allowed there) and HTTP/1.1 with one Host → 200', async () => {
    assert.equal((await send('GET /health HTTP/1.0\r\n\r\n')).status, 200);
    assert.equal((await send('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status, 200);
  });

  it('CONNECT → 405 problem+json with the same Allow as every other 405 and as OPTIONS', async () => {
    const connect = await send('CONNECT /health HTTP/1.1\r\nHost: x\r\n\r\n');
    assertProblem(connect, 405, 'method_not_allowed');
    const authority = await send('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    assertProblem(authority, 405, 'method_not_allowed');
    const post = await send('POST /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assertProblem(post, 405, 'method_not_allowed');
    const options = await send('OPTIONS /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.equal(options.status, 204);
    assert.equal(connect.headers.allow, options.headers.allow);
    assert.equal(authority.headers.allow, options.headers.allow);
    assert.equal(post.headers.allow, options.headers.allow);
  });

  // RFC 9110 §13.1.1: a GET whose If-Match names no current ETag gets 412 (checked before If-None-Match)
  const conditional = [
    '/series.csv?dataset=ch_kof_esi',
    '/series?dataset=ch_kof_esi&last=2',
    '/catalog',
    '/chart.svg?dataset=ch_kof_esi&last=8',
    '/d/ch_kof_esi',
    '/openapi.json',
  ];
  for (const url of conditional) {
    it(`If-Match on ${url}: a stale ETag → 412 in the route's error shape (miss, cache hit, HEAD); *, the current ETag or a list holding it → 200`, async () => {
      const first = await fetch(`${s.base}${url}`);
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      const get = (ifMatch: string, more: Record<string, string> = {}, method = 'GET') =>
        fetch(`${s.base}${url}`, { method, headers: { 'if-match': ifMatch, ...more } });
      for (const [stale, method] of [
        ['"nope"', 'GET'],
        ['"nope"', 'GET'],
        ['W/"nope", "also-not"', 'GET'],
        ['"nope"', 'HEAD'],
      ] as const) {
        const res = await get(stale, {}, method);
        const body = await res.text();
        assert.equal(res.status, 412, `${method} ${url} If-Match: ${stale}: ${body}`);
        if (method === 'HEAD') assert.equal(body, '');
        else if (url.includes('.csv')) assert.match(body, /^error\n/);
        else assertProblem({ status: res.status, headers: Object.fromEntries(res.headers), body }, 412, 'precondition_failed');
      }
      if (etag) {
        const stale = await get('"nope"', { 'if-none-match': etag });
        await stale.arrayBuffer();
        assert.equal(stale.status, 412, 'If-Match is checked before If-None-Match');
        for (const good of ['*', etag, `"nope", ${etag}`]) {
          const res = await get(good);
          await res.arrayBuffer();
          assert.equal(res.status, 200, `${url} If-Match: ${good}`);
        }
      }
    });
  }

  it('a steady client saw no failed request meanwhile', async () => {
    const seen = await steady.stop();
    assert.ok(seen.length > 0);
    assert.deepEqual(
      seen.filter((x) => x !== 200),
      [],
    );
  });
});

describe('forged X-Forwarded-For headers', () => {
  /** The rate-limit bucket a request lands in, told by the remaining budget after a fresh request. */
  async function remainingAfter(base: string, xff: string | null): Promise<number> {
    const res = await fetch(`${base}/catalog`, { headers: xff === null ? {} : { 'x-forwarded-for': xff } });
    await res.arrayBuffer();
    return Number(res.headers.get('ratelimit-remaining'));
  }

  it('with no trusted proxy, X-Forwarded-For is ignored: every forgery counts against the socket address', async () => {
    const s = await listen({ rateLimit: 100, trustProxy: [] });
    try {
      const forged = ['1.2.3.4', '5.6.7.8, 127.0.0.1', 'garbage', '', '::1', '10.0.0.1, 10.0.0.2'];
      const seen = [];
      for (const f of forged) seen.push(await remainingAfter(s.base, f));
      assert.deepEqual(seen, [99, 98, 97, 96, 95, 94]);
    } finally {
      await s.app.close();
    }
  });

  it('behind a trusted proxy the client is the right-most untrusted address: a forged left part buys nothing', async () => {
    // the test client connects from 127.0.0.1: trust loopback and 10.0.0.0/8 (a proxy chain)
    const s = await listen({ rateLimit: 100, trustProxy: ['loopback', '10.0.0.0/8'] });
    try {
      // the same real client 203.0.113.7, with whatever it wrote in front
      const sameClient = ['203.0.113.7', '1.1.1.1, 203.0.113.7', 'forged, 203.0.113.7', '9.9.9.9, 8.8.8.8, 203.0.113.7, 10.0.0.5', '203.0.113.7,10.1.2.3'];
      const seen = [];
      for (const f of sameClient) seen.push(await remainingAfter(s.base, f));
      assert.deepEqual(seen, [99, 98, 97, 96, 95], 'one budget for one client, whatever it forged');
      // another client has its own budget
      assert.equal(await remainingAfter(s.base, '198.51.100.2'), 99);
      // only trusted proxies in the chain: the client is the left-most of them
      assert.equal(await remainingAfter(s.base, '10.9.9.9'), 99);
    } finally {
      await s.app.close();
    }
  });
});

describe('weighted rate limit', () => {
  it('an uncached image costs 10 units, a cache hit 1, and RateLimit-Policy names the weights', async () => {
    const s = await listen({ rateLimit: 100 });
    try {
      const img = `${s.base}/chart.svg?dataset=ch_fso_ppi&last=4`;
      const first = await fetch(img);
      await first.arrayBuffer();
      assert.equal(first.headers.get('ratelimit-remaining'), '97');
      const hit = await fetch(img);
      await hit.arrayBuffer();
      assert.equal(hit.headers.get('ratelimit-remaining'), '96');
      const png = await fetch(`${s.base}/chart.png?dataset=ch_fso_ppi&last=4&_r=1`);
      await png.arrayBuffer();
      assert.equal(png.headers.get('ratelimit-remaining'), '86');
      const policy = String(png.headers.get('ratelimit-policy'));
      assert.match(policy, /^100;w=60;/);
      assert.match(policy, /\/chart\.png=10/);
      assert.match(policy, /\/series\.xlsx=10/);
      const whole = await fetch(`${s.base}/series.csv?dataset=ch_fso_ppi`);
      await whole.arrayBuffer();
      assert.equal(whole.headers.get('ratelimit-remaining'), '84');
    } finally {
      await s.app.close();
    }
  });

  it('with --workers N each process enforces its share and says so', async () => {
    const s = await listen({ rateLimit: 100, workers: 4 });
    try {
      const res = await fetch(`${s.base}/catalog`);
      await res.arrayBuffer();
      assert.equal(res.headers.get('ratelimit-limit'), '25');
      assert.match(String(res.headers.get('ratelimit-policy')), /^25;w=60;comment="units per worker: 4 workers share 100/);
    } finally {
      await s.app.close();
    }
  });
});

describe('/events caps', () => {
  it('one client address holds at most DS_EVENTS_PER_CLIENT streams (429), others still connect', async () => {
    const s = await listen({ eventsPerClient: 3, trustProxy: ['loopback'] });
    const open: HeldStream[] = [];
    try {
      // each stream is held on its own socket until the server has sent its first event (a dropped fetch Response may be collected and closed)
      const stream = async (xff: string): Promise<number> => {
        open.push(await holdStream(`${s.base}/events`, { 'x-forwarded-for': xff }));
        return open[open.length - 1].status;
      };
      for (let i = 0; i < 3; i++) assert.equal(await stream('203.0.113.1'), 200);
      const refused = await fetch(`${s.base}/events`, { headers: { 'x-forwarded-for': '203.0.113.1' } });
      assertProblem({ status: refused.status, headers: Object.fromEntries(refused.headers), body: await refused.text() }, 429, 'too_many_client_streams');
      assert.equal(await stream('203.0.113.2'), 200);
    } finally {
      for (const held of open) held.close();
      await s.app.close();
    }
  });
});

describe('a graceful stop', () => {
  it('refuses new requests with a 503 problem+json that closes the connection', async () => {
    const s = await listen();
    try {
      await s.app.ds.drain();
      const a = parseRaw(await raw(s.port, 'GET /series?dataset=ch_fso_ppi HTTP/1.1\r\nHost: x\r\n\r\n'));
      assertProblem(a, 503, 'restarting');
      assert.equal(a.headers.connection, 'close');
      assert.ok(Number(a.headers['retry-after']) >= 1);
      const csv = parseRaw(await raw(s.port, 'GET /series.csv?dataset=ch_fso_ppi HTTP/1.1\r\nHost: x\r\n\r\n'));
      assert.equal(csv.status, 503);
      assert.match(csv.body, /^error\n/);
    } finally {
      await s.app.close();
    }
  });
});
