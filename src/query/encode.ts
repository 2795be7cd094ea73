import { formatIsoDate } from '../data/dates.js';
import { numberText } from './number-text.js';
import type { SelectionView, SeriesView } from './view.js';

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

/** Pieces of about this many characters: large enough to write efficiently, small enough to stream. */
const CHUNK = 65536;

/** The columns a CSV writes before date and value: their names, and each series' fields. */
export interface CsvLead {
  names: string[];
  fields(s: SeriesView): string[];
}

/** The published CSV's lead: one code column per dimension, in dim_order. */
function codeLead(view: SelectionView): CsvLead {
  return { names: view.dataset.meta.dimOrder, fields: (s) => s.codes };
}

/**
 * Tidy CSV in pieces: one row per observation, the lead columns (by default
 * the codes in dim_order), then date, value. With no filter and the default
 * lead it equals the published CSV row for row.
 */
export function* csvChunks(view: SelectionView, lead: CsvLead = codeLead(view)): Generator<string> {
  yield [...lead.names, 'date', 'value'].map(csvField).join(',') + '\n';
  let part = '';
  for (const s of view.series) {
    const prefix = lead
      .fields(s)
      .map((f) => csvField(f) + ',')
      .join('');
    for (let i = 0; i < s.dates.length; i++) {
      const v = s.values[i];
      part += prefix + formatIsoDate(s.dates[i]) + ',' + (Number.isNaN(v) ? '' : numberText(v)) + '\n';
      if (part.length > CHUNK) {
        yield part;
        part = '';
      }
    }
  }
  if (part !== '') yield part;
}

/** Tidy CSV (see `csvChunks`) as one string. */
export function csvText(view: SelectionView, lead: CsvLead = codeLead(view)): string {
  return [...csvChunks(view, lead)].join('');
}

/** Tidy CSV (see `csvChunks`) as one buffer. */
export function encodeCsv(view: SelectionView, lead: CsvLead = codeLead(view)): Buffer {
  return Buffer.from(csvText(view, lead), 'utf8');
}

/**
 * Columnar JSON in pieces: one object whose keys are the columns, each an
 * array of equal length (missing values are null); one pass over the
 * selection per column, so nothing but the current piece is held.
 */
export function* columnarJsonChunks(view: SelectionView): Generator<string> {
  const names = columnNames(view);
  const nd = names.length - 2;
  const cell = (column: number, s: SeriesView, i: number): string => {
    if (column < nd) return JSON.stringify(s.codes[column]);
    if (column === nd) return '"' + formatIsoDate(s.dates[i]) + '"';
    const v = s.values[i];
    return Number.isNaN(v) ? 'null' : numberText(v);
  };
  let part = '{';
  for (let k = 0; k < names.length; k++) {
    part += (k > 0 ? '],' : '') + JSON.stringify(names[k]) + ':[';
    let first = true;
    for (const s of view.series) {
      // a code column repeats one text per series: make it once
      const code = k < nd ? JSON.stringify(s.codes[k]) : null;
      for (let i = 0; i < s.dates.length; i++) {
        part += (first ? '' : ',') + (code ?? cell(k, s, i));
        first = false;
        if (part.length > CHUNK) {
          yield part;
          part = '';
        }
      }
    }
  }
  yield part + ']}';
}

/** Columnar JSON (see `columnarJsonChunks`) as one string. */
export function columnarJsonText(view: SelectionView): string {
  return [...columnarJsonChunks(view)].join('');
}

/** Columnar JSON (see `columnarJsonChunks`) as one buffer. */
export function encodeColumnarJson(view: SelectionView): Buffer {
  return Buffer.from(columnarJsonText(view), 'utf8');
}
