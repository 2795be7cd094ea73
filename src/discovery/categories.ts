import { derived, derivedKey } from '../data/derived.js';
import type { Category, Dataset, Snapshot } from '../data/model.js';

/** The last group: datasets whose topic matches no category, or that have none. */
export const OTHER_CATEGORY: Category = {
  key: 'other',
  name: { en: 'Other', de: 'Weitere', fr: 'Autres', it: 'Altro' },
  blurb: {
    en: 'Datasets not filed under one of the topics above.',
    de: 'Datensätze, die keinem der obigen Themen zugeordnet sind.',
    fr: 'Jeux de données qui ne relèvent d’aucun des thèmes ci-dessus.',
    it: 'Set di dati che non rientrano in nessuno dei temi sopra.',
  },
};

/** A category with its datasets in catalog order. */
export interface CategoryGroup {
  category: Category;
  datasets: Dataset[];
}

const GROUPS = derivedKey<CategoryGroup[]>('category groups');

/**
 * The topic groups in display order, each with its datasets, joined on the
 * topic key (never on display text); every dataset lands in exactly one
 * group. Categories without datasets are kept (a page may hide them); the
 * group "Other" comes last and only when it has datasets (unless the
 * vocabulary has its own `other` category, which then receives them).
 */
export function groupByCategory(snapshot: Snapshot): CategoryGroup[] {
  return derived(snapshot, GROUPS, () => buildGroups(snapshot));
}

function buildGroups(snapshot: Snapshot): CategoryGroup[] {
  const groups: CategoryGroup[] = [];
  const byKey = new Map<string, CategoryGroup>();
  for (const category of snapshot.categories) {
    if (byKey.has(category.key)) continue;
    const group = { category, datasets: [] };
    byKey.set(category.key, group);
    groups.push(group);
  }
  // A vocabulary that has its own "other" category receives the unmatched datasets there.
  const other: CategoryGroup = byKey.get(OTHER_CATEGORY.key) ?? { category: OTHER_CATEGORY, datasets: [] };
  for (const dataset of snapshot.datasets.values()) {
    (byKey.get(dataset.meta.topic?.key ?? '') ?? other).datasets.push(dataset);
  }
  if (other.datasets.length > 0 && !groups.includes(other)) groups.push(other);
  return groups;
}
