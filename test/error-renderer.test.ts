// The HTML error page belongs to its app: two apps in one process (two base
// URLs) each render their own 404 page (the renderer was a module global).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, startApp } from './helpers.js';
import path from 'node:path';

describe('error renderer per app', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  before(async () => {
    a = await startApp(path.join(FIXTURES, 'tiny'), { baseUrl: 'https://a.example' });
    b = await startApp(path.join(FIXTURES, 'tiny'), { baseUrl: 'https://b.example' });
  });
  after(async () => {
    await a.close();
    await b.close();
  });

  it("app A's 404 page links app A's base URL, app B's links B's", async () => {
    for (const [app, mine, other] of [
      [a, 'a.example', 'b.example'],
      [b, 'b.example', 'a.example'],
    ] as const) {
      const res = await app.inject({ url: '/no/such/page', headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 404);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.ok(res.body.includes(mine), `404 page of ${mine} names its base URL`);
      assert.ok(!res.body.includes(other), `404 page of ${mine} does not name ${other}`);
    }
  });
});
