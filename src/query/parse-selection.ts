import type { Dataset, Snapshot } from '../data/model.js';
import { errorMessage } from '../errors/catalogue.js';
import { NotFoundError } from '../errors/ds-error.js';
import { closest } from './closest.js';
import type { Selection } from './view.js';

/*
 * The dataset of a selection, and the selection's relative bounds. The
 * selection's parameters are read by the one reader, src/selection/read-selection.ts.
 */

/** The selection parameters as they arrive in a query string (already schema-checked). */
export interface SelectionQuery {
  dataset: string;
  dims?: string;
  from?: string;
  to?: string;
  last?: number;
  transform?: string;
  base?: string;
  frequency?: string;
  aggregation?: string;
  partial?: string;
  as_of?: string;
}

/**
 * Finds a dataset by id or throws a 404 naming the closest ids.
 * @example findDataset(snapshot, 'ch_fso_cpi')
 */
export function findDataset(snapshot: Snapshot, id: string): Dataset {
  const ds = snapshot.datasets.get(id);
  if (ds) return ds;
  const candidates = closest(id, [...snapshot.datasets.keys()], 5);
  const suggestion = candidates.length ? ` Did you mean ${candidates.map((c) => `'${c}'`).join(', ')}?` : '';
  throw new NotFoundError(errorMessage('unknown_dataset', { dataset: id, suggestion }), { dataset: id, candidates }, 'unknown_dataset');
}

/**
 * A selection that keeps the relative texts of its bounds (so URLs built from
 * it roll forward); unchanged when both are absolute, so its ETag stays.
 */
export function withRelative(selection: Selection, from: string | null, to: string | null): Selection {
  return from === null && to === null ? selection : { ...selection, relative: { from, to } };
}
