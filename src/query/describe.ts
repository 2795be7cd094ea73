import { formatIsoDate } from '../data/dates.js';
import { orderedRecord } from '../data/json-order.js';
import type { Dataset, Dimension } from '../data/model.js';

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

/** The hierarchy as nested objects, children in the file's order (the levels' pre-order). */
function hierarchyJson(dim: Dimension): Record<string, unknown> | undefined {
  if (!dim.hasHierarchy) return undefined;
  const children = new Map<string | null, string[]>();
  for (const l of dim.levels) children.set(l.parent, [...(children.get(l.parent) ?? []), l.code]);
  const node = (code: string | null): Record<string, unknown> => orderedRecord((children.get(code) ?? []).map((c) => [c, node(c)]));
  return node(null);
}

// Objects keyed by level code are written with orderedRecord and
// stringifyInOrder: a plain object would put integer-like codes first.
function dimensionJson(dim: Dimension): Record<string, unknown> {
  const levels = orderedRecord(dim.fileOrder.map((i) => dim.levels[i]).map((l) => [l.code, { label: l.label, data: l.data }] as const));
  return { label: dim.label, levels, hierarchy: hierarchyJson(dim) };
}

/**
 * The normalised metadata document of `/dataset/{id}/meta`; write it with
 * `stringifyInOrder` to keep the file's order of level codes.
 */
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
    dimensions: orderedRecord(m.dimensions.map((d) => [d.id, dimensionJson(d)])),
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
