import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import type { Dataset } from '../data/model.js';
import { FIXTURES, selectionOf, startApp } from '../../test/helpers.js';
import { computeView } from './compute-view.js';
import type { Selection } from './view.js';

// tiny_single (monthly): 2020-01..04 = 10, 12, 9, 9; 2021-01..02 = 20, 18
describe('computeView converts before the window and the transform (issue 20)', () => {
  let app: FastifyInstance;
  let ds: Dataset;
  before(async () => {
    app = await startApp(path.join(FIXTURES, 'tiny'));
    ds = app.ds.data.current!.datasets.get('tiny_single')!;
  });
  after(() => app.close());
  const d = (iso: string) => parseIsoDate(iso)!;
  const ask = (over: Partial<Selection>): Selection => selectionOf('tiny_single', over);
  const rows = (s: Selection) => {
    const view = computeView(ds, s);
    return Array.from(view.series[0]?.dates ?? [], (day, i) => [formatIsoDate(day), view.series[0].values[i]]);
  };
  const quarterly = { frequency: 'quarterly', aggregation: 'mean', partial: true } as const;

  it('the window reads converted periods: a quarter is in when its first day is', () => {
    assert.deepEqual(rows(ask({ convert: quarterly })), [
      ['2020-01-01', 31 / 3],
      ['2020-04-01', 9],
      ['2021-01-01', 19],
    ]);
    assert.deepEqual(rows(ask({ convert: quarterly, from: d('2020-02-01') })), [
      ['2020-04-01', 9],
      ['2021-01-01', 19],
    ]);
    assert.deepEqual(rows(ask({ convert: quarterly, last: 1 })), [['2021-01-01', 19]]);
  });

  it('the transform compares converted periods: diff on the previous quarter, missing across a gap', () => {
    assert.deepEqual(rows(ask({ convert: quarterly, transform: 'diff' })), [
      ['2020-01-01', NaN],
      ['2020-04-01', 9 - 31 / 3],
      ['2021-01-01', NaN],
    ]);
  });

  it('a relative bound counts back from the last converted period, and the view says which it is', () => {
    const asked = ask({ convert: quarterly, from: d('2020-02-01'), relative: { from: '-1y', to: null } });
    const view = computeView(ds, asked);
    assert.equal(formatIsoDate(view.convertedEnd!), '2021-01-01');
    assert.equal(formatIsoDate(view.selection.from!), '2020-01-01');
    assert.equal(view.series[0].dates.length, 3);
    assert.equal(computeView(ds, ask({})).convertedEnd, undefined, 'unconverted: no converted end');
  });

  it('converted values carry no published text', () => {
    const view = computeView(ds, ask({ convert: quarterly }));
    assert.equal(view.series[0].published, undefined);
  });
});
