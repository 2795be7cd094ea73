/**
 * Plausible-looking series: multiplicative random walks with trend and
 * seasonality, mean-reverting cycles, and rounding to the published form.
 */
import { gauss, type Rng } from './random.js';

/** cos(2πk/12), k = 0..11: the one seasonal shape, interpolated for other periods. */
const COS12 = [1, 0.8660254037844387, 0.5, 0, -0.5, -0.8660254037844387, -1, -0.8660254037844387, -0.5, 0, 0.5, 0.8660254037844387];

/**
 * Rounds to a number of decimals; its `String()` is then the shortest form.
 * @example roundTo(1.23456, 2) // 1.23
 */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
}

/**
 * Additive seasonal effects for one year of `period` steps (mean zero): a
 * smooth wave with a per-series phase plus a little irregular shape.
 */
export function seasonalEffects(rng: Rng, period: number, amplitude: number): number[] {
  if (period <= 1 || amplitude === 0) return new Array(Math.max(period, 1)).fill(0);
  const phase = Math.floor(rng() * 12);
  const raw: number[] = [];
  for (let k = 0; k < period; k++) {
    const pos = (k * 12) / period + phase;
    const i = Math.floor(pos);
    const frac = pos - i;
    const wave = COS12[i % 12] * (1 - frac) + COS12[(i + 1) % 12] * frac;
    raw.push(amplitude * (wave + 0.35 * gauss(rng)));
  }
  const mean = raw.reduce((a, b) => a + b, 0) / period;
  return raw.map((x) => x - mean);
}

/** Parameters of a multiplicative random walk. */
export interface WalkSpec {
  length: number;
  /** value at step 0 */
  start: number;
  /** mean growth per step (0.005 = 0.5 %) */
  drift: number;
  /** standard deviation of the growth per step */
  vol: number;
  /** persistence of growth shocks (0 = none) */
  momentum?: number;
}

/**
 * A trending multiplicative random walk (always positive).
 * @example trendWalk(rng, { length: 12, start: 100, drift: 0.002, vol: 0.004 })
 */
export function trendWalk(rng: Rng, spec: WalkSpec): number[] {
  const out: number[] = [];
  let level = spec.start;
  let shock = 0;
  const momentum = spec.momentum ?? 0.5;
  for (let t = 0; t < spec.length; t++) {
    out.push(level);
    shock = momentum * shock + spec.vol * gauss(rng);
    const growth = spec.drift + shock;
    level *= growth > -0.5 ? 1 + growth : 0.5;
  }
  return out;
}

/** Parameters of a mean-reverting indicator (a barometer, a sentiment balance). */
export interface CycleSpec {
  length: number;
  mean: number;
  /** pull back to the mean per step, 0..1 */
  reversion: number;
  vol: number;
  /** irregular noise on top of the cycle */
  noise?: number;
}

/** An AR(1)-like cycle around a mean, with momentum so turns look like cycles. */
export function cycleWalk(rng: Rng, spec: CycleSpec): number[] {
  const out: number[] = [];
  let x = spec.mean;
  let v = 0;
  for (let t = 0; t < spec.length; t++) {
    v = 0.8 * v - spec.reversion * (x - spec.mean) + spec.vol * gauss(rng);
    x += v;
    out.push(x + (spec.noise ?? 0) * gauss(rng));
  }
  return out;
}

/** Multiplies a path by seasonal factors (1 + effect) by position within the year. */
export function applySeasons(path: number[], effects: number[], firstPeriodIndex: number): number[] {
  const p = effects.length;
  return path.map((x, t) => x * (1 + effects[(firstPeriodIndex + t) % p]));
}
