/**
 * Frequency conversion computed by hand from a published CSV, in plain code
 * that shares nothing with src/query/convert-frequency.ts: rows grouped by
 * the text of their date (`2024` for a year, `2024-Q2`, `2024-H1`,
 * `2024-05`), a group complete when it holds as many rows as its period has
 * sub-periods, each aggregation written out. Tests compare the service's
 * answers with these.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsvText, REAL_DATA } from './helpers.js';

/** One published series: its codes and its rows (ISO date, value; NaN = missing). */
export interface CsvSeries {
  codes: string[];
  rows: { date: string; value: number }[];
}

/** The series of a published CSV, in file order. */
export function readCsvSeries(id: string, dir = REAL_DATA): CsvSeries[] {
  const [header, ...rows] = parseCsvText(readFileSync(path.join(dir, `${id}.csv`), 'utf8'));
  const dims = header.length - 2;
  const out: CsvSeries[] = [];
  for (const row of rows) {
    if (row.length < 2) continue;
    const codes = row.slice(0, dims);
    const value = row[dims + 1] === '' || row[dims + 1] === 'NA' ? NaN : Number(row[dims + 1]);
    const last = out[out.length - 1];
    if (!last || last.codes.join() !== codes.join()) out.push({ codes, rows: [] });
    out[out.length - 1].rows.push({ date: row[dims], value });
  }
  return out;
}

export type Target = 'monthly' | 'quarterly' | 'semi-annual' | 'annual';

/** The period a date belongs to, as text, and the period's first day (ISO). */
function periodOf(date: string, target: Target): { key: string; first: string } {
  const y = date.slice(0, 4);
  const m = Number(date.slice(5, 7));
  if (target === 'annual') return { key: y, first: `${y}-01-01` };
  if (target === 'monthly') return { key: date.slice(0, 7), first: `${date.slice(0, 7)}-01` };
  const months = target === 'quarterly' ? 3 : 6;
  const start = Math.floor((m - 1) / months) * months + 1;
  return { key: `${y}-${start}`, first: `${y}-${String(start).padStart(2, '0')}-01` };
}

/** How many Mondays (or the weekday of `weekday`) a month, quarter or year holds, counted day by day. */
function weekdaysIn(first: string, target: Target, weekday: number): number {
  const months = { monthly: 1, quarterly: 3, 'semi-annual': 6, annual: 12 }[target];
  const start = new Date(`${first}T00:00:00Z`);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  let n = 0;
  for (const d = new Date(start); d < end; d.setUTCDate(d.getUTCDate() + 1)) if (d.getUTCDay() === weekday) n++;
  return n;
}

/** The sub-periods a complete period holds: months per period over the source's, or the weekdays of a weekly series. */
function expected(source: string, target: Target, first: string, weekday: number): number {
  const months: Record<string, number> = { monthly: 1, quarterly: 3, 'semi-annual': 6, annual: 12 };
  return source === 'weekly' ? weekdaysIn(first, target, weekday) : months[target] / months[source];
}

/** One aggregation over the values present, written out. */
function combine(values: number[], aggregation: string): number {
  const present = values.filter((v) => !Number.isNaN(v));
  if (present.length === 0) return NaN;
  let sum = 0;
  for (const v of present) sum += v;
  switch (aggregation) {
    case 'mean':
      return sum / present.length;
    case 'sum':
      return sum;
    case 'first':
      return present[0];
    case 'last':
      return present[present.length - 1];
    case 'min':
      return present.reduce((a, b) => (b < a ? b : a));
    case 'max':
      return present.reduce((a, b) => (b > a ? b : a));
  }
  throw new Error(aggregation);
}

/**
 * A series converted by hand: one row per period, complete periods only
 * unless `partial`.
 */
export function convertByHand(series: CsvSeries, source: string, target: Target, aggregation: string, partial = false): { date: string; value: number }[] {
  const weekday = series.rows.length ? new Date(`${series.rows[0].date}T00:00:00Z`).getUTCDay() : 1;
  const groups = new Map<string, { first: string; values: number[] }>();
  for (const row of series.rows) {
    const { key, first } = periodOf(row.date, target);
    if (!groups.has(key)) groups.set(key, { first, values: [] });
    groups.get(key)!.values.push(row.value);
  }
  const out: { date: string; value: number }[] = [];
  for (const { first, values } of groups.values()) {
    const complete = values.length === expected(source, target, first, weekday) && values.every((v) => !Number.isNaN(v));
    if (complete || partial) out.push({ date: first, value: combine(values, aggregation) });
  }
  return out;
}
