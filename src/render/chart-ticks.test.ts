import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { daysFromCivil, formatIsoDate } from '../data/dates.js';
import { measureText } from './chart-font.js';
import { dateTicks, logValueTicks, niceValueTicks, stepDecimals } from './chart-ticks.js';
import { formatNumber } from '../i18n/chart-text.js';

const measure = (label: string): number => measureText(label, 12);

test('value ticks are round numbers that cover the data', () => {
  // found by the property below: a budget of two across zero gave one tick at 0 that covered nothing
  assert.deepEqual(niceValueTicks(-5e6, 5e6, 2).ticks, [-5e6, 0, 5e6]);
  assert.deepEqual(niceValueTicks(3, 97, 6).ticks, [0, 20, 40, 60, 80, 100]);
  assert.deepEqual(niceValueTicks(-2.3, 4.1, 9).ticks, [-3, -2, -1, 0, 1, 2, 3, 4, 5]);
  assert.deepEqual(niceValueTicks(-2.3, 4.1, 8).ticks, [-4, -2, 0, 2, 4, 6]);
  assert.deepEqual(niceValueTicks(0.1, 0.35, 6).ticks, [0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
  assert.equal(niceValueTicks(0.1, 0.35, 6).decimals, 2);
  const flat = niceValueTicks(5, 5, 5);
  assert.ok(flat.min < 5 && flat.max > 5, 'a constant series gets room around it');
});

test('value ticks: property: within the tick budget, covering [lo, hi], evenly spaced', () => {
  fc.assert(
    fc.property(
      // statistical values: spans not below a millionth of the magnitude (doubles cannot do better)
      fc.double({ min: -1e7, max: 1e7, noNaN: true }),
      fc.double({ min: 1e-2, max: 1e9, noNaN: true }),
      fc.integer({ min: 2, max: 12 }),
      (lo, span, maxTicks) => {
        const hi = lo + span;
        const t = niceValueTicks(lo, hi, maxTicks);
        // ticks are multiples of the step: across zero the fewest is three (-s, 0, s)
        const budget = Math.max(maxTicks, lo < 0 && hi > 0 ? 3 : 2);
        assert.ok(t.ticks.length <= budget && t.ticks.length >= 2, `${t.ticks.length} ticks for budget ${maxTicks}`);
        const slack = t.step * 1e-6;
        assert.ok(t.min <= lo + slack && t.max >= hi - slack, `[${t.min}, ${t.max}] covers [${lo}, ${hi}]`);
        for (let i = 1; i < t.ticks.length; i++) {
          assert.ok(Math.abs(t.ticks[i] - t.ticks[i - 1] - t.step) <= t.step * 1e-4);
        }
      },
    ),
  );
});

test('log ticks: 1-2-5 per decade (denser where there is room), sparser as room shrinks, linear ticks on a narrow range (issue 23)', () => {
  assert.deepEqual(logValueTicks(60, 1200, 5).ticks, [100, 200, 500, 1000]);
  // room for more: 1-1.5-2-3-5-7 (ch_fso_ppi on three bases, about 50 to 220)
  assert.deepEqual(logValueTicks(48, 225, 10).ticks, [50, 70, 100, 150, 200]);
  assert.deepEqual(logValueTicks(0.012, 40, 12).ticks, [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50]);
  assert.equal(logValueTicks(0.012, 40, 12).decimals, 2);
  assert.deepEqual(logValueTicks(0.012, 40, 5).ticks, [0.01, 0.1, 1, 10]);
  assert.deepEqual(logValueTicks(1, 1e9, 4).ticks, [1, 1000, 1e6, 1e9]);
  // under a factor of 3: the linear axis's round ticks
  const narrow = logValueTicks(52, 150, 8);
  assert.deepEqual(narrow.ticks, [40, 60, 80, 100, 120, 140, 160]);
  assert.ok(narrow.min > 0);
  // found by the property below: a budget of two on a range of a tenth had no tick at all
  assert.deepEqual(logValueTicks(0.1805, 0.2000001, 2).ticks, [0.2]);
});

test('log ticks: property: within budget and domain, every label distinct and none "0" (issue 23: labels read 1,000 / 0 / 0 / 700)', () => {
  fc.assert(
    fc.property(
      fc.double({ min: 1e-4, max: 1e9, noNaN: true }),
      fc.double({ min: 1.001, max: 1e6, noNaN: true }),
      fc.integer({ min: 2, max: 12 }),
      (lo, factor, maxTicks) => {
        const hi = lo * factor;
        const t = logValueTicks(lo, hi, maxTicks);
        assert.ok(t.min > 0 && t.min <= lo * (1 + 1e-9) && t.max >= hi * (1 - 1e-9), `[${t.min}, ${t.max}] covers [${lo}, ${hi}]`);
        assert.ok(t.ticks.length >= 1 && t.ticks.length <= Math.max(2, maxTicks), `${t.ticks.length} ticks for budget ${maxTicks}`);
        assert.ok(t.ticks.every((v) => v >= t.min * (1 - 1e-9) && v <= t.max * (1 + 1e-9)));
        const labels = t.ticks.map((v) => formatNumber(v, 'en', t.decimals));
        assert.equal(new Set(labels).size, labels.length, labels.join(' | '));
        assert.ok(!labels.includes('0'), labels.join(' | '));
      },
    ),
  );
});

test('date ticks of a long quarterly range are years, labelled as years', () => {
  const ticks = dateTicks(daysFromCivil(1972, 10, 1), daysFromCivil(2026, 7, 1), 'quarter', 'en', 700, measure);
  const labels = ticks.map((t) => t.label);
  assert.ok(
    labels.every((l) => /^\d{4}$/.test(l)),
    labels.join(' '),
  );
  const years = labels.map(Number);
  const step = years[1] - years[0];
  assert.ok([5, 10].includes(step), `step ${step}`);
  assert.ok(
    years.every((y) => y % step === 0),
    'years are multiples of the step',
  );
});

test('date ticks of a few quarters are quarters, in the language', () => {
  const ticks = dateTicks(daysFromCivil(2023, 1, 1), daysFromCivil(2024, 4, 1), 'quarter', 'fr', 700, measure);
  assert.deepEqual(
    ticks.map((t) => t.label),
    ['T1 2023', 'T2 2023', 'T3 2023', 'T4 2023', 'T1 2024', 'T2 2024'].map((l) => l.replace(' ', '\u00a0')),
  );
  assert.ok(ticks.every((t) => formatIsoDate(t.days).endsWith('-01')));
});

test('date ticks of a year of monthly data are months; annual data never gets month ticks', () => {
  const months = dateTicks(daysFromCivil(2024, 1, 1), daysFromCivil(2024, 12, 1), 'month', 'de', 700, measure);
  assert.ok(months.length >= 4 && months.length <= 12, months.map((t) => t.label).join(' '));
  assert.equal(months[0].label, 'Jan. 2024');
  const annual = dateTicks(daysFromCivil(2019, 1, 1), daysFromCivil(2021, 1, 1), 'year', 'en', 700, measure);
  assert.deepEqual(
    annual.map((t) => t.label),
    ['2019', '2020', '2021'],
  );
});

test('date ticks: property: labels never overlap and stay inside the range', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: daysFromCivil(1850, 1, 1), max: daysFromCivil(2030, 1, 1) }),
      fc.integer({ min: 1, max: 60000 }),
      fc.constantFrom('day', 'month', 'quarter', 'half', 'year' as const),
      fc.integer({ min: 150, max: 3800 }),
      (start, span, unit, width) => {
        const end = start + span;
        const ticks = dateTicks(start, end, unit, 'en', width, measure);
        assert.ok(ticks.length >= 1);
        if (ticks.length === 1) return;
        for (const t of ticks) assert.ok(t.days >= start && t.days <= end);
        const px = (d: number): number => ((d - start) / span) * width;
        for (let i = 1; i < ticks.length; i++) {
          const gap = px(ticks[i].days) - px(ticks[i - 1].days);
          const half = (measure(ticks[i].label) + measure(ticks[i - 1].label)) / 2;
          assert.ok(gap > half, `labels ${ticks[i - 1].label} and ${ticks[i].label} overlap at width ${width}`);
        }
      },
    ),
    { numRuns: 300 },
  );
});

test('step decimals: every multiple of the step is shown exactly (2.5 needs one decimal, 0.25 two)', () => {
  assert.deepEqual(
    [2.5, 0.25, 5, 0.2, 25, 1, 0.05, 2.5e-3].map((s) => stepDecimals(s)),
    [1, 2, 0, 1, 0, 0, 2, 4],
  );
  assert.equal(niceValueTicks(-3, 13, 8).decimals, stepDecimals(niceValueTicks(-3, 13, 8).step));
});
