/**
 * Axis ticks: round values for the y axis, and calendar dates for the x axis
 * that suit the dataset's frequency and the range shown (years, quarters,
 * months or days), labelled in the chart's language.
 */
import type { Lang } from '../data/model.js';
import { civilFromDays, daysFromCivil } from '../data/dates.js';
import { formatPeriod, type DateUnit } from '../i18n/chart-text.js';

/** A y scale: its domain and its ticks, labelled with `decimals` fraction digits. */
export interface ScaleTicks {
  min: number;
  max: number;
  ticks: number[];
  /** fraction digits that show every tick exactly */
  decimals: number;
}

/** A linear y scale: its domain (rounded out to whole steps), its ticks and their step. */
export interface ValueTicks extends ScaleTicks {
  step: number;
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

/**
 * Whether values from `min` to `max` can be drawn on a log axis: there are
 * some (min ≤ max) and all are above zero. The page's chart and the images
 * decide alike; otherwise they draw a linear axis.
 * @example isLogDrawable(0.5, 120) // true
 */
export function isLogDrawable(min: number, max: number): boolean {
  return min <= max && min > 0;
}

/** Ticks per decade of a log axis, densest first (the first on a range of about a decade); past the last, one tick every few decades. */
const LOG_MANTISSAS = [[1, 1.5, 2, 3, 5, 7], [1, 2, 5], [1, 3], [1]];
const DECADE_STEPS = [2, 3, 5, 10, 20, 50, 100];
/** The ratio of the largest to the smallest value under which a log axis takes linear ticks. */
const LINEAR_BELOW = 3;
/** Room left around the data on a log axis, as a share of its span in decades. */
const LOG_PAD = 0.03;

/**
 * The ticks of a logarithmic y axis over [lo, hi] (both above zero), at most
 * `maxTicks`: 1-1.5-2-3-5-7 per decade where there is room, else 1-2-5,
 * then 1-3, then the decades, then every few decades. A range too narrow
 * for three such ticks, or under a factor of 3, gets the linear axis's
 * round ticks, which a log axis then draws nearly evenly. The page's chart (client/chart.ts) and the images share it.
 * @example logValueTicks(60, 1200, 8).ticks // [100, 200, 500, 1000]
 */
export function logValueTicks(lo: number, hi: number, maxTicks: number): ScaleTicks {
  if (!(lo > 0) || !(hi > 0) || !Number.isFinite(lo) || !Number.isFinite(hi)) return niceValueTicks(lo, hi, maxTicks);
  if (lo > hi) [lo, hi] = [hi, lo];
  if (lo === hi) [lo, hi] = [lo / 1.1, hi * 1.1];
  const pad = (Math.log10(hi) - Math.log10(lo)) * LOG_PAD;
  const min = 10 ** (Math.log10(lo) - pad);
  const max = 10 ** (Math.log10(hi) + pad);
  const budget = Math.max(2, maxTicks);
  const dense = decadeTicks(min, max, LOG_MANTISSAS[0], 1);
  // under a factor of LINEAR_BELOW a log axis is nearly linear: round linear ticks are denser and look even
  if (dense.length < 3 || hi / lo < LINEAR_BELOW) {
    const linear = niceValueTicks(lo, hi, budget);
    if (linear.min > 0) return { min: linear.min, max: linear.max, ticks: linear.ticks, decimals: linear.decimals };
    const inside = linear.ticks.filter((t) => t >= min && t <= max);
    if (inside.length > 0) return { min, max, ticks: inside, decimals: linear.decimals };
    // a tick budget too small for this narrow range: its log ticks, else one round value in it
    const ticks = logTicks(min, max, budget);
    return withDecimals(min, max, ticks.length > 0 ? ticks : [Number(Math.sqrt(min * max).toPrecision(2))]);
  }
  return withDecimals(min, max, logTicks(min, max, budget));
}

const LOG_CANDIDATES = [...LOG_MANTISSAS.map((m) => ({ mantissas: m, every: 1 })), ...DECADE_STEPS.map((every) => ({ mantissas: [1], every }))];

/** The densest log ticks within [min, max] that keep to the budget. */
function logTicks(min: number, max: number, budget: number): number[] {
  let ticks: number[] = [];
  for (const { mantissas, every } of LOG_CANDIDATES) {
    ticks = decadeTicks(min, max, mantissas, every);
    if (ticks.length <= budget) break;
  }
  return ticks;
}

function withDecimals(min: number, max: number, ticks: number[]): ScaleTicks {
  return { min, max, ticks, decimals: Math.max(0, ...ticks.map(stepDecimals)) };
}

/** The values m·10^d (m of `mantissas`, d a multiple of `every`) within [min, max]. */
function decadeTicks(min: number, max: number, mantissas: number[], every: number): number[] {
  const ticks: number[] = [];
  const first = Math.floor(Math.log10(min) / every) * every;
  for (let d = first; d <= Math.ceil(Math.log10(max)); d += every) {
    for (const m of mantissas) {
      // toPrecision removes binary noise such as 0.30000000000000004
      const v = Number((m * 10 ** d).toPrecision(12));
      if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) ticks.push(v);
    }
  }
  return ticks;
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
