// A dataset as published at a vintage (as_of): on three published vintages
// of real datasets, each view holds exactly that vintage's published rows
// and metadata; the latest vintage is the dataset itself; views are kept
// per snapshot and bounded.
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startApp } from '../../test/helpers.js';
import { publishVintages, type VintageFixture } from '../../test/vintage-fixture.js';
import { datasetAt, VINTAGE_VIEWS } from './dataset-at.js';
import { formatIsoDate } from './dates.js';
import { loadSnapshot } from './load-snapshot.js';
import type { Dataset, Snapshot } from './model.js';
import { historyNames } from './parse-history.js';
import { stampFileName } from './vintage-stamp.js';

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

describe('datasetAt, when a vintage metadata file cannot be read', () => {
  let fx: VintageFixture;
  before(async () => {
    fx = await publishVintages();
  });
  after(() => fx.remove());
  const metaFile = (id: string, stamp: string) => path.join(fx.dir, historyNames(id).dir, `${stampFileName(stamp)}.json`);

  it("uses the latest metadata only when the file is absent, and fails on any other error (never today's labels as that vintage's)", async () => {
    const { dataset, titles } = fx.changes.relabelled;
    const snapshot = await loadSnapshot(fx.dir);
    const latest = snapshot.datasets.get(dataset)!;
    // unreadable: a directory where the file is
    await rm(metaFile(dataset, fx.stamps[0]));
    await mkdir(metaFile(dataset, fx.stamps[0]));
    await assert.rejects(datasetAt(snapshot, latest, fx.stamps[0]), /EISDIR/);
    // absent: the latest metadata
    await rm(metaFile(dataset, fx.stamps[0]), { recursive: true });
    assert.equal((await datasetAt(snapshot, latest, fx.stamps[0])).meta.title.en, latest.meta.title.en);
    assert.notEqual(latest.meta.title.en, titles[0]);
  });

  it('answers a corrupt vintage metadata file with a 5xx problem, not cached and without a stack', async () => {
    await writeFile(metaFile('ch_fso_wage_idx', fx.stamps[0]), '{"meta": [1, 2');
    await writeFile(metaFile('ch_kof_barometer', fx.stamps[0]), '[1, 2]');
    const app = await startApp(fx.dir);
    try {
      for (const id of ['ch_fso_wage_idx', 'ch_kof_barometer']) {
        const res = await app.inject({ method: 'GET', url: `/series?dataset=${id}&as_of=${fx.stamps[0]}` });
        assert.ok(res.statusCode >= 500, `${id}: ${res.statusCode}`);
        assert.equal(res.headers['cache-control'], 'no-store');
        assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
        assert.doesNotMatch(res.body, /\bat .*\.(ts|js):\d+/, 'no stack trace');
        assert.ok(res.json().code, res.body);
      }
    } finally {
      await app.close();
    }
  });
});
