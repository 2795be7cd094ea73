/**
 * Builds the `dimensions.{dim}` objects of a sidecar from compact level
 * trees: `{label, levels: {code: {label, data}}, hierarchy?}`.
 */
import type { Labels } from './publish.js';

/** How a hierarchy leaf is written; the real files use all three. */
export type LeafStyle = 'object' | 'array' | 'null';

/** One level of a dimension and, for a hierarchy, its children. */
export interface LevelNode {
  code: string;
  label: Labels;
  /** false for a grouping node without series of its own (default true) */
  data?: boolean;
  children?: LevelNode[];
  /** overrides the dimension's leaf style for this node */
  leaf?: LeafStyle;
}

/** A dimension as written in the sidecar. */
export interface DimensionJson {
  label: Labels;
  levels: Record<string, { label: Labels; data: boolean }>;
  hierarchy?: Record<string, unknown>;
}

function leafValue(style: LeafStyle): unknown {
  if (style === 'object') return {};
  return style === 'array' ? [] : null;
}

function hierarchyOf(nodes: LevelNode[], style: LeafStyle): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of nodes) out[n.code] = n.children?.length ? hierarchyOf(n.children, style) : leafValue(n.leaf ?? style);
  return out;
}

/** Every node of a tree in pre-order, with its depth. */
export function flattenTree(nodes: LevelNode[], depth = 0): { node: LevelNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children ?? [], depth + 1)]);
}

/**
 * A dimension with a hierarchy. `groupsLast` lists grouping nodes after the
 * data levels, as some real files do (readers must order by the hierarchy).
 */
export function treeDimension(label: Labels, nodes: LevelNode[], leaf: LeafStyle, groupsLast = false): DimensionJson {
  const all = flattenTree(nodes).map((x) => x.node);
  const ordered = groupsLast ? [...all.filter((n) => n.data !== false), ...all.filter((n) => n.data === false)] : all;
  const levels: DimensionJson['levels'] = {};
  for (const n of ordered) levels[n.code] = { label: n.label, data: n.data !== false };
  return { label, levels, hierarchy: hierarchyOf(nodes, leaf) };
}

/** A flat dimension (no hierarchy: readers list levels in file order). */
export function flatDimension(label: Labels, levels: [string, Labels][]): DimensionJson {
  const out: DimensionJson['levels'] = {};
  for (const [code, l] of levels) out[code] = { label: l, data: true };
  return { label, levels: out };
}
