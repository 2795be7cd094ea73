import { formatIsoDate } from '../data/dates.js';
import type { Dataset, Dimension, Labels } from '../data/model.js';

/**
 * The public JSON shapes of a dataset: its catalog entry and its normalised
 * metadata document. Field names follow the published files (snake_case);
 * derived facts (n_series, start, end) come from the data.
 */

const dateOrNull = (days: number): string | null => (Number.isNaN(days) ? null : formatIsoDate(days));

/** A catalog entry (fields as catalog.json, normalised, derived facts from the data). */
export function buildCatalogEntry(ds: Dataset): Record<string, unknown> {
  const m = ds.meta;
  return {
    id: m.id,
    title: m.title,
    concept: conceptJson(ds),
    canonical: m.canonical,
    featured: m.featured,
    topic: m.topic,
    source: m.source,
    license: m.license,
    frequency: m.frequency,
    start: dateOrNull(ds.store.start),
    end: dateOrNull(ds.store.end),
    n_series: ds.store.count,
    n_observations: ds.store.observations,
    dimensions: m.dimOrder,
    updated: m.updated,
    fetched: m.fetched,
    load: m.load,
    data: ds.files.data,
    meta: ds.files.meta,
    version: ds.version,
  };
}

function conceptJson(ds: Dataset): Record<string, unknown> | null {
  const c = ds.meta.concept;
  return c ? { ...c.path, leaf: c.leaf } : null;
}

function hierarchyJson(dim: Dimension): Record<string, unknown> | undefined {
  if (!dim.hasHierarchy) return undefined;
  const root: Record<string, Record<string, unknown>> = {};
  const nodes = new Map<string, Record<string, unknown>>();
  for (const l of dim.levels) {
    const node: Record<string, unknown> = {};
    nodes.set(l.code, node);
    const parent = l.parent === null ? root : nodes.get(l.parent);
    if (parent) parent[l.code] = node;
  }
  return root;
}

function dimensionJson(dim: Dimension): Record<string, unknown> {
  const levels: Record<string, { label: Labels; data: boolean }> = {};
  for (const l of dim.levels) levels[l.code] = { label: l.label, data: l.data };
  return { label: dim.label, levels, hierarchy: hierarchyJson(dim) };
}

/** The normalised metadata document of `/dataset/{id}/meta`. */
export function buildMetaDocument(ds: Dataset): Record<string, unknown> {
  const m = ds.meta;
  return {
    schema_version: m.schemaVersion,
    id: m.id,
    title: m.title,
    dim_order: m.dimOrder,
    start: dateOrNull(ds.store.start),
    end: dateOrNull(ds.store.end),
    n_series: ds.store.count,
    n_observations: ds.store.observations,
    source: m.source,
    license: m.license,
    frequency: m.frequency,
    dimensions: Object.fromEntries(m.dimensions.map((d) => [d.id, dimensionJson(d)])),
    units: m.units === null ? null : m.units.kind === 'single' ? m.units.label : m.units.labels,
    units_dim: m.units?.kind === 'by-level' ? m.units.dim : null,
    updated: m.updated,
    notes: m.notes,
    topic: m.topic,
    concept: conceptJson(ds),
    canonical: m.canonical,
    featured: m.featured,
    split: m.split,
    single_select: m.singleSelect,
    default_transform: m.defaultTransform,
    percent_levels: m.percentLevels,
    default: m.defaultSelection,
    description: m.description,
    fetched_utc: m.fetched,
    version: ds.version,
  };
}
