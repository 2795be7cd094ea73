/**
 * A dataset's vintages as the API lists them (issue 21): every publish that
 * changed the dataset, newest first, with what it changed. The counts are the
 * history's (`History.counts`, data/history.ts countVintages); a dataset
 * without history files has exactly one vintage, which holds all it has.
 */
import { datasetAt } from '../data/dataset-at.js';
import { datasetStamps, type VintageCounts } from '../data/history.js';
import type { Dataset, Snapshot } from '../data/model.js';
import { PARAMS } from '../selection/params.js';
import { datasetFacts, problemError } from '../selection/read-selection.js';

/** One vintage of a dataset, as `/dataset/{id}/vintages` answers it. */
export interface VintageRecord {
  /** the publish's UTC time stamp (`YYYY-MM-DDTHH:MM:SSZ`); null only for a dataset without history in a directory that says nothing of when it was published */
  vintage: string | null;
  series_added: number;
  series_removed: number;
  observations_added: number;
  observations_removed: number;
  values_revised: number;
}

/** The record of one vintage's counts. */
function record(vintage: string | null, c: VintageCounts): VintageRecord {
  return {
    vintage,
    series_added: c.seriesAdded,
    series_removed: c.seriesRemoved,
    observations_added: c.observationsAdded,
    observations_removed: c.observationsRemoved,
    values_revised: c.valuesRevised,
  };
}

/**
 * Every vintage of a dataset with what it changed, newest first.
 * @example vintageRecords(ds, snapshot)[0].vintage // '2026-03-01T12:30:15Z' (the latest)
 */
export function vintageRecords(ds: Dataset, snapshot: Snapshot): VintageRecord[] {
  const history = ds.history;
  if (!history) {
    const series = Array.from({ length: ds.store.count }, (_, s) => ds.store.offsets[s + 1] > ds.store.offsets[s]).filter(Boolean).length;
    const all = { seriesAdded: series, seriesRemoved: 0, observationsAdded: ds.store.observations, observationsRemoved: 0, valuesRevised: 0 };
    return [record(datasetStamps(ds, snapshot.publishedAt)[0], all)];
  }
  return history.stamps.map((stamp, v) => record(stamp, history.counts[v])).reverse();
}

/** Words for a count: `1 value revised`, `2 values revised`. */
function counted(n: number, one: string, many: string, what: string): string {
  return `${n} ${n === 1 ? one : many} ${what}`;
}

/**
 * What a vintage changed, in words (the feeds' entries say it so).
 * @example changeWords({ ...none, values_revised: 2, series_removed: 1 }) // '1 series removed, 2 values revised.'
 */
export function changeWords(r: VintageRecord): string {
  const parts = [
    r.series_added && counted(r.series_added, 'series', 'series', 'added'),
    r.series_removed && counted(r.series_removed, 'series', 'series', 'removed'),
    r.observations_added && counted(r.observations_added, 'observation', 'observations', 'added'),
    r.observations_removed && counted(r.observations_removed, 'observation', 'observations', 'removed'),
    r.values_revised && counted(r.values_revised, 'value', 'values', 'revised'),
  ].filter((p): p is string => Boolean(p));
  return parts.length ? `${parts.join(', ')}.` : 'No value changed: the metadata (titles, labels, notes) did.';
}

/** One publish of one dataset, as the feed of every update lists it. */
export interface DatasetVintage extends VintageRecord {
  dataset: Dataset;
}

/** The most entries the feed of every update holds (the newest). */
export const UPDATES_FEED_MAX = 100;

/**
 * Every publish of every dataset, newest first (then in catalog order), at
 * most `max`: the entries of `/updates.atom`.
 */
export function latestVintages(snapshot: Snapshot, max = UPDATES_FEED_MAX): DatasetVintage[] {
  const all: DatasetVintage[] = [];
  for (const dataset of snapshot.datasets.values()) for (const r of vintageRecords(dataset, snapshot)) all.push({ ...r, dataset });
  // a stable sort: the same stamp keeps catalog order; a vintage without a stamp comes last
  all.sort((a, b) => (a.vintage === b.vintage ? 0 : a.vintage === null ? 1 : b.vintage === null ? -1 : a.vintage < b.vintage ? 1 : -1));
  return all.slice(0, max);
}

/** The vintage of a dataset's latest data: its newest publish's stamp (null when nothing says when it was published). */
export function latestVintage(ds: Dataset, snapshot: Snapshot): string | null {
  return datasetStamps(ds, snapshot.publishedAt).at(-1) ?? null;
}

/**
 * The dataset as published at the vintage an `as_of` text asks for, read by
 * the parameter table's reader (PARAMS.as_of): the selection routes, the
 * page URLs and series keys of /resolve and /oembed check their codes
 * against it. Throws the reader's problem (a 400, before_first_vintage) at
 * once; the view itself may take a file read (data/dataset-at.ts).
 * @example const then = await datasetAsOf(snapshot, latest, '2026-01-20'); then.meta.title
 */
export function datasetAsOf(snapshot: Snapshot, latest: Dataset, text: string): Promise<Dataset> {
  const read = PARAMS.as_of.read(text, datasetFacts(latest));
  if ('problem' in read) throw problemError(read.problem);
  return datasetAt(snapshot, latest, read.value.vintage);
}
