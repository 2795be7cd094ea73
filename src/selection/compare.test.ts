import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Snapshot } from '../data/model.js';
import { formatIsoDate } from '../data/dates.js';
import type { SelectionView } from '../query/view.js';
import { uiStrings } from '../i18n/strings.js';
import { buildCompared } from '../render/pages/compare-view.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { formatCompare } from '../urls.js';
import { combineSeries, MAX_COMPARE, parseCompare, readCompareValues, type CompareRef } from './compare.js';
import { buildExplorerMeta } from './from-dataset.js';
import type { LabelledSeries } from './naming.js';
import { readPageQuery, readState } from './read-query.js';
import { isDefaultState, statePageUrl } from './state.js';

function queryOf(url: string): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [k, v] of new URL(url, 'http://x').searchParams) (query[k] ??= []).push(v);
  return query;
}

describe('the compare parameter', () => {
  it('reads <dataset>[:<dim>=<codes>;…] and refuses every other shape', () => {
    assert.deepEqual(parseCompare('ch_fso_pop'), { datasetId: 'ch_fso_pop', dims: {} });
    assert.deepEqual(parseCompare('ch_x:a=1,2;b=x'), { datasetId: 'ch_x', dims: { a: ['1', '2'], b: ['x'] } });
    assert.deepEqual(parseCompare('ch_x:a=1;a=2,1'), { datasetId: 'ch_x', dims: { a: ['1', '2'] } });
    for (const bad of ['', 'Ch_X', 'ch x', 'ch_x:a', 'ch_x:=1', 'ch_x:a=', 'ch_x:a=,', '../ch_x', '<script>']) assert.equal(parseCompare(bad), null, bad);
  });

  it('formats what it reads (urls.ts writes it)', () => {
    for (const text of ['ch_fso_pop', 'ch_x:a=1,2;b=x']) assert.equal(formatCompare(parseCompare(text)!), text);
  });

  it('leaves out malformed values and repeats with a reason; reads a bounded number', () => {
    const { refs, drops } = readCompareValues(['ch_a', 'bad value', 'ch_a', 'ch_b:x=1', 'ch_b:x=1']);
    assert.deepEqual(
      refs.map((r) => r.datasetId),
      ['ch_a', 'ch_b'],
    );
    assert.deepEqual(
      drops.map((d) => d.reason),
      ['malformed', 'duplicate', 'duplicate'],
    );
    const many = readCompareValues(Array.from({ length: 40 }, (_, i) => `ch_${i}`));
    assert.ok(many.refs.length >= MAX_COMPARE && many.refs.length < 40);
    assert.ok(many.drops.every((d) => d.reason === 'too_many'));
  });

  it('names series of several datasets by their dataset; a second unit goes on the right axis, a missing unit counts as one', () => {
    const s = (label: string, unit: string | null): LabelledSeries => ({ codes: [], dates: [], values: [], label, unit, factor: 1 });
    const one = combineSeries([{ title: 'CPI', frequency: 'Monthly', dateUnit: 'month', series: [s('Total', '%')] }]);
    assert.equal(one.series[0].label, 'Total', 'alone, a dataset keeps its own names');
    const two = combineSeries([
      { title: 'CPI', frequency: 'Monthly', dateUnit: 'month', series: [s('Total', '%'), s('Goods', '%')] },
      { title: 'Population', frequency: 'Annual', dateUnit: 'year', series: [s('Population', null)] },
    ]);
    assert.deepEqual(
      two.series.map((x) => [x.label, x.axis, x.frequency]),
      [
        ['CPI: Total', 0, 'Monthly'],
        ['CPI: Goods', 0, 'Monthly'],
        ['Population', 1, 'Annual'],
      ],
    );
    assert.deepEqual(
      [two.units, two.frequencies],
      [
        ['%', ''],
        ['Monthly', 'Annual'],
      ],
    );
    const three = combineSeries(
      ['%', 'Index', 'CHF'].map((u, i) => ({ title: `D${i}`, frequency: 'Monthly', dateUnit: 'month' as const, series: [s('x', u)] })),
    );
    assert.ok(
      three.series.every((x) => x.axis === 0),
      'three units share the left axis (the note says so)',
    );
  });
});

describe('compare in the page state, on the real data', () => {
  let app: FastifyInstance;
  let snapshot: Snapshot;

  before(async () => {
    app = await startApp(REAL_DATA);
    snapshot = app.ds.data.current!;
  });
  after(() => app.close());

  it('is part of the page URL in every language and reads back the same', () => {
    const concon = buildExplorerMeta(snapshot.datasets.get('ch_seco_concon')!, 'en');
    const compare: CompareRef[] = [
      { datasetId: 'ch_fso_unemp_rate', dims: {} },
      { datasetId: 'ch_seco_concon', dims: { type: ['index'], structure: ['ks_i32_unemp_exp_q'], seas_adj: ['csa'] } },
    ];
    const state = { ...readState(concon, { transform: 'yoy' }), compare };
    assert.equal(isDefaultState(concon, { ...readState(concon, {}), compare }), false);
    for (const lang of ['en', 'de', 'fr', 'it'] as const) {
      const url = statePageUrl('', lang, concon, state);
      // readable: the colon, semicolons and commas of the dims grammar are not escaped
      assert.match(url, /&compare=ch_fso_unemp_rate&compare=ch_seco_concon:type=index;structure=ks_i32_unemp_exp_q;seas_adj=csa$/);
      assert.deepEqual(readState(concon, queryOf(url)), state, url);
    }
    assert.deepEqual(
      readPageQuery(concon, { compare: 'not valid!' }).problems.map((p) => [p.code, p.parameter]),
      [['bad_parameter', 'compare']],
    );
  });

  it('the page shows the refs that exist (at most MAX_COMPARE) and says why it left out the others', () => {
    const hicp = buildExplorerMeta(snapshot.datasets.get('ch_fso_hicp')!, 'de');
    const values = [
      'ch_fso_unemp_rate',
      'no_such_dataset',
      'ch_fso_unemp_rate:nope=1',
      'ch_seco_concon:structure=grp_prices',
      'ch_fso_pop',
      'ch_kof_barometer',
      'ch_seco_concon',
      'ch_fso_ppi',
      'ch_snb_zimoma',
    ];
    const state = readState(hicp, { compare: values });
    const inline = (): { series: []; deferred: boolean } => ({ series: [], deferred: false });
    const { compared, drops } = buildCompared(snapshot, 'de', uiStrings('de'), state, inline);
    assert.deepEqual(
      compared.map((c) => c.ref.datasetId),
      ['ch_fso_unemp_rate', 'ch_fso_pop', 'ch_kof_barometer', 'ch_seco_concon', 'ch_fso_ppi'],
    );
    assert.deepEqual(
      drops.map((d) => [d.value, d.reason]),
      [
        ['no_such_dataset', 'unknown_dataset'],
        ['ch_fso_unemp_rate:nope=1', 'bad_selection'],
        ['ch_seco_concon:structure=grp_prices', 'bad_selection'],
        ['ch_snb_zimoma', 'too_many'],
      ],
    );
    // a compared ref is written in full (its dataset's reconciled codes), in the page's language
    assert.ok(Object.keys(compared[0].ref.dims).length > 0);
    assert.equal(compared[1].frequencyName, 'Jährlich');
  });

  it('compared series follow the frequency conversion: converted where the target is lower than their own, as published where it is not', () => {
    const hicp = buildExplorerMeta(snapshot.datasets.get('ch_fso_hicp')!, 'de');
    const state = readState(hicp, { frequency: 'annual', aggregation: 'max', compare: ['ch_fso_ppi', 'ch_fso_pop'] });
    const views: SelectionView[] = [];
    const inline = (view: SelectionView): { series: []; deferred: boolean } => (views.push(view), { series: [], deferred: false });
    const { compared } = buildCompared(snapshot, 'de', uiStrings('de'), state, inline);
    assert.deepEqual(
      views.map((v) => [v.dataset.meta.id, v.selection.convert ?? null]),
      [
        ['ch_fso_ppi', { frequency: 'annual', aggregation: 'max', partial: false }],
        ['ch_fso_pop', null],
      ],
    );
    // one observation a year, on the first day of the year
    const dates = Array.from(views[0].series[0].dates, (d) => formatIsoDate(d));
    assert.ok(dates.length > 5 && dates.every((d) => d.endsWith('-01-01')), dates.join(' '));
    assert.deepEqual(
      compared.map((c) => c.frequencyName),
      ['Jährlich', 'Jährlich'],
    );
  });
});
