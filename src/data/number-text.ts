/**
 * Writing numbers as text is most of the CPU of encoding a selection that no
 * cache holds (issue 16: ~30 % of a cold /series.csv). Published statistics
 * mostly have a few decimals; for those the shortest text is the integer
 * `round(v * 10^k)` with a decimal point put in, which is cheaper to build
 * than JavaScript's general shortest-double algorithm. The others (most
 * values after a transform) are worked out in double arithmetic too
 * (writeShortest, below), String(v) only outside 10^-6..2^53.
 */

/** Above this, |v * 10^k| could have a neighbour integer that also reads back as v (ulp >= 10^-k); below, the integer is unique and exact. */
const UNIQUE_BELOW = 2 ** 50;
const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6];

/**
 * The shortest text that reads back as the same double: exactly `String(v)`
 * (ECMAScript Number::toString), as `writeNumberText` writes it (one rule:
 * faster than String for a value with decimals, issue 24, round 4), String
 * itself for a safe integer (its own fast case). NaN → 'NaN' like String;
 * callers write missing values themselves.
 * @example numberText(1234.5) // '1234.5'
 * @example numberText(0.1 + 0.2) // '0.30000000000000004'
 */
export function numberText(v: number): string {
  return Number.isSafeInteger(v) ? String(v) : TEXT.toString('latin1', 0, writeNumberText(TEXT, 0, v));
}

/** Longest text of a double: `-0.0000012345678901234567` (a negative value just above 10^-6 with 17 digits; `-2.2250738585072014e-308` is one shorter). */
export const NUMBER_TEXT_MAX = 25;

/** Where numberText writes before making the string. */
const TEXT = Buffer.alloc(NUMBER_TEXT_MAX);

/**
 * Writes `numberText(v)` as ASCII bytes into `buf` at `at` and returns the
 * position after it: the same text without making a string (a cold CSV
 * writes one per row). `buf` needs NUMBER_TEXT_MAX bytes of room. The digits
 * go two at a time from a table, in 32-bit integer arithmetic (issue 24,
 * round 3: ~180 ns a number before).
 * @example writeNumberText(buf, 0, 1234.5) // 6, buf starts with '1234.5'
 */
export function writeNumberText(buf: Uint8Array, at: number, v: number): number {
  // one try at six decimals tells a value with at most six (its shortest text is
  // these digits less their trailing zeros) from one with more (writeShortest's text)
  const micros = Math.round(v * 1e6);
  if (!(micros < UNIQUE_BELOW && micros > -UNIQUE_BELOW)) return writeByTries(buf, at, v);
  if (micros / 1e6 !== v) return writeShortest(buf, at, v);
  if (micros === 0) {
    // -0 too: String(-0) is '0'
    buf[at] = 48;
    return at + 1;
  }
  let n = micros;
  if (n < 0) {
    buf[at++] = 45;
    n = -n;
  }
  let fraction = n % 1e6;
  at = writeWhole(buf, at, (n - fraction) / 1e6);
  if (fraction === 0) return at;
  let decimals = 6;
  for (let f = fraction | 0; f === ((f / 10) | 0) * 10; f = (f / 10) | 0) decimals--;
  fraction = (fraction / POWERS[6 - decimals]) | 0;
  buf[at] = 46;
  writeDigits(buf, at + 1 + decimals, fraction, decimals);
  return at + 1 + decimals;
}

/** writeNumberText for a value whose six-decimal integer is too large to be unique: the fewest decimals that read back, one try each. */
function writeByTries(buf: Uint8Array, at: number, v: number): number {
  for (let k = 0; k < POWERS.length; k++) {
    const p = POWERS[k];
    let s = Math.round(v * p);
    if (!(s < UNIQUE_BELOW && s > -UNIQUE_BELOW)) break;
    if (s / p !== v) continue;
    if (s < 0) {
      buf[at++] = 45;
      s = -s;
    }
    if (k === 0) return writeWhole(buf, at, s);
    // exact: s and p are integers below 2^53, and s - fraction is a multiple of p
    const fraction = s % p;
    at = writeWhole(buf, at, (s - fraction) / p);
    buf[at] = 46;
    writeDigits(buf, at + 1 + k, fraction, k);
    return at + 1 + k;
  }
  return writeShortest(buf, at, v);
}

/** Writes an ASCII text at `at`; returns the position after it. */
function writeText(buf: Uint8Array, at: number, text: string): number {
  for (let j = 0; j < text.length; j++) buf[at++] = text.charCodeAt(j);
  return at;
}

/** '00' to '99' as ASCII bytes: the digits of `n` (0-99) are at 2n and 2n + 1. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, j) => 48 + (j & 1 ? (j >> 1) % 10 : ((j >> 1) / 10) | 0));

/** Below this an integer is written in 32-bit arithmetic. */
const INT32_BELOW = 2 ** 31;

/** Writes a whole number 0 <= n < 2^53 in decimal at `at`; returns the position after it. */
function writeWhole(buf: Uint8Array, at: number, n: number): number {
  if (n >= INT32_BELOW) {
    // the high part is below 2^53 / 10^8 < 2^31
    const low = n % 1e8;
    at = writeWhole(buf, at, (n - low) / 1e8);
    writeDigits(buf, at + 8, low, 8);
    return at + 8;
  }
  const width = digitCount(n);
  writeDigits(buf, at + width, n, width);
  return at + width;
}

/** The number of decimal digits of an integer 0 <= n < 2^31 (0 has one), by comparisons. */
function digitCount(n: number): number {
  if (n < 1e5) return n < 100 ? (n < 10 ? 1 : 2) : n < 1e3 ? 3 : n < 1e4 ? 4 : 5;
  return n < 1e7 ? (n < 1e6 ? 6 : 7) : n < 1e8 ? 8 : n < 1e9 ? 9 : 10;
}

/** Writes the last `width` decimal digits of an integer 0 <= n < 2^31 (with leading zeros) so that they end just before `end`. */
function writeDigits(buf: Uint8Array, end: number, n: number, width: number): void {
  let rest = n | 0;
  let pos = end;
  for (; width >= 2; width -= 2) {
    const q = (rest / 100) | 0;
    const pair = (rest - q * 100) << 1;
    buf[--pos] = DIGIT_PAIRS[pair + 1];
    buf[--pos] = DIGIT_PAIRS[pair];
    rest = q;
  }
  if (width === 1) buf[pos - 1] = 48 + (rest % 10);
}

/*
 * The shortest text of any double from 10^-6 to 2^53, exactly as String(v)
 * writes it, in double arithmetic (issue 24, round 4: String(v) costs about
 * 200 ns a value that misses the six-decimal try, most values after a
 * transform). The double x = m·2^q reads back from every decimal closer to
 * it than h = 2^(q-1). Scaled by 10^K, the smallest power with h·10^K > 1,
 * that interval holds an integer: its integers N are the decimals N·10^-K
 * that read back, the one with the most trailing zeros is the shortest, and
 * the nearest to x among those (the even one on a tie) is String's. All of
 * x·10^K, h·10^K and N are multiples of u = 2^(q-1+K) with 1/u < 2^52, so
 * the product's exact error (Dekker) and each fraction below are exact
 * doubles. Two refinements of the rule never change a text in this range,
 * so they are left out: the gap below a power of two is h/2, not h (the
 * tests write every power of two in the range), and a decimal exactly h
 * away reads back when m is even (the interval's ends are integers only
 * when K = 1, for an integer x from 2^52, whose own text has more zeros).
 */

/** The bits of a double: [low word, high word] (little-endian, as V8 runs here). */
const BITS = new Float64Array(1);
const WORDS = new Uint32Array(BITS.buffer);
/** Dekker's splitter for 53-bit doubles: 2^27 + 1. */
const SPLITTER = 134217729;
/** 10^0 to 10^22, each an exact double. */
const TENS = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
/** Digits of N before they are written out with the point. */
const DIGITS = new Uint8Array(24);
/** The smallest double whose text has no exponent (String(1e-6) is '0.000001', String(9e-7) is '9e-7'). */
const PLAIN_FROM = 1e-6;

/** Per biased exponent of x (q + 1075): h = 2^(q-1), and K, the smallest k with h·10^k > 1 (for x below 2^53, where K >= 1). */
const HALF_GAP = Float64Array.from({ length: 2048 }, (_, e) => 2 ** (e - 1076));
const SCALE = Uint8Array.from(HALF_GAP, (h) => {
  let k = 0;
  while (k < 22 && h * TENS[k] <= 1) k++;
  return k;
});

/** Writes String(v) for a finite non-zero v: in double arithmetic from 10^-6 to 2^53, else by String. */
function writeShortest(buf: Uint8Array, at: number, v: number): number {
  const x = v < 0 ? -v : v;
  if (!(x >= PLAIN_FROM && x < 2 ** 53)) return writeText(buf, at, String(v));
  if (v < 0) buf[at++] = 45;
  BITS[0] = x;
  // x = m·2^q with 2^52 <= m < 2^53 (x is normal here); h = 2^(q-1)
  const biased = (WORDS[1] >>> 20) & 0x7ff;
  const K = SCALE[biased];
  const W = HALF_GAP[biased] * TENS[K];
  // C = x·10^K = H + E exactly (Dekker's product); C >= 2^53·W > 2^53, so H is an integer
  const p = TENS[K];
  const H = x * p;
  let c = SPLITTER * x;
  const xh = c - (c - x);
  const xl = x - xh;
  c = SPLITTER * p;
  const ph = c - (c - p);
  const pl = p - ph;
  const E = xh * ph - H + xh * pl + xl * ph + xl * pl;
  // C = I + d with I an integer as hi·10^8 + lo and 0 <= d < 1
  const f = Math.floor(E);
  const d = E - f;
  const Hlo = H % 1e8;
  const hi = (H - Hlo) / 1e8;
  const lo = Hlo + f;
  PARTS[0] = hi;
  PARTS[1] = lo;
  PARTS[2] = d;
  PARTS[3] = W;
  return writeChosen(buf, at, K);
}

/**
 * What one step hands to the next: C = x·10^K = I + d with I = hi·10^8 + lo,
 * and W, as [hi, lo, d, W]; then N = [high, low]. In a typed array, because
 * a double passed to a function V8 does not inline is boxed: an allocation
 * (and garbage) per value.
 */
const PARTS = new Float64Array(4);

/**
 * Writes the decimal String(x) chooses (see above) from PARTS: C = I + d,
 * lo maybe a little outside 0..10^8, 0 <= d < 1: of the integers N = I + t
 * within W of C, the one with the most trailing zeros, the nearest to C
 * among those. Returns the position after it.
 */
function writeChosen(buf: Uint8Array, at: number, K: number): number {
  const hi = PARTS[0];
  const lo = PARTS[1];
  const d = PARTS[2];
  const W = PARTS[3];
  // the offsets t with |t - d| <= W, exactly: W split into whole and fraction, and 1 - d and d - Wf are exact
  const Wi = Math.floor(W);
  const Wf = W - Wi;
  const top = Wi + (Wf >= 1 - d ? 1 : 0);
  const bottom = -Wi + (d <= Wf ? 0 : 1);
  // in the coordinates of lo: the multiples of 10 between lo + bottom and lo + top
  let best = lo + (d < 0.5 ? 0 : d > 0.5 ? 1 : lo & 1);
  let zeros = 0;
  for (let n = Math.ceil((lo + bottom) / 10) * 10; n <= lo + top; n += 10) {
    const z = trailingZeros(hi, n);
    if (z < zeros) continue;
    // n is above best: the nearer to C, or the even one
    const mid = (best + n) / 2 - lo;
    if (z > zeros || d > mid || (d === mid && digitAt(hi, n, z) % 2 === 0)) {
      best = n;
      zeros = z;
    }
  }
  PARTS[0] = highOf(hi, best);
  PARTS[1] = lowOf(best);
  return writeScaled(buf, at, K, zeros);
}

/** lo brought into 0..10^8 (from within 10^8 of it), the carry going to highOf. */
const lowOf = (lo: number): number => (lo < 0 ? lo + 1e8 : lo >= 1e8 ? lo - 1e8 : lo);
const highOf = (hi: number, lo: number): number => (lo < 0 ? hi - 1 : lo >= 1e8 ? hi + 1 : hi);

/** The number of trailing decimal zeros of hi·10^8 + lo (not 0; lo as lowOf takes it). */
function trailingZeros(hi: number, lo: number): number {
  const low = lowOf(lo);
  let z = low === 0 ? 8 : 0;
  for (let n = low === 0 ? highOf(hi, lo) : low; n % 10 === 0; n /= 10) z++;
  return z;
}

/** The decimal digit of hi·10^8 + lo (lo as lowOf takes it) at position z (0: the units). */
function digitAt(hi: number, lo: number, z: number): number {
  const n = z < 8 ? lowOf(lo) : highOf(hi, lo);
  return Math.floor(n / TENS[z < 8 ? z : z - 8]) % 10;
}

/**
 * Writes N·10^-K, N = high·10^8 + low from PARTS, with `zeros`
 * trailing zeros, in plain notation: its whole part (0 when none), then the
 * point and the fraction without trailing zeros, when there is one.
 */
function writeScaled(buf: Uint8Array, at: number, K: number, zeros: number): number {
  const high = PARTS[0];
  const low = PARTS[1];
  const width = digitCount(high);
  const whole = width + 8 - K;
  // the common case (a transformed value): the point among the high digits, some of the low ones left: written straight
  if (whole > 0 && whole <= width && zeros < 8) {
    const cut = TENS[width - whole];
    const lead = Math.floor(high / cut);
    writeDigits(buf, at + whole, lead, whole);
    at += whole;
    buf[at++] = 46;
    writeDigits(buf, at + width - whole, high - lead * cut, width - whole);
    at += width - whole;
    writeDigits(buf, at + 8 - zeros, Math.floor(low / TENS[zeros]), 8 - zeros);
    return at + 8 - zeros;
  }
  writeDigits(DIGITS, width, high, width);
  writeDigits(DIGITS, width + 8, low, 8);
  const count = width + 8 - zeros;
  if (whole >= count) {
    // an integer (x itself, below 2^53): its digits, then zeros
    for (let j = 0; j < whole; j++) buf[at++] = j < count ? DIGITS[j] : 48;
    return at;
  }
  if (whole <= 0) buf[at++] = 48;
  for (let j = 0; j < whole; j++) buf[at++] = DIGITS[j];
  buf[at++] = 46;
  for (let j = whole; j < 0; j++) buf[at++] = 48;
  for (let j = Math.max(whole, 0); j < count; j++) buf[at++] = DIGITS[j];
  return at;
}
