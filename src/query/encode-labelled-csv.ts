/**
 * The labelled CSV (`/series.csv?labels=true&lang=de`): the tidy CSV with,
 * after each dimension's code column, a `{dim}_label` column holding the
 * level's name in the asked language (English where a label lacks it), for
 * spreadsheet users and journalists. Kept apart from encode.ts, whose
 * default CSV stays byte-equal to the published file.
 */
import { formatIsoDate } from '../data/dates.js';
import type { Lang } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import { csvField } from './encode.js';
import { numberText } from './number-text.js';
import type { SelectionView } from './view.js';

/** The column names of the labelled CSV: each dimension then its label, then date, value. */
export function labelledColumnNames(view: SelectionView): string[] {
  return [...view.dataset.meta.dimOrder.flatMap((d) => [d, `${d}_label`]), 'date', 'value'];
}

/**
 * Tidy CSV with a label column after each code column.
 * @example encodeLabelledCsv(view, 'de') // "type,type_label,…,date,value\nindex,Index,…"
 */
export function encodeLabelledCsv(view: SelectionView, lang: Lang): Buffer {
  const { meta } = view.dataset;
  const dims = meta.dimOrder.map((id) => meta.dimensions.find((d) => d.id === id)!);
  const chunks: string[] = [labelledColumnNames(view).map(csvField).join(',') + '\n'];
  for (const s of view.series) {
    const prefix = s.codes
      .map((c, i) => {
        const level = dims[i].levels[dims[i].index.get(c)!];
        return `${csvField(c)},${csvField(level ? pickLabel(level.label, lang) : c)},`;
      })
      .join('');
    let part = '';
    for (let i = 0; i < s.dates.length; i++) {
      const v = s.values[i];
      part += prefix + formatIsoDate(s.dates[i]) + ',' + (Number.isNaN(v) ? '' : numberText(v)) + '\n';
      if (part.length > 65536) {
        chunks.push(part);
        part = '';
      }
    }
    chunks.push(part);
  }
  return Buffer.from(chunks.join(''), 'utf8');
}
