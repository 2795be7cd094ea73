/**
 * What error codes an operation can answer, computed, never hand-listed
 * (issue 23 item 13): what every request can meet on the way in (Node's
 * parser, the front door, the router), what its request schema refuses,
 * and what its route declares its reader and handler raise
 * (`operations.ts`, one `raises` list per route). A new code thrown by a
 * reader is then one entry in that route's list, and a new parameter's
 * schema brings its own codes.
 */
import { listErrors, type ErrorCode } from '../errors/catalogue.js';
import { requestCost } from '../http/rate-limit.js';

/** What the computation reads of an operation (`OperationDoc`). */
export interface RaisingOperation {
  /** the codes its reader and handler raise */
  raises: readonly ErrorCode[];
  etag: boolean;
  beforeLoad: 'problem' | 'health' | false;
}

/** What the computation reads of a route's request schema (Fastify's `schema`). */
export interface RequestSchema {
  querystring?: { properties?: object; required?: readonly string[]; additionalProperties?: unknown };
  params?: { properties?: object };
}

/**
 * Codes any request may get whatever its route: Node's parser (`bad_request`,
 * `header_too_large`, `request_timeout`), the front door (`uri_too_long`,
 * a missing or doubled Host: `bad_request`; `restarting` while stopping),
 * and an unexpected failure (`internal`).
 */
export const EVERY_REQUEST: readonly ErrorCode[] = ['bad_request', 'request_timeout', 'uri_too_long', 'header_too_large', 'internal', 'restarting'];

/**
 * The codes a request schema refuses with (`http/validation-errors.ts`): an
 * unknown parameter where extra ones are refused, a missing required one, a
 * parameter of the wrong form; a path parameter also when it is malformed,
 * longer than the router takes (`http/client-errors.ts`), or badly
 * %-escaped (the router decodes it).
 */
export function schemaCodes(schema: RequestSchema | undefined): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const query = schema?.querystring;
  if (query?.additionalProperties === false) codes.push('unknown_parameter');
  if (query?.required?.length) codes.push('missing_parameter');
  if (Object.keys(query?.properties ?? {}).length) codes.push('bad_parameter');
  if (Object.keys(schema?.params?.properties ?? {}).length) codes.push('bad_parameter', 'bad_url_encoding');
  return codes;
}

/**
 * Every code an operation may answer, in catalogue order: the route's own,
 * its schema's, every request's, and those of how it answers (503 before the
 * data is loaded, 412 to a stale If-Match where it sends an ETag, 429 where
 * a request costs budget).
 * @example operationCodes('/catalog', docs['/catalog'], { querystring: NO_PARAMS })
 */
export function operationCodes(path: string, op: RaisingOperation, schema: RequestSchema | undefined): ErrorCode[] {
  const codes = new Set<ErrorCode>([...op.raises, ...schemaCodes(schema), ...EVERY_REQUEST]);
  if (op.beforeLoad === 'problem') codes.add('not_ready');
  if (op.etag) codes.add('precondition_failed');
  if (requestCost(path, false) > 0) codes.add('rate_limited');
  return listErrors()
    .map((e) => e.code)
    .filter((code) => codes.has(code));
}
