import { createHash } from 'node:crypto';
import type { Selection } from '../query/view.js';

/**
 * The ETag of an output of a selection: the dataset's content version plus a
 * hash of the canonical selection, so it changes exactly when the data or the
 * question changes, and is the same on every replica.
 */
export function selectionEtag(kind: string, datasetVersion: string, selection: Selection, extra = ''): string {
  const canonical = JSON.stringify([kind, selection, extra]);
  return `W/"${kind}-${datasetVersion}-${createHash('sha1').update(canonical).digest('base64url').slice(0, 16)}"`;
}
