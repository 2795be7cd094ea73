// The discovery routes on the real data (and two small fixtures for the
// category join): every dataset in exactly one category, combos equal to the
// CSVs' distinct combinations, every search-index record selecting a
// non-empty series, search over HTTP, bad input, HEAD/ETag/CORS/OpenAPI.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { copyDataDir, FIXTURES, parseCsvText, REAL_DATA, startApp } from '../../test/helpers.js';

type Json = Record<string, any>;
const json = async (app: FastifyInstance, url: string): Promise<any> => {
  const res = await app.inject(url);
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  return JSON.parse(res.body);
};
const q = (params: Record<string, string>): string => new URLSearchParams(params).toString();

describe('discovery routes on the real data', () => {
  let app: FastifyInstance;
  let catalog: Json[];
  before(async () => {
    app = await startApp(REAL_DATA);
    catalog = await json(app, '/catalog');
  });
  after(() => app.close());

  describe('/categories', () => {
    it('puts every dataset in exactly one category, joined on the topic key', async () => {
      const groups: Json[] = await json(app, '/categories');
      const ids = groups.flatMap((g) => g.datasets.map((d: Json) => d.id));
      assert.deepEqual([...ids].sort(), catalog.map((d) => d.id).sort());
      assert.equal(new Set(ids).size, ids.length);
      for (const g of groups) {
        assert.equal(g.n_datasets, g.datasets.length);
        for (const k of ['en', 'de', 'fr', 'it']) assert.equal(typeof g.name[k], 'string', `${g.key} name.${k}`);
        for (const d of g.datasets) assert.equal(d.topic.key, g.key, `${d.id} in ${g.key}`);
      }
    });

    it('keeps the display order of categories.json; plain-string topics join through their slug', async () => {
      const groups: Json[] = await json(app, '/categories');
      const file = JSON.parse(await readFile(path.join(REAL_DATA, 'categories.json'), 'utf8')) as Json[];
      assert.deepEqual(
        groups.map((g) => g.name.en),
        file.map((c) => c.name.en),
      );
      assert.equal(groups[3].key, 'business-cycle-sentiment');
      assert.ok(!groups.some((g) => g.key === 'other'), 'every real topic matches a category');
      // ch_fso_unemp_rate's metadata says topic "Labour", a plain string
      const labour = groups.find((g) => g.key === 'labour')!;
      assert.ok(labour.datasets.some((d: Json) => d.id === 'ch_fso_unemp_rate'));
    });
  });

  describe('/dataset/{id}/combos', () => {
    it("equals each CSV's distinct combinations, date ranges, row and missing counts", async () => {
      for (const entry of catalog) {
        const rows = parseCsvText(await readFile(path.join(REAL_DATA, entry.data), 'utf8')).filter((r) => r.length > 1);
        const header = rows.shift()!;
        const nd = header.length - 2;
        const expected = new Map<string, Json>();
        for (const r of rows) {
          const key = JSON.stringify(r.slice(0, nd));
          const e = expected.get(key) ?? { start: r[nd], end: r[nd], observations: 0, missing: 0 };
          e.start = r[nd] < e.start ? r[nd] : e.start;
          e.end = r[nd] > e.end ? r[nd] : e.end;
          e.observations++;
          if (r[nd + 1] === '' || r[nd + 1] === 'NA') e.missing++;
          expected.set(key, e);
        }
        const combos: Json[] = await json(app, `/dataset/${entry.id}/combos`);
        assert.equal(combos.length, expected.size, entry.id);
        for (const c of combos) {
          const key = JSON.stringify(header.slice(0, nd).map((d) => c[d]));
          assert.deepEqual({ start: c.start, end: c.end, observations: c.observations, missing: c.missing }, expected.get(key), `${entry.id} ${key}`);
        }
        assert.deepEqual(Object.keys(combos[0]), [...header.slice(0, nd), 'start', 'end', 'observations', 'missing']);
      }
    });

    it('answers 404 with candidates for an unknown dataset', async () => {
      const res = await app.inject('/dataset/ch_fso_pp/combos');
      assert.equal(res.statusCode, 404);
      assert.deepEqual(JSON.parse(res.body).candidates.slice(0, 1), ['ch_fso_ppi']);
    });
  });

  describe('/search-index.json', () => {
    it('has exactly the keys the clients read, one record per selectable level', async () => {
      const records: Json[] = await json(app, '/search-index.json');
      assert.equal(records.length, 680 + 2, '680 levels with data plus two single-series datasets');
      for (const r of records) assert.deepEqual(Object.keys(r), ['datasetId', 'datasetTitle', 'freq', 'dim', 'code', 'label', 'path']);
      const saron = records.find((r) => r.datasetId === 'ch_snb_zimoma' && r.code === 'SARON')!;
      assert.deepEqual(
        saron.path.map((p: Json) => p.en),
        ['Switzerland', 'CHF', 'SARON'],
      );
      assert.equal(saron.datasetTitle.de, 'Geldmarktsätze');
      assert.ok(!records.some((r) => r.datasetId === 'ch_snb_zimoma' && r.code === 'D0_0'), 'grouping levels are left out');
      assert.deepEqual(
        records.filter((r) => r.dim === null).map((r) => r.datasetId),
        ['ch_kof_barometer', 'ch_snb_plkopr'],
      );
    });

    it("every record's dataset/dim/code selects a non-empty series through /series", async () => {
      const records: Json[] = await json(app, '/search-index.json');
      for (const r of records) {
        const params: Record<string, string> = { dataset: r.datasetId, last: '1' };
        if (r.dim !== null) params.dims = `${r.dim}=${r.code}`;
        const body = await json(app, `/series?${q(params)}`);
        assert.ok(body.value.length > 0, `${r.datasetId} ${r.dim}=${r.code}`);
        if (r.dim !== null) assert.ok(body[r.dim].every((c: string) => c === r.code));
      }
    });
  });

  describe('/search', () => {
    it('finds known series in each language, with the selection to open', async () => {
      const cases: [string, string, string][] = [
        ['unemployment', 'en', 'ch_fso_unemp_rate'],
        ['Arbeitslosenquote', 'de', 'ch_snb_amarbma'],
        ['PIB', 'fr', 'ch_fso_gdp_region'],
        ['disoccupazione', 'it', 'ch_snb_amarbma'],
      ];
      for (const [text, lang, dataset] of cases) {
        const body = await json(app, `/search?${q({ q: text, lang, limit: '5' })}`);
        const hit = body.results.find((r: Json) => r.datasetId === dataset);
        assert.ok(hit, `${text}: ${body.results.map((r: Json) => r.datasetId)}`);
        assert.ok(hit.matched.length > 0 && hit.matched.every((m: Json) => typeof m.text === 'string' && m.field && m.lang));
        assert.ok(hit.url.includes(`/d/${dataset}`));
        if (lang !== 'en') assert.ok(hit.url.includes(`/${lang}/d/`), hit.url);
        const series = await json(app, new URL(hit.api.json).pathname + new URL(hit.api.json).search);
        assert.ok(series.value.length > 0, `${hit.api.json} selects data`);
      }
    });

    it('gives a level result its code, labels, path and a selection that carries the code', async () => {
      const body = await json(app, `/search?${q({ q: 'unemployment men' })}`);
      const top = body.results[0];
      assert.equal(top.type, 'level');
      assert.deepEqual([top.datasetId, top.dim, top.code, top.label.en], ['ch_fso_unemp_rate', 'sex', 'men', 'Men']);
      assert.deepEqual(top.dims.sex, ['men']);
      assert.ok(body.total >= body.results.length);
    });

    it('honours limit', async () => {
      const body = await json(app, `/search?${q({ q: 'total', limit: '3' })}`);
      assert.equal(body.results.length, 3);
      assert.ok(body.total > 3);
    });
  });

  describe('bad input', () => {
    const cases: [string, number, RegExp][] = [
      ['/search', 400, /Missing required parameter 'q'/],
      ['/search?q=', 400, /Invalid q: must have at least 1 characters/],
      ['/search?q=%20-%20', 400, /no letters or digits/],
      [`/search?q=${'a'.repeat(201)}`, 400, /at most 200 characters/],
      ['/search?q=x&lang=xx', 400, /Invalid lang 'xx': use one of en, de, fr, it/],
      ['/search?q=x&limit=0', 400, /Invalid limit/],
      ['/search?q=x&limit=abc', 400, /Invalid limit 'abc': expected a whole number/],
      ['/search?q=x&qq=1', 400, /Unknown parameter 'qq'/],
      ['/resolve', 400, /Missing required parameter 'q'/],
      ['/resolve?q=%20', 400, /Empty q/],
      [`/resolve?q=${'a'.repeat(2001)}`, 400, /at most 2000 characters/],
      ['/resolve?q=qqqqxxzz', 404, /Nothing matches 'qqqqxxzz'/],
      ['/resolve?q=%2Fabout', 404, /not a dataset page/],
      ['/resolve?q=%2Fd%2Fch_nope', 404, /Unknown dataset 'ch_nope'/],
      ['/resolve?q=ch_fso_ppi%2Fbase%3D1999', 400, /Unknown code '1999' for dimension 'base'/],
      ['/resolve?q=%2Fd%2Fch_fso_ppi%3Fbsae%3D2020', 400, /Unknown parameter 'bsae' in the page URL. Did you mean 'base'\?/],
      ['/resolve?q=ch_fso_ppi.1999', 400, /Cannot read '1999' as codes of base/],
      ['/oembed', 400, /Missing required parameter 'url'/],
      ['/oembed?url=notaurl', 400, /Invalid url 'notaurl'/],
      ['/oembed?url=https%3A%2F%2Fexample.com%2Fd%2Fch_fso_ppi', 404, /not a page of this site/],
      ['/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fabout', 404, /not a dataset page/],
      ['/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fd%2Fch_nope', 404, /Unknown dataset 'ch_nope'/],
      ['/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fd%2Fch_fso_ppi%3Fdims%3Dbase%3D1999', 404, /No embed for .*Unknown code '1999'/],
      // a bare base is the index base, never ch_fso_ppi's dimension (issue 20)
      ['/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fd%2Fch_fso_ppi%3Fbase%3D1999', 404, /No embed for .*Invalid base '1999': expected an ISO date/],
      ['/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fd%2Fch_fso_ppi&maxwidth=abc', 400, /Invalid maxwidth 'abc': expected a whole number/],
      ['/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fd%2Fch_fso_ppi&maxheight=0', 400, /Invalid maxheight/],
      ['/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fd%2Fch_fso_ppi&format=xml', 501, /format=xml is not available/],
      ['/dataset/NOPE/combos', 400, /Invalid id/],
    ];
    for (const [url, status, message] of cases) {
      it(`${url.slice(0, 90)} → ${status}`, async () => {
        const res = await app.inject(url);
        assert.equal(res.statusCode, status, res.body);
        assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
        const p = JSON.parse(res.body);
        assert.equal(p.status, status);
        assert.match(p.error, message);
      });
    }
  });

  describe('any input', () => {
    // Text users paste: keys, URLs, words, unicode, punctuation of the grammars.
    const pieces = fc.constantFrom(
      'ch_fso_ppi',
      'ch_kof_esi',
      '/de/d/',
      'http://localhost:0/d/',
      '?',
      '&',
      '=',
      ';',
      ',',
      '.',
      '/',
      '%',
      '%zz',
      'base',
      '2020',
      'é',
      'ß',
      ' ',
      'PIB',
      '\u0000',
      '<script>',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.array(pieces, { maxLength: 12 }).map((a) => a.join('')),
      fc.string({ unit: 'binary', maxLength: 30 }),
    );
    it('never answers 500 to /search, /resolve or /oembed', async () => {
      await fc.assert(
        fc.asyncProperty(text, fc.constantFrom('/search', '/resolve', '/oembed'), async (value, route) => {
          const res = await app.inject(`${route}?${q(route === '/oembed' ? { url: value } : { q: value })}`);
          assert.ok([200, 400, 404, 501].includes(res.statusCode), `${route} ${JSON.stringify(value)} → ${res.statusCode} ${res.body}`);
          if (res.statusCode !== 200) assert.ok(JSON.parse(res.body).error.length > 0);
        }),
        { numRuns: 400 },
      );
    });
  });

  describe('HTTP', () => {
    const urls = [
      '/categories',
      '/dataset/ch_fso_ppi/combos',
      '/search-index.json',
      '/search?q=preise&lang=de',
      '/resolve?q=ch_fso_ppi',
      '/oembed?url=http%3A%2F%2Flocalhost%3A0%2Fd%2Fch_fso_ppi',
    ];
    for (const url of urls) {
      it(`${url}: HEAD, ETag/304, CORS, 405`, async () => {
        const get = await app.inject(url);
        assert.equal(get.statusCode, 200);
        assert.equal(get.headers['access-control-allow-origin'], '*');
        const etag = String(get.headers.etag);
        assert.match(etag, /^W\/".+"$/);
        const head = await app.inject({ method: 'HEAD', url });
        assert.equal(head.statusCode, 200);
        assert.equal(head.body, '');
        assert.equal(head.headers.etag, etag);
        const again = await app.inject({ url, headers: { 'if-none-match': etag } });
        assert.equal(again.statusCode, 304);
        const post = await app.inject({ method: 'POST', url });
        assert.equal(post.statusCode, 405);
      });
    }

    it('lists every discovery route in /openapi.json', async () => {
      const doc = await json(app, '/openapi.json');
      for (const p of ['/categories', '/dataset/{id}/combos', '/search-index.json', '/search', '/resolve', '/oembed']) {
        assert.ok(doc.paths[p]?.get, `${p} in OpenAPI`);
        assert.ok(doc.paths[p].get.tags.includes('discovery'));
      }
    });
  });
});

describe('/categories on small fixtures', () => {
  it('joins a plain-string topic to a keyless category by its slug', async () => {
    const app = await startApp(path.join(FIXTURES, 'edge'));
    try {
      const groups: Json[] = await json(app, '/categories');
      assert.deepEqual(
        groups.map((g) => [g.key, g.datasets.map((d: Json) => d.id)]),
        [
          ['edge-odd-cases', ['edge_labels']],
          ['hierarchies', ['edge_tree']],
        ],
      );
      const index: Json[] = await json(app, '/search-index.json');
      const tree = index.filter((r) => r.datasetId === 'edge_tree');
      assert.ok(!tree.some((r) => r.code === 'grp'), 'the grouping node grp has no series');
      assert.deepEqual(
        tree.find((r) => r.code === '047')!.path.map((p: Json) => p.de),
        ['Wurzel', 'Gruppe ohne Daten'],
      );
      assert.deepEqual(tree.find((r) => r.code === 'orphan')!.path, []);
    } finally {
      await app.close();
    }
  });

  it('puts datasets whose topic matches no category in a last group "other"', async () => {
    const app = await startApp(path.join(FIXTURES, 'tiny'));
    try {
      const groups: Json[] = await json(app, '/categories');
      assert.equal(groups.length, 1);
      assert.equal(groups[0].key, 'other');
      assert.deepEqual(Object.keys(groups[0].name).sort(), ['de', 'en', 'fr', 'it']);
      assert.deepEqual(
        groups[0].datasets.map((d: Json) => d.id),
        ['tiny_cube', 'tiny_single'],
      );
    } finally {
      await app.close();
    }
  });
});

describe('discovery after a reload', () => {
  it('searches, indexes and groups the new snapshot, not the old one', async () => {
    const copy = await copyDataDir(path.join(FIXTURES, 'tiny'));
    const app = await startApp(copy.dir);
    try {
      const before = await json(app, '/search?q=north');
      assert.deepEqual(
        before.results.map((r: Json) => r.code),
        ['n'],
      );
      const file = path.join(copy.dir, 'tiny_cube.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"North"', '"Nordwand"').replace('"Tiny cube"', '"Tiny cube, revised"'));
      await app.ds.data.reload();
      assert.equal((await json(app, '/search?q=north')).total, 0);
      assert.equal((await json(app, '/search?q=nordwand')).results[0].code, 'n');
      const index: Json[] = await json(app, '/search-index.json');
      assert.equal(index.find((r) => r.code === 'n')!.label.en, 'Nordwand');
      const groups: Json[] = await json(app, '/categories');
      assert.equal(groups[0].datasets[0].title.en, 'Tiny cube, revised');
    } finally {
      await app.close();
      await copy.remove();
    }
  });
});
