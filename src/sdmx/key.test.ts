import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Dataset, Snapshot } from '../data/model.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import { buildExplorerMeta } from '../selection/from-dataset.js';
import { REAL_DATA } from '../../test/helpers.js';
import { ALL_KEY, sdmxDataUrl, writeSdmxKey } from './key.js';
import { sdmxNames, sdmxNamesOf } from './names.js';

let snapshot: Snapshot;
const dataset = (id: string): Dataset => snapshot.datasets.get(id)!;
const source = (ds: Dataset) => ({ id: ds.meta.id, dims: ds.meta.dimensions });

describe('SDMX key writer', () => {
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
  });

  it('one position per dimension in dim_order, codes joined by +, empty for all', () => {
    const ds = dataset('ch_fso_vacancies');
    const names = sdmxNames(ds);
    assert.deepEqual(ds.meta.dimOrder, ['Offene Stellen', 'Wirtschaftsabteilung']);
    assert.equal(writeSdmxKey(names, source(ds), { Wirtschaftsabteilung: ['10-33', '26'] }), '.10-33+26');
    assert.equal(writeSdmxKey(names, source(ds), { 'Offene Stellen': ['1'], Wirtschaftsabteilung: [] }), '1.');
    assert.equal(writeSdmxKey(names, source(ds), {}), ALL_KEY);
    assert.equal(writeSdmxKey(names, source(ds), undefined), ALL_KEY);
  });

  it('writes the mapped ids of ch_fso_jobs_sex and a single-series dataset as all', () => {
    const ds = dataset('ch_fso_jobs_sex');
    const names = sdmxNames(ds);
    const d = ds.meta.dimOrder.indexOf('Beschäftigungsgrad');
    const dim = ds.meta.dimensions[d];
    const key = writeSdmxKey(names, source(ds), { [dim.id]: [dim.levels[0].code] });
    assert.equal(key.split('.').length, ds.meta.dimensions.length);
    assert.equal(key.split('.')[d], names.codeId(d, 0));
    const single = [...snapshot.datasets.values()].find((x) => x.meta.dimensions.length === 0)!;
    assert.equal(writeSdmxKey(sdmxNames(single), source(single), {}), ALL_KEY);
  });

  it("the page's explorer meta gives the same names as its dataset, for every real dataset", () => {
    for (const ds of snapshot.datasets.values()) {
      const fromPage = sdmxNamesOf(buildExplorerMeta(ds, 'de'));
      const fromStore = sdmxNames(ds);
      assert.equal(fromPage.flowId, fromStore.flowId);
      assert.deepEqual(fromPage.dimIds, fromStore.dimIds, ds.meta.id);
      ds.meta.dimensions.forEach((dim, d) => dim.levels.forEach((_, l) => assert.equal(fromPage.codeId(d, l), fromStore.codeId(d, l))));
    }
  });

  it('the data URL carries the flow, the key and the period window', () => {
    const ds = dataset('ch_fso_vacancies');
    assert.equal(
      sdmxDataUrl('https://example.org', source(ds), { Wirtschaftsabteilung: ['10-33', '26'] }, { startPeriod: '2020-01-01' }),
      'https://example.org/sdmx/2.1/data/ch_fso_vacancies/.10-33+26?startPeriod=2020-01-01',
    );
    assert.equal(sdmxDataUrl('', source(ds), {}), '/sdmx/2.1/data/ch_fso_vacancies/all');
  });
});
