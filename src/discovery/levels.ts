import type { Dataset, Dimension, Labels, Level } from '../data/model.js';
import { selectSeries } from '../query/compute-view.js';

/**
 * Facts about levels that discovery needs: which levels a user can select
 * (they carry at least one series), their ancestors, and the opening
 * selection of a dataset or of one level.
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

/** The meta's default codes that exist, per dimension; empty when they select nothing. */
export function defaultDims(dataset: Dataset): Record<string, string[]> {
  const dims: Record<string, string[]> = {};
  for (const dim of dataset.meta.dimensions) {
    const codes = (dataset.meta.defaultSelection[dim.id] ?? []).filter((c) => dim.index.has(c));
    if (codes.length > 0) dims[dim.id] = codes;
  }
  return selectSeries(dataset, dims).length > 0 ? dims : {};
}

/**
 * The view that opens one level: the dataset's defaults with that level in
 * its dimension, or the level alone when that combination has no series.
 * @example levelDims(unemployment, 'sex', 'men') // { origin: ['tot'], sex: ['men'] }
 */
export function levelDims(dataset: Dataset, dimId: string, code: string): Record<string, string[]> {
  const dims = orderDims(dataset, { ...defaultDims(dataset), [dimId]: [code] });
  return selectSeries(dataset, dims).length > 0 ? dims : { [dimId]: [code] };
}

/** The same codes with the dimensions in dim_order (for stable JSON and URLs). */
export function orderDims(dataset: Dataset, dims: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const dim of dataset.meta.dimensions) if (dims[dim.id]?.length) out[dim.id] = dims[dim.id];
  return out;
}
