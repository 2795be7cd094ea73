import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Dataset } from '../data/model.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import { DsError } from '../errors/ds-error.js';
import { REAL_DATA } from '../../test/helpers.js';
import { selectStructures, type StructureQuery } from './structure-query.js';
import { codelistId, type StructureParts } from './structure-xml.js';

let datasets: Dataset[];
const query = (q: Partial<StructureQuery>): StructureQuery => ({
  resource: 'dataflow',
  agency: 'DATASERIES',
  id: 'all',
  version: 'latest',
  references: 'none',
  detail: 'full',
  ...q,
});
/** How many artefacts of each kind. */
const counts = (p: StructureParts) => [p.dataflows.length, p.codelists.length, p.conceptSchemes.length, p.dataStructures.length];

describe('which artefacts a structure query names', () => {
  before(async () => {
    datasets = [...(await loadSnapshot(REAL_DATA)).datasets.values()];
  });

  it('all, * and the one version name every dataflow; another agency or version none', () => {
    for (const q of [{}, { agency: 'all' }, { agency: '*', id: '*', version: '1.0' }, { version: '~' }, { version: '+' }]) {
      assert.equal(selectStructures(datasets, query(q)).dataflows.length, datasets.length, JSON.stringify(q));
    }
    for (const q of [{ agency: 'ECB' }, { version: '2.0' }, { id: 'no_such_flow' }]) {
      assert.throws(
        () => selectStructures(datasets, query(q)),
        (e: DsError) => e.status === 404,
      );
    }
  });

  it('a codelist by id, with its data structure as parent and its siblings', () => {
    const jobs = datasets.find((d) => d.meta.id === 'ch_fso_jobs_sex')!;
    const id = codelistId(jobs, 2);
    const dims = jobs.meta.dimensions.length;
    assert.deepEqual(counts(selectStructures(datasets, query({ resource: 'codelist', id }))), [0, 1, 0, 0]);
    assert.deepEqual(counts(selectStructures(datasets, query({ resource: 'codelist', id, references: 'parents' }))), [0, 1, 0, 1]);
    assert.deepEqual(counts(selectStructures(datasets, query({ resource: 'codelist', id, references: 'parentsandsiblings' }))), [0, dims, 1, 1]);
    assert.deepEqual(counts(selectStructures(datasets, query({ resource: 'conceptscheme', id: 'CS_ch_fso_jobs_sex', references: 'parents' }))), [0, 0, 1, 1]);
  });

  it('detail other than full is not implemented (501)', () => {
    assert.throws(
      () => selectStructures(datasets, query({ detail: 'allstubs' })),
      (e: DsError) => e.status === 501 && /detail=allstubs/.test(e.message),
    );
  });
});
