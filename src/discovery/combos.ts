import { formatIsoDate } from '../data/dates.js';
import type { Dataset } from '../data/model.js';

/** One series that exists: its code per dimension (keyed by dimension id), its span and size. */
export type ComboRecord = Record<string, string | number | null>;

/** Names of the facts of a combo record; a dimension of the same name is prefixed with `dim:` in the record. */
export const COMBO_FACTS = ['start', 'end', 'observations', 'missing'] as const;

/**
 * One record per series of a dataset, in the published CSV's order: its
 * code per dimension, then `start` and `end` (first and last date with a row),
 * `observations` (rows) and `missing` (rows without a value). Cubes are
 * sparse; pickers use this to offer only combinations that have data.
 * @example comboRecords(ds)[0] // { type: 'index', structure: 'ks_i11', seas_adj: 'csa', start: '1972-10-01', end: '2026-07-01', observations: 215, missing: 0 }
 */
export function comboRecords(dataset: Dataset): ComboRecord[] {
  const { store, meta } = dataset;
  const keys = meta.dimensions.map((d) => ((COMBO_FACTS as readonly string[]).includes(d.id) ? `dim:${d.id}` : d.id));
  const out: ComboRecord[] = [];
  for (let s = 0; s < store.count; s++) {
    const record: ComboRecord = {};
    meta.dimensions.forEach((dim, d) => {
      record[keys[d]] = dim.levels[store.codes[d][s]].code;
    });
    const a = store.offsets[s];
    const b = store.offsets[s + 1];
    let missing = 0;
    for (let i = a; i < b; i++) if (Number.isNaN(store.values[i])) missing++;
    record.start = b > a ? formatIsoDate(store.dates[a]) : null;
    record.end = b > a ? formatIsoDate(store.dates[b - 1]) : null;
    record.observations = b - a;
    record.missing = missing;
    out.push(record);
  }
  return out;
}
