// The front door's answers from the response cache reuse one header list per
// representation and refill the request's own values in place (issue 24,
// round 4): every answer must still carry its own request id, counts and
// length, whatever was answered before it, with or without a rate limiter.
import assert from 'node:assert/strict';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';

interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  raw: string[];
  bytes: number;
}

/** One request over a real socket. */
function get(app: FastifyInstance, path: string, headers: Record<string, string>, method = 'GET'): Promise<Got> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders, bytes }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const URL = '/series.csv?dataset=ch_kof_esi';

for (const [label, overrides] of [
  ['no limiter', {}],
  ['a limiter', { rateLimit: 1_000_000 }],
] as const) {
  describe(`cache hits through the front door, ${label}`, () => {
    let app: FastifyInstance;
    before(async () => {
      app = await startApp(REAL_DATA, overrides);
      await app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => app.close());

    it('each answer carries its own request id, coding and length, in any order of codings, 304s and HEADs', async () => {
      const plain = await get(app, URL, { 'x-request-id': 'first' });
      assert.equal(plain.status, 200);
      const length = Number(plain.headers['content-length']);
      const asks: [Record<string, string>, string][] = [
        [{}, 'GET'],
        [{ 'accept-encoding': 'gzip' }, 'GET'],
        [{ 'if-none-match': String(plain.headers.etag) }, 'GET'],
        [{}, 'HEAD'],
        [{ 'accept-encoding': 'br' }, 'GET'],
        [{ 'if-match': '"stale"' }, 'GET'],
        [{}, 'GET'],
      ];
      for (let round = 0; round < 3; round++) {
        for (const [n, [headers, method]] of asks.entries()) {
          const id = `id-${round}-${n}`;
          const got = await get(app, URL, { ...headers, 'x-request-id': id }, method);
          const what = `${method} ${JSON.stringify(headers)} round ${round}`;
          assert.equal(got.headers['x-request-id'], id, what);
          assert.equal(got.raw.filter((h, i) => i % 2 === 0 && h.toLowerCase() === 'x-request-id').length, 1, `${what}: one id`);
          if (got.status === 200) {
            const coding = headers['accept-encoding'];
            assert.equal(got.headers['content-encoding'], coding, what);
            if (!coding) assert.equal(Number(got.headers['content-length']), length, what);
            assert.equal(got.bytes, method === 'HEAD' ? 0 : Number(got.headers['content-length']), what);
          } else assert.ok(got.status === 304 || got.status === 412, `${what}: ${got.status}`);
          if (label === 'a limiter') assert.ok(Number(got.headers['ratelimit-remaining']) < 1_000_000, `${what}: counted`);
        }
      }
    });

    it('answers asked at once each get their own id', async () => {
      await get(app, URL, {});
      const ids = Array.from({ length: 40 }, (_, k) => `together-${k}`);
      const got = await Promise.all(ids.map((id) => get(app, URL, { 'x-request-id': id })));
      assert.deepEqual(
        got.map((g) => g.headers['x-request-id']),
        ids,
      );
      if (label === 'a limiter') {
        const left = got.map((g) => Number(g.headers['ratelimit-remaining']));
        assert.equal(new Set(left).size, left.length, 'each its own count');
      }
    });
  });
}
