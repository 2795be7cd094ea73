// The registry of selection outputs generates the routes and the page's
// download links (issue 13): walking it, every entry is a GET route with its
// media type, attachment rule, ETag/304 and OpenAPI entry, and every dataset
// page links every entry, each link answering 200 in its media type.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { attachmentName, OUTPUT_IDS, SELECTION_OUTPUTS } from '../query/selection-outputs.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { OUTPUT_ENCODERS } from './selection-outputs.js';

let app: FastifyInstance;
before(async () => (app = await startApp(REAL_DATA)));
after(() => app.close());

const SELECTION = 'dataset=ch_snb_zimoma&dims=D0=SARON,1TGT&from=2020-01-01&transform=diff';

test('every output of the registry is a route answering its media type, with its attachment rule and a 304', async () => {
  const spec = (await app.inject('/openapi.json')).json();
  for (const id of OUTPUT_IDS) {
    const output = SELECTION_OUTPUTS[id];
    assert.ok(OUTPUT_ENCODERS[id], id);
    assert.ok(app.hasRoute({ method: 'GET', url: `/${output.path}` }), id);
    assert.equal(spec.paths[`/${output.path}`]?.get?.summary, output.summary, id);
    const url = `/${output.path}?${SELECTION}${output.attachment === 'on-request' ? '&download=1' : ''}${output.labels ? '&labels=true' : ''}`;
    const res = await app.inject(url);
    assert.equal(res.statusCode, 200, `${id}: ${res.body.slice(0, 200)}`);
    assert.equal(res.headers['content-type'], output.mediaType, id);
    const disposition = res.headers['content-disposition'];
    if (output.attachment === 'never') assert.equal(disposition, undefined, id);
    else assert.equal(disposition, `attachment; filename="${attachmentName(id, 'ch_snb_zimoma', 'diff')}"`, id);
    const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
    assert.equal(again.statusCode, 304, id);
    if (output.attachment === 'on-request') {
      const plain = await app.inject(`/${output.path}?${SELECTION}${output.labels ? '&labels=true' : ''}`);
      assert.equal(plain.headers['content-disposition'], undefined, id);
      assert.notEqual(plain.headers.etag, res.headers.etag, `${id}: the attachment has its own ETag`);
      assert.ok(plain.rawPayload.equals(res.rawPayload), `${id}: download=1 only adds the header`);
    }
  }
});

test('a page links every output of the registry, in its order and groups, and each link answers in its media type', async () => {
  for (const lang of ['en', 'de'] as const) {
    const page = await app.inject(`${lang === 'en' ? '' : '/de'}/d/ch_snb_zimoma?D0=SARON,1TGT&from=2020-01-01&transform=diff`);
    assert.equal(page.statusCode, 200);
    const links = [...page.body.matchAll(/<a\s+class="download"\s+href="([^"]+)"\s+data-download="(\w+)"/g)].map((m) => ({
      href: m[1].replace(/&amp;/g, '&'),
      id: m[2],
    }));
    const byGroup = (group: 'data' | 'chart') => OUTPUT_IDS.filter((id) => SELECTION_OUTPUTS[id].group === group);
    assert.deepEqual(
      links.map((l) => l.id),
      [...byGroup('data'), ...byGroup('chart')],
    );
    for (const { href, id } of links) {
      const output = SELECTION_OUTPUTS[id as keyof typeof SELECTION_OUTPUTS];
      assert.ok(href.startsWith(`/${output.path}?dataset=ch_snb_zimoma&`), href);
      const res = await app.inject(href);
      assert.equal(res.statusCode, 200, href);
      assert.equal(res.headers['content-type'], output.mediaType, href);
      if (output.attachment !== 'never') assert.match(String(res.headers['content-disposition']), /^attachment/, href);
    }
  }
});
