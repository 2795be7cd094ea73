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
