// A dataset as published at a vintage (as_of): on three published vintages
// of real datasets, each view holds exactly that vintage's published rows
// and metadata; the latest vintage is the dataset itself; views are kept
// per snapshot and bounded.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { publishVintages, type VintageFixture } from '../../test/vintage-fixture.js';
import { datasetAt, VINTAGE_VIEWS } from './dataset-at.js';
import { formatIsoDate } from './dates.js';
import { loadSnapshot } from './load-snapshot.js';
import type { Dataset, Snapshot } from './model.js';

/** The rows of a dataset as its published CSV writes them (header first). */
function rowsOf(ds: Dataset): string[][] {
  const { store, meta } = ds;
  const out = [[...meta.dimOrder, 'date', 'value']];
  for (let s = 0; s < store.count; s++) {
    const codes = meta.dimensions.map((dim, d) => dim.levels[store.codes[d][s]].code);
    for (let i = store.offsets[s]; i < store.offsets[s + 1]; i++) {
      const v = store.values[i];
      out.push([...codes, formatIsoDate(store.dates[i]), store.valueTexts?.byIndex.get(i) ?? (Number.isNaN(v) ? '' : String(v))]);
    }
  }
  return out;
}

describe('datasetAt', () => {
  let fx: VintageFixture;
  let snapshot: Snapshot;
  before(async () => {
    fx = await publishVintages();
    snapshot = await loadSnapshot(fx.dir);
  });
  after(() => fx.remove());

  it("gives at each vintage exactly that vintage's published rows, last date and metadata", async () => {
    for (const [id, latest] of snapshot.datasets) {
      for (let k = 0; k < fx.stamps.length; k++) {
        const then = await datasetAt(
          snapshot,
          latest,
          latest.history!.stamps.includes(fx.stamps[k]) ? fx.stamps[k] : latest.history!.stamps.findLast((s) => s <= fx.stamps[k])!,
        );
        assert.deepEqual(rowsOf(then), fx.csv[k][id], `${id} at ${fx.stamps[k]}`);
        assert.equal(formatIsoDate(then.store.end), fx.csv[k][id].at(-1)!.at(-2), `${id} last date`);
        assert.equal(then.meta.title.en, fx.meta[k][id].title.en, `${id} title`);
      }
    }
    const vacant = snapshot.datasets.get('ch_fso_vacant_dwellings')!;
    const first = await datasetAt(snapshot, vacant, fx.stamps[0]);
    assert.equal(first.meta.dimensions[0].levels.find((l) => l.code === 'PC')!.label.en, fx.changes.relabelled.level.labels[0]);
  });

  it('is the dataset itself at its latest vintage and without a stamp; a view knows its vintage', async () => {
    const wage = snapshot.datasets.get('ch_fso_wage_idx')!;
    assert.equal(await datasetAt(snapshot, wage, fx.stamps[2]), wage);
    assert.equal(await datasetAt(snapshot, wage, null), wage);
    const then = await datasetAt(snapshot, wage, fx.stamps[0]);
    assert.deepEqual(then.vintage, { stamp: fx.stamps[0], stamps: fx.stamps });
    assert.equal(await datasetAt(snapshot, wage, fx.stamps[0]), then, 'kept while recent');
    await assert.rejects(datasetAt(snapshot, wage, '2026-01-01T00:00:00Z'), RangeError);
  });

  it(`keeps at most ${VINTAGE_VIEWS} views per snapshot, the least recently used going first`, async () => {
    const fresh = await loadSnapshot(fx.dir);
    const wage = fresh.datasets.get('ch_fso_wage_idx')!;
    const first = await datasetAt(fresh, wage, fx.stamps[0]);
    // other datasets' views push it out
    const others = [...fresh.datasets.values()].filter((d) => d !== wage);
    for (let i = 0; i < VINTAGE_VIEWS; i++) {
      const ds = others[i % others.length];
      await datasetAt(fresh, { ...ds, version: `${ds.version}-${i}` }, ds.history!.stamps[0]);
    }
    assert.notEqual(await datasetAt(fresh, wage, fx.stamps[0]), first);
  });
});
