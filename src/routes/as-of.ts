import type { Dataset, Snapshot } from '../data/model.js';
import { datasetAsOf } from '../discovery/vintages.js';
import { DsError } from '../errors/ds-error.js';
import { findDataset } from '../query/parse-selection.js';
import type { Selection } from '../query/view.js';
import type { SelectionQuery } from '../selection/params.js';
import { parseSelection } from '../selection/read-selection.js';

/**
 * `as_of` on the selection routes (issue 21): the query is read against
 * the dataset as published at the vintage it asks for (data/dataset-at.ts),
 * and a past answer says that it never changes.
 */

/** The Cache-Control of an answer that never changes (an `as_of` answer whose vintage is settled). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A parsed selection and the dataset (or vintage view) it selects from. */
export interface ParsedSelection {
  dataset: Dataset;
  selection: Selection;
}

/**
 * parseSelection against the dataset as published at the query's `as_of`
 * (its codes and last date are that vintage's); a promise only with `as_of`,
 * whose vintage's metadata file is read asynchronously (the view itself is
 * built on the event loop). Throws (or rejects with) the reader's first problem.
 */
export function parseSelectionAsOf(query: SelectionQuery, snapshot: Snapshot): ParsedSelection | Promise<ParsedSelection> {
  // an empty value is absent, as the one reader reads every empty value (read-selection.ts readValues)
  if (query.as_of === undefined || String(query.as_of) === '') return parseSelection(query, snapshot);
  return datasetAsOf(snapshot, findDataset(snapshot, query.dataset), String(query.as_of)).then((at) => parseSelection(query, snapshot, at));
}

/**
 * What an answer's ETag is computed from: with a vintage, the dataset id and
 * the vintage stamp (never the files' hash, which the next publish changes)
 * and the selection with its `as_of` as that vintage alone, so every way of
 * asking for the same vintage gets the same ETag on every replica and after
 * a restart; else the dataset's content version and the selection.
 */
export function etagInputs(dataset: Dataset, selection: Selection): { version: string; selection: Selection } {
  const vintage = selection.asOf?.vintage;
  if (!vintage) return { version: dataset.version, selection };
  return { version: `${dataset.meta.id}@${vintage}`, selection: { ...selection, asOf: { text: '', asked: '', vintage, final: true } } };
}

/**
 * The dataset a page shows: as published at its `as_of`, or the latest
 * (also when `as_of` is wrong: the page, lenient, says so and opens the
 * latest data). Undefined for an unknown dataset.
 */
export async function pageDatasetAsOf(snapshot: Snapshot, id: string, given: string | string[] | undefined): Promise<Dataset | undefined> {
  const latest = snapshot.datasets.get(id);
  const text = Array.isArray(given) ? given.at(-1) : given;
  if (!latest || !text) return latest;
  try {
    return await datasetAsOf(snapshot, latest, text);
  } catch (err) {
    // a wrong as_of (the reader's problem) opens the latest data; anything else is not the page's to hide
    if (err instanceof DsError) return latest;
    throw err;
  }
}

/**
 * The Cache-Control of an answer: immutable when its `as_of` is settled and
 * it shows nothing else (`compared`: series read from the latest data, which
 * the next publish changes), else the route's own.
 */
export function asOfCacheControl(selection: Selection, compared: boolean, otherwise: string | undefined): string | undefined {
  return selection.asOf?.final && !compared ? IMMUTABLE_CACHE_CONTROL : otherwise;
}
