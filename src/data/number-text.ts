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

/** Longest text of a double: `-2.2250738585072014e-308`. */
export const NUMBER_TEXT_MAX = 24;

/**
 * Writes `numberText(v)` as ASCII bytes into `buf` at `at` and returns the
 * position after it: the same text without making a string (a cold CSV
 * writes one per row). `buf` needs NUMBER_TEXT_MAX bytes of room.
 * @example writeNumberText(buf, 0, 1234.5) // 6, buf starts with '1234.5'
 */
export function writeNumberText(buf: Uint8Array, at: number, v: number): number {
  for (let k = 0; k < POWERS.length; k++) {
    const p = POWERS[k];
    const s = Math.round(v * p);
    if (!(s < UNIQUE_BELOW && s > -UNIQUE_BELOW)) break;
    if (s / p !== v) continue;
    if (s === 0) {
      buf[at] = 48;
      return at + 1;
    }
    if (s < 0) buf[at++] = 45;
    let n = s < 0 ? -s : s;
    let digits = 1;
    for (let t = n; t >= 10; t = (t - (t % 10)) / 10) digits++;
    // as numberText: at least one digit before the point
    const width = digits > k ? digits : k + 1;
    const end = at + width + (k > 0 ? 1 : 0);
    let pos = end - 1;
    for (let j = 0; j < width; j++) {
      if (j === k && k > 0) buf[pos--] = 46;
      const d = n % 10;
      buf[pos--] = 48 + d;
      n = (n - d) / 10;
    }
    return end;
  }
  const text = String(v);
  for (let j = 0; j < text.length; j++) buf[at++] = text.charCodeAt(j);
  return at;
}
