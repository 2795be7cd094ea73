// The one query parser: names and values in NFC whatever their escapes, and
// an ASCII query (escapes of ASCII included) as fast-querystring reads it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQueryString } from './query-string.js';

describe('parseQueryString', () => {
  it('composes decomposed text, escaped in upper or lower case, raw, or in a name', () => {
    for (const text of ['partner=Tu%CC%88rkiye', 'partner=Tu%cc%88rkiye', 'partner=Tu\u0308rkiye', 'dims=partner%3DTu%CC%88rkiye'])
      assert.equal(Object.values(parseQueryString(text))[0], text.startsWith('dims') ? 'partner=Türkiye' : 'Türkiye', text);
    assert.deepEqual({ ...parseQueryString('Besch%61%CC%88ftigungsgrad=1') }, { Beschäftigungsgrad: '1' });
  });

  it('reads an ASCII query, escapes of ASCII and control characters included, as written', () => {
    assert.deepEqual(
      { ...parseQueryString('dataset=x&dims=a%3Dx%3Bb%3D%7Ey&from=2020-01-01&t=%09%7F') },
      {
        dataset: 'x',
        dims: 'a=x;b=~y',
        from: '2020-01-01',
        t: '\t\u007f',
      },
    );
  });
});
