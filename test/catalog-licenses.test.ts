// /catalog takes the catalog's richer names where a metadata file has poorer
// ones (sources' translations and key, concept leaves, a license key rather
// than a sentence); a license key licenses.json does not list is a /health
// warning and is shown as "unknown license (key)", never as a license card.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from './helpers.js';

type Json = Record<string, any>;

const catalogFile = JSON.parse(readFileSync(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as Json[];
const licenseKeys = Object.keys(JSON.parse(readFileSync(path.join(REAL_DATA, 'licenses.json'), 'utf8')) as Json).filter((k) => k !== '_comment');
const languages = (labels: unknown): string[] =>
  labels && typeof labels === 'object' ? Object.keys(labels).filter((k) => ['en', 'de', 'fr', 'it'].includes(k)) : [];

describe('/catalog fields and unknown licenses (real data)', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  it("every entry has at least the catalog file's source key and translations and concept leaf translations", async () => {
    const served = (await app.inject({ url: '/catalog' })).json() as Json[];
    for (const want of catalogFile) {
      const got = served.find((e) => e.id === want.id)!;
      if (want.source?.key) assert.equal(got.source.key, want.source.key, `${want.id} source key`);
      for (const lang of languages(want.source?.name)) assert.ok(got.source.name[lang], `${want.id} source name ${lang}`);
      for (const lang of languages(want.concept?.leaf)) assert.ok(got.concept.leaf[lang], `${want.id} concept leaf ${lang}`);
    }
    const byId = new Map(served.map((e) => [e.id, e]));
    assert.equal(byId.get('ch_adecco_sjmi')!.license, 'uzh-smm'); // the file says a sentence, the catalog the key
    assert.equal(byId.get('ch_fso_production')!.license, 'fso'); // the catalog's "quarterly" is no license
    assert.equal(byId.get('ch_fso_unemp_rate')!.source.name.de, 'Bundesamt für Statistik (BFS)');
  });

  it('/health warns about every license key licenses.json does not list', async () => {
    const served = (await app.inject({ url: '/catalog' })).json() as Json[];
    const unknown = served.filter((e) => !licenseKeys.includes(e.license)).map((e) => e.id);
    assert.deepEqual(unknown, ['ch_seco_concon']); // its files say "quarterly"
    const warnings = ((await app.inject({ url: '/health' })).json() as Json).warnings as Json[];
    const licenseWarnings = warnings.filter((w) => /license/.test(w.message));
    assert.ok(
      licenseWarnings.some((w) => w.dataset === 'ch_seco_concon' && w.message.includes('"quarterly"')),
      JSON.stringify(licenseWarnings),
    );
    assert.ok(
      licenseWarnings.some((w) => w.dataset === 'ch_fso_production' && w.file === 'catalog.json'),
      JSON.stringify(licenseWarnings),
    );
  });

  it('the dataset page names an unknown license as such, in every language, with no link to a license card', async () => {
    const words = {
      '': 'unknown license (quarterly)',
      '/de': 'unbekannte Lizenz (quarterly)',
      '/fr': 'licence inconnue (quarterly)',
      '/it': 'licenza sconosciuta (quarterly)',
    };
    for (const [prefix, text] of Object.entries(words)) {
      const body = (await app.inject({ url: `${prefix}/d/ch_seco_concon` })).body;
      assert.ok(body.includes(text), `${prefix}: ${text}`);
      assert.doesNotMatch(body, /#license-quarterly/);
    }
    const known = (await app.inject({ url: '/d/ch_fso_production' })).body;
    assert.match(known, /href="\/licenses#license-fso"/);
  });

  it('/licenses shows a card only for a known license that datasets use', async () => {
    const body = (await app.inject({ url: '/licenses' })).body;
    assert.doesNotMatch(body, /id="license-quarterly"/);
    assert.doesNotMatch(body, /Used by 0 datasets/);
    const cards = [...body.matchAll(/<section class="license card" id="license-([^"]+)"/g)].map((m) => m[1]);
    const used = new Set(((await app.inject({ url: '/catalog' })).json() as Json[]).map((e) => e.license));
    assert.deepEqual(
      cards,
      licenseKeys.filter((k) => used.has(k)),
    );
  });
});
