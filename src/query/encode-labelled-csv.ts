/**
 * The labelled columns of a selection's downloads: per dimension its code and
 * the level's name in the asked language (English where a label lacks it),
 * then the series' own label (`label`, as the chart's legend names it:
 * src/selection/naming.ts, passed in by the route because src/query does not
 * import src/selection). A level's name alone does not tell series apart (four
 * rates of ch_snb_zimoma are each "3-month"); the series label does. The
 * labelled CSV (`/series.csv?labels=true&lang=de`) and the xlsx data sheet
 * both take their leading columns from here; the default CSV lead keeps the
 * published file's bytes.
 */
import type { Lang } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import type { CsvLead } from './encode.js';
import type { SelectionView } from './view.js';

/** The leading columns of a labelled download: their names, and the texts of the series at a position. */
export interface LabelledColumns {
  /** per dimension `{dim}` and `{dim}_label` in dim_order, then `label` */
  names: string[];
  /** the texts of series `k` of the view, in the order of `names` */
  texts(k: number): string[];
}

/**
 * The labelled columns of a view in `lang`; `seriesLabels[k]` names series `k`.
 * @example labelledColumns(view, 'en', ['3-month (CHF)', '3-month (EUR)']).names // ['D0', 'D0_label', 'label']
 */
export function labelledColumns(view: SelectionView, lang: Lang, seriesLabels: readonly string[]): LabelledColumns {
  const { meta } = view.dataset;
  const dims = meta.dimOrder.map((id) => meta.dimensions.find((d) => d.id === id)!);
  return {
    names: [...meta.dimOrder.flatMap((d) => [d, `${d}_label`]), 'label'],
    texts: (k) => [
      ...view.series[k].codes.flatMap((c, i) => {
        const level = dims[i].levels[dims[i].index.get(c)!];
        return [c, level ? pickLabel(level.label, lang) : c];
      }),
      seriesLabels[k] ?? '',
    ],
  };
}

/**
 * The lead of the labelled CSV: the labelled columns before date and value.
 * @example [...csvChunks(view, labelledLead(view, 'de', labels))].join('') // "type,type_label,…,label,date,value\nindex,Index,…"
 */
export function labelledLead(view: SelectionView, lang: Lang, seriesLabels: readonly string[]): CsvLead {
  const columns = labelledColumns(view, lang, seriesLabels);
  return { names: columns.names, fields: (_s, k) => columns.texts(k) };
}
