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
  const canonical = JSON.stringify([kind, selection, extra]);
  return versionEtag(kind, datasetVersion, hash('sha1', canonical, 'base64url').slice(0, 16));
}
