/**
 * SDMX time periods (SDMX 2.1 "Basic time period" and the ISO 8601 reporting
 * periods of the REST spec): `2024`, `2024-S1`, `2024-Q1`, `2024-01`,
 * `2024-W05`, `2024-01-15`. The data route reads them in `startPeriod` and
 * `endPeriod` (a period → the first or last day it covers) and writes each
 * observation's date as the period of the dataset's frequency.
 *
 * Pure code without Node imports.
 */
import { civilFromDays, daysFromCivil, daysInMonth, formatIsoDate, parseIsoDate } from '../data/dates.js';
import { frequencyFacts } from '../data/frequency.js';

/** The days a period covers, both inclusive (days since epoch). */
export interface PeriodSpan {
  first: number;
  last: number;
}

const YEAR = /^(\d{4})$/;
const PART = /^(\d{4})-([SQW])(\d{1,2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** Months per part of a year (S: half, Q: quarter). */
const PART_MONTHS = { S: 6, Q: 3 } as const;

/** The Monday of ISO week 1 of a year (the week holding 4 January). */
function isoWeekOne(year: number): number {
  const jan4 = daysFromCivil(year, 1, 4);
  // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on Mondays
  return jan4 - ((((jan4 + 3) % 7) + 7) % 7);
}

/** The span of `count` months from a month's first day. */
function monthSpan(y: number, m: number, count: number): PeriodSpan {
  const endMonth = m + count - 1;
  return { first: daysFromCivil(y, m, 1), last: daysFromCivil(y, endMonth, daysInMonth(y, endMonth)) };
}

/**
 * The days an SDMX period covers; null when the text is not one.
 * @example parsePeriod('2024-Q2') // { first: <2024-04-01>, last: <2024-06-30> }
 */
export function parsePeriod(text: string): PeriodSpan | null {
  let m = YEAR.exec(text);
  if (m) return monthSpan(+m[1], 1, 12);
  m = MONTH.exec(text);
  if (m) return +m[2] >= 1 && +m[2] <= 12 ? monthSpan(+m[1], +m[2], 1) : null;
  m = PART.exec(text);
  if (m) return partSpan(+m[1], m[2] as 'S' | 'Q' | 'W', +m[3]);
  const day = parseIsoDate(text);
  return day === null ? null : { first: day, last: day };
}

function partSpan(y: number, kind: 'S' | 'Q' | 'W', n: number): PeriodSpan | null {
  if (kind === 'W') {
    const monday = isoWeekOne(y) + (n - 1) * 7;
    // a year has 52 or 53 ISO weeks: week 53 exists when it still holds a Thursday of the year
    if (n < 1 || n > 53 || (n === 53 && isoWeekOne(y + 1) === monday)) return null;
    return { first: monday, last: monday + 6 };
  }
  const months = PART_MONTHS[kind];
  if (n < 1 || n > 12 / months) return null;
  return monthSpan(y, (n - 1) * months + 1, months);
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * The SDMX period of an observation's date (the first day of its period) at
 * a dataset's frequency: annual `2024`, semi-annual `2024-S1`, quarterly
 * `2024-Q1`, monthly `2024-01`, weekly `2024-W05` (ISO week), daily and
 * unknown frequencies the day.
 * @example formatPeriod(daysFromCivil(2024, 4, 1), 'quarterly') // '2024-Q2'
 */
export function formatPeriod(days: number, frequency: string): string {
  const facts = frequencyFacts(frequency);
  const { y, m } = civilFromDays(days);
  switch (facts?.unit) {
    case 'year':
      return String(y);
    case 'half':
      return `${y}-S${Math.ceil(m / 6)}`;
    case 'quarter':
      return `${y}-Q${Math.ceil(m / 3)}`;
    case 'month':
      return `${y}-${pad2(m)}`;
    case 'day':
      return facts.days === 7 ? isoWeek(days) : formatIsoDate(days);
    default:
      return formatIsoDate(days);
  }
}

/** The ISO week (`2024-W05`) holding a day. */
function isoWeek(days: number): string {
  // the ISO year of a day is the year of its week's Thursday
  const thursday = days - ((((days + 3) % 7) + 7) % 7) + 3;
  const year = civilFromDays(thursday).y;
  return `${year}-W${pad2(Math.floor((thursday - isoWeekOne(year)) / 7) + 1)}`;
}
