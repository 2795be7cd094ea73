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

  it('adds a number as the text of it: the same key from decimal(n) as from text(String(n)), pinned (issue 24 round 4 feeds digits, not a string)', () => {
    const numbers = [
      0,
      -0,
      1,
      9,
      10,
      99,
      100,
      -1,
      -10,
      18993,
      -25567,
      123456789,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 53,
      1e21,
      0.5,
      -1.25,
      NaN,
      Infinity,
      -Infinity,
      1e-7,
    ];
    for (const n of numbers) assert.equal(new KeyHash().text('a').decimal(n).mark(0).key(), new KeyHash().text('a').text(String(n)).mark(0).key(), String(n));
    for (let n = -100_000; n <= 100_000; n += 7) assert.equal(new KeyHash().decimal(n).key(), keyOf(String(n)), String(n));
    // the keys of main before the change (/tmp/r4-base): the digits are fed as String(n)'s code units were
    assert.deepEqual(
      [0, -1, 18993, -25567, 2 ** 53 - 1, 0.5].map((n) => new KeyHash().decimal(n).key()),
      ['zyCpwDsPVNIfpRmm', 'n05HO1wkCrGSJv-6', 'AI65ONT7vH8oQK1c', '32Z-Dd1SnFivfG5I', 'g2cmytrBpcXUcfBH', 'XIl2QSs5dh97qOwh'],
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
