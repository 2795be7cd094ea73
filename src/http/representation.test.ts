// Content coding by Accept-Encoding (RFC 9110 §12.5.3): the highest q wins,
// ties go to our preference (br, gzip, then none), q=0 refuses, and with
// nothing acceptable the answer is sent uncompressed.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';

/** Accept-Encoding → the coding the answer must carry ('' for none). */
const CASES: [string, string][] = [
  ['br;q=0.5, gzip;q=1.0', 'gzip'],
  ['gzip;q=1.0, br;q=0.5', 'gzip'],
  ['gzip;q=0.9, br', 'br'],
  ['gzip, br', 'br'],
  ['br, gzip', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip, deflate', 'gzip'],
  ['gzip', 'gzip'],
  ['GZIP', 'gzip'],
  ['x-gzip', 'gzip'],
  ['br', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0', ''],
  ['gzip;q=0', ''],
  ['gzip;q=0, br;q=0', ''],
  ['br ; q=0.001, gzip;q=0.002', 'gzip'],
  ['br;q=0.500, gzip;q=0.5', 'br'],
  ['*', 'br'],
  ['*;q=0.5, br;q=0.4', 'gzip'],
  ['*;q=0', ''],
  ['*;q=0, gzip', 'gzip'],
  ['identity', ''],
  ['identity;q=1, gzip;q=0.5', ''],
  ['gzip;q=0.5, identity;q=0.4', 'gzip'],
  // nothing acceptable, identity refused too: still answered, uncompressed (not 406)
  ['identity;q=0', ''],
  ['identity;q=0, *;q=0', ''],
  ['deflate', ''],
  ['', ''],
  // malformed q-values name nothing acceptable
  ['br;q=abc, gzip', 'gzip'],
  ['br;q=2, gzip', 'gzip'],
  ['br;q=-1', ''],
  ['gzipx, brotli', ''],
];

/** A GET on a real socket: status, headers and the body's bytes as sent (not decoded). */
function getRaw(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('Accept-Encoding: q-values choose the coding of every answer (miss, cache hit, streamed)', () => {
  let app: FastifyInstance;
  let streamed: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
    // every answer of more than 10 rows is streamed
    streamed = await startApp(REAL_DATA, { streamRows: 10 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await streamed.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await streamed.close();
  });

  const URL = '/series.csv?dataset=ch_kof_esi';

  /** The decoded body of an answer in the coding it names. */
  const decoded = (raw: Buffer, coding: string): string =>
    (coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');

  for (const [server, label] of [
    [() => app, 'whole'],
    [() => streamed, 'streamed'],
  ] as const) {
    it(`${label}: ${CASES.length} headers, each on a miss and a hit, decode to the plain body`, async () => {
      const plain = (await getRaw(server(), URL, {})).body.toString('utf8');
      assert.ok(plain.length > 1024, 'large enough to compress');
      for (const [n, [accept, want]] of CASES.entries()) {
        // a URL of its own per header: the first request is a miss, the second a hit of the response cache (when not streamed)
        const url = `${URL}&_n=${n}`;
        for (const round of ['miss', 'hit']) {
          const res = await getRaw(server(), url, { 'accept-encoding': accept });
          assert.equal(res.status, 200);
          assert.equal(res.headers['content-encoding'] ?? '', want, `${label} ${round} Accept-Encoding: '${accept}'`);
          assert.match(String(res.headers.vary), /Accept-Encoding/i);
          assert.equal(decoded(res.body, want), plain, `${label} ${round} '${accept}': the body decodes to the plain one`);
        }
      }
    });
  }
});
