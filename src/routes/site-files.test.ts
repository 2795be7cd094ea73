// Site files on the real data: the sitemap is well-formed XML (read back by a
// real XML parser) listing every page in every language with complete
// alternates; llms.txt links only URLs that answer; llms-full.txt lists every
// dataset with every code; robots.txt points to the sitemap.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { LANGS } from '../data/model.js';
import { renderSitemapXml } from '../render/sitemap-xml.js';
import { PARAMS, paramsTakenBy } from '../selection/params.js';

const BASE = 'https://data.example.org/stats';

interface Catalog {
  id: string;
  frequency: string;
  start: string;
  end: string;
  n_series: number;
  updated: string | null;
  fetched: string | null;
}
interface Meta {
  dim_order: string[];
  dimensions: Record<string, { label: { en: string }; levels: Record<string, { label: { en: string } }> }>;
}
interface ParsedUrl {
  loc: string;
  lastmod: string | null;
  alternates: { hreflang: string; href: string; rel: string }[];
}

/** Parses a sitemap with Python's XML parser (a real, strict one): the root tag and each url's loc, lastmod and alternates. */
function parseSitemap(xml: string): { root: string; urls: ParsedUrl[] } {
  const script = `
import json, sys, xml.etree.ElementTree as ET
S = '{http://www.sitemaps.org/schemas/sitemap/0.9}'
X = '{http://www.w3.org/1999/xhtml}'
root = ET.fromstring(sys.stdin.buffer.read())
urls = [{'loc': u.findtext(S + 'loc'), 'lastmod': u.findtext(S + 'lastmod'),
         'alternates': [dict(l.attrib) for l in u.findall(X + 'link')]} for u in root.findall(S + 'url')]
print(json.dumps({'root': root.tag, 'urls': urls, 'children': len(list(root))}))
`;
  const res = spawnSync('python3', ['-c', script], { input: xml, encoding: 'utf8' });
  assert.equal(res.status, 0, `the sitemap parses as XML: ${res.stderr}`);
  const out = JSON.parse(res.stdout) as { root: string; urls: ParsedUrl[]; children: number };
  assert.equal(out.children, out.urls.length, 'only <url> children');
  return out;
}

/** The markdown links `[text](url)` of a text. */
const linksOf = (text: string): string[] => [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]);

describe('site files on the real data', () => {
  let app: FastifyInstance;
  let catalog: Catalog[];
  before(async () => {
    app = await startApp(REAL_DATA, { baseUrl: BASE });
    catalog = JSON.parse((await app.inject('/catalog')).body) as Catalog[];
  });
  after(() => app.close());

  it('/sitemap.xml: every page × language, absolute on the base URL, with complete hreflang alternates', async () => {
    const res = await app.inject('/sitemap.xml');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
    assert.match(res.body, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
    const { root, urls } = parseSitemap(res.body);
    assert.equal(root, '{http://www.sitemaps.org/schemas/sitemap/0.9}urlset');

    const prefix = (lang: string): string => (lang === 'en' ? '' : `/${lang}`);
    const expected = new Set<string>();
    for (const lang of LANGS) {
      expected.add(`${BASE}${prefix(lang)}/`);
      for (const p of ['/datasets', '/about', '/libraries', '/licenses']) expected.add(`${BASE}${prefix(lang)}${p}`);
      for (const ds of catalog) expected.add(`${BASE}${prefix(lang)}/d/${ds.id}`);
    }
    assert.equal(catalog.length, 45);
    assert.equal(urls.length, expected.size, 'one <url> per page and language, no duplicates');
    assert.deepEqual(new Set(urls.map((u) => u.loc)), expected);

    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    for (const u of urls) {
      assert.ok(u.loc.startsWith(`${BASE}/`), u.loc);
      assert.deepEqual(
        u.alternates.map((a) => a.hreflang),
        ['en', 'de', 'fr', 'it', 'x-default'],
        u.loc,
      );
      assert.ok(
        u.alternates.every((a) => a.rel === 'alternate' && byLoc.has(a.href)),
        `alternates of ${u.loc} are listed pages`,
      );
      assert.ok(
        u.alternates.some((a) => a.href === u.loc),
        `${u.loc} is among its own alternates`,
      );
      const en = u.alternates.find((a) => a.hreflang === 'en')!.href;
      assert.equal(u.alternates.find((a) => a.hreflang === 'x-default')!.href, en, 'x-default is the English page');
      // every language version of a page lists the same set
      for (const a of u.alternates) assert.deepEqual(byLoc.get(a.href)!.alternates, u.alternates, `${a.href} agrees with ${u.loc}`);
    }

    // lastmod: the dataset's update date (else when it was fetched); site pages: the newest of them
    const dateOf = (ds: Catalog): string | null => (ds.updated ?? ds.fetched)?.slice(0, 10) ?? null;
    const metaUpdated = new Map<string, string | null>();
    for (const ds of catalog) {
      const m = JSON.parse((await app.inject(`/dataset/${ds.id}/meta`)).body) as { updated: string | null; fetched_utc: string | null };
      metaUpdated.set(ds.id, (m.updated ?? m.fetched_utc)?.slice(0, 10) ?? null);
    }
    for (const ds of catalog) {
      const u = byLoc.get(`${BASE}/de/d/${ds.id}`)!;
      assert.equal(u.lastmod, metaUpdated.get(ds.id), ds.id);
      if (u.lastmod) assert.match(u.lastmod, /^\d{4}-\d{2}-\d{2}$/);
    }
    assert.ok(catalog.some((ds) => dateOf(ds) !== null));
    const newest = [...metaUpdated.values()]
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1);
    assert.equal(byLoc.get(`${BASE}/`)!.lastmod, newest);
    assert.equal(byLoc.get(`${BASE}/it/licenses`)!.lastmod, newest);
  });

  it('the sitemap escapes what XML requires', () => {
    const xml = renderSitemapXml([
      { urls: { en: 'https://x.org/a?b=1&c=<2>', de: 'https://x.org/de/a', fr: 'https://x.org/fr/a', it: "https://x.org/it/a'" }, lastmod: null },
    ]);
    const { urls } = parseSitemap(xml);
    assert.equal(urls[0].loc, 'https://x.org/a?b=1&c=<2>');
    assert.equal(urls[3].loc, "https://x.org/it/a'");
    assert.equal(urls[0].lastmod, null);
  });

  it('/llms.txt: llmstxt.org shape, every dataset, and every API link answers 200', async () => {
    const res = await app.inject('/llms.txt');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    const text = res.body;
    assert.match(text, /^# dataseries\n\n> .+\n/);
    const h2 = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(h2, ['API', 'Datasets', 'Optional']);
    assert.equal(text.match(/^#[^#]/gm)?.length, 1, 'one H1');
    for (const ds of catalog)
      assert.ok(text.includes(`(${BASE}/d/${ds.id}): \`${ds.id}\`, ${ds.frequency}, ${ds.start} to ${ds.end}, ${ds.n_series} series`), ds.id);
    const links = linksOf(text);
    assert.ok(links.length > 45 * 3);
    assert.ok(
      links.every((l) => l.startsWith(`${BASE}/`)),
      'every link is absolute on the base URL',
    );
    const checked = new Set<string>();
    for (const link of links) {
      const path = link.slice(BASE.length);
      const route = path.split('?')[0];
      if (route.startsWith('/d/') || route.startsWith('/chart.')) {
        // pages and chart images are other modules' routes: checked when the app has them
        if (!app.hasRoute({ method: 'GET', url: route.startsWith('/d/') ? '/d/:id' : route })) continue;
      }
      checked.add(route);
      const r = await app.inject(path);
      assert.equal(r.statusCode, 200, `${link} → ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    for (const r of [
      '/catalog',
      '/series',
      '/series.csv',
      '/series.xlsx',
      '/openapi.json',
      '/categories',
      '/search-index.json',
      '/llms-full.txt',
      '/sitemap.xml',
    ]) {
      assert.ok(checked.has(r), `${r} is linked and answers`);
    }
    // the SDMX face (issue 22): its structures and the data of a selection by its SDMX key
    for (const prefix of ['/sdmx/2.1/dataflow', '/sdmx/2.1/datastructure/', '/sdmx/2.1/data/'])
      assert.ok(
        [...checked].some((r) => r.startsWith(prefix)),
        `${prefix}… is linked and answers`,
      );
  });

  it('/llms.txt and /llms-full.txt list the selection parameters of the table (frequency, aggregation, partial too) and link a converted selection that answers', async () => {
    const selection = paramsTakenBy('series').filter((n) => PARAMS[n].part === 'selection');
    assert.ok(['frequency', 'aggregation', 'partial'].every((n) => selection.includes(n as never)));
    for (const url of ['/llms.txt', '/llms-full.txt']) {
      const text = (await app.inject(url)).body;
      for (const name of selection) {
        const spec = PARAMS[name];
        const line = text.split('\n').find((l) => l.startsWith(`- \`${name}\`: `));
        assert.ok(line, `${url}: ${name} is listed`);
        assert.ok(line.includes(String(spec.schema.description).replace(/\s+/g, ' ').trim()), `${url}: ${name} says its table description`);
        if ('enum' in spec.schema) for (const v of spec.schema.enum) assert.ok(line.includes(`\`${v}\``), `${url}: ${name} lists ${v}`);
        if (spec.default !== null) assert.ok(line.includes(`Default: \`${spec.default}\``), `${url}: ${name} says its default`);
      }
      const converted = linksOf(text).find((l) => l.includes('frequency=annual'));
      assert.ok(converted, `${url}: a converted selection is linked`);
      const res = await app.inject(converted.slice(BASE.length));
      assert.equal(res.statusCode, 200);
      assert.match(res.body.split('\n')[1] ?? '', /,\d{4}-01-01,/, 'annual dates');
    }
  });

  it('/llms-full.txt: every dataset with its frequency, span, every dimension and every code with its English label', async () => {
    const res = await app.inject('/llms-full.txt');
    assert.equal(res.statusCode, 200);
    const text = res.body;
    assert.match(text, /^# dataseries\n\n> /);
    const sections = text.split(/^## /m).slice(1);
    const byId = new Map(sections.map((s) => [/\(`([a-z0-9_]+)`\)\n/.exec(s)?.[1], s]));
    for (const ds of catalog) {
      const s = byId.get(ds.id);
      assert.ok(s, `section of ${ds.id}`);
      assert.ok(s.includes(`- Frequency: ${ds.frequency}; ${ds.start} to ${ds.end}; ${ds.n_series} series`), ds.id);
      assert.ok(s.includes(`- Whole dataset as CSV: ${BASE}/series.csv?dataset=${ds.id}\n`), ds.id);
      const meta = JSON.parse((await app.inject(`/dataset/${ds.id}/meta`)).body) as Meta;
      if (meta.dim_order.length === 0) assert.match(s, /A single series: no dimensions/);
      for (const dim of meta.dim_order) {
        assert.ok(s.includes(`- \`${dim}\`: ${meta.dimensions[dim].label.en.replace(/\s+/g, ' ').trim()}`), `${ds.id} ${dim}`);
        for (const [code, level] of Object.entries(meta.dimensions[dim].levels)) {
          const label = level.label.en
            .replace(/\s+/g, ' ')
            .trim()
            .replace(/([[\]])/g, '\\$1');
          assert.ok(
            new RegExp(`^ +- \`${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`: ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm').test(s),
            `${ds.id} ${dim}=${code}`,
          );
        }
      }
      // the example URL of the default view answers with data
      const example = /last 12 observations: (\S+)/.exec(s)![1];
      const r = await app.inject(example.slice(BASE.length));
      assert.equal(r.statusCode, 200, example);
    }
  });

  it('/robots.txt allows the pages, keeps crawlers off the API selections, and names the sitemap', async () => {
    const res = await app.inject('/robots.txt');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    assert.equal(lines[0], 'User-agent: *');
    assert.ok(lines.includes('Allow: /'));
    for (const p of ['/series', '/chart.']) assert.ok(lines.includes(`Disallow: ${p}`), p);
    assert.ok(
      !lines.some((l) => /^Disallow: \/(d\/|de|fr|it|datasets|about|libraries|licenses|llms|sitemap|og\.jpg)/.test(l)),
      'pages, site files and previews stay crawlable',
    );
    assert.ok(lines.includes(`Sitemap: ${BASE}/sitemap.xml`));
  });

  it('ETag follows the data version; 304 on match; HEAD without body', async () => {
    const version = (JSON.parse((await app.inject('/health')).body) as { data_version: string }).data_version;
    for (const url of ['/sitemap.xml', '/llms.txt', '/llms-full.txt', '/robots.txt']) {
      const res = await app.inject(url);
      const etag = String(res.headers.etag);
      if (url !== '/robots.txt') assert.ok(etag.includes(version), `${url} ETag ${etag} names data version ${version}`);
      assert.match(String(res.headers['cache-control']), /max-age=\d+/);
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304, url);
      const head = await app.inject({ method: 'HEAD', url });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
      assert.equal(head.headers['content-length'], res.headers['content-length']);
      assert.equal((await app.inject(`${url}?x=1`)).statusCode, 400, 'unknown parameters are refused as on every route');
      assert.equal((await app.inject({ method: 'POST', url })).statusCode, 405);
    }
  });
});

describe('site files before the data is loaded', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp('/nonexistent-data-dir', { baseUrl: BASE });
  });
  after(() => app.close());

  it('robots.txt answers; the data-made files answer 503', async () => {
    assert.equal((await app.inject('/robots.txt')).statusCode, 200);
    for (const url of ['/sitemap.xml', '/llms.txt', '/llms-full.txt']) assert.equal((await app.inject(url)).statusCode, 503, url);
  });
});
