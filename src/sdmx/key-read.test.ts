// The SDMX key reader: a key and a period window read into the API's selection query, on real datasets.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadSnapshot } from '../data/load-snapshot.js';
import type { Dataset, Snapshot } from '../data/model.js';
import { DsError } from '../errors/ds-error.js';
import { parseSelection } from '../selection/read-selection.js';
import { REAL_DATA } from '../../test/helpers.js';
import { parseSdmxKey, sdmxSelectionQuery } from './key-read.js';
import { writeSdmxKey } from './key.js';
import { sdmxNames } from './names.js';

let snapshot: Snapshot;
const dataset = (id: string): Dataset => snapshot.datasets.get(id)!;

/** The code of the error a call throws. */
function thrown(fn: () => unknown): { code: string; status: number; message: string } {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof DsError, String(err));
    return { code: err.code, status: err.status, message: err.message };
  }
  assert.fail('no error thrown');
}

describe('SDMX keys read into a selection', () => {
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
  });

  it('reads codes joined by +, an empty position as every code, and all', () => {
    const ds = dataset('ch_seco_concon');
    const names = sdmxNames(ds);
    assert.deepEqual(parseSdmxKey(ds, names, 'index.ks_i63_index_q+ks_i11_econ_hist_q.'), {
      type: ['index'],
      structure: ['ks_i63_index_q', 'ks_i11_econ_hist_q'],
    });
    assert.deepEqual(parseSdmxKey(ds, names, '..'), {});
    assert.deepEqual(parseSdmxKey(ds, names, 'all'), {});
    assert.deepEqual(parseSdmxKey(ds, names, 'sd+sd..csa'), { type: ['sd'], seas_adj: ['csa'] }, 'a code given twice is one');
  });

  it('reads the SDMX ids of German-named dimensions back to the original codes', () => {
    const ds = dataset('ch_fso_jobs_sex');
    const names = sdmxNames(ds);
    const d = ds.meta.dimOrder.indexOf('Beschäftigungsgrad');
    const level = ds.meta.dimensions[d].index.get('4.1')!;
    const key = names.dimIds.map((_, i) => (i === d ? `${names.codeId(d, 0)}+${names.codeId(d, level)}` : '')).join('.');
    assert.deepEqual(parseSdmxKey(ds, names, key), { Beschäftigungsgrad: ['TOT', '4.1'] });
  });

  it('gives a single-series dataset the synthetic key _Z', () => {
    const ds = dataset('ch_kof_barometer');
    assert.deepEqual(parseSdmxKey(ds, sdmxNames(ds), '_Z'), {});
    assert.equal(thrown(() => parseSdmxKey(ds, sdmxNames(ds), 'X')).code, 'no_results');
  });

  it('answers a key of the wrong shape with 400 (SDMX 140), an unknown or grouping code with 404 (SDMX 100: no results)', () => {
    const ds = dataset('ch_seco_concon');
    const names = sdmxNames(ds);
    assert.deepEqual(thrown(() => parseSdmxKey(ds, names, 'index')).code, 'bad_sdmx_key');
    assert.deepEqual(thrown(() => parseSdmxKey(ds, names, 'index...')).code, 'bad_sdmx_key');
    assert.deepEqual(thrown(() => parseSdmxKey(ds, names, 'in dex..')).code, 'bad_sdmx_key');
    assert.deepEqual(thrown(() => parseSdmxKey(ds, names, 'index+..')).code, 'bad_sdmx_key', 'an empty code inside a position');
    const unknown = thrown(() => parseSdmxKey(ds, names, 'colour..'));
    assert.deepEqual([unknown.code, unknown.status], ['no_results', 404]);
    assert.match(unknown.message, /'colour' is not a code of dimension type of flow ch_seco_concon\. Codes with series: index, sd\./);
    assert.match(thrown(() => parseSdmxKey(ds, names, '.grp_prices.')).message, /groups other codes/);
  });

  it('reads periods as the days they cover, through the one reader', () => {
    const ds = dataset('ch_seco_concon');
    const query = sdmxSelectionQuery(ds, sdmxNames(ds), 'index..csa', { startPeriod: '2020-Q2', endPeriod: '2021', lastNObservations: 3 });
    assert.deepEqual(query, { dataset: 'ch_seco_concon', dims: 'type=index;seas_adj=csa', from: '2020-04-01', to: '2021-12-31', last: 3 });
    const { selection } = parseSelection(query, snapshot);
    assert.equal(selection.last, 3);
    assert.equal(thrown(() => sdmxSelectionQuery(ds, sdmxNames(ds), 'all', { startPeriod: '2020-Q5' })).code, 'bad_sdmx_key');
    const reversed = sdmxSelectionQuery(ds, sdmxNames(ds), 'all', { startPeriod: '2022', endPeriod: '2020' });
    assert.equal(thrown(() => parseSelection(reversed, snapshot)).code, 'bad_date_range', 'the one reader checks the window');
  });

  it('reads back what the key writer (key.ts) writes, on every real dataset: its opening selection and two codes of every dimension', () => {
    for (const ds of snapshot.datasets.values()) {
      const names = sdmxNames(ds);
      const source = { id: ds.meta.id, dims: ds.meta.dimensions };
      const two = Object.fromEntries(
        ds.meta.dimensions.map((d) => [
          d.id,
          d.levels
            .filter((l) => l.data)
            .slice(-2)
            .map((l) => l.code),
        ]),
      );
      const opening = Object.fromEntries(Object.entries(ds.meta.defaultSelection).filter(([, codes]) => codes.length));
      for (const picked of [two, opening, {}]) {
        const want = Object.fromEntries(Object.entries(picked).filter(([, codes]) => codes.length));
        assert.deepEqual(parseSdmxKey(ds, names, writeSdmxKey(names, source, picked)), want, `${ds.meta.id}: ${JSON.stringify(picked)}`);
      }
    }
  });
});
