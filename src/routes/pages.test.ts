// The pages in-process (Fastify inject): every page type in every language,
// alternates and navigation, errors as HTML pages, escaping of hostile
// labels, the inline data of the dataset page against /series, caching.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { LANGS, type Lang } from '../data/model.js';
import { uiStrings } from '../i18n/strings.js';
import type { ExplorerData } from '../render/pages/explorer-data.js';
import { DEMO_DATA, FIXTURES, REAL_DATA, startApp } from '../../test/helpers.js';

const BASE = 'http://127.0.0.1:4321';
const HTML = { accept: 'text/html,application/xhtml+xml' };
const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);

/** The page's text outside script elements (what a reader sees, roughly). */
function visibleText(body: string): string {
  return body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
}

function inlineData(body: string): ExplorerData {
  const m = /<script type="application\/json" id="explorer-data">([\s\S]*?)<\/script>/.exec(body);
  assert.ok(m, 'inline explorer data');
  return JSON.parse(m[1]) as ExplorerData;
}

const unescape = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('pages on the demo data', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(DEMO_DATA, { baseUrl: BASE });
  });
  after(() => app.close());

  const PAGES: [string, (t: ReturnType<typeof uiStrings>) => string][] = [
    ['/', (t) => t.home.heroTitle],
    ['/datasets', (t) => t.datasets.title],
    ['/about', (t) => t.about.title],
    ['/libraries', (t) => t.libraries.title],
    ['/licenses', (t) => t.licenses.title],
    ['/d/demo_gdp', () => ''],
  ];

  for (const lang of LANGS) {
    it(`${lang}: every page type renders in its language, with alternates, navigation and no unfilled placeholder`, async () => {
      const t = uiStrings(lang);
      for (const [pagePath, heading] of PAGES) {
        const url = pagePath === '/' ? `${prefix(lang)}/` : `${prefix(lang)}${pagePath}`;
        const res = await app.inject({ url, headers: HTML });
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        const body = res.body;
        assert.match(body, new RegExp(`<html lang="${lang}">`));
        for (const l of LANGS) assert.match(body, new RegExp(`<link rel="alternate" hreflang="${l}" href="${BASE}${prefix(l)}`), `${url} alternate ${l}`);
        assert.match(body, /hreflang="x-default"/);
        assert.match(body, new RegExp(`<link rel="canonical" href="${BASE.replace(/\./g, '\\.')}${url.replace(/\//g, '\\/')}"`), url);
        assert.ok(body.includes(`href="${prefix(lang)}/datasets"`), `${url}: navigation in the language`);
        assert.ok(body.includes(t.nav.datasets) && body.includes(t.skipToContent), url);
        if (heading(t)) assert.ok(body.includes(heading(t).replace(/&/g, '&amp;').replace(/'/g, '&#39;')), `${url}: ${heading(t)}`);
        // BibTeX writes its fields in braces ({2025}): not a placeholder
        assert.doesNotMatch(visibleText(body.replace(/<pre class="code cite-code"[\s\S]*?<\/pre>/g, '')), /\{\w+\}/, `${url}: placeholder left`);
      }
    });
  }

  it('home pages answer with and without the trailing slash', async () => {
    for (const lang of ['de', 'fr', 'it']) {
      const a = await app.inject({ url: `/${lang}`, headers: HTML });
      const b = await app.inject({ url: `/${lang}/`, headers: HTML });
      assert.equal(a.statusCode, 200);
      assert.equal(a.body, b.body);
    }
  });

  it('data labels are in the page language, with English where a translation is missing', async () => {
    const it_ = await app.inject({ url: '/it/d/demo_cpi?item=CP0944', headers: HTML });
    const data = inlineData(it_.body);
    const item = data.meta.dims.find((d) => d.id === 'item')!;
    assert.equal(item.levels.find((l) => l.code === 'CP0944')!.label, (await metaLabel(app, 'demo_cpi', 'item', 'CP0944')).en);
    const de = inlineData((await app.inject({ url: '/de/d/demo_gdp', headers: HTML })).body);
    assert.equal(de.title, 'Demo-Bruttoinlandprodukt');
  });

  it('an unknown path is a 404 page in the language of its prefix, JSON for API-style requests', async () => {
    const fr = await app.inject({ url: '/fr/nulle-part', headers: HTML });
    assert.equal(fr.statusCode, 404);
    assert.match(fr.headers['content-type'] as string, /^text\/html/);
    assert.match(fr.body, /<html lang="fr">/);
    assert.ok(fr.body.includes(uiStrings('fr').errors.notFoundTitle));
    const json = await app.inject({ url: '/fr/nulle-part', headers: { accept: 'application/json' } });
    assert.equal(json.statusCode, 404);
    assert.match(json.headers['content-type'] as string, /^application\/problem\+json/);
    const file = await app.inject({ url: '/nothing.csv', headers: HTML });
    assert.match(file.headers['content-type'] as string, /^text\/csv/);
    const dataset = await app.inject({ url: '/it/d/demo_nope', headers: HTML });
    assert.equal(dataset.statusCode, 404);
    assert.match(dataset.body, /<html lang="it">/);
    assert.ok(dataset.body.includes(uiStrings('it').errors.notFoundTitle));
    assert.ok(dataset.body.includes('demo_nope'));
    assert.doesNotMatch(dataset.body, /at .*\.ts:\d+/, 'no stack trace');
  });

  it('pages have ETags (304), answer HEAD, and are compressed', async () => {
    const first = await app.inject({ url: '/datasets', headers: { ...HTML, 'accept-encoding': 'br' } });
    assert.equal(first.headers['content-encoding'], 'br');
    const etag = first.headers.etag as string;
    assert.ok(etag);
    const again = await app.inject({ url: '/datasets', headers: { ...HTML, 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    const head = await app.inject({ method: 'HEAD', url: '/datasets', headers: HTML });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    const post = await app.inject({ method: 'POST', url: '/datasets', headers: HTML });
    assert.equal(post.statusCode, 405);
  });

  it('the bundle is served under content-hashed names with an immutable cache', async () => {
    const body = (await app.inject({ url: '/', headers: HTML })).body;
    const js = /<script type="module" src="(\/assets\/app\.[0-9a-f]{12}\.js)"/.exec(body)?.[1];
    const css = /<link rel="stylesheet" href="(\/assets\/app\.[0-9a-f]{12}\.css)"/.exec(body)?.[1];
    assert.ok(js && css, 'hashed asset URLs');
    for (const [url, type] of [
      [js, 'text/javascript'],
      [css, 'text/css'],
    ]) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.headers['content-type'] as string, new RegExp(`^${type}`));
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(res.rawPayload.length > 1000);
    }
    assert.equal((await app.inject({ url: '/assets/app.000000000000.js' })).statusCode, 404);
  });

  it('/datasets filters by words (diacritics ignored) and topic, and names matching series', async () => {
    const res = await app.inject({ url: '/de/datasets?q=bruttoinlandprodukt', headers: HTML });
    const rows = [
      ...res.body.matchAll(
        /<li class="dataset-row" data-id="[^"]*" data-search="[^"]*"\s*(hidden)?\s*>\s*<div class="row-main">\s*<a class="row-title" href="([^"]+)"/g,
      ),
    ];
    assert.equal(rows.length, 6, 'every dataset is rendered, the filtered ones hidden');
    const visible = rows.filter((m) => !m[1]).map((m) => m[2]);
    assert.deepEqual(visible, ['/de/d/demo_gdp']);
    const series = await app.inject({ url: '/datasets?q=Exports', headers: HTML });
    assert.match(series.body, /href="\/d\/demo_gdp\?structure=exports"/);
    const none = await app.inject({ url: '/fr/datasets?q=zzzz', headers: HTML });
    assert.match(none.body, /<p class="no-match" data-no-match[^>]*>\s*Aucun jeu de données ne correspond à «\u202fzzzz\u202f»/);
  });

  it('the dataset page carries og:image, oEmbed discovery, and inline data equal to /series', async () => {
    const url = '/d/demo_gdp?type=nom&structure=gdp,exports&seas_adj=csa&from=2015-01-01&transform=yoy';
    const res = await app.inject({ url, headers: HTML });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, new RegExp(`<meta property="og:image" content="${BASE}/og\\.jpg\\?dataset=demo_gdp"`));
    const oembed = /<link[^>]*type="application\/json\+oembed"[^>]*href="([^"]+)"/.exec(res.body.replace(/\s+/g, ' '));
    assert.ok(oembed, 'oEmbed link');
    const data = inlineData(res.body);
    assert.deepEqual(data.state.dims, { type: ['nom'], structure: ['gdp', 'exports'], seas_adj: ['csa'] });
    const api = await app.inject({ url: '/series?dataset=demo_gdp&dims=type=nom;structure=gdp,exports;seas_adj=csa&from=2015-01-01&transform=yoy' });
    const columns = JSON.parse(api.body) as { value: (number | null)[]; date: string[] };
    assert.deepEqual(
      data.series.flatMap((s) => s.values),
      columns.value,
    );
    assert.equal(
      data.series.reduce((n, s) => n + s.dates.length, 0),
      columns.date.length,
    );
    // the no-JS chart and form are there
    assert.match(res.body, /<div class="chart" data-chart[^>]*>\s*<svg/);
    assert.match(res.body, /<input type="checkbox" name="structure" value="exports"\s+checked/);
    assert.match(res.body, /<input type="radio" name="transform" value="yoy"\s+checked/);
    // the oEmbed answer for this page embeds the same URL as the page's embed snippet
    const pageUrl = new URL(unescape(oembed[1])).searchParams.get('url')!;
    const answer = JSON.parse((await app.inject({ url: `/oembed?url=${encodeURIComponent(pageUrl)}` })).body) as { html: string };
    const snippet = unescape(/<code id="embed-snippet" data-embed-snippet>([\s\S]*?)<\/code>/.exec(res.body)![1]);
    const src = (s: string): string => unescape(/src="([^"]+)"/.exec(s)![1]);
    assert.equal(src(snippet), src(answer.html));
    assert.equal(snippet, answer.html, 'the same markup and title');
  });

  it('levels that cannot combine with the current choices are not offered (no empty combination)', async () => {
    const res = await app.inject({ url: '/d/demo_gdp?seas_adj=nsa&structure=gdp', headers: HTML });
    // the service branches are published seasonally adjusted only
    for (const code of ['trade', 'finance', 'public', 'other_serv']) {
      assert.match(res.body, new RegExp(`<input type="checkbox" name="structure" value="${code}"\\s+disabled`), code);
    }
    assert.match(res.body, /<input type="checkbox" name="structure" value="exports"\s*\/?>/);
  });

  it('?embed=1 is the chart alone with its source and a link back, not indexed', async () => {
    const res = await app.inject({ url: '/de/d/demo_gdp?structure=gdp,exports&embed=1', headers: HTML });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<body data-page="embed" class="bare">/);
    assert.match(res.body, /<meta name="robots" content="noindex"/);
    assert.doesNotMatch(res.body, /class="site-header"/);
    assert.match(res.body, /<svg/);
    assert.match(res.body, /href="\/de\/d\/demo_gdp\?[^"]*structure=gdp,exports[^"]*" target="_blank"/);
    assert.ok(res.body.includes('Demo-Statistikamt'));
  });
});

/** A level's labels from the metadata route. */
async function metaLabel(app: FastifyInstance, id: string, dim: string, code: string): Promise<{ en: string; it?: string }> {
  const meta = JSON.parse((await app.inject({ url: `/dataset/${id}/meta` })).body) as {
    dimensions: Record<string, { levels: Record<string, { label: { en: string; it?: string } }> }>;
  };
  const label = meta.dimensions[dim].levels[code].label;
  assert.equal(label.it, undefined, 'the fixture lacks the Italian label');
  return label;
}

describe('hostile labels (edge fixture)', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(path.join(FIXTURES, 'edge'));
  });
  after(() => app.close());

  it('a label holding <script> is text on every page that shows it', async () => {
    for (const url of ['/', '/datasets', '/licenses', '/d/edge_labels', '/de/d/edge_labels', '/d/edge_labels?embed=1', '/datasets?q=script']) {
      const res = await app.inject({ url, headers: HTML });
      assert.equal(res.statusCode, 200, url);
      assert.doesNotMatch(res.body, /<script>alert/i, url);
      assert.doesNotMatch(res.body, /<i>co<\/i>|<em>/, url);
      // the only script elements are the page's own
      const scripts = res.body.match(/<script\b/g) ?? [];
      assert.ok(scripts.length <= 3, `${url}: ${scripts.length} script elements`);
    }
    const page = (await app.inject({ url: '/d/edge_labels', headers: HTML })).body;
    assert.ok(page.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'shown as text');
    assert.equal(inlineData(page).title, '<script>alert(1)</script> "Quoted" & \'single\' prices');
  });
});

describe('pages on the real data', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  it('every dataset page renders in every language', async () => {
    const catalog = JSON.parse((await app.inject({ url: '/catalog' })).body) as { id: string }[];
    for (const { id } of catalog) {
      for (const lang of LANGS) {
        const res = await app.inject({ url: `${prefix(lang)}/d/${id}`, headers: HTML });
        assert.equal(res.statusCode, 200, `${lang} ${id}`);
        assert.ok(inlineData(res.body).series.length > 0, `${lang} ${id}: the opening view shows a series`);
      }
    }
  });
});
