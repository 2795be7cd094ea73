/**
 * The one internal shape of a loaded data directory. Everything the loader
 * reads (tolerant, drifting files) is normalised into these types once, at
 * load; every route reads only these.
 */
import type { Derived } from './derived.js';
import type { History } from './history.js';

/** The four languages of the service; English is always present. */
export const LANGS = ['en', 'de', 'fr', 'it'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * The transforms a selection (and a meta's `default_transform`) can name
 * (DESIGN §3); what each computes, its unit and base are the table in
 * src/query/transforms.ts, keyed by this union.
 */
export const TRANSFORM_IDS = ['level', 'pct', 'yoy', 'diff', 'index'] as const;
export type TransformId = (typeof TRANSFORM_IDS)[number];

/** A language map; `en` is always present, a missing language falls back to it. */
export interface Labels {
  en: string;
  de?: string;
  fr?: string;
  it?: string;
}

/** One selectable code of a dimension. */
export interface Level {
  code: string;
  label: Labels;
  /** false for a grouping node that has no series of its own */
  data: boolean;
  /** code of the parent in the hierarchy, null at the top */
  parent: string | null;
  /** 0 at the top of the hierarchy */
  depth: number;
}

/** One axis of a dataset's cube. */
export interface Dimension {
  id: string;
  label: Labels;
  /** levels in display order: hierarchy pre-order (children in the file's order), then the levels it does not mention in file order */
  levels: Level[];
  /** code → index into `levels` */
  index: Map<string, number>;
  /** indices into `levels` in the order the metadata file lists the levels (what `/meta` writes) */
  fileOrder: number[];
  hasHierarchy: boolean;
}

/** Units of a dataset: one label for all, or labels keyed by one dimension's codes. */
export type Units = { kind: 'single'; label: Labels } | { kind: 'by-level'; dim: string; labels: Record<string, Labels> };

export interface Topic {
  key: string;
  name: Labels;
}

export interface Source {
  key: string | null;
  name: Labels;
  url: string | null;
}

/** Normalised metadata of one dataset (the sidecar JSON plus the catalog entry). */
export interface DatasetMeta {
  id: string;
  schemaVersion: string | null;
  title: Labels;
  source: Source;
  license: string;
  frequency: string;
  dimOrder: string[];
  dimensions: Dimension[];
  units: Units | null;
  topic: Topic | null;
  concept: { path: Labels; leaf: Labels } | null;
  canonical: boolean;
  featured: Labels | null;
  description: Labels | null;
  notes: Labels | null;
  /** dimensions shown as multi-select series splitters */
  split: string[];
  singleSelect: string[];
  defaultTransform: string;
  percentLevels: string[];
  /** the opening selection: codes per dimension (may be empty) */
  defaultSelection: Record<string, string[]>;
  updated: string | null;
  fetched: string | null;
  load: string | null;
}

/**
 * The published text of each value the file writes otherwise than the
 * shortest text of the same double (`205.44041000000001`, `1.50`), by index
 * into the store's `values`: kept so the CSV of untransformed values is the
 * published file byte for byte.
 */
export interface PublishedTexts {
  byIndex: Map<number, string>;
  /** the longest of these texts, in characters */
  longest: number;
}

/**
 * The columnar store of one dataset: every observation in two typed arrays,
 * series as contiguous slices of them, in the published CSV's order.
 */
export interface SeriesStore {
  /** number of series */
  count: number;
  /** per dimension (dim_order), per series: index into that dimension's `levels` */
  codes: Uint32Array[];
  /** series s spans [offsets[s], offsets[s+1]) of `dates`/`values` */
  offsets: Uint32Array;
  /** days since 1970-01-01, ascending within a series */
  dates: Int32Array;
  /** NaN = missing */
  values: Float64Array;
  /** the published texts of values the file writes otherwise than their shortest text; absent for most datasets */
  valueTexts?: PublishedTexts;
  /** per dimension, per level index: the ids of the series that carry it (ascending) */
  postings: Uint32Array[][];
  /** number of observations */
  observations: number;
  /** first and last date (days) over all series; NaN when empty */
  start: number;
  end: number;
}

/** A loaded, validated dataset: its metadata, its data, and a version for caching. */
export interface Dataset {
  meta: DatasetMeta;
  store: SeriesStore;
  /** content hash of the dataset's files: changes when the data changes */
  version: string;
  /** file names (relative to the data directory) as the catalog names them */
  files: { data: string; meta: string };
  /** size and mtime of both files: an unchanged signature is not re-read on reload */
  signature: string;
  /** what is computed once from this dataset (derived.ts): kept while the dataset is */
  derived: Derived;
  /** the superseded values and vintages from `{id}.vintages.csv`; absent when the dataset has no history files (one vintage) */
  history?: History;
  /** set on a view of the dataset as published at an earlier vintage (src/data/dataset-at.ts, `as_of`): absent on the latest data */
  vintage?: VintageOf;
}

/** The vintage a view shows, and all of the dataset's vintages (what `as_of` resolves against). */
export interface VintageOf {
  stamp: string;
  stamps: readonly string[];
}

/** A category of the catalog (topic group). */
export interface Category {
  key: string;
  name: Labels;
  blurb: Labels | null;
}

/** A license from the vocabulary; `name` is the key itself when the vocabulary lacks it. */
export interface License {
  key: string;
  name: Labels;
  url: string | null;
  commercial: string | null;
  attribution: boolean | null;
}

/** One problem found while loading: where, and what is wrong. */
export interface LoadIssue {
  dataset: string | null;
  file: string;
  line?: number;
  message: string;
  /** 'error' skips the dataset; 'warning' is reported and the dataset is served */
  severity: 'error' | 'warning';
  /** the file was caught while being written: the loader reads it again by itself once it settles */
  retry?: boolean;
}

/** An immutable snapshot of a data directory; swapped whole on reload. */
export interface Snapshot {
  /** id of this snapshot (hash of all dataset versions) */
  version: string;
  loadedAt: Date;
  loadMs: number;
  dir: string;
  /** datasets in catalog order */
  datasets: Map<string, Dataset>;
  categories: Category[];
  licenses: Map<string, License>;
  sources: Map<string, { key: string; name: Labels; url: string | null }>;
  issues: LoadIssue[];
  observations: number;
  series: number;
  /** when the directory was published (its manifest), null for a directory without one */
  publishedAt: string | null;
  /** what is computed once from this snapshot (derived.ts): search, categories, page items */
  derived: Derived;
}
