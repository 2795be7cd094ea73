import type { Dataset, Dimension, Labels, Level } from '../data/model.js';

/**
 * Facts about levels that discovery needs: which levels a user can select
 * (they carry at least one series) and their ancestors; the opening
 * selection of a dataset or of one level is src/selection/from-dataset.ts.
 */

/** A level a user can pick: it has series of its own (grouping nodes and empty levels do not). */
export function isSelectable(dataset: Dataset, d: number, levelIndex: number): boolean {
  const level = dataset.meta.dimensions[d].levels[levelIndex];
  return level.data && dataset.store.postings[d][levelIndex].length > 0;
}

/**
 * The labels of a level's ancestors in the hierarchy, top first.
 * @example ancestorLabels(dim, level) // [{ en: 'Switzerland' }, { en: 'CHF' }]
 */
export function ancestorLabels(dim: Dimension, level: Level): Labels[] {
  const out: Labels[] = [];
  const seen = new Set<string>([level.code]);
  let parent = level.parent;
  while (parent !== null && !seen.has(parent)) {
    seen.add(parent);
    const i = dim.index.get(parent);
    if (i === undefined) break;
    out.unshift(dim.levels[i].label);
    parent = dim.levels[i].parent;
  }
  return out;
}

/** The same codes with the dimensions in dim_order (for stable JSON and URLs). */
export function orderDims(dataset: Dataset, dims: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const dim of dataset.meta.dimensions) if (dims[dim.id]?.length) out[dim.id] = dims[dim.id];
  return out;
}
