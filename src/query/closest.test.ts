import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { mulberry32 } from '../../scripts/demo/random.js';
import { REAL_DATA } from '../../test/helpers.js';
import { candidates, closest, closestIn, editDistance } from './closest.js';

const LARGE = '/tmp/ds-large';

/** The definition closest() keeps: full edit distance of the lowercase forms, the bonus, the cutoff, the order. */
function byDefinition(word: string, list: readonly string[], limit: number): string[] {
  const w = word.toLowerCase();
  if (w === '' || w.length > 200) return [];
  const cutoff = Math.max(2, Math.floor(w.length / 2));
  const scored: { c: string; score: number }[] = [];
  for (const c of list) {
    const lc = c.toLowerCase();
    const bonus = lc.startsWith(w) || w.startsWith(lc) ? -2 : lc.includes(w) ? -1 : 0;
    const score = editDistance(w, lc) + bonus;
    if (score <= cutoff) scored.push({ c, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.c.localeCompare(b.c))
    .slice(0, limit)
    .map((s) => s.c);
}

/** Every dimension's codes of a data directory (one list per dimension), and the dataset ids as one more list. */
function codeLists(dir: string): string[][] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !['catalog.json', 'categories.json'].includes(f));
  const lists: string[][] = [];
  const ids: string[] = [];
  for (const f of files) {
    const meta = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { id?: string; dimensions?: Record<string, { levels: Record<string, unknown> }> };
    if (!meta.dimensions || !meta.id) continue;
    ids.push(meta.id);
    for (const dim of Object.values(meta.dimensions)) lists.push(Object.keys(dim.levels));
  }
  return [...lists, ids];
}

/** Words near and far from a list's codes: typos (a unit dropped, added, changed, case), prefixes, inner parts, long and non-ASCII words. */
function wordsFor(list: readonly string[], random: () => number, count: number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const units = 'abcdefgxyzXYZ0123456789_-. äöüÄİßé€';
  const words: string[] = [];
  for (let n = 0; n < count; n++) {
    let w = pick(list);
    for (let edits = Math.floor(random() * 4); edits > 0; edits--) {
      const at = Math.floor(random() * (w.length + 1));
      const kind = Math.floor(random() * 6);
      if (kind === 0) w = w.slice(0, at) + w.slice(at + 1);
      else if (kind === 1) w = w.slice(0, at) + pick([...units]) + w.slice(at);
      else if (kind === 2) w = w.slice(0, at) + pick([...units]) + w.slice(at + 1);
      else if (kind === 3) w = w.toUpperCase();
      else if (kind === 4) w = w.slice(0, Math.max(1, at));
      else w = w.slice(Math.min(at, w.length - 1));
    }
    if (random() < 0.05) w = w.repeat(2 + Math.floor(random() * 5));
    if (random() < 0.05) w = Array.from({ length: Math.floor(random() * 40) }, () => pick([...units])).join('');
    words.push(w);
  }
  return words;
}

/** Compares closest() with its definition over every list of a directory; returns the number of words tried. */
function compareOn(dir: string, perList: number, seed: number): number {
  const random = mulberry32(seed);
  let tried = 0;
  for (const list of codeLists(dir)) {
    const ready = candidates(list);
    for (const word of wordsFor(list, random, perList)) {
      for (const limit of [1, 5]) {
        assert.deepEqual(
          closestIn(word, ready, limit),
          byDefinition(word, list, limit),
          `closest(${JSON.stringify(word)}) over ${list.length} codes (${list.slice(0, 3).join(', ')}…)`,
        );
      }
      tried++;
    }
  }
  return tried;
}

describe('closest', () => {
  it('gives what its definition gives (full edit distance, bonus, cutoff, order) on random words near the codes of the real datasets', () => {
    assert.ok(compareOn(REAL_DATA, 200, 1) > 10_000);
  });

  it('gives what its definition gives on the codes of the large generated directory', { skip: !existsSync(LARGE) && `no ${LARGE}` }, () => {
    assert.ok(compareOn(LARGE, 30, 2) > 10_000);
  });

  it('measures past 32 units and outside ASCII as its definition does', () => {
    const list = ['ä'.repeat(40), 'İstanbul', 'istanbul', 'a'.repeat(33), 'a'.repeat(31) + 'b', 'Ärger', 'ärgern'];
    for (const word of ['ä'.repeat(38), 'İstanbu', 'istambul', 'a'.repeat(34), 'a'.repeat(32), 'ÄRGER', 'arger', 'ärg€rn']) {
      assert.deepEqual(closest(word, list, 5), byDefinition(word, list, 5), word);
    }
    assert.deepEqual(closest('p123X', ['p123', 'p124', 'p213', 'q123X'], 5), ['p123', 'q123X', 'p124']);
  });
});
