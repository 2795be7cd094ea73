// Whole-dataset answers streamed (issue 12): on a real server whose stream
// threshold is 0 rows, every real dataset's unfiltered /series.csv is the
// published file row for row: byte for byte, except that a number the
// publisher wrote with more digits than its double needs is written in the
// shortest form (DESIGN §3), plain and through gzip and br; /series is
// byte-equal to the buffered encoder's JSON; ETag, 304, HEAD and CORS are
// those of a buffered answer; nothing streamed is kept in the response cache.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';

let streaming: FastifyInstance;
let buffered: FastifyInstance;
let base: string;

before(async () => {
  [streaming, buffered] = await Promise.all([startApp(REAL_DATA, { streamRows: 0 }), startApp(REAL_DATA)]);
  base = await streaming.listen({ port: 0, host: '127.0.0.1' });
});

after(() => Promise.all([streaming.close(), buffered.close()]));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET or HEAD through a real socket, body as sent (not decompressed). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Lines of the published file that differ from the served ones other than by a number's spelling. */
function differences(served: string, published: string): string[] {
  const a = served.split('\n');
  const b = published.split('\n');
  const out: string[] = [];
  if (a.length !== b.length) out.push(`${a.length} lines served, ${b.length} published`);
  for (let i = 0; i < Math.min(a.length, b.length) && out.length < 3; i++) {
    if (a[i] === b[i]) continue;
    const cut = (line: string): [string, string] => [line.slice(0, line.lastIndexOf(',')), line.slice(line.lastIndexOf(',') + 1)];
    const [pa, va] = cut(a[i]);
    const [pb, vb] = cut(b[i]);
    if (pa !== pb || va === '' || Number(va) !== Number(vb)) out.push(`line ${i + 1}: ${a[i]} | ${b[i]}`);
  }
  return out;
}

test('every real dataset: the streamed unfiltered CSV is the published file, plain, gzip and br', async () => {
  const catalog = JSON.parse(await readFile(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string; data: string }[];
  assert.equal(catalog.length, 45);
  let identical = 0;
  for (const { id, data } of catalog) {
    const published = await readFile(path.join(REAL_DATA, data));
    const plain = await raw(`/series.csv?dataset=${id}`);
    assert.equal(plain.status, 200, id);
    assert.equal(plain.headers['transfer-encoding'], 'chunked', `${id}: streamed`);
    assert.equal(plain.headers['content-length'], undefined, id);
    assert.deepEqual(differences(plain.body.toString('utf8'), published.toString('utf8')), [], id);
    if (plain.body.equals(published)) identical++;
    const gz = await raw(`/series.csv?dataset=${id}`, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip', id);
    assert.ok(gunzipSync(gz.body).equals(plain.body), `${id}: gzip`);
  }
  // only files whose publisher spelled some numbers with extra digits differ at all
  // 21 real files spell some numbers with more digits than their double needs (2.0373645310014332); the others are identical
  assert.ok(identical >= 20, `${identical} of 45 byte-identical`);
  const br = await raw(`/series.csv?dataset=${catalog[0].id}`, { 'accept-encoding': 'br, gzip' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.ok(brotliDecompressSync(br.body).equals((await raw(`/series.csv?dataset=${catalog[0].id}`)).body));
});

test('streamed /series JSON and filtered CSV are the bytes the buffered answer has, with the same headers', async () => {
  for (const url of [
    '/series?dataset=ch_fso_jobs_sex',
    '/series?dataset=ch_snb_zimoma&transform=yoy&from=2010-01-01',
    '/series.csv?dataset=ch_fso_production&transform=index&last=40',
    '/series?dataset=ch_fso_ppi&last=1',
  ]) {
    const streamed = await raw(url);
    const reference = await buffered.inject(url);
    assert.equal(streamed.status, 200, url);
    assert.equal(streamed.headers['transfer-encoding'], 'chunked', url);
    assert.ok(streamed.body.equals(reference.rawPayload), url);
    for (const name of ['etag', 'content-type', 'cache-control', 'vary', 'access-control-allow-origin']) {
      assert.equal(streamed.headers[name], reference.headers[name], `${url}: ${name}`);
    }
  }
});

test('a streamed answer honours If-None-Match (304) and HEAD, keeps download=1, and is not cached', async () => {
  const url = '/series.csv?dataset=ch_fso_jobs_sex&download=1';
  const first = await raw(url);
  assert.match(String(first.headers['content-disposition']), /attachment; filename="ch_fso_jobs_sex_level.csv"/);
  const etag = String(first.headers.etag);
  const notModified = await raw(url, { 'if-none-match': etag });
  assert.equal(notModified.status, 304);
  assert.equal(notModified.body.length, 0);
  const head = await raw(url, {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers.etag, etag);
  assert.equal(head.body.length, 0);
  assert.equal(streaming.ds.responses.get(url, streaming.ds.data.current!.version), undefined);
  // below the threshold the answer is kept as before
  await buffered.inject(url);
  assert.ok(buffered.ds.responses.get(url, buffered.ds.data.current!.version));
});
