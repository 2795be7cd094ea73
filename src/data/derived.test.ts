import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { derived, derivedKey, type Derived } from './derived.js';

describe('derived values', () => {
  it('are built once per holder, an undefined value too (one lookup when kept: issue 24, round 5)', () => {
    const holder: { derived: Derived } = { derived: new Map() };
    const other: { derived: Derived } = { derived: new Map() };
    const NUMBER = derivedKey<number>('a number');
    const NOTHING = derivedKey<undefined>('nothing');
    let builds = 0;
    const build = (): number => ++builds;
    assert.equal(derived(holder, NUMBER, build), 1);
    assert.equal(derived(holder, NUMBER, build), 1, 'kept');
    assert.equal(derived(other, NUMBER, build), 2, 'another holder builds its own');
    let nothingBuilds = 0;
    for (let k = 0; k < 3; k++)
      assert.equal(
        derived(holder, NOTHING, () => void nothingBuilds++),
        undefined,
      );
    assert.equal(nothingBuilds, 1, 'an undefined value is kept, not built again');
  });
});
