import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Dataset, Snapshot } from '../data/model.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import { REAL_DATA } from '../../test/helpers.js';
import { SDMX_AGENCY, sdmxCodeId, sdmxDimId, sdmxNames, shortHash, SYNTHETIC_CODE, SYNTHETIC_DIM } from './names.js';

const DIM_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
const CODE_ID = /^[A-Za-z0-9_@$-]+$/;

let snapshot: Snapshot;
const dataset = (id: string): Dataset => snapshot.datasets.get(id)!;

describe('SDMX ids (docs/decisions.md, "SDMX ids")', () => {
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
  });

  it('keeps an id that is already valid, and maps one that is not with a hash of the original', () => {
    assert.equal(SDMX_AGENCY, 'DATASERIES');
    assert.equal(sdmxDimId('seas_adj'), 'seas_adj');
    assert.equal(sdmxDimId('Beschäftigungsgrad'), `Beschaeftigungsgrad_${shortHash('Beschäftigungsgrad')}`);
    assert.equal(sdmxDimId('Offene Stellen'), `Offene_Stellen_${shortHash('Offene Stellen')}`);
    assert.match(sdmxDimId('10 Jahre'), /^D10_Jahre_[0-9a-z]{5}$/, 'a dimension id starts with a letter');
    assert.equal(sdmxCodeId('10-33'), '10-33', 'a code may start with a digit and hold -');
    assert.match(sdmxCodeId('1.5'), /^1_5_[0-9a-z]{5}$/, '. separates key positions: never in a code');
    assert.notEqual(sdmxCodeId('a b'), sdmxCodeId('a.b'), 'the hash keeps two spellings apart');
    assert.match(sdmxCodeId('Genève'), /^Geneve_/);
  });

  it('maps the German-named dimension of ch_fso_jobs_sex and the codes of ch_fso_vacancies', () => {
    const jobs = sdmxNames(dataset('ch_fso_jobs_sex'));
    const original = dataset('ch_fso_jobs_sex').meta.dimOrder.indexOf('Beschäftigungsgrad');
    assert.ok(original >= 0);
    assert.match(jobs.dimIds[original], /^Beschaeftigungsgrad_[0-9a-z]{5}$/);
    assert.equal(jobs.dimIndex(jobs.dimIds[original]), original);
    const vacancies = dataset('ch_fso_vacancies');
    const names = sdmxNames(vacancies);
    assert.match(names.dimIds[vacancies.meta.dimOrder.indexOf('Offene Stellen')], /^Offene_Stellen_[0-9a-z]{5}$/);
    const dim = vacancies.meta.dimOrder.indexOf('Wirtschaftsabteilung');
    assert.ok(dim >= 0);
    const level = vacancies.meta.dimensions[dim].index.get('10-33');
    assert.ok(level !== undefined, 'ch_fso_vacancies has code 10-33');
    assert.equal(names.codeId(dim, level), '10-33');
    assert.equal(names.levelIndex(dim, '10-33'), level);
  });

  it('every real dataset: ids valid, distinct per dimension, round trip exact, the same on a new load', async () => {
    const again = await loadSnapshot(REAL_DATA);
    const flows = new Set<string>();
    for (const ds of snapshot.datasets.values()) {
      const names = sdmxNames(ds);
      assert.match(names.flowId, CODE_ID, ds.meta.id);
      flows.add(names.flowId);
      assert.equal(new Set(names.dimIds).size, names.dimIds.length, `${ds.meta.id}: dimension ids distinct`);
      names.dimIds.forEach((id, d) => {
        assert.match(id, DIM_ID, `${ds.meta.id}: ${id}`);
        assert.equal(names.dimIndex(id), d);
      });
      ds.meta.dimensions.forEach((dimension, d) => {
        const codes = dimension.levels.map((_, l) => names.codeId(d, l));
        assert.equal(new Set(codes).size, codes.length, `${ds.meta.id}.${dimension.id}: codes distinct`);
        codes.forEach((code, l) => {
          assert.match(code, CODE_ID, `${ds.meta.id}.${dimension.id}: ${code}`);
          assert.equal(names.levelIndex(d, code), l);
        });
      });
      const fresh = sdmxNames(again.datasets.get(ds.meta.id)!);
      assert.deepEqual(fresh.dimIds, names.dimIds, 'stable across loads');
      assert.equal(sdmxNames(ds), names, 'memoised per dataset');
    }
    assert.equal(flows.size, snapshot.datasets.size, 'flow ids distinct');
  });

  it('a single-series dataset gets one synthetic dimension with one code', () => {
    const single = [...snapshot.datasets.values()].find((ds) => ds.meta.dimensions.length === 0);
    assert.ok(single, 'the real data has a single-series dataset');
    const names = sdmxNames(single);
    assert.equal(names.synthetic, true);
    assert.deepEqual(names.dimIds, [SYNTHETIC_DIM]);
    assert.equal(names.codeId(0, 0), SYNTHETIC_CODE);
    assert.equal(names.dimIndex(SYNTHETIC_DIM), 0);
    assert.equal(names.levelIndex(0, SYNTHETIC_CODE), 0);
    assert.equal(names.levelIndex(0, 'X'), -1);
    assert.equal(names.dimIndex('X'), -1);
  });

  it('unknown ids read back as -1', () => {
    const names = sdmxNames(dataset('ch_fso_jobs_sex'));
    assert.equal(names.dimIndex('Beschäftigungsgrad'), -1, 'the original is not the SDMX id');
    assert.equal(names.levelIndex(0, 'nope'), -1);
    assert.equal(names.levelIndex(99, 'nope'), -1);
  });
});
