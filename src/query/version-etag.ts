/**
 * The ETag of an answer made from one dataset version: `W/"<kind>-<version>-<key>"`.
 * The version is the dataset's 16 hex digits, the key 16 base64url characters of the question.
 * It is read back by the browser to see whether a replica behind a proxy has
 * the version the live stream announced (client/series-fetch.ts).
 */

const VERSION_ETAG = /-([0-9a-f]{16})-[A-Za-z0-9_-]{16}"$/;

/**
 * Writes the ETag of an answer about `version`.
 * @example versionEtag('json', '0123456789abcdef', 'AAAAAAAAAAAAAAAA') // W/"json-0123456789abcdef-AAAAAAAAAAAAAAAA"
 */
export function versionEtag(kind: string, version: string, key: string): string {
  return `W/"${kind}-${version}-${key}"`;
}

/**
 * The dataset version an ETag written by `versionEtag` names, or null for any other ETag or none.
 * @example versionOfEtag('W/"json-0123456789abcdef-AAAAAAAAAAAAAAAA"') // '0123456789abcdef'
 */
export function versionOfEtag(etag: string | null | undefined): string | null {
  return etag ? (VERSION_ETAG.exec(etag)?.[1] ?? null) : null;
}
