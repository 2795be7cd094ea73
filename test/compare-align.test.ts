// The interactive chart's time axis with series of several datasets
// (Compare): a date only another dataset has is not a gap in a series (uPlot
// draws across undefined), a missing value of its own is (null). Without
// compared series nothing changes: every absent date is a gap, as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alignSeries, type ChartSeries } from '../client/chart.js';

const series = (dates: number[], values: (number | null)[], dataset?: number): ChartSeries => ({
  codes: [],
  dates,
  values,
  label: '',
  unit: null,
  factor: 1,
  dataset,
});

describe('aligning series of several datasets on one time axis', () => {
  it('a quarterly series beside a monthly one spans the months it has no date for; its own missing value stays a gap', () => {
    const monthly = series([0, 31, 59, 90, 120], [1, 2, 3, 4, 5], 0);
    const quarterly = series([0, 90, 181], [10, null, 30], 1);
    const [xs, m, q] = alignSeries([monthly, quarterly]);
    assert.equal(xs.length, 6);
    assert.deepEqual(m, [1, 2, 3, 4, 5, undefined]);
    assert.deepEqual(q, [10, undefined, undefined, null, undefined, 30]);
  });

  it('series of one dataset: a date the other series has is a gap, as before', () => {
    const [, a, b] = alignSeries([series([0, 1, 2], [1, 2, 3]), series([0, 2], [4, 5])]);
    assert.deepEqual(a, [1, 2, 3]);
    assert.deepEqual(b, [4, null, 5]);
  });
});
