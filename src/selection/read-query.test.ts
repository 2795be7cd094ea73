import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readPageQuery, readState } from './read-query.js';
import { defaultState, type ExplorerMeta } from './state.js';

/** A sparse cube: kind b exists only in region n; `base` is also a dimension name. */
const META: ExplorerMeta = {
  id: 'cube',
  lang: 'en',
  frequency: 'quarterly',
  dims: [
    {
      id: 'kind',
      label: 'Kind',
      mode: 'single',
      levels: [
        { code: 'a', label: 'A', data: true, depth: 0 },
        { code: 'b', label: 'B', data: true, depth: 0 },
      ],
    },
    {
      id: 'region',
      label: 'Region',
      mode: 'multi',
      levels: [
        { code: 'all', label: 'All', data: false, depth: 0 },
        { code: 'n', label: 'North', data: true, depth: 1 },
        { code: 's', label: 'South', data: true, depth: 1 },
      ],
    },
    {
      id: 'base',
      label: 'Base year',
      mode: 'single',
      levels: [{ code: '2020', label: '2020', data: true, depth: 0 }],
    },
  ],
  // series: (a,n), (a,s), (b,n), all with base 2020
  combos: [0, 1, 0, 0, 2, 0, 1, 1, 0],
  defaults: { dims: { kind: ['a'] }, transform: 'level' },
  transforms: ['level', 'pct', 'yoy', 'diff', 'index'],
};

const codes = (q: Record<string, string>) => readPageQuery(META, q).problems.map((p) => p.code);

describe('reading a page query', () => {
  it('no parameters: the opening view, no problems', () => {
    const read = readPageQuery(META, {});
    assert.deepEqual(read.state, defaultState(META));
    assert.deepEqual(read.problems, []);
  });

  it('codes that cannot combine are reconciled, not reported: a single choice wins, the other dimension adjusts', () => {
    const read = readPageQuery(META, { kind: 'b', region: 'n,s' });
    assert.deepEqual(read.state.dims, { kind: ['b'], region: ['n'], base: ['2020'] });
    assert.deepEqual(read.problems, []);
  });

  it('reports each problem with the API error code, and the lenient state falls back', () => {
    assert.deepEqual(codes({ region: 'x' }), ['unknown_code']);
    assert.deepEqual(codes({ region: 'all' }), ['unknown_code'], 'a grouping level has no series of its own');
    assert.deepEqual(codes({ from: '2020-13-01' }), ['bad_date']);
    assert.deepEqual(codes({ transform: 'growth' }), ['unknown_transform']);
    assert.deepEqual(codes({ base: '2020-01-01' }), ['base_without_index']);
    assert.deepEqual(codes({ last: '0' }), ['bad_parameter']);
    assert.deepEqual(codes({ regoin: 'n' }), ['unknown_parameter']);
    assert.match(readPageQuery(META, { regoin: 'n' }).problems[0].message, /Did you mean 'region'\?/);
    assert.deepEqual(readState(META, { region: 'x', transform: 'growth' }), defaultState(META));
  });

  it('a dimension named like a parameter is read from dims; the bare name is always the parameter (issue 20)', () => {
    assert.deepEqual(readPageQuery(META, { dims: 'base=2020' }).problems, []);
    assert.deepEqual(
      readPageQuery(META, { base: '2020' }).problems.map((p) => p.code),
      ['bad_date'],
    );
    const read = readPageQuery(META, { transform: 'index', base: '2021-01-01' });
    assert.deepEqual([read.state.base, read.problems], ['2021-01-01', []]);
  });

  it('reads dims= as the API writes it, and ignores embed, lang, tab and _-parameters', () => {
    const read = readPageQuery(META, { dims: 'kind=a;region=s', embed: '1', tab: 'x', _t: '1' });
    assert.deepEqual([read.state.dims.region, read.problems], [['s'], []]);
  });

  it('keeps last for links (the page does not show it) and swaps dates given backwards', () => {
    const read = readPageQuery(META, { last: '12', from: '2020-01-01', to: '2000-01-01' });
    assert.deepEqual([read.last, read.state.from, read.state.to], [12, '2000-01-01', '2020-01-01']);
  });

  it('keeps a relative bound as written (the URL rolls forward); a bad one is reported with its code and dropped', () => {
    const withEnd: ExplorerMeta = { ...META, end: '2020-07-01' };
    const read = readPageQuery(withEnd, { from: '-5y', to: '-1q' });
    assert.deepEqual([read.state.from, read.state.to, read.problems], ['-5y', '-1q', []]);
    for (const bad of ['-0y', '-5x', '-99999y']) {
      const r = readPageQuery(withEnd, { from: bad });
      assert.deepEqual([r.problems.map((p) => p.code), r.state.from], [['bad_relative_date'], null], bad);
      assert.equal(r.problems[0].parameter, 'from');
    }
    assert.deepEqual(codes({ from: 'yesterday' }), ['bad_date']);
  });

  it('a form sent without JavaScript keeps its window: from_rel / to_rel stand when the date field still shows their day', () => {
    const withEnd: ExplorerMeta = { ...META, end: '2020-07-01' };
    // the page showed -5y (2015-07-01) and -1q (2020-04-01); the user changed a picker and pressed Apply
    const kept = readPageQuery(withEnd, { from: '2015-07-01', from_rel: '-5y', to: '2020-04-01', to_rel: '-1q', kind: 'b' });
    assert.deepEqual([kept.state.from, kept.state.to, kept.problems], ['-5y', '-1q', []]);
    // the user typed another date, or cleared the field: what the field says wins
    const typed = readPageQuery(withEnd, { from: '2010-01-01', from_rel: '-5y', to: '', to_rel: '-1q' });
    assert.deepEqual([typed.state.from, typed.state.to, typed.problems], ['2010-01-01', null, []]);
    // a window alone (no field) is not a bound; a bad one is reported (strict callers answer 400) and left out
    assert.deepEqual(readPageQuery(withEnd, { from_rel: '-5y' }).state.from, null);
    const bad = readPageQuery(withEnd, { from: '2015-07-01', from_rel: '-5x' });
    assert.deepEqual([bad.state.from, bad.problems.map((p) => [p.code, p.parameter])], ['2015-07-01', [['bad_relative_date', 'from_rel']]]);
    assert.deepEqual(codes({ from: '2015-07-01', from_rel: '2015-07-01' }), ['bad_relative_date']);
  });

  it('swaps bounds by the dates they stand for: -1q (2020-04-01) is after 2019-01-01, -8q (2018-07-01) before', () => {
    const withEnd: ExplorerMeta = { ...META, end: '2020-07-01' };
    const after = readPageQuery(withEnd, { from: '-1q', to: '2019-01-01' });
    assert.deepEqual([after.state.from, after.state.to], ['2019-01-01', '-1q']);
    // the page shows it the right way round; strict readers (/resolve, /oembed) report it as the API does
    assert.deepEqual(
      after.problems.map((p) => [p.code, p.message]),
      [['bad_date_range', 'from (-1q, 2020-04-01) is after to (2019-01-01): swap them or widen the range.']],
    );
    const twice = readPageQuery(withEnd, { transform: ['level', 'diff'] });
    assert.deepEqual([twice.state.transform, twice.problems.map((p) => p.code)], ['diff', ['bad_parameter']]);
    const before = readPageQuery(withEnd, { from: '-8q', to: '2019-01-01' });
    assert.deepEqual([before.state.from, before.state.to], ['-8q', '2019-01-01']);
  });
});
