// /resolve on the real data: every kind of input it accepts round-trips to
// the same selection, for every series of every dataset; its own answer
// (page URLs, key) resolves back to itself; free text gives the best search
// hit; unknown input is a 404 with candidates.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { LANGS, type Snapshot } from '../data/model.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { formatDims, pageUrl } from '../urls.js';
import { comboRecords } from './combos.js';
import { resolveTarget } from './resolve.js';
import { selectionPageUrl } from '../selection/from-dataset.js';
import { search } from './search.js';

const BASE = 'http://localhost:0';
type Json = Record<string, any>;

describe('resolve on the real data', () => {
  let app: FastifyInstance;
  let snapshot: Snapshot;
  before(async () => {
    app = await startApp(REAL_DATA);
    snapshot = app.ds.data.current!;
  });
  after(() => app.close());

  const resolveHttp = async (text: string, lang = 'en'): Promise<Json> => {
    const res = await app.inject(`/resolve?${new URLSearchParams({ q: text, lang })}`);
    assert.equal(res.statusCode, 200, `${text}: ${res.body}`);
    return JSON.parse(res.body);
  };

  it('round-trips every series of every dataset as dotted key, series key and page URL (every language, with and without host)', () => {
    let checked = 0;
    for (const dataset of snapshot.datasets.values()) {
      const dimIds = dataset.meta.dimOrder;
      if (dimIds.length === 0) continue;
      for (const combo of comboRecords(dataset)) {
        const dims = Object.fromEntries(dimIds.map((d) => [d, [String(combo[d])]]));
        const id = dataset.meta.id;
        const inputs = [
          `${id}.${dimIds.map((d) => combo[d]).join('.')}`,
          `${id}/${formatDims(dims, dimIds)}`,
          `${id}?dims=${encodeURIComponent(formatDims(dims, dimIds))}`,
          ...LANGS.map((lang) => pageUrl(BASE, lang, { datasetId: id, dims }, dimIds)),
          pageUrl('', 'de', { datasetId: id, dims }, dimIds),
        ];
        for (const input of inputs) {
          const target = resolveTarget(snapshot, input, 'en', BASE);
          assert.equal(target.dataset.meta.id, id, input);
          assert.deepEqual(target.selection.dims, dims, input);
          checked++;
        }
      }
    }
    assert.ok(checked > 8000, `${checked} inputs`);
  });

  it('keeps dates, transform and language of a page URL', async () => {
    const url = pageUrl(BASE, 'fr', {
      datasetId: 'ch_fso_ppi',
      dims: { base: ['2020'] },
      from: '2021-01-01',
      to: '2023-12-01',
      transform: 'index',
      base: '2021-06-01',
    });
    const body = await resolveHttp(url);
    assert.equal(body.kind, 'page-url');
    assert.deepEqual([body.from, body.to, body.transform, body.base, body.lang], ['2021-01-01', '2023-12-01', 'index', '2021-06-01', 'fr']);
    assert.equal(body.page.fr, url);
    assert.ok(body.api.chart.includes('lang=fr'));
    assert.ok(body.embed.endsWith('&embed=1'));
  });

  it('answers labels, key, page URLs in every language and API URLs that serve the selection', async () => {
    const body = await resolveHttp('ch_fso_unemp_rate/sex=men;origin=tot');
    assert.equal(body.kind, 'series-key');
    assert.deepEqual(body.dims, { origin: ['tot'], sex: ['men'] }, 'dimensions in dim_order');
    assert.equal(body.key, 'ch_fso_unemp_rate/origin=tot;sex=men');
    assert.deepEqual(body.labels, { origin: { tot: { en: 'Total' } }, sex: { men: { en: 'Men' } } });
    assert.deepEqual(Object.keys(body.page), ['en', 'de', 'fr', 'it']);
    const series = await app.inject(body.api.json.slice(BASE.length));
    assert.equal(series.statusCode, 200);
    const cols = JSON.parse(series.body);
    assert.ok(cols.value.length > 0 && cols.sex.every((c: string) => c === 'men'));
    const csv = await app.inject(body.api.csv.slice(BASE.length));
    assert.equal(csv.statusCode, 200);
    assert.equal(csv.body.split('\n').length - 2, cols.value.length);
  });

  it("resolves its own answer's page URLs and key back to the same selection", async () => {
    for (const input of ['Arbeitslosenquote', 'ch_fso_ppi', '/it/d/ch_snb_zimoma?D0=SARON&last=12', 'ch_kof_esi.ch.kof.esi.index.v2018']) {
      const first = await resolveHttp(input);
      for (const again of [...Object.values(first.page as Record<string, string>), first.key]) {
        const second = await resolveHttp(again);
        assert.equal(second.dataset, first.dataset, again);
        assert.deepEqual(second.dims, first.dims, again);
        assert.equal(second.last, again === first.key ? null : first.last, again);
      }
    }
  });

  it('fills in the default view when the input names no dimension, and says so', async () => {
    const body = await resolveHttp('ch_snb_zimoma');
    assert.deepEqual(body.dims, { D0: ['1TGT'] });
    assert.equal(body.defaulted, true);
    const single = await resolveHttp('/d/ch_kof_barometer');
    assert.deepEqual(single.dims, {});
    assert.equal(single.key, 'ch_kof_barometer');
    assert.equal(single.defaulted, false);
    // ch_fso_ppi's dimension `base` is named only in dims: the index base does not name it
    const indexBase = await resolveHttp('/d/ch_fso_ppi?transform=index&base=2021-01-01');
    assert.equal(indexBase.defaulted, true);
    assert.equal((await resolveHttp('/d/ch_fso_ppi?dims=base=2020&transform=index&base=2021-01-01')).defaulted, false);
  });

  it('reads dotted keys whose codes hold dots', () => {
    assert.deepEqual(resolveTarget(snapshot, 'ch_kof_esi.ch.kof.esi.index.v2018', 'en', BASE).selection.dims, { indicator: ['ch.kof.esi.index.v2018'] });
    assert.deepEqual(resolveTarget(snapshot, 'ch_kof_esi.ch.kof.esi.index', 'en', BASE).selection.dims, { indicator: ['ch.kof.esi.index'] });
    const jobs = (key: string) => resolveTarget(snapshot, key, 'en', BASE).selection.dims;
    assert.deepEqual(jobs('ch_fso_jobs_sex.0.2.4.1.TOT'), { Grossregion: ['0'], Wirtschaftssektor: ['2'], Beschäftigungsgrad: ['4.1'], Geschlecht: ['TOT'] });
    assert.deepEqual(jobs('ch_fso_jobs_sex.0.2.4.1'), { Grossregion: ['0'], Wirtschaftssektor: ['2'], Beschäftigungsgrad: ['4'], Geschlecht: ['1'] });
  });

  it('tells a dimension named like a selection parameter (ch_fso_ppi has a dimension "base") from the index base date', () => {
    // a page URL and a series key alike: the dimension goes in dims, the bare name is always the parameter (issue 20)
    for (const q of ['/d/ch_fso_ppi?dims=base=2015&transform=index&base=2016-01-01', 'ch_fso_ppi?dims=base=2015&transform=index&base=2016-01-01']) {
      const t = resolveTarget(snapshot, q, 'en', BASE);
      assert.deepEqual(t.selection.dims, { base: ['2015'] }, q);
      assert.equal(t.selection.base, '2016-01-01', q);
    }
    // the old guess (a code of the dimension is the dimension) is gone: base=2015 is an index base, and not a date
    for (const q of ['/d/ch_fso_ppi?base=2015&transform=index', 'ch_fso_ppi?base=2015&transform=index']) {
      assert.throws(() => resolveTarget(snapshot, q, 'en', BASE), { code: 'bad_date' }, q);
    }
  });

  it('writes a dimension named like a parameter in dims on page URLs, so the page URL reads back to the same selection', () => {
    const t = resolveTarget(snapshot, 'ch_fso_ppi/base=2015?transform=index&base=2016-01-01', 'en', BASE);
    const page = selectionPageUrl(BASE, 'en', t.dataset, t.selection);
    assert.match(page, /\?dims=base=2015&/);
    const again = resolveTarget(snapshot, page, 'en', BASE);
    assert.deepEqual(again.selection.dims, { base: ['2015'] });
    assert.equal(again.selection.base, '2016-01-01');
  });

  it('turns free text into the best search hit, in the language asked for', async () => {
    for (const [text, lang] of [
      ['Arbeitslosenquote', 'de'],
      ['PIB', 'fr'],
      ['unemployment men', 'en'],
      ['disoccupazione', 'it'],
    ]) {
      const body = await resolveHttp(text, lang);
      const best = search(snapshot, text, lang as 'en', 1).hits[0];
      assert.equal(body.kind, 'text');
      assert.equal(body.dataset, best.doc.dataset.meta.id, text);
      if (best.doc.level) assert.deepEqual(body.dims[best.doc.dim!.id], [best.doc.level.code]);
      assert.ok(body.match.matched.length > 0);
      assert.equal(body.lang, lang);
    }
  });

  it('answers 404 with the closest candidates for unknown input', async () => {
    const res = await app.inject('/resolve?q=unemplyment');
    assert.equal(res.statusCode, 404);
    const p = JSON.parse(res.body);
    assert.ok(
      p.candidates.some((c: Json) => c.dataset === 'ch_fso_unemp_rate'),
      res.body,
    );
    const id = await app.inject('/resolve?q=ch_fso_ppx%2Fbase%3D2020');
    assert.equal(id.statusCode, 404);
    assert.ok(JSON.parse(id.body).candidates.includes('ch_fso_ppi'));
  });
});
