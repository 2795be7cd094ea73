import { formatIsoDate } from '../data/dates.js';
import { numberText } from './number-text.js';
import type { SelectionView } from './view.js';

/**
 * Encoders of a SelectionView: the last step of every output. Numbers are
 * written in the shortest form that reads back as the same double (JS number
 * to string, by numberText), missing values as an empty CSV field or JSON null.
 */

/** Quotes a CSV field when it needs it (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The column names of a selection: dimensions in dim_order, then date, value. */
export function columnNames(view: SelectionView): string[] {
  return [...view.dataset.meta.dimOrder, 'date', 'value'];
}

/**
 * Tidy CSV: one row per observation, columns in dim_order then date, value.
 * With no filter it equals the published CSV row for row.
 */
export function encodeCsv(view: SelectionView): Buffer {
  const chunks: string[] = [columnNames(view).map(csvField).join(',') + '\n'];
  for (const s of view.series) {
    const prefix = s.codes.map((c) => csvField(c) + ',').join('');
    let part = '';
    for (let i = 0; i < s.dates.length; i++) {
      const v = s.values[i];
      part += prefix + formatIsoDate(s.dates[i]) + ',' + (v === v ? numberText(v) : '') + '\n';
      if (part.length > 65536) {
        chunks.push(part);
        part = '';
      }
    }
    chunks.push(part);
  }
  return Buffer.from(chunks.join(''), 'utf8');
}

/**
 * Columnar JSON: one object whose keys are the columns, each an array of
 * equal length (missing values are null).
 */
export function encodeColumnarJson(view: SelectionView): Buffer {
  const names = columnNames(view);
  const nd = names.length - 2;
  const cols: string[][] = names.map(() => []);
  for (const s of view.series) {
    const codes = s.codes.map((c) => JSON.stringify(c));
    for (let i = 0; i < s.dates.length; i++) {
      for (let d = 0; d < nd; d++) cols[d].push(codes[d]);
      cols[nd].push('"' + formatIsoDate(s.dates[i]) + '"');
      const v = s.values[i];
      cols[nd + 1].push(v === v ? numberText(v) : 'null');
    }
  }
  const body = names.map((n, k) => JSON.stringify(n) + ':[' + cols[k].join(',') + ']').join(',');
  return Buffer.from('{' + body + '}', 'utf8');
}
