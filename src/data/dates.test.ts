import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addMonths, civilFromDays, daysFromCivil, daysInMonth, formatIsoDate, writeIsoDate } from './dates.js';

const scratch = Buffer.alloc(32);
/** The bytes writeIsoDate writes (after a byte of padding that must stay), as text. */
const written = (days: number): string => {
  scratch.fill(0x5f);
  const end = writeIsoDate(scratch, 1, days);
  assert.equal(scratch[0], 0x5f, 'nothing before the position');
  assert.equal(scratch[end], 0x5f, 'nothing after the end');
  return scratch.toString('latin1', 1, end);
};

describe('writeIsoDate', () => {
  it('writes formatIsoDate of every day from year 0 to 2100, and each year edge', () => {
    for (let days = daysFromCivil(0, 1, 1); days <= daysFromCivil(2100, 12, 31); days++) assert.equal(written(days), formatIsoDate(days));
    for (const y of [-10000, -1, 9999, 10000, 123456]) {
      for (const days of [daysFromCivil(y, 1, 1), daysFromCivil(y, 12, 31)]) assert.equal(written(days), formatIsoDate(days));
    }
  });

  it('writes formatIsoDate of any day a signed 7-digit year can hold', () => {
    const range = fc.integer({ min: daysFromCivil(-999999, 1, 1), max: daysFromCivil(9999999, 12, 31) });
    fc.assert(
      fc.property(range, (days) => written(days) === formatIsoDate(days)),
      { numRuns: 100_000 },
    );
  });
});

/** The calendar date of a day number as the JavaScript Date reads it (proleptic Gregorian, UTC): a reference independent of ours. */
const dateOf = (days: number): { y: number; m: number; d: number } => {
  const date = new Date(days * 86_400_000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
};

describe('civilFromDays and addMonths (issue 24: from tables within 1900-2100, by formula outside)', () => {
  it("read every day from 1800 to 2300 as Date does, across the tables' edges", () => {
    for (let days = daysFromCivil(1800, 1, 1); days <= daysFromCivil(2300, 12, 31); days++) {
      const want = dateOf(days);
      assert.deepEqual(civilFromDays(days), want, String(days));
      for (const months of [-12, -3, -1, 1, 12]) {
        const total = want.y * 12 + want.m - 1 + months;
        const y = Math.floor(total / 12);
        const m = total - y * 12 + 1;
        const shifted = Date.UTC(y, m - 1, Math.min(want.d, daysInMonth(y, m))) / 86_400_000;
        if (addMonths(days, months) !== shifted) assert.fail(`addMonths(${days}, ${months}) = ${addMonths(days, months)}, want ${shifted}`);
      }
    }
  });
});
