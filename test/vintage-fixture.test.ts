// The shared vintage fixture publishes what it says it does: three vintages,
// each with the changes it names (the as_of, vintages, feeds and page tests
// rely on them).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { publishVintages, type VintageFixture } from './vintage-fixture.js';

describe('the vintage fixture', () => {
  let fx: VintageFixture;
  before(async () => {
    fx = await publishVintages();
  });
  after(() => fx.remove());

  it('publishes three vintages with the stamps it names', async () => {
    const manifest = JSON.parse(await readFile(path.join(fx.dir, 'publish.json'), 'utf8')) as { vintages: string[] };
    assert.deepEqual(manifest.vintages, [...fx.stamps]);
    assert.equal(fx.csv.length, 3);
  });

  it('has in each vintage the values, observations, series and labels it names', () => {
    const { revised, added, removed, relabelled } = fx.changes;
    const value = (k: number, id: string, key: string[]): string | null =>
      fx.csv[k][id].find((r) => r.slice(0, key.length).join() === key.join())?.at(-1) ?? null;
    for (let k = 0; k < 3; k++) {
      assert.equal(value(k, revised.dataset, [...revised.codes, revised.date]), revised.values[k]);
      assert.equal(value(k, added.dataset, [...added.codes, added.date]), added.values[k]);
      assert.equal(
        fx.csv[k][removed.dataset].some((r) => r.slice(0, 2).join() === removed.codes.join()),
        k === 0,
      );
      assert.equal(fx.meta[k][relabelled.dataset].title.en, relabelled.titles[k]);
      assert.equal(fx.meta[k][relabelled.dataset].dimensions.measure.levels.PC.label.en, relabelled.level.labels[k]);
    }
    assert.notEqual(relabelled.titles[0], relabelled.titles[1]);
  });
});
