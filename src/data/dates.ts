/**
 * Dates are stored as whole days since 1970-01-01 (UTC) in Int32Arrays; these
 * helpers convert between that and ISO `YYYY-MM-DD` without Date objects on
 * the hot path.
 */

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date of a day number, by Howard Hinnant's civil_from_days. */
function civilByFormula(z: number): { y: number; m: number; d: number } {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/**
 * The years whose dates are read from tables rather than computed: every
 * CSV row writes its date and every transformed observation steps back a
 * period (issue 24, the cold path: ~100 ns by formula, a few by table).
 */
const TABLE_YEARS = { first: 1900, last: 2100 } as const;
const TABLE_FIRST_DAY = daysFromCivil(TABLE_YEARS.first, 1, 1);
/** Per month of the table's years, the day number of its 1st. */
const MONTH_START = Int32Array.from({ length: (TABLE_YEARS.last - TABLE_YEARS.first + 1) * 12 + 1 }, (_, k) =>
  daysFromCivil(TABLE_YEARS.first + Math.floor(k / 12), (k % 12) + 1, 1),
);
/** Per day of the table's years, its month (index into MONTH_START). */
const MONTH_OF_DAY = (() => {
  const out = new Uint16Array(MONTH_START[MONTH_START.length - 1] - TABLE_FIRST_DAY);
  for (let k = 0; k + 1 < MONTH_START.length; k++) out.fill(k, MONTH_START[k] - TABLE_FIRST_DAY, MONTH_START[k + 1] - TABLE_FIRST_DAY);
  return out;
})();

/** The calendar date of a day number (from the tables within their years, else by formula). */
export function civilFromDays(z: number): { y: number; m: number; d: number } {
  const i = z - TABLE_FIRST_DAY;
  if (!(i >= 0 && i < MONTH_OF_DAY.length)) return civilByFormula(z);
  const k = MONTH_OF_DAY[i];
  const y = TABLE_YEARS.first + ((k / 12) | 0);
  return { y, m: k - (y - TABLE_YEARS.first) * 12 + 1, d: z - MONTH_START[k] + 1 };
}

/**
 * Parses an ISO `YYYY-MM-DD` date into days since epoch; null when it is not a
 * real calendar date.
 * @example parseIsoDate('1970-01-02') // 1
 */
export function parseIsoDate(text: string): number | null {
  // YYYY-MM-DD, ASCII digits, by character codes (not a regular expression): every date bound of every request is read here (issue 24, round 3)
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const y = digitsAt(text, 0, 4);
  const mo = digitsAt(text, 5, 2);
  const d = digitsAt(text, 8, 2);
  if (y < 0 || mo < 0 || d < 0) return null;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return daysFromCivil(y, mo, d);
}

/** The number the `n` ASCII digits of `text` at `at` write; -1 when one is not a digit. */
function digitsAt(text: string, at: number, n: number): number {
  let value = 0;
  for (let i = at; i < at + n; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/** Number of days in a month of a year. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

const pad2 = (n: number): string => (n < 10 ? '0' + n : String(n));

/**
 * Formats a day number as ISO `YYYY-MM-DD`.
 * @example formatIsoDate(0) // '1970-01-01'
 */
export function formatIsoDate(days: number): string {
  let text = DATE_TEXT.get(days);
  if (text === undefined) {
    text = isoDateText(days);
    if (DATE_TEXT.size < MEMO_MAX) DATE_TEXT.set(days, text);
  }
  return text;
}

/**
 * Writes `formatIsoDate(days)` as ASCII bytes into `buf` at `at` and returns
 * the position after it: the digits straight from the calendar date, with no
 * string and no lookup (a cold CSV writes one per row, issue 16). `buf` needs
 * 14 bytes of room (a signed 7-digit year).
 * @example writeIsoDate(buf, 0, 0) // 10, buf starts with '1970-01-01'
 */
export function writeIsoDate(buf: Uint8Array, at: number, days: number): number {
  const { y, m, d } = civilFromDays(days);
  if (y < 0 || y > 9999) {
    const text = formatIsoDate(days);
    for (let j = 0; j < text.length; j++) buf[at++] = text.charCodeAt(j);
    return at;
  }
  const c = (y / 100) | 0;
  const r = y - c * 100;
  buf[at] = 48 + ((c / 10) | 0);
  buf[at + 1] = 48 + (c % 10);
  buf[at + 2] = 48 + ((r / 10) | 0);
  buf[at + 3] = 48 + (r % 10);
  buf[at + 4] = 45;
  buf[at + 5] = 48 + ((m / 10) | 0);
  buf[at + 6] = 48 + (m % 10);
  buf[at + 7] = 45;
  buf[at + 8] = 48 + ((d / 10) | 0);
  buf[at + 9] = 48 + (d % 10);
  return at + 10;
}

/** Every CSV and JSON row writes its date: each distinct date's text is made once (issue 16, the cold path), up to this many dates (~270 years of days). */
const MEMO_MAX = 100_000;
const DATE_TEXT = new Map<number, string>();

function isoDateText(days: number): string {
  const { y, m, d } = civilFromDays(days);
  const ys = y >= 0 && y < 10000 ? String(y).padStart(4, '0') : String(y);
  return ys + '-' + pad2(m) + '-' + pad2(d);
}

/** Shifts a day number by whole months, clamping the day to the month's length. */
export function addMonths(days: number, months: number): number {
  // within the table: the months' starts and lengths read from it, no calendar arithmetic (a transform steps every observation back: issue 24)
  const i = days - TABLE_FIRST_DAY;
  if (i >= 0 && i < MONTH_OF_DAY.length) {
    const k = MONTH_OF_DAY[i];
    const n = k + months;
    if (n >= 0 && n + 1 < MONTH_START.length) return MONTH_START[n] + Math.min(days - MONTH_START[k], MONTH_START[n + 1] - MONTH_START[n] - 1);
  }
  const { y, m, d } = civilFromDays(days);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  const day = Math.min(d, daysInMonth(ny, nm));
  const k = (ny - TABLE_YEARS.first) * 12 + nm - 1;
  return k >= 0 && k + 1 < MONTH_START.length ? MONTH_START[k] + day - 1 : daysFromCivil(ny, nm, day);
}
