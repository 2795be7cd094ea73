import type { Aggregation, Frequency } from '../data/frequency.js';
import { TRANSFORM_IDS, type Dataset, type PublishedTexts, type TransformId } from '../data/model.js';

/** The transforms every output shares (DESIGN §3); the table of what each does is transforms.ts. */
export const TRANSFORMS = TRANSFORM_IDS;
export type Transform = TransformId;

// the aggregations sit with the frequencies (data/), so the words of i18n/ can name them
export { AGGREGATIONS, type Aggregation } from '../data/frequency.js';

/** A conversion to a lower frequency (`frequency=annual&aggregation=mean&partial=true`). */
export interface Conversion {
  frequency: Frequency;
  aggregation: Aggregation;
  /** keep incomplete periods (left out otherwise) */
  partial: boolean;
}

/** A parsed, validated selection: what a request asks for. */
export interface Selection {
  datasetId: string;
  /** codes per dimension as requested; an absent dimension selects all its levels */
  dims: Record<string, string[]>;
  /** inclusive bounds, days since epoch */
  from: number | null;
  to: number | null;
  /** only the last N observations of each series (after the date bounds) */
  last: number | null;
  transform: Transform;
  /** base date (days) of the `index` transform; null = first date of the selection */
  base: number | null;
  /** conversion to a lower frequency, applied before the date window and the transform; absent = as published */
  convert?: Conversion;
  /**
   * the bounds as asked when relative (`from=-5y`): `from`/`to` hold the days
   * they stand for in this data version, URLs carry these texts (docs/decisions.md)
   */
  relative?: { from: string | null; to: string | null };
  /** the data as published at a vintage (`as_of`); absent = the latest data */
  asOf?: AsOf;
}

/** An `as_of` as read: the text given, the UTC second it stands for and the vintage it resolves to. */
export interface AsOf {
  /** as given (a date or a time stamp) */
  text: string;
  /** the UTC second asked for (a date: the end of that day) */
  asked: string;
  /** the stamp of the vintage published at `asked` or last before it; null for a dataset without history (one vintage: the data as it is) */
  vintage: string | null;
  /** the answer can never change: a later vintage exists, or the time asked is the vintage's own stamp (later publishes are stamped after it) */
  final: boolean;
}

/** One selected series after transform and trimming. */
export interface SeriesView {
  /** series id in the dataset's store */
  id: number;
  /** one code per dimension, in dim_order */
  codes: string[];
  /** days since epoch, ascending */
  dates: Int32Array;
  /** transformed values; NaN = missing */
  values: Float64Array;
  /** under `index`: the value the series is rebased to (its value at the base); NaN = missing */
  base?: number;
  /** untransformed values the file writes otherwise than their shortest text: the text of values[i] is texts.byIndex.get(first + i) */
  published?: { texts: PublishedTexts; first: number };
}

/**
 * One selection computed once: every output (JSON, CSV, Excel, chart SVG/PNG,
 * the page) renders from this and differs only in its encoder.
 */
export interface SelectionView {
  dataset: Dataset;
  selection: Selection;
  /** series in the published CSV's order */
  series: SeriesView[];
  /** total number of observations over `series` */
  observations: number;
  /** under conversion: the last converted period of the selected series (days; NaN = none), which relative bounds count back from */
  convertedEnd?: number;
}
