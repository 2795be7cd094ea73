// Search on the real data: known series are found in each language, case
// and accents do not matter, every word is required, and the ranking puts
// whole words above prefixes above inside matches, titles above labels.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Lang, Snapshot } from '../data/model.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import { REAL_DATA } from '../../test/helpers.js';
import { foldText, tokenize } from './fold-text.js';
import { searchEngine } from './search-engine.js';
import { searchResultJson } from './search-answer.js';
import { search, type SearchHit } from './search.js';

const id = (h: SearchHit): string => h.doc.dataset.meta.id;
const where = (h: SearchHit): string => `${id(h)}${h.doc.level ? ` ${h.doc.dim!.id}=${h.doc.level.code}` : ''}`;

/** How a query word met a text: 3 whole word, 2 prefix, 1 inside, 0 not at all. */
function matchKind(word: string, text: string): number {
  const words = tokenize(text);
  if (words.includes(word)) return 3;
  if (words.some((w) => w.startsWith(word))) return 2;
  return words.some((w) => w.includes(word)) ? 1 : 0;
}

describe('foldText', () => {
  it('folds case, accents and spelled-out letters', () => {
    assert.equal(foldText('Économie'), 'economie');
    assert.equal(foldText('PREISE'), 'preise');
    assert.equal(foldText('Straße Œuvre Ørsted'), 'strasse oeuvre orsted');
    assert.deepEqual(tokenize("Taux d'intérêt & rendements"), ['taux', 'd', 'interet', 'rendements']);
  });
});

describe('search on the real data', () => {
  let snapshot: Snapshot;
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
  });

  const known: [string, Lang, string][] = [
    ['unemployment', 'en', 'ch_fso_unemp_rate'],
    ['unemployment', 'en', 'ch_snb_amarbma'],
    ['Arbeitslosenquote', 'de', 'ch_snb_amarbma'],
    ['konsumentenstimmung', 'de', 'ch_seco_concon'],
    ['PIB', 'fr', 'ch_fso_gdp_region'],
    ['chômage', 'fr', 'ch_snb_amarbma'],
    ['disoccupazione', 'it', 'ch_snb_amarbma'],
    ['pernottamenti', 'it', 'ch_fso_hesta'],
    ['hotel', 'en', 'ch_fso_hesta'],
    ['saron', 'en', 'ch_snb_zimoma'],
  ];
  for (const [q, lang, dataset] of known) {
    it(`'${q}' (${lang}) finds ${dataset} in the first five`, () => {
      const hits = search(snapshot, q, lang, 5).hits;
      assert.ok(
        hits.some((h) => id(h) === dataset),
        hits.map(where).join(', '),
      );
    });
  }

  it('ignores case and accents: preise finds Preise, economie finds Économie', () => {
    const preise = search(snapshot, 'preise', 'de', 100).hits;
    assert.ok(preise.some((h) => h.matched.some((m) => m.text.includes('Preise'))));
    const economie = search(snapshot, 'economie', 'fr', 100).hits;
    assert.ok(economie.some((h) => h.matched.some((m) => m.text.includes('Économie'))));
    assert.deepEqual(search(snapshot, 'ÉCONOMIE', 'fr', 100).hits.map(where), economie.map(where));
  });

  it('matches prefixes: arbeitslos finds registered unemployment', () => {
    assert.ok(search(snapshot, 'arbeitslos', 'de', 10).hits.some((h) => id(h) === 'ch_snb_amarbma'));
  });

  it('requires every word, and says what matched each', () => {
    const { hits, total } = search(snapshot, 'unemployment men', 'en', 100);
    assert.ok(total > 0);
    assert.equal(where(hits[0]), 'ch_fso_unemp_rate sex=men');
    for (const h of hits) {
      for (const w of ['unemployment', 'men'])
        assert.ok(
          h.matched.some((m) => matchKind(w, m.text) > 0),
          `${where(h)} lacks ${w}`,
        );
    }
    assert.equal(search(snapshot, 'unemployment zzzzqx', 'en', 10).total, 0);
  });

  it('a dataset name alone does not list every level of the dataset', () => {
    const hits = search(snapshot, 'konsumentenstimmung', 'de', 1000).hits.filter((h) => h.doc.kind === 'level');
    for (const h of hits)
      assert.ok(
        h.matched.some((m) => m.field === 'label' || m.field === 'path'),
        where(h),
      );
  });

  it('ranks whole words above prefixes above inside matches (one-word queries)', () => {
    for (const q of ['preis', 'index', 'rate', 'export', 'bank', 'total', 'emploi', 'lavoro', 'zins']) {
      const kinds = search(snapshot, q, 'en', 1000).hits.map((h) => Math.max(...h.matched.map((m) => matchKind(foldText(q), m.text))));
      for (let i = 1; i < kinds.length; i++) assert.ok(kinds[i - 1] >= kinds[i], `${q}: result ${i} (${kinds[i]}) after ${kinds[i - 1]}`);
    }
  });

  it('ranks title matches above label matches of the same kind', () => {
    const hits = search(snapshot, 'unemployment', 'en', 100).hits;
    const lastTitle = hits.findLastIndex((h) => h.doc.kind === 'dataset' && h.matched[0].field === 'title');
    const firstLabel = hits.findIndex((h) => h.matched[0].field === 'label');
    assert.ok(lastTitle >= 0 && firstLabel > lastTitle, hits.map(where).join(', '));
  });

  it('builds the index once per snapshot', () => {
    assert.equal(searchEngine(snapshot), searchEngine(snapshot));
  });

  it('results of one dimension are told apart by their names, in every language (Zurich the greater region and Zurich the canton)', () => {
    for (const lang of ['en', 'de', 'fr', 'it'] as const) {
      for (const q of ['gdp zurich', 'ticino', 'zurich', 'franken', 'libor', 'saron', 'bern']) {
        const results = search(snapshot, q, lang, 100).hits.map(
          (h) => searchResultJson(h, lang, '') as { datasetId: string; dim: string | null; code: string; name: Record<string, string> },
        );
        const byDim = new Map<string, string[]>();
        for (const r of results) if (r.dim) byDim.set(`${r.datasetId} ${r.dim}`, [...(byDim.get(`${r.datasetId} ${r.dim}`) ?? []), r.name[lang]]);
        for (const [where, names] of byDim) assert.equal(new Set(names).size, names.length, `${q} (${lang}) in ${where}: ${names.join(' | ')}`);
      }
    }
    const zurich = search(snapshot, 'gdp zurich', 'en', 10).hits.map((h) => (searchResultJson(h, 'en', '') as { name: { en: string } }).name.en);
    assert.deepEqual(zurich.sort(), ['Switzerland · Zurich', 'Zurich · Zurich']);
  });

  it('never returns grouping levels (they select no series)', () => {
    for (const q of ['switzerland', 'total', 'schweiz', 'euro']) {
      for (const h of search(snapshot, q, 'en', 1000).hits) if (h.doc.level) assert.ok(h.doc.level.data, where(h));
    }
  });

  it('answers nothing for a query without words, whatever its length', () => {
    assert.equal(search(snapshot, ' - / ', 'en', 10).total, 0);
    assert.ok(search(snapshot, 'price '.repeat(500), 'en', 10).total > 0);
  });
});
