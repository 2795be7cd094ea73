import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { langPrefix, splitLangPrefix } from './urls.js';
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
