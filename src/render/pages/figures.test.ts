import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGS } from '../../data/model.js';
import { chartWords } from '../../i18n/chart-text.js';
import type { LabelledSeries } from '../../selection/naming.js';
import { buildHeadline, buildTable } from './figures.js';
import { chartWarning, coincideNote, coincidingSeries } from './chart-notes.js';
import { uiStrings } from '../../i18n/strings.js';
import { formatNumber } from '../../i18n/chart-text.js';

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

describe('issue 23: numbers that round to zero carry no sign', () => {
  const tiny = [-1e-12, -0.0001, -0.0049, -0.4, -0, 0, 1e-12, 0.0004];
  for (const lang of LANGS) {
    it(`${lang}: formatNumber writes no minus sign for any value that rounds to zero, at every number of decimals`, () => {
      for (const decimals of [0, 1, 2, 3]) {
        for (const v of tiny) {
          if (Math.abs(v) >= 0.5 * 10 ** -decimals) continue;
          const text = formatNumber(v, lang, decimals);
          assert.doesNotMatch(text, /[-\u2212+]/, `${v} at ${decimals} decimals: ${text}`);
        }
      }
      assert.match(formatNumber(-0.0006, lang, 3), /^[-\u2212]0/);
    });
    it(`${lang}: a headline change that rounds to zero reads 0, neither -0 nor +0`, () => {
      const [item] = buildHeadline([series([1.0000001, 1.0000002, 1.00000015], { unit: 'SD', percent: false })], 'month', lang);
      assert.doesNotMatch(item.previous ?? '', /[-\u2212+]/, item.previous ?? '');
      const [up] = buildHeadline([series([1, 1.5, 2])], 'month', lang);
      assert.match(up.previous ?? '', /^\+/);
    });
  }
});

describe('issue 23: the warning offers the fix that applies', () => {
  it('% change across zero offers the change and the values, never the index base; an index offers another base and the change', () => {
    assert.deepEqual(chartWarning([series([null, -250, 10])], 'yoy')?.fixes, ['diff', 'level']);
    assert.deepEqual(chartWarning([series([null, -250, 10])], 'pct')?.fixes, ['diff', 'level']);
    assert.deepEqual(chartWarning([series([null, null, null], { indexBase: 0 })], 'index')?.fixes, ['base', 'diff']);
  });
});

describe('issue 23: the table', () => {
  for (const lang of LANGS) {
    const point = formatNumber(1.5, lang, 1).charAt(1);
    const decimalsOf = (cell: string): number => (cell.includes(point) ? cell.length - cell.indexOf(point) - 1 : 0);
    it(`${lang}: a column has one number of decimals, the headline's rule on its largest value`, () => {
      const table = buildTable([series([-0.060456, 2.19, 0.5]), series([1234.5678, 12.5, 999.123], { label: 'B' })], 'month', lang, 1);
      const columns = [0, 1].map((k) => table.rows.map((r) => r.cells[k]));
      assert.deepEqual(columns[0].map(decimalsOf), [2, 2, 2], columns[0].join(' '));
      assert.deepEqual(columns[1].map(decimalsOf), [0, 0, 0], columns[1].join(' '));
    });
  }
  it('sorts by the period (newest first by default) or by a column, missing values last either way', () => {
    const s = series([3, null, 1]);
    const periods = (sort?: { column: number; descending: boolean }): string[] => buildTable([s], 'month', 'en', 1, sort).rows.map((r) => r.cells[0]);
    assert.deepEqual(periods(), ['1.00', '', '3.00']);
    assert.deepEqual(periods({ column: -1, descending: false }), ['3.00', '', '1.00']);
    assert.deepEqual(periods({ column: 0, descending: true }), ['3.00', '1.00', '']);
    assert.deepEqual(periods({ column: 0, descending: false }), ['1.00', '3.00', '']);
  });
});

describe('issue 23: lines that lie on top of each other', () => {
  it('groups series apart by less than a thousandth of the value range on every date; not others, not other units or dates', () => {
    const a = series([100, 110, 120], { label: 'A' });
    const b = series([100.0001, 110.0002, 119.9999], { label: 'B' });
    const c = series([100, 115, 120], { label: 'C' });
    const d = series([100, 110, 120], { label: 'D', unit: 'CHF' });
    assert.deepEqual(coincidingSeries([a, c, b, d]), [[0, 2]]);
    assert.deepEqual(coincidingSeries([a, c]), []);
    assert.deepEqual(coincidingSeries([a, series([100, null, 120])]), []);
    assert.deepEqual(coincidingSeries([a]), []);
  });
  for (const lang of LANGS) {
    it(`${lang}: the note names them in the page's words`, () => {
      const t = uiStrings(lang).dataset;
      const note = coincideNote([series([1, 2, 3], { label: 'Alpha' }), series([1, 2, 3], { label: 'Beta' })], lang, t);
      assert.ok(note.includes('Alpha') && note.includes('Beta'), note);
      assert.ok(note.startsWith(t.linesCoincide.slice(0, t.linesCoincide.indexOf('{series}'))), note);
      assert.equal(coincideNote([series([1, 2, 3]), series([3, 2, 1])], lang, t), '');
    });
  }
});
