import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import { boundIsoDate, isDateBound, readDateBound, RELATIVE_UNITS, type DateBound } from './date-bound.js';

const day = (iso: string): number => parseIsoDate(iso)!;
const read = (text: string, end = '2026-07-01'): DateBound => {
  const r = readDateBound('from', text, day(end));
  assert.ok(isDateBound(r), `${text}: ${'message' in r ? r.message : ''}`);
  return r;
};
const iso = (text: string, end?: string): string => formatIsoDate(read(text, end).days!);

describe('date bounds: ISO dates and windows back from the last observation', () => {
  it('an ISO date is itself; empty is no bound', () => {
    assert.deepEqual(read('2020-02-29'), { days: day('2020-02-29'), relative: null });
    assert.deepEqual(readDateBound('from', '', 0), { days: null, relative: null });
    assert.deepEqual(readDateBound('from', undefined, 0), { days: null, relative: null });
  });

  it('every unit counts back from the last observation, inclusive of that day', () => {
    assert.equal(iso('-5y'), '2021-07-01');
    assert.equal(iso('-8q'), '2024-07-01');
    assert.equal(iso('-18m'), '2025-01-01');
    assert.equal(iso('-2w'), '2026-06-17');
    assert.equal(iso('-90d'), '2026-04-02');
    assert.equal(read('-5y').relative, '-5y');
    assert.deepEqual(Object.keys(RELATIVE_UNITS), ['y', 'q', 'm', 'w', 'd']);
  });

  it('a month end clamps to the shorter month (29 Feb back one year is 28 Feb)', () => {
    assert.equal(iso('-1y', '2024-02-29'), '2023-02-28');
    assert.equal(iso('-1m', '2026-03-31'), '2026-02-28');
    assert.equal(iso('-4y', '2024-02-29'), '2020-02-29');
  });

  it('an empty dataset (no last observation) bounds nothing but keeps the text', () => {
    assert.deepEqual(readDateBound('from', '-5y', Number.NaN), { days: null, relative: '-5y' });
  });

  it('the largest window is 1000 years in any unit; one more is refused', () => {
    for (const [unit, most] of [
      ['y', 1000],
      ['q', 4000],
      ['m', 12000],
      ['w', 52000],
      ['d', 365000],
    ] as const) {
      assert.ok(isDateBound(readDateBound('from', `-${most}${unit}`, day('2026-07-01'))), `-${most}${unit}`);
      const over = readDateBound('to', `-${most + 1}${unit}`, day('2026-07-01'));
      assert.ok(!isDateBound(over) && over.code === 'bad_relative_date', `-${most + 1}${unit}`);
      assert.match(over.message, new RegExp(`from 1 to ${most}`));
    }
  });

  it('bad relative bounds say what would be right, with their own code', () => {
    for (const text of ['-0y', '-5x', '-99999y', '-y', '--5y', '-5', '-5Y', '-1.5y', '- 5y', '-5yy', '-00y']) {
      const r = readDateBound('from', text, day('2026-07-01'));
      assert.ok(!isDateBound(r), text);
      assert.equal(r.code, 'bad_relative_date', text);
      assert.match(r.message, new RegExp(`Invalid from '${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`));
      assert.match(r.message, /-5y/, `${text}: the message shows a valid form`);
    }
  });

  it('a bad absolute date names both forms', () => {
    for (const text of ['2020-13-01', '2020-02-30', 'yesterday', '5y', '+5y']) {
      const r = readDateBound('to', text, day('2026-07-01'));
      assert.ok(!isDateBound(r), text);
      assert.equal(r.code, 'bad_date');
      assert.match(r.message, /YYYY-MM-DD.*-5y/);
    }
  });

  it('boundIsoDate: what a date field shows for a bound', () => {
    assert.equal(boundIsoDate('-1y', '2026-07-01'), '2025-07-01');
    assert.equal(boundIsoDate('2020-01-01', '2026-07-01'), '2020-01-01');
    assert.equal(boundIsoDate('-1y', null), null);
    assert.equal(boundIsoDate('-5x', '2026-07-01'), null);
    assert.equal(boundIsoDate(null, '2026-07-01'), null);
  });
});
