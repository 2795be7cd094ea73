/**
 * The labelled CSV (`/series.csv?labels=true&lang=de`): the tidy CSV with,
 * after each dimension's code column, a `{dim}_label` column holding the
 * level's name in the asked language (English where a label lacks it), for
 * spreadsheet users and journalists. Written by encode.ts's `csvChunks`
 * with this lead; the default lead keeps the published file's bytes.
 */
import type { Lang } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import type { CsvLead } from './encode.js';
import type { SelectionView } from './view.js';

/**
 * The lead of the labelled CSV: after each dimension's code, its label in `lang`.
 * @example [...csvChunks(view, labelledLead(view, 'de'))].join('') // "type,type_label,…,date,value\nindex,Index,…"
 */
export function labelledLead(view: SelectionView, lang: Lang): CsvLead {
  const { meta } = view.dataset;
  const dims = meta.dimOrder.map((id) => meta.dimensions.find((d) => d.id === id)!);
  return {
    names: meta.dimOrder.flatMap((d) => [d, `${d}_label`]),
    fields: (s) =>
      s.codes.flatMap((c, i) => {
        const level = dims[i].levels[dims[i].index.get(c)!];
        return [c, level ? pickLabel(level.label, lang) : c];
      }),
  };
}
