/**
 * Writing numbers as text is most of the CPU of encoding a selection that no
 * cache holds (issue 16: ~30 % of a cold /series.csv). Published statistics
 * mostly have a few decimals; for those the shortest text is the integer
 * `round(v * 10^k)` with a decimal point put in, which is cheaper to build
 * than JavaScript's general shortest-double algorithm.
 */

/** Above this, |v * 10^k| could have a neighbour integer that also reads back as v (ulp >= 10^-k); below, the integer is unique and exact. */
const UNIQUE_BELOW = 2 ** 50;
const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6];

/**
 * The shortest text that reads back as the same double: exactly `String(v)`
 * (ECMAScript Number::toString), faster for values with at most six
 * decimals. NaN → 'NaN' like String; callers write missing values themselves.
 * @example numberText(1234.5) // '1234.5'
 * @example numberText(0.1 + 0.2) // '0.30000000000000004'
 */
export function numberText(v: number): string {
  for (let k = 0; k < POWERS.length; k++) {
    const p = POWERS[k];
    const s = Math.round(v * p);
    if (!(s < UNIQUE_BELOW && s > -UNIQUE_BELOW)) break;
    // s / p is correctly rounded: equal to v means the decimal s * 10^-k reads back as v, and no shorter one did
    if (s / p !== v) continue;
    if (k === 0) return s === 0 ? '0' : String(s);
    const digits = String(s < 0 ? -s : s);
    const padded = digits.length > k ? digits : '0'.repeat(k - digits.length + 1) + digits;
    const cut = padded.length - k;
    return (s < 0 ? '-' : '') + padded.slice(0, cut) + '.' + padded.slice(cut);
  }
  return String(v);
}

/** Longest text of a double: `-0.0000012345678901234567` (a negative value just above 10^-6 with 17 digits; `-2.2250738585072014e-308` is one shorter). */
export const NUMBER_TEXT_MAX = 25;

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
  // these digits less their trailing zeros) from one with more (String's text)
  const micros = Math.round(v * 1e6);
  if (!(micros < UNIQUE_BELOW && micros > -UNIQUE_BELOW)) return writeByTries(buf, at, v);
  if (micros / 1e6 !== v) return writeText(buf, at, String(v));
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
  return writeText(buf, at, String(v));
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
