import { derived, derivedKey } from '../data/derived.js';
import type { Labels, Snapshot } from '../data/model.js';
import { ancestorLabels, isSelectable } from './levels.js';

/**
 * One record of `/search-index.json`: a level a user can select. The R and
 * Python clients read exactly these keys.
 */
export interface SearchIndexRecord {
  datasetId: string;
  datasetTitle: Labels;
  freq: string;
  /** null for a single-series dataset (it has no dimensions; the record stands for the dataset) */
  dim: string | null;
  code: string | null;
  label: Labels;
  /** labels of the level's ancestors in the hierarchy, top first */
  path: Labels[];
}

const SEARCH_INDEX = derivedKey<SearchIndexRecord[]>('search index records');

/**
 * The records of `/search-index.json`, built once per snapshot: one per
 * selectable level (data: true with at least one series) of every dataset,
 * in catalog order then dimension and level order; a single-series dataset
 * has one record with `dim` and `code` null, labelled by its title.
 */
export function searchIndexRecords(snapshot: Snapshot): SearchIndexRecord[] {
  return derived(snapshot, SEARCH_INDEX, () => buildRecords(snapshot));
}

function buildRecords(snapshot: Snapshot): SearchIndexRecord[] {
  const records: SearchIndexRecord[] = [];
  for (const dataset of snapshot.datasets.values()) {
    const { meta } = dataset;
    const base = { datasetId: meta.id, datasetTitle: meta.title, freq: meta.frequency };
    if (meta.dimensions.length === 0) {
      if (dataset.store.count > 0) records.push({ ...base, dim: null, code: null, label: meta.title, path: [] });
      continue;
    }
    meta.dimensions.forEach((dim, d) => {
      dim.levels.forEach((level, i) => {
        if (!isSelectable(dataset, d, i)) return;
        records.push({ ...base, dim: dim.id, code: level.code, label: level.label, path: ancestorLabels(dim, level) });
      });
    });
  }
  return records;
}
