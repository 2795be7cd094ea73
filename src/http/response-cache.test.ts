import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Representation } from './representation.js';
import { ResponseCache } from './response-cache.js';

/** A representation of 100 ASCII bytes. */
const rep = (etag: string, headers?: Record<string, string>): Representation => ({
  status: 200,
  type: 'text/csv; charset=utf-8',
  body: 'x'.repeat(100),
  etag,
  cacheControl: 'no-store',
  cors: true,
  headers,
});

/** What one entry of a 100-byte body under an 8-character URL counts (response-cache.ts: twice the body, the URL, 256). */
const ENTRY = 100 * 2 + 8 + 256;
/** A cache that holds exactly eight such entries. */
const eight = (): ResponseCache => new ResponseCache(ENTRY * 8);
const url = (n: number): string => `/u?n=${String(n).padStart(3, '0')}`;

describe('ResponseCache', () => {
  it('answers a URL for the version it was kept under, and forgets it under another', () => {
    const cache = eight();
    cache.set(url(1), 'v1', rep('a'));
    assert.equal(cache.get(url(1), 'v1')?.etag, 'a');
    assert.equal(cache.get(url(1), 'v2'), undefined);
    assert.equal(cache.get(url(1), 'v1'), undefined);
  });

  it('turns a text body into the same bytes on its first hit', () => {
    const cache = eight();
    cache.set(url(1), 'v1', { ...rep('a'), body: 'é'.repeat(10) });
    assert.deepEqual(cache.get(url(1), 'v1')?.body, Buffer.from('é'.repeat(10), 'utf8'));
  });

  it('lets the entries not read since go first: a read entry outlives them', () => {
    const cache = eight();
    for (let n = 0; n < 8; n++) cache.set(url(n), 'v', rep(String(n)));
    assert.ok(cache.get(url(0), 'v'));
    cache.set(url(8), 'v', rep('8'));
    assert.ok(cache.get(url(0), 'v'), 'the read entry stays');
    assert.equal(cache.get(url(1), 'v'), undefined, 'the oldest unread goes');
  });

  it('keeps an entry read between every insertion through many evictions', () => {
    const cache = eight();
    cache.set(url(999), 'v', rep('hot'));
    for (let n = 0; n < 200; n++) {
      cache.set(url(n), 'v', rep(String(n)));
      assert.equal(cache.get(url(999), 'v')?.etag, 'hot', `after ${n + 1} insertions`);
    }
    // the others went oldest first: the newest seven are there, the one before not
    for (let n = 193; n < 200; n++) assert.ok(cache.get(url(n), 'v'), url(n));
    assert.equal(cache.get(url(192), 'v'), undefined);
  });

  it('keeps a read entry when the entries older than it are many and small and the newer ones few and large (recency counts bytes)', () => {
    const cache = new ResponseCache(40_000);
    const sized = (bytes: number): Representation => ({ ...rep('x'), body: 'x'.repeat(bytes) });
    for (let n = 0; n < 10; n++) cache.set(url(n), 'v', sized(1));
    cache.set(url(999), 'v', rep('hot'));
    for (let n = 100; n < 110; n++) cache.set(url(n), 'v', sized(1700));
    for (let k = 0; k < 1000; k++) assert.ok(cache.get(url(999), 'v'));
    cache.set(url(500), 'v', sized(2300));
    assert.equal(cache.get(url(999), 'v')?.etag, 'hot', 'the entry read last stays');
    assert.equal(cache.get(url(100), 'v'), undefined, 'the oldest unread large entry went');
  });

  it('keeps an answer that varies with Accept per Accept header, never under the URL alone', () => {
    const cache = new ResponseCache(1e6);
    cache.set(url(1), 'v', rep('xml', { vary: 'Accept' }), 'application/xml');
    assert.equal(cache.get(url(1), 'v', 'application/xml')?.etag, 'xml');
    assert.equal(cache.get(url(1), 'v', 'text/csv'), undefined);
    assert.equal(cache.get(url(1), 'v'), undefined);
  });
});
