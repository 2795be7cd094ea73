import { hash } from 'node:crypto';
import { versionEtag } from '../query/version-etag.js';
import type { Selection } from '../query/view.js';

/**
 * The ETag of an output of a selection: the dataset's content version plus a
 * hash of the canonical selection, so it changes exactly when the data or the
 * question changes, and is the same on every replica. One-shot `hash` (no
 * Hash object per request: a cold request computes one, issue 16).
 */
export function selectionEtag(kind: string, datasetVersion: string, selection: Selection, extra = ''): string {
  const canonical = JSON.stringify([kind, canonicalSelection(selection), extra]);
  return versionEtag(kind, datasetVersion, hash('sha1', canonical, 'base64url').slice(0, 16));
}

/**
 * The selection with its dimensions in one order (by id): `dims=a=x;b=y` and
 * `dims=b=y;a=x` pick the same series and write the same bytes (every output
 * orders dimensions by the dataset's dim_order), so they get one ETag (issue
 * 24). Codes keep their order: the workbook's metadata writes them as given.
 * Unchanged (the same object) when already in order, so those ETags stay.
 */
function canonicalSelection(selection: Selection): Selection {
  const names = Object.keys(selection.dims);
  let sorted = true;
  for (let i = 1; i < names.length && sorted; i++) sorted = names[i - 1] < names[i];
  if (sorted) return selection;
  const dims: Selection['dims'] = {};
  for (const name of names.sort()) dims[name] = selection.dims[name];
  return { ...selection, dims };
}
