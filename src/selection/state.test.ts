import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Snapshot } from '../data/model.js';
import { computeView } from '../query/compute-view.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { urlPartsOf } from '../urls.js';
import { buildExplorerMeta, pageSelection, selectionPageUrl, toSelection } from './from-dataset.js';
import { readPageQuery, readState } from './read-query.js';
import {
  availableLevels,
  countSeries,
  defaultState,
  isDefaultState,
  levelStates,
  reconcile,
  statePageUrl,
  type ExplorerMeta,
  type ExplorerState,
} from './state.js';

/** The query of a page URL, as the server receives it. */
function queryOf(url: string): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [k, v] of new URL(url, 'http://x').searchParams) (query[k] ??= []).push(v);
  return query;
}

describe('explorer state on the real data', () => {
  let app: FastifyInstance;
  let snapshot: Snapshot;
  let concon: ExplorerMeta;

  before(async () => {
    app = await startApp(REAL_DATA);
    snapshot = app.ds.data.current!;
    concon = buildExplorerMeta(snapshot.datasets.get('ch_seco_concon')!, 'en');
  });
  after(() => app.close());

  it('maps split, single_select and default onto the pickers', () => {
    assert.deepEqual(
      concon.dims.map((d) => [d.id, d.mode]),
      [
        ['type', 'single'],
        ['structure', 'multi'],
        ['seas_adj', 'single'],
      ],
    );
    const s = defaultState(concon);
    assert.deepEqual(s.dims, { type: ['index'], structure: ['ks_i63_index_q'], seas_adj: ['csa'] });
    assert.equal(s.transform, 'level');
    // grouping levels are headers without data, children are indented under them
    const structure = concon.dims[1];
    const prices = structure.levels.find((l) => l.code === 'grp_prices')!;
    assert.equal(prices.data, false);
    assert.equal(structure.levels[structure.levels.indexOf(prices) + 1].depth, prices.depth + 1);
  });

  it('a page URL without parameters is the default view, and the default view has no parameters', () => {
    const s = readState(concon, {});
    assert.ok(isDefaultState(concon, s));
    assert.equal(statePageUrl('', 'de', concon, s), '/de/d/ch_seco_concon');
  });

  it('reads a page URL leniently: unknown codes, bad dates and transforms fall back; swapped dates are swapped', () => {
    const s = readState(concon, { structure: ['nope,ks_i11_econ_hist_q'], from: '2020-13-01', to: '2000-01-01', transform: 'bogus', extra: 'x' });
    assert.deepEqual(s.dims.structure, ['ks_i11_econ_hist_q']);
    assert.equal(s.from, null);
    assert.equal(s.to, '2000-01-01');
    assert.equal(s.transform, 'level');
    const swapped = readState(concon, { from: '2010-01-01', to: '2000-01-01' });
    assert.deepEqual([swapped.from, swapped.to], ['2000-01-01', '2010-01-01']);
  });

  it('offers no empty combination: standard deviations exist only unadjusted', () => {
    const s = defaultState(concon);
    const type = levelStates(concon, s, 0);
    // sd exists, but not with the seasonally adjusted sentiment index: choosing it adjusts the others
    assert.deepEqual(type, ['on', 'adjusts']);
    const next = reconcile(concon, { ...s, dims: { ...s.dims, type: ['sd'] } }, 'type');
    assert.deepEqual(next.dims.type, ['sd']);
    assert.ok(countSeries(concon, next) > 0);
    assert.deepEqual(next.dims.seas_adj, ['na']);
  });

  it('every state reconciles to a non-empty selection of existing series, whatever was asked (property)', () => {
    const dataset = snapshot.datasets.get('ch_seco_concon')!;
    const codesOf = (d: number) => concon.dims[d].levels.map((l) => l.code);
    fc.assert(
      fc.property(
        fc.subarray(codesOf(0)),
        fc.subarray(codesOf(1)),
        fc.subarray(codesOf(2)),
        fc.constantFrom(null, 'type', 'structure', 'seas_adj'),
        (type, structure, seasAdj, keep) => {
          const asked: ExplorerState = { dims: { type, structure, seas_adj: seasAdj }, from: null, to: null, transform: 'level', base: null };
          const s = reconcile(concon, asked, keep);
          const n = countSeries(concon, s);
          assert.ok(n > 0, JSON.stringify(s.dims));
          concon.dims.forEach((dim, d) => {
            const picked = s.dims[dim.id];
            if (dim.mode === 'single') assert.equal(picked.length, 1);
            const avail = availableLevels(concon, s, d);
            for (const code of picked) assert.ok(avail.has(dim.levels.findIndex((l) => l.code === code)), `${dim.id}=${code}`);
          });
          // the server computes exactly as many series as the explorer counts
          assert.equal(computeView(dataset, toSelection(dataset, concon, s)).series.length, n);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a state survives its page URL (reload and shared links reproduce the view), in every language', () => {
    const states: ExplorerState[] = [
      readState(concon, {
        type: 'sd',
        structure: 'ks_i11_econ_hist_q,ks_i21_price_hist_q',
        seas_adj: 'na',
        from: '2000-01-01',
        to: '2019-10-01',
        transform: 'yoy',
      }),
      readState(concon, { transform: 'index', base: '2010-01-01' }),
      readState(concon, { transform: 'level' }),
      readState(concon, { scale: 'log' }),
      readState(concon, { transform: 'index', base: '2010-01-01', from: '-5y', scale: 'log' }),
    ];
    assert.equal(states[3].scale, 'log');
    for (const s of states) {
      for (const lang of ['en', 'de', 'fr', 'it'] as const) {
        const url = statePageUrl('', lang, concon, s);
        assert.ok(url.startsWith(lang === 'en' ? '/d/' : `/${lang}/d/`));
        assert.deepEqual(readState(concon, queryOf(url)), s, url);
      }
    }
  });

  it('scale=log is how the page draws: kept in the state and the URL; linear is the default; anything else a problem', () => {
    assert.match(statePageUrl('', 'de', concon, readState(concon, { scale: 'log' })), /[?&]scale=log(&|$)/);
    for (const linear of ['linear', '']) {
      const read = readPageQuery(concon, { scale: linear });
      assert.deepEqual([read.state, read.problems], [defaultState(concon), []], linear);
    }
    const bad = readPageQuery(concon, { scale: 'logarithmic' });
    assert.deepEqual([bad.state.scale, bad.problems.map((p) => [p.code, p.parameter])], [undefined, [['bad_parameter', 'scale']]]);
  });

  it('an explicit transform=level survives when the opening transform is another one', () => {
    const ppi = buildExplorerMeta(snapshot.datasets.get('ch_fso_ppi')!, 'en');
    assert.equal(ppi.defaults.transform, 'yoy');
    const level = readState(ppi, { transform: 'level' });
    const url = statePageUrl('', 'en', ppi, level);
    assert.match(url, /transform=level/);
    assert.equal(readState(ppi, queryOf(url)).transform, 'level');
    assert.equal(readState(ppi, {}).transform, 'yoy');
  });

  it('a Selection and its one page view convert into each other (urlPartsOf, toSelection): conversion, relative bound, base, last and as_of kept', () => {
    const ds = snapshot.datasets.get('ch_fso_hicp')!;
    const meta = buildExplorerMeta(ds, 'en');
    const query = {
      from: '-5y',
      transform: 'index',
      base: '2024-01-01',
      frequency: 'annual',
      aggregation: 'sum',
      partial: 'true',
      as_of: '2026-01-01',
      last: '3',
    };
    const { selection, problems } = pageSelection(ds, query);
    assert.deepEqual(problems, []);
    assert.ok(selection.convert && selection.asOf && selection.relative, 'the query asks for a conversion, an as_of and a relative bound');
    const view = urlPartsOf(selection);
    assert.deepEqual(toSelection(ds, meta, view), selection);
    // and the page URL of the view reads back as the same selection
    const url = selectionPageUrl('', 'en', ds, view);
    assert.deepEqual(pageSelection(ds, queryOf(url)).selection, selection);
  });

  it('a dataset without dimensions has one series and a parameterless page', () => {
    const barometer = buildExplorerMeta(snapshot.datasets.get('ch_kof_barometer')!, 'fr');
    const s = readState(barometer, {});
    assert.equal(countSeries(barometer, s), 1);
    assert.equal(statePageUrl('', 'fr', barometer, s), '/fr/d/ch_kof_barometer');
  });
});
