// The browser reads the dataset version back from an answer's ETag to see
// whether a replica behind a proxy is behind the live stream (client/series-fetch.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
