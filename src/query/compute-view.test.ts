// computeView and selectSeries on the real data: the series a selection picks
// equal a brute-force filter of the store on every real dataset; the window
// (from, to, last) holds the published rows; the transforms read what comes
// before the window, by hand from the CSV; edges on tiny windows.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { parseCsvText, REAL_DATA, selectionOf } from '../../test/helpers.js';
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import type { Dataset, Snapshot } from '../data/model.js';
import { computeView, selectSeries } from './compute-view.js';
import type { Selection } from './view.js';

const day = (iso: string): number => parseIsoDate(iso)!;

/** A selection of `ds` with the defaults of the API. */
const selection = (ds: Dataset, over: Partial<Selection> = {}): Selection => selectionOf(ds.meta.id, over);

/** The ids of the store's series whose code in every constrained dimension is one of those asked. */
function bruteForce(ds: Dataset, dims: Record<string, string[]>): number[] {
  const { store, meta } = ds;
  return Array.from({ length: store.count }, (_, s) => s).filter((s) =>
    meta.dimensions.every((dim, d) => !dims[dim.id] || dims[dim.id].includes(dim.levels[store.codes[d][s]].code)),
  );
}

describe('computeView on the real data', () => {
  let snapshot: Snapshot;
  let ppi: Dataset;
  /** ch_fso_ppi's published rows of base 2020, as [date, value text]. */
  let base2020: [string, string][];
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
    ppi = snapshot.datasets.get('ch_fso_ppi')!;
    const rows = parseCsvText(await readFile(path.join(REAL_DATA, ppi.files.data), 'utf8'));
    base2020 = rows.filter((r) => r[0] === '2020').map((r) => [r[1], r[2]]);
  });

  it('selects what a brute-force filter of the store selects, on every dataset', () => {
    for (const ds of snapshot.datasets.values()) {
      const dimensions = ds.meta.dimensions;
      const asks: Record<string, string[]>[] = [{}];
      for (const dim of dimensions) {
        const codes = dim.levels.map((l) => l.code);
        asks.push({ [dim.id]: [codes[0]] }, { [dim.id]: [codes.at(-1)!, codes[0]] });
      }
      // one code in every dimension (the cold single-series path), and the first two codes of each
      asks.push(Object.fromEntries(dimensions.map((d) => [d.id, [d.levels[ds.store.codes[dimensions.indexOf(d)][0]].code]])));
      asks.push(Object.fromEntries(dimensions.map((d) => [d.id, d.levels.slice(0, 2).map((l) => l.code)])));
      for (const dims of asks) assert.deepEqual([...selectSeries(ds, dims)], bruteForce(ds, dims), `${ds.meta.id} ${JSON.stringify(dims)}`);
    }
  });

  it('one code in every dimension (the cold path, issue 24): every series by its codes, and nothing for a combination no series has', () => {
    for (const ds of snapshot.datasets.values()) {
      const dimensions = ds.meta.dimensions;
      if (dimensions.length === 0) continue;
      const codesOf = (s: number): Record<string, string[]> => Object.fromEntries(dimensions.map((d, i) => [d.id, [d.levels[ds.store.codes[i][s]].code]]));
      for (let s = 0; s < ds.store.count; s++) assert.deepEqual([...selectSeries(ds, codesOf(s))], [s], `${ds.meta.id} series ${s}`);
      // the last level of every dimension: often a combination the store lacks
      const last = Object.fromEntries(dimensions.map((d) => [d.id, [d.levels.at(-1)!.code]]));
      assert.deepEqual([...selectSeries(ds, last)], bruteForce(ds, last), `${ds.meta.id} ${JSON.stringify(last)}`);
    }
  });

  it('one code in every dimension of a sparse cube (far more combinations than series: the index is a Map, not a table): every series by its codes', () => {
    for (const id of ['ch_fso_ppi', 'ch_fso_trade_partner']) {
      const ds = snapshot.datasets.get(id)!;
      // the same store, each dimension with 100 more levels that no series has: 100^n combinations more, the dense table's limit far behind
      const widened = ds.meta.dimensions.map((dim) => {
        const codes = [...dim.levels.map((l) => l.code), ...Array.from({ length: 100 }, (_, i) => `none${i}`)];
        return { ...dim, levels: codes.map((code, i) => dim.levels[i] ?? { ...dim.levels[0], code }), index: new Map(codes.map((c, i) => [c, i])) };
      });
      const sparse: Dataset = { ...ds, meta: { ...ds.meta, dimensions: widened }, derived: new Map() };
      const codesOf = (s: number): Record<string, string[]> => Object.fromEntries(widened.map((d, i) => [d.id, [d.levels[ds.store.codes[i][s]].code]]));
      for (let s = 0; s < ds.store.count; s++) assert.deepEqual([...selectSeries(sparse, codesOf(s))], [s], `${id} series ${s}`);
      const none = Object.fromEntries(widened.map((d) => [d.id, ['none7']]));
      assert.deepEqual([...selectSeries(sparse, none)], [], `${id}: a combination no series has`);
    }
  });

  it('one code in every dimension, one of them unknown to the dataset: no series, in a dense table and in a sparse Map alike', () => {
    for (const id of ['ch_fso_ppi', 'ch_fso_trade_partner']) {
      const ds = snapshot.datasets.get(id)!;
      const first = Object.fromEntries(ds.meta.dimensions.map((d) => [d.id, [d.levels[ds.store.codes[ds.meta.dimensions.indexOf(d)][0]].code]]));
      for (const dim of ds.meta.dimensions) {
        assert.deepEqual([...selectSeries(ds, { ...first, [dim.id]: ['NO_SUCH_CODE'] })], [], `${id}: ${dim.id}=NO_SUCH_CODE`);
      }
    }
  });

  it("a series' codes are made once per dataset and shared by its views, frozen (issue 24: no array per answer)", () => {
    const ask = selection(ppi, { dims: { base: ['2020'] } });
    const one = computeView(ppi, ask).series[0];
    const other = computeView(ppi, { ...ask, transform: 'yoy', last: 3 }).series[0];
    const { store, meta } = ppi;
    assert.deepEqual(
      one.codes,
      meta.dimensions.map((dim, d) => dim.levels[store.codes[d][one.id]].code),
    );
    assert.equal(other.codes, one.codes, 'the same array');
    assert.throws(() => one.codes.push('x'), TypeError, 'no view can change what the others show');
  });

  it('the window from, to and last holds the published rows, with their published texts', () => {
    const view = computeView(ppi, selection(ppi, { dims: { base: ['2020'] }, from: day('2021-01-01'), to: day('2021-12-01') }));
    assert.equal(view.series.length, 1);
    const [s] = view.series;
    const expected = base2020.filter(([d]) => d >= '2021-01-01' && d <= '2021-12-01');
    assert.equal(expected.length, 12);
    assert.deepEqual(
      [...s.dates].map(formatIsoDate),
      expected.map(([d]) => d),
    );
    assert.deepEqual(
      [...s.values],
      expected.map(([, v]) => Number(v)),
    );
    assert.equal(view.observations, 12);
    assert.ok(s.published, 'a level view carries the published texts');
    const last = computeView(ppi, selection(ppi, { dims: { base: ['2020'] }, last: 3 })).series[0];
    assert.deepEqual(
      [...last.dates].map(formatIsoDate),
      base2020.slice(-3).map(([d]) => d),
    );
  });

  it('yoy and pct read the observations before the window (by hand from the CSV)', () => {
    const valueAt = (iso: string): number => Number(base2020.find(([d]) => d === iso)![1]);
    const window = { dims: { base: ['2020'] }, from: day('2021-01-01'), to: day('2021-01-01') };
    const yoy = computeView(ppi, selection(ppi, { ...window, transform: 'yoy' })).series[0];
    assert.ok(Math.abs(yoy.values[0] - (valueAt('2021-01-01') / valueAt('2020-01-01') - 1) * 100) < 1e-9);
    assert.equal(yoy.published, undefined, 'a transformed view has no published texts');
    const pct = computeView(ppi, selection(ppi, { ...window, transform: 'pct' })).series[0];
    assert.ok(Math.abs(pct.values[0] - (valueAt('2021-01-01') / valueAt('2020-12-01') - 1) * 100) < 1e-9);
    const diff = computeView(ppi, selection(ppi, { ...window, transform: 'diff' })).series[0];
    assert.ok(Math.abs(diff.values[0] - (valueAt('2021-01-01') - valueAt('2020-12-01'))) < 1e-9);
  });

  it('index rebases to 100 at its base date, or at the first value of the window', () => {
    const at = computeView(
      ppi,
      selection(ppi, { dims: { base: ['1963'] }, from: day('1964-01-01'), to: day('1964-02-01'), transform: 'index', base: day('1963-01-01') }),
    );
    const [s] = at.series;
    assert.equal(s.base, 99.7);
    assert.ok(Math.abs(s.values[0] - (100.2 / 99.7) * 100) < 1e-9);
    const first = computeView(ppi, selection(ppi, { dims: { base: ['1963'] }, from: day('1964-01-01'), to: day('1964-02-01'), transform: 'index' })).series[0];
    assert.equal(first.base, 100.2);
    assert.equal(first.values[0], 100);
  });

  it('an empty window keeps the series with no observations', () => {
    for (const over of [{ from: day('2999-01-01') }, { from: day('2021-01-01'), to: day('2020-01-01') }]) {
      const view = computeView(ppi, selection(ppi, { dims: { base: ['2020'] }, ...over, transform: 'yoy' }));
      assert.equal(view.series.length, 1);
      assert.equal(view.series[0].dates.length, 0);
      assert.equal(view.series[0].values.length, 0);
      assert.equal(view.observations, 0);
    }
  });
});
