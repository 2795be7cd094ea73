// Pages carry a Content-Security-Policy that they satisfy (every inline
// script is allowed by its hash, nothing else inline runs), and only the
// embed view may be framed. The browser suites check, in Chromium, that no
// page logs a violation.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';

describe('security headers of pages', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  const page = async (url: string, accept = 'text/html') => app.inject({ url, headers: { accept } });

  it('every inline script of every page type is allowed by the policy, and no inline handler exists', async () => {
    for (const url of ['/', '/de/datasets', '/fr/about', '/it/libraries', '/licenses', '/d/ch_seco_concon', '/de/d/ch_fso_ppi?embed=1', '/no/such/page']) {
      const res = await page(url);
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/, url);
      assert.match(csp, /object-src 'none'/, url);
      const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs),
      );
      for (const [, , code] of inline) {
        const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
        assert.ok(csp.includes(hash), `${url}: inline script ${code.slice(0, 60)} is not in the policy`);
      }
      assert.doesNotMatch(res.body, /\son[a-z]+="/i, `${url}: no inline event handler`);
      assert.doesNotMatch(res.body, /href="javascript:/i, url);
    }
  });

  it('only the embed view may be framed', async () => {
    const normal = await page('/d/ch_seco_concon');
    assert.match(String(normal.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(normal.headers['x-frame-options'], 'DENY');
    const embed = await page('/d/ch_seco_concon?embed=1');
    assert.match(String(embed.headers['content-security-policy']), /frame-ancestors \*/);
    assert.equal(embed.headers['x-frame-options'], undefined);
    const missing = await page('/de/nowhere');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['x-frame-options'], 'DENY');
  });
});
