/**
 * Axis ticks: round values for the y axis, and calendar dates for the x axis
 * that suit the dataset's frequency and the range shown (years, quarters,
 * months or days), labelled in the chart's language.
 */
import type { Lang } from '../data/model.js';
import { civilFromDays, daysFromCivil } from '../data/dates.js';
import { formatPeriod, type DateUnit } from '../i18n/chart-text.js';

/** A y scale: its domain (rounded out to whole steps) and its ticks. */
export interface ValueTicks {
  min: number;
  max: number;
  step: number;
  ticks: number[];
  /** fraction digits that show every tick exactly */
  decimals: number;
}

const MANTISSAS = [1, 2, 2.5, 5];

/**
 * Round ticks covering [lo, hi], at most `maxTicks` of them (at least two, three across zero).
 * @example niceValueTicks(3, 97, 6).ticks // [0, 20, 40, 60, 80, 100]
 */
export function niceValueTicks(lo: number, hi: number, maxTicks: number): ValueTicks {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (lo === hi) {
    const pad = Math.abs(lo) * 0.05 || 1;
    [lo, hi] = [lo - pad, hi + pad];
  }
  // ticks are multiples of the step, so a range across zero needs at least three (-s, 0, s)
  const target = Math.max(lo < 0 && hi > 0 ? 3 : 2, maxTicks);
  let power = Math.floor(Math.log10((hi - lo) / target)) - 1;
  for (;;) {
    for (const mantissa of MANTISSAS) {
      const step = mantissa * 10 ** power;
      const first = Math.floor(lo / step + 1e-9);
      const last = Math.ceil(hi / step - 1e-9);
      if (last - first + 1 <= target) return valueTicks(first, last, mantissa, power);
    }
    power++;
  }
}

/**
 * Fraction digits that show every multiple of a tick step exactly (at most 10).
 * @example stepDecimals(2.5) // 1
 */
export function stepDecimals(step: number): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  for (let d = 0; d < 10; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return d;
  }
  return 10;
}

function valueTicks(first: number, last: number, mantissa: number, power: number): ValueTicks {
  const step = mantissa * 10 ** power;
  const decimals = stepDecimals(step);
  // toFixed removes binary noise such as 0.30000000000000004
  const at = (i: number): number => Number((i * step).toFixed(Math.min(decimals, 100)));
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(at(i));
  return { min: at(first), max: at(last), step, ticks, decimals };
}

/** A tick of the time axis: a day number and its label. */
export interface DateTick {
  days: number;
  label: string;
}

interface DateStep {
  months: number;
  days: number;
}

const DAY_STEPS: DateStep[] = [1, 2, 7, 14].map((days) => ({ months: 0, days }));
const MONTH_STEPS: DateStep[] = [1, 2, 3, 6, 12, 24, 60, 120, 240, 600, 1200].map((months) => ({ months, days: 0 }));
const SMALLEST_MONTHS: Record<DateUnit, number> = { day: 0, month: 1, quarter: 3, half: 6, year: 12 };

/**
 * Calendar ticks for [start, end] (day numbers): the finest step at or above
 * the data's own period whose labels fit side by side in `width` px.
 */
export function dateTicks(start: number, end: number, unit: DateUnit, lang: Lang, width: number, measure: (label: string) => number): DateTick[] {
  const steps = unit === 'day' ? [...DAY_STEPS, ...MONTH_STEPS] : MONTH_STEPS.filter((s) => s.months >= SMALLEST_MONTHS[unit]);
  const span = Math.max(1, end - start);
  let ticks: DateTick[] = [];
  for (const step of steps) {
    const stepDays = step.days || step.months * 30.44;
    if (span / stepDays > width / 20) continue; // cannot fit: skip generating thousands of ticks
    ticks = stepTicks(start, end, step, unit, lang);
    const widest = Math.max(0, ...ticks.map((t) => measure(t.label)));
    const room = ticks.length > 1 ? (width * stepDays) / span : width;
    if (widest * 1.3 + 8 <= room) break;
  }
  if (ticks.length === 0) ticks = [{ days: start, label: formatPeriod(start, unit, lang) }];
  return ticks;
}

function stepTicks(start: number, end: number, step: DateStep, unit: DateUnit, lang: Lang): DateTick[] {
  const ticks: DateTick[] = [];
  if (step.days > 0) {
    // weekly steps fall on Mondays (day 4 since 1970-01-01 was a Monday)
    const anchor = step.days >= 7 ? 4 : 0;
    let d = start + ((((anchor - start) % step.days) + step.days) % step.days);
    for (; d <= end; d += step.days) ticks.push({ days: d, label: formatPeriod(d, 'day', lang) });
    return ticks;
  }
  const label = labelUnit(step.months, unit);
  const first = civilFromDays(start);
  let index = first.y * 12 + first.m - 1;
  index = Math.ceil(index / step.months) * step.months;
  if (daysFromCivil(Math.floor(index / 12), (index % 12) + 1, 1) < start) index += step.months;
  for (;;) {
    const days = daysFromCivil(Math.floor(index / 12), (index % 12) + 1, 1);
    if (days > end) break;
    ticks.push({ days, label: formatPeriod(days, label, lang) });
    index += step.months;
  }
  return ticks;
}

function labelUnit(months: number, unit: DateUnit): DateUnit {
  if (months % 12 === 0) return 'year';
  if (unit === 'half' && months % 6 === 0) return 'half';
  if (unit === 'quarter' && months % 3 === 0) return 'quarter';
  return 'month';
}
