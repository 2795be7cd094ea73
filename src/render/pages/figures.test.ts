import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGS } from '../../data/model.js';
import { chartWords } from '../../i18n/chart-text.js';
import type { LabelledSeries } from '../../selection/naming.js';
import { buildHeadline, chartWarning } from './figures.js';

/** Three months from January 2024 (days since epoch). */
const DATES = [19723, 19754, 19783];
const series = (values: (number | null)[], extra: Partial<LabelledSeries> = {}): LabelledSeries => ({
  codes: ['a'],
  dates: DATES,
  values,
  label: 'A',
  unit: '%',
  factor: 1,
  ...extra,
});

describe('headline changes', () => {
  for (const lang of LANGS) {
    it(`${lang}: a change of percentages is in percentage points, a change of other values in their unit`, () => {
      const [pp] = buildHeadline([series([1.5, 1.5036, 2.0019], { percent: true })], 'month', lang);
      assert.deepEqual(pp.changeUnit, { short: chartWords(lang).percentagePointsShort, words: chartWords(lang).percentagePoints });
      const [chf] = buildHeadline([series([1, 2, 3], { unit: 'CHF' })], 'month', lang);
      assert.deepEqual(chf.changeUnit, { short: 'CHF', words: null });
      const [none] = buildHeadline([series([1, 2, 3], { unit: null })], 'month', lang);
      assert.equal(none.changeUnit, null);
    });
  }
});

describe('the warning instead of the chart', () => {
  it('an index on a base of 0, below 0 or missing; a normal index draws; other transforms never warn of the base', () => {
    const problem = (s: LabelledSeries, transform = 'index'): string | undefined => chartWarning([s], transform)?.problem;
    assert.equal(problem(series([null, null, null], { indexBase: 0 })), 'indexBaseZero');
    assert.equal(problem(series([100, 94, 31.76], { indexBase: -0.85 })), 'indexBaseNegative');
    assert.equal(problem(series([null, null, null], { indexBase: null })), 'indexBaseMissing');
    assert.equal(problem(series([100, 101, 102], { indexBase: 2.38 })), undefined);
    assert.equal(problem(series([100, 94, 31.76], { indexBase: -0.85 }), 'level'), undefined);
    // without its base, an all-missing index still warns; a series without observations in the window does not
    assert.equal(problem(series([null, null, null])), 'indexBaseMissing');
    assert.equal(problem({ ...series([]), dates: [] }), undefined);
    // % change below −100 % crosses zero (issue 15)
    assert.equal(problem(series([null, -250, 10]), 'pct'), 'crossesZero');
  });
});
