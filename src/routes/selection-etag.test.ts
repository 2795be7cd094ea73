// The browser reads the dataset version back from an answer's ETag to see
// whether a replica behind a proxy is behind the live stream (client/series-fetch.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { versionOfEtag } from '../query/version-etag.js';
import { selectionEtag } from './selection-etag.js';

describe('selection ETags', () => {
  it('name the dataset version, read back by versionOfEtag for every kind and question', () => {
    const version = '0123456789abcdef';
    for (const kind of ['json', 'csv', 'xlsx', 'chart-png', 'og']) {
      for (const extra of ['', 'labels|de', '"quoted"|x-y']) {
        const etag = selectionEtag(kind, version, { dataset: 'ch_fso_ppi', dims: { base: ['2020'] }, from: '-5y' } as never, extra);
        assert.equal(versionOfEtag(etag), version, etag);
      }
    }
  });

  it('reads no version from other ETags', () => {
    for (const etag of [null, '', 'W/"c-0123456789abcdef"', '"abc"', 'W/"m-0123456789abcdef"']) assert.equal(versionOfEtag(etag), null, String(etag));
  });
});

describe('one selection, one ETag', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA, { responseCacheBytes: 0 });
  });
  after(() => app.close());

  it('dims in another order are the same answer with the same ETag (issue 24)', async () => {
    for (const path of ['/series.csv', '/series', '/series.xlsx']) {
      const one = await app.inject(`${path}?dataset=ch_fso_ets&dims=sector%3DP%3Bsex%3Dmale`);
      const other = await app.inject(`${path}?dataset=ch_fso_ets&dims=sex%3Dmale%3Bsector%3DP`);
      assert.equal(one.statusCode, 200, one.body);
      assert.equal(other.statusCode, 200, other.body);
      if (path !== '/series.xlsx') assert.equal(other.body, one.body, path);
      assert.equal(other.headers.etag, one.headers.etag, path);
    }
  });

  it('other codes are another ETag', async () => {
    const male = await app.inject('/series.csv?dataset=ch_fso_ets&dims=sector%3DP%3Bsex%3Dmale');
    const female = await app.inject('/series.csv?dataset=ch_fso_ets&dims=sex%3Dfemale%3Bsector%3DP');
    assert.notEqual(female.headers.etag, male.headers.etag);
  });
});
