// The browser reads the dataset version back from an answer's ETag to see
// whether a replica behind a proxy is behind the live stream (client/series-fetch.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, selectionOf, startApp } from '../../test/helpers.js';
import { versionOfEtag } from '../query/version-etag.js';
import type { Selection } from '../query/view.js';
import { selectionEtag } from './selection-etag.js';

/** A selection of ch_fso_ppi with the API's defaults. */
const ppi = (over: Partial<Selection> = {}): Selection => selectionOf('ch_fso_ppi', { dims: { base: ['2020'] }, ...over });

describe('selection ETags', () => {
  it('name the dataset version, read back by versionOfEtag for every kind and question', () => {
    const version = '0123456789abcdef';
    for (const kind of ['json', 'csv', 'xlsx', 'chart-png', 'og']) {
      for (const extra of ['', 'labels|de', '"quoted"|x-y']) {
        const etag = selectionEtag(kind, version, ppi({ from: 19000, relative: { from: '-5y', to: null } }), extra);
        assert.equal(versionOfEtag(etag), version, etag);
      }
    }
  });

  it('are the same in every process: a pinned ETag (issue 24 round 3 changed every ETag once: decisions.md)', () => {
    assert.equal(
      selectionEtag('csv', '0123456789abcdef', ppi({ dims: { base: ['2020'], product: ['100'] }, from: 18993, transform: 'yoy' }), 'attachment'),
      'W/"csv-0123456789abcdef-CaP5i1ckj3MXclMu"',
    );
  });

  it("are main's ETags for dimensions of every kind of name and numbers of every sign (pinned from main before issue 24 round 4's sort and digits)", () => {
    const odd = ppi({ dims: { z: ['1'], B: ['2'], a: ['3', '0'], _x: ['4'], Ä: ['5'] }, from: -25567, to: 0, last: 2 ** 53 - 1, base: -1 });
    assert.equal(selectionEtag('json', '0123456789abcdef', odd, ''), 'W/"json-0123456789abcdef-Syn5G8xuvDQaLEPP"');
    const fractional = ppi({ dims: { b: ['x'], a: ['y'], c: ['z'] }, from: 1.5, to: -0, last: 120 });
    assert.equal(selectionEtag('json', '0123456789abcdef', fractional, ''), 'W/"json-0123456789abcdef-6j2h-Bcuklc41iiD"');
  });

  it('differ in every field of the selection, in the kind and in the extra inputs', () => {
    const one = ppi();
    const variants: [string, Selection, string, string][] = [
      ['as is', one, 'csv', ''],
      ['kind', one, 'json', ''],
      ['extra', one, 'csv', 'attachment'],
      ['dataset', { ...one, datasetId: 'ch_fso_cpi' }, 'csv', ''],
      ['another code', ppi({ dims: { base: ['2015'] } }), 'csv', ''],
      ['two codes', ppi({ dims: { base: ['2015', '2020'] } }), 'csv', ''],
      ['codes in another order', ppi({ dims: { base: ['2020', '2015'] } }), 'csv', ''],
      ['a code with a separator', ppi({ dims: { base: ['2015,2020'] } }), 'csv', ''],
      ['no dims', ppi({ dims: {} }), 'csv', ''],
      ['from', ppi({ from: 18000 }), 'csv', ''],
      ['to', ppi({ to: 18000 }), 'csv', ''],
      ['last', ppi({ last: 12 }), 'csv', ''],
      ['transform', ppi({ transform: 'index' }), 'csv', ''],
      ['base', ppi({ transform: 'index', base: 18000 }), 'csv', ''],
      ['convert', ppi({ convert: { frequency: 'annual', aggregation: 'mean', partial: false } }), 'csv', ''],
      ['partial', ppi({ convert: { frequency: 'annual', aggregation: 'mean', partial: true } }), 'csv', ''],
      ['relative', ppi({ relative: { from: '-5y', to: null } }), 'csv', ''],
      ['relative to', ppi({ relative: { from: null, to: '-5y' } }), 'csv', ''],
      ['as_of', ppi({ asOf: { text: '', asked: '', vintage: '2026-01-01T00:00:00Z', final: true } }), 'csv', ''],
      ['as_of latest', ppi({ asOf: { text: '', asked: '', vintage: null, final: true } }), 'csv', ''],
    ];
    const etags = variants.map(([, s, kind, extra]) => selectionEtag(kind, '0123456789abcdef', s, extra));
    for (let i = 0; i < etags.length; i++)
      assert.equal(etags.indexOf(etags[i]), i, `${variants[i][0]} has the ETag of ${variants[etags.indexOf(etags[i])][0]}`);
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
