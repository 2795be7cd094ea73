/**
 * Seeded randomness for the demo data: integer-only PRNG and arithmetic-only
 * distributions (no Math.random, no Math.sin/log), so every run on every
 * machine produces the same bytes.
 */

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

/**
 * 32-bit FNV-1a hash of a string: turns names into seeds.
 * @example hashString('demo_cpi') // a stable unsigned 32-bit integer
 */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mulberry32: a small, fast PRNG with a 32-bit state. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A PRNG seeded from a name, so one series' numbers do not depend on which
 * other series were generated before it.
 * @example const rng = rngFor('demo_gdp', 'real', 'manu')
 */
export function rngFor(...parts: string[]): Rng {
  return mulberry32(hashString(parts.join('\u0000')));
}

const SQRT3 = 1.7320508075688772;

/** Approximately standard normal (Irwin-Hall sum of four uniforms, rescaled). */
export function gauss(rng: Rng): number {
  return (rng() + rng() + rng() + rng() - 2) * SQRT3;
}

/** A uniform number in [lo, hi). */
export function uniform(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}
