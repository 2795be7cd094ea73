/**
 * What every SDMX data format writes (issue 22): a computed selection
 * (query/compute-view.ts, the numbers of `/series.csv`) named in SDMX: each
 * series' key as SDMX codes, each observation's date as the SDMX period of the
 * dataset's frequency, plus the request's `detail`, `dimensionAtObservation`
 * and `firstNObservations`. The encoders (sdmx/encode-*.ts) differ only in
 * how they write it.
 *
 * Pure code without Node imports.
 */
import type { Dataset } from '../data/model.js';
import type { SelectionView, SeriesView } from '../query/view.js';
import type { SdmxNames } from './names.js';
import { formatPeriod } from './period.js';
import { artefactUrn } from './structure-xml.js';

/** How much a data message holds (SDMX 2.1 REST `detail`). */
export const SDMX_DETAILS = ['full', 'dataonly', 'serieskeysonly', 'nodata'] as const;
export type SdmxDetail = (typeof SDMX_DETAILS)[number];

/** The dimension at the observation level: time (series of observations) or every dimension (flat observations). */
export const SDMX_OBS_DIMENSIONS = ['TIME_PERIOD', 'AllDimensions'] as const;
export type SdmxObsDimension = (typeof SDMX_OBS_DIMENSIONS)[number];

/** One series of a data message. */
export interface SdmxSeries {
  /** the SDMX code of each dimension (docs/decisions.md "SDMX ids"), in dim_order */
  key: string[];
  /** SDMX periods of the observations, ascending */
  periods: string[];
  /** the values (NaN: missing), as /series.csv has them */
  values: Float64Array;
}

/**
 * One data set of a message: the current data (no action, no validity), or
 * with `includeHistory`/`updatedAfter` (sdmx/history-message.ts) values to
 * replace or observations to delete, with the validity of the values
 * (vintage stamps; `validTo` null while current).
 */
export interface SdmxDataSet {
  action?: 'Replace' | 'Delete';
  validFrom?: string | null;
  validTo?: string | null;
  series: SdmxSeries[];
}

/** A data message before it is written. */
export interface SdmxData {
  flowId: string;
  dimIds: readonly string[];
  /** one data set, or with the history questions one per validity (or a Replace and a Delete set) */
  sets: SdmxDataSet[];
  detail: SdmxDetail;
  atObservation: SdmxObsDimension;
  /** the message's id and when it was prepared (the data's publish time, so the same data writes the same bytes) */
  id: string;
  prepared: string;
}

/** The request's options beside the selection. */
export interface SdmxDataOptions {
  detail: SdmxDetail;
  atObservation: SdmxObsDimension;
  /** only the first N observations of each series (with the selection's `last`: the first N and the last M) */
  firstN: number | null;
  lastN: number | null;
  prepared: string;
}

/** Whether a detail writes observations. */
export function hasObservations(detail: SdmxDetail): boolean {
  return detail === 'full' || detail === 'dataonly';
}

/**
 * The URN of a data structure, as SDMX-ML messages reference it.
 * @example structureUrn('ch_fso_ppi') // 'urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=DATASERIES:ch_fso_ppi(1.0)'
 */
export function structureUrn(flowId: string): string {
  return artefactUrn('datastructure.DataStructure', flowId);
}

/** The observations of a series a request keeps: all, or the first N (and the last M when both are asked). */
function kept(s: SeriesView, firstN: number | null, lastN: number | null): { dates: Int32Array; values: Float64Array } {
  const n = s.dates.length;
  if (firstN === null || firstN >= n || (lastN !== null && firstN + lastN >= n)) {
    return lastN === null || lastN >= n ? s : { dates: s.dates.subarray(n - lastN), values: s.values.subarray(n - lastN) };
  }
  if (lastN === null) return { dates: s.dates.subarray(0, firstN), values: s.values.subarray(0, firstN) };
  const dates = new Int32Array(firstN + lastN);
  const values = new Float64Array(firstN + lastN);
  dates.set(s.dates.subarray(0, firstN));
  dates.set(s.dates.subarray(n - lastN), firstN);
  values.set(s.values.subarray(0, firstN));
  values.set(s.values.subarray(n - lastN), firstN);
  return { dates, values };
}

/** The SDMX codes of a series' key. */
function seriesKey(ds: Dataset, names: SdmxNames, s: SeriesView): string[] {
  if (names.synthetic) return [names.codeId(0, 0)];
  return ds.meta.dimensions.map((dim, d) => names.codeId(d, dim.index.get(s.codes[d])!));
}

/**
 * A computed selection as an SDMX data message; series left without an
 * observation in the window are left out. With `sets` (the history
 * questions' data sets, sdmx/history-message.ts), those instead of the view's.
 * @example buildSdmxData(view, sdmxNames(ds), { detail: 'full', atObservation: 'TIME_PERIOD', firstN: null, lastN: null, prepared })
 */
export function buildSdmxData(view: SelectionView, names: SdmxNames, options: SdmxDataOptions, sets?: SdmxDataSet[]): SdmxData {
  return {
    flowId: names.flowId,
    dimIds: names.dimIds,
    sets: sets ?? [{ series: viewSeries(view, names, options) }],
    detail: options.detail,
    atObservation: options.atObservation,
    id: `DS_${view.dataset.version.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`,
    prepared: options.prepared,
  };
}

/** The series of a computed selection, cut as the options ask. */
function viewSeries(view: SelectionView, names: SdmxNames, options: SdmxDataOptions): SdmxSeries[] {
  const frequency = view.dataset.meta.frequency;
  const series: SdmxSeries[] = [];
  for (const s of view.series) {
    const { dates, values } = kept(s, options.firstN, options.lastN);
    if (dates.length === 0) continue;
    const periods = new Array<string>(dates.length);
    for (let i = 0; i < dates.length; i++) periods[i] = formatPeriod(dates[i], frequency);
    series.push({ key: seriesKey(view.dataset, names, s), periods, values });
  }
  return series;
}

/** Whether a message holds no series. */
export function isEmptyData(data: SdmxData): boolean {
  return data.sets.every((set) => set.series.length === 0);
}
