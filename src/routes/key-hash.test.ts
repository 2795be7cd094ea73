// The key of a selection's ETag: the same on every replica and after a
// restart (pinned values), 16 base64url characters, and distinct for the
// sequences of texts a selection's ETag hashes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KeyHash } from './key-hash.js';

const keyOf = (...texts: string[]): string => texts.reduce((h, t) => h.text(t), new KeyHash()).key();

describe('KeyHash', () => {
  it('is pure arithmetic: these keys are the same in every process (a change here changes every ETag once)', () => {
    assert.equal(new KeyHash().key(), keyOf());
    assert.deepEqual(
      [keyOf(), keyOf(''), keyOf('csv', 'ch_fso_ppi'), keyOf('é✓😀')],
      ['S7q46oj0ANttAF4b', '2N_757wyw4Aee_n9', 'bO2kNjqxac67fMQX', 'UtyBP8Wf2LNHc02_'],
    );
  });

  it('writes 16 base64url characters, as versionEtag takes', () => {
    for (let i = 0; i < 1000; i++) assert.match(keyOf(String(i)), /^[A-Za-z0-9_-]{16}$/);
  });

  it('tells apart texts cut elsewhere, texts from marks, and marks from each other', () => {
    const keys = [
      keyOf('ab', 'c'),
      keyOf('a', 'bc'),
      keyOf('abc'),
      keyOf('abc', ''),
      new KeyHash().text('abc').mark(0).key(),
      new KeyHash().text('abc').mark(1).key(),
      new KeyHash().mark(0).text('abc').key(),
    ];
    assert.equal(new Set(keys).size, keys.length, keys.join(' '));
  });

  it('gives no two of 300,000 similar questions one key', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300_000; i++) {
      const h = new KeyHash()
        .text('csv')
        .text(`demo_large_${i % 200}`)
        .mark(1)
        .text('region')
        .text(`R${i % 97}`);
      seen.add(h.text(String(10_000 + i)).key());
    }
    assert.equal(seen.size, 300_000);
  });
});
