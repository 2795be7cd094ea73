// /oembed on the real data: answers carry every field oEmbed 1.0 requires of
// a `rich` response, sizes honour maxwidth/maxheight, the HTML is the embed
// snippet of the page's selection (DESIGN §4), errors follow the spec.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { oembedUrl, pageUrl } from '../urls.js';
import { embedSnippet } from '../render/pages/snippets.js';

const BASE = 'http://localhost:0';
type Json = Record<string, any>;

/** The checks of oEmbed 1.0 §2.3.4 for a `rich` response. */
function assertOembedRich(o: Json, max: { maxwidth?: number; maxheight?: number } = {}): void {
  assert.equal(o.version, '1.0');
  assert.equal(o.type, 'rich');
  assert.equal(typeof o.html, 'string');
  for (const k of ['width', 'height']) assert.ok(Number.isInteger(o[k]) && o[k] > 0, `${k} is a positive integer`);
  if (max.maxwidth) assert.ok(o.width <= max.maxwidth);
  if (max.maxheight) assert.ok(o.height <= max.maxheight);
  for (const k of ['title', 'provider_name', 'provider_url']) assert.equal(typeof o[k], 'string', k);
  const thumb = ['thumbnail_url', 'thumbnail_width', 'thumbnail_height'].filter((k) => k in o);
  assert.ok(thumb.length === 0 || thumb.length === 3, 'thumbnail fields come together');
  if (thumb.length) {
    if (max.maxwidth) assert.ok(o.thumbnail_width <= max.maxwidth);
    if (max.maxheight) assert.ok(o.thumbnail_height <= max.maxheight);
  }
}

/** The attributes of the one iframe in a snippet. */
function iframeAttrs(html: string): Record<string, string> {
  const m = /^<iframe ([^>]*)><\/iframe>$/.exec(html);
  assert.ok(m, html);
  const decode = (v: string): string =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries([...m[1].matchAll(/([a-z]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, decode(v ?? '')]));
}

describe('oEmbed on the real data', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  const oembed = async (url: string, extra: Record<string, string> = {}): Promise<Json> => {
    const res = await app.inject(`/oembed?${new URLSearchParams({ url, ...extra })}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    return JSON.parse(res.body);
  };

  it('answers a rich response with the embed snippet of the selection', async () => {
    const o = await oembed(`${BASE}/de/d/ch_fso_unemp_rate?sex=men&from=2020-01-01`);
    assertOembedRich(o);
    const a = iframeAttrs(o.html);
    // a dimension the URL leaves out shows its default, as on the page: the embed names it
    assert.equal(a.src, `${BASE}/de/d/ch_fso_unemp_rate?origin=tot&sex=men&from=2020-01-01&embed=1`);
    assert.equal(a.width, '100%');
    assert.equal(a.height, '580');
    assert.equal(a.loading, 'lazy');
    assert.match(a.style, /border:0/);
    assert.match(a.style, /border-radius:\d+px/);
    assert.equal(a.title, o.title);
    assert.equal(
      o.title,
      'Erwerbslosenquote (ILO): Total · Men',
      'German title (from the catalog) and the caption of the naming model; level labels fall back to English',
    );
    assert.equal(o.provider_url, `${BASE}/de/`);
    assert.equal(o.thumbnail_url, `${BASE}/chart.png?dataset=ch_fso_unemp_rate&dims=origin=tot;sex=men&from=2020-01-01&lang=de&width=800&height=450`);
  });

  it('honours maxwidth and maxheight in the sizes, the snippet and the thumbnail', async () => {
    for (const [maxwidth, maxheight] of [
      [500, 300],
      [1200, 2000],
      [320, 240],
      [100, 100],
      [800, undefined],
      [undefined, 400],
    ]) {
      const max: Record<string, number> = {};
      if (maxwidth) max.maxwidth = maxwidth;
      if (maxheight) max.maxheight = maxheight;
      const o = await oembed(`${BASE}/d/ch_kof_barometer`, Object.fromEntries(Object.entries(max).map(([k, v]) => [k, String(v)])));
      assertOembedRich(o, max);
      const a = iframeAttrs(o.html);
      assert.equal(Number(a.height), o.height);
      if (maxwidth) assert.match(a.style, new RegExp(`max-width:${maxwidth}px`));
      if (o.thumbnail_url) {
        const u = new URL(o.thumbnail_url);
        assert.equal(Number(u.searchParams.get('width')), o.thumbnail_width);
        assert.equal(Number(u.searchParams.get('height')), o.thumbnail_height);
        assert.ok(o.thumbnail_width >= 200 && o.thumbnail_height >= 200, 'within the chart size limits');
      }
    }
  });

  it('accepts page URLs in every language, with or without selection', async () => {
    for (const path of ['/d/ch_snb_zimoma', '/fr/d/ch_snb_zimoma?D0=SARON', '/it/d/ch_snb_zimoma/', '/de/d/ch_fso_ppi?dims=base=2020&transform=yoy']) {
      const o = await oembed(`${BASE}${path}`);
      assertOembedRich(o);
      assert.ok(iframeAttrs(o.html).src.includes('embed=1'));
    }
  });

  it('accepts format=json and answers 501 for xml, 404 for other sites', async () => {
    assertOembedRich(await oembed(`${BASE}/d/ch_fso_ppi`, { format: 'json' }));
    const xml = await app.inject(`/oembed?${new URLSearchParams({ url: `${BASE}/d/ch_fso_ppi`, format: 'xml' })}`);
    assert.equal(xml.statusCode, 501);
    const other = await app.inject(`/oembed?${new URLSearchParams({ url: 'https://example.org/d/ch_fso_ppi' })}`);
    assert.equal(other.statusCode, 404);
  });

  it('answers the discovery link a page advertises (oembedUrl)', async () => {
    const page = pageUrl(BASE, 'it', { datasetId: 'ch_fso_hesta', dims: {}, from: '2015-01-01' });
    const res = await app.inject(oembedUrl(BASE, page).slice(BASE.length));
    assert.equal(res.statusCode, 200, res.body);
    assertOembedRich(JSON.parse(res.body));
  });

  it("is the page's own embed snippet, markup and title, for the same page URL", async () => {
    for (const path of [
      '/de/d/ch_fso_unemp_rate?sex=men&from=2020-01-01',
      '/d/ch_snb_zimoma?D0=SARON,1TGT&transform=yoy',
      '/fr/d/ch_fso_ppi?dims=base=2020&transform=index',
      '/it/d/ch_kof_barometer',
    ]) {
      const page = await app.inject(path);
      assert.equal(page.statusCode, 200, path);
      const shown = /<code id="embed-snippet" data-embed-snippet>([^<]*)<\/code>/.exec(page.body)?.[1];
      assert.ok(shown, `the page ${path} shows an embed snippet`);
      const snippet = shown
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      assert.equal((await oembed(`${BASE}${path}`)).html, snippet, path);
    }
  });

  it('escapes titles and URLs in the snippet', () => {
    const html = embedSnippet({ src: 'https://x.org/d/a?b=1&embed=1', title: '<script>"x" & \'y\'', height: 580 });
    assert.equal(iframeAttrs(html).title, '<script>"x" & \'y\'');
    assert.ok(!html.includes('<script>'));
    assert.ok(html.includes('b=1&amp;embed=1'));
  });
});
