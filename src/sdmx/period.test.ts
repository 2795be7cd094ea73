// SDMX periods: read as the days they cover, written per frequency, and back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { daysFromCivil, formatIsoDate } from '../data/dates.js';
import { formatPeriod, parsePeriod } from './period.js';

const span = (text: string): [string, string] | null => {
  const s = parsePeriod(text);
  return s && [formatIsoDate(s.first), formatIsoDate(s.last)];
};

describe('SDMX periods', () => {
  it('read each form as the first and last day it covers', () => {
    assert.deepEqual(span('2024'), ['2024-01-01', '2024-12-31']);
    assert.deepEqual(span('2024-S2'), ['2024-07-01', '2024-12-31']);
    assert.deepEqual(span('2024-Q1'), ['2024-01-01', '2024-03-31']);
    assert.deepEqual(span('2024-02'), ['2024-02-01', '2024-02-29']);
    assert.deepEqual(span('2024-W05'), ['2024-01-29', '2024-02-04']);
    assert.deepEqual(span('2026-W53'), ['2026-12-28', '2027-01-03']);
    assert.deepEqual(span('2021-W01'), ['2021-01-04', '2021-01-10']);
    assert.deepEqual(span('2024-01-15'), ['2024-01-15', '2024-01-15']);
  });

  it('refuse what is not a period', () => {
    for (const bad of [
      '',
      '24',
      '2024-Q5',
      '2024-Q0',
      '2024-S3',
      '2024-13',
      '2024-00',
      '2025-W53',
      '2024-W00',
      '2024-02-30',
      '2024-1',
      'x',
      '2024-H1',
      '2024-01-15T00:00',
    ])
      assert.equal(parsePeriod(bad), null, bad);
  });

  it('write a date as the period of the frequency, which reads back to that date', () => {
    const cases: [string, string, string][] = [
      ['2024-01-01', 'annual', '2024'],
      ['2024-07-01', 'semi-annual', '2024-S2'],
      ['2024-04-01', 'quarterly', '2024-Q2'],
      ['2024-11-01', 'monthly', '2024-11'],
      ['2024-01-29', 'weekly', '2024-W05'],
      ['2024-12-30', 'weekly', '2025-W01'],
      ['2024-01-15', 'daily', '2024-01-15'],
    ];
    for (const [date, frequency, period] of cases) {
      const [y, m, d] = date.split('-').map(Number);
      assert.equal(formatPeriod(daysFromCivil(y, m, d), frequency), period);
      assert.equal(span(period)?.[0], date, period);
    }
  });
});
