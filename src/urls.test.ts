import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiUrl, formatDims, langPrefix, pageUrl, splitDims, splitLangPrefix } from './urls.js';
import { LANGS } from './data/model.js';

describe('language prefixes', () => {
  it('splitLangPrefix reads what langPrefix writes, in every language', () => {
    for (const lang of LANGS) {
      assert.deepEqual(splitLangPrefix(`${langPrefix(lang)}/d/ch_fso_ppi`), { lang, rest: '/d/ch_fso_ppi' });
      assert.equal(splitLangPrefix(langPrefix(lang) || '/').lang, lang);
    }
  });

  it('a prefix is a whole path segment', () => {
    assert.deepEqual(splitLangPrefix('/en/d/x'), { lang: 'en', rest: '/d/x' });
    assert.deepEqual(splitLangPrefix('/dex/d/x'), { lang: 'en', rest: '/dex/d/x' });
    assert.deepEqual(splitLangPrefix('/es/d/x'), { lang: 'en', rest: '/es/d/x' });
    assert.deepEqual(splitLangPrefix('/fr'), { lang: 'fr', rest: '/' });
  });
});

describe('the dims grammar', () => {
  it('splitDims reads what formatDims writes', () => {
    const dims = { structure: ['gdp', 'gva'], type: ['real'], Geschlecht: ['1', '_T'] };
    const read = splitDims(formatDims(dims));
    assert.deepEqual(Object.fromEntries(read.map((s) => [s.dim, s.codes])), dims);
  });

  it('trims names and codes, skips blank segments, and marks a segment without name= as such', () => {
    assert.deepEqual(splitDims(' type = real ;; ; structure=gdp, gva'), [
      { text: ' type = real ', dim: 'type', codes: ['real'] },
      { text: ' structure=gdp, gva', dim: 'structure', codes: ['gdp', 'gva'] },
    ]);
    assert.deepEqual(splitDims('real;=x;type='), [
      { text: 'real', dim: null, codes: [] },
      { text: '=x', dim: null, codes: [] },
      { text: 'type=', dim: 'type', codes: [''] },
    ]);
    // empty parts at the ends are read as written: an empty code, no segment
    assert.deepEqual(splitDims('a=x,;b= y ,;'), [
      { text: 'a=x,', dim: 'a', codes: ['x', ''] },
      { text: 'b= y ,', dim: 'b', codes: ['y', ''] },
    ]);
  });
});

describe('compare and scale in URLs', () => {
  const s = { datasetId: 'ch_fso_ppi', transform: 'yoy', scale: 'log' as const, compare: [{ datasetId: 'ch_kof_barometer', dims: {} }] };

  it('page URLs write them through the table (urlParams), in table order, the default scale left out', () => {
    assert.equal(pageUrl('', 'en', s), '/d/ch_fso_ppi?transform=yoy&scale=log&compare=ch_kof_barometer');
    assert.equal(pageUrl('', 'en', { ...s, scale: 'linear', compare: [] }), '/d/ch_fso_ppi?transform=yoy');
  });

  it('API URLs write them only on the routes the table says take them (the chart images)', () => {
    assert.equal(apiUrl('', 'series', s), '/series?dataset=ch_fso_ppi&transform=yoy');
    assert.equal(apiUrl('', 'chart.svg', s), '/chart.svg?dataset=ch_fso_ppi&transform=yoy&scale=log&compare=ch_kof_barometer');
  });
});
