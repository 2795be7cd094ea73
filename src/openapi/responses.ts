/**
 * The responses of an operation in `/openapi.json`: its 200 body, the 304
 * of a matching ETag, and one response per error status listing the codes
 * of the catalogue it may carry, in the media type the route really sends
 * (problem+json, or the one-column error CSV of a CSV route).
 */
import { ERROR_CATALOGUE, type ErrorCode } from '../errors/catalogue.js';
import { ERROR_MEDIA_TYPES } from '../http/render-error.js';
import { requestCost } from '../http/rate-limit.js';
import { ALLOWED_METHODS } from '../http/get-route.js';
import { exampleOf, ref } from './body-schemas.js';
import type { OperationDoc } from './operations.js';
import { operationCodes, type RequestSchema } from './raises.js';
import { IMMUTABLE_CACHE_CONTROL } from '../routes/as-of.js';

type Responses = Record<string, object>;

const ETAG_HEADER = {
  description: 'Weak, content-derived; send it back in If-None-Match (304 while it matches) or If-Match (412 once it does not).',
  schema: { type: 'string' },
};
const RETRY_AFTER_HEADER = { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 0 } };
const CACHE_CONTROL_HEADER = {
  description: `How long shared caches may keep the answer (data: a minute, then revalidate by ETag); \`no-store\` on errors and live answers; \`${IMMUTABLE_CACHE_CONTROL}\` on a selection \`as_of\` a settled vintage (one with a later vintage, or asked by its own stamp): it never changes.`,
  required: true,
  schema: { type: 'string' },
};
/** Content-Disposition of an attachment: always on xlsx, on `download=1` for JSON and CSV (a 304 repeats it). */
export const ATTACHMENT_HEADER = {
  description: 'An attachment, with its file name: always on a workbook, with `download=1` on JSON and CSV.',
  schema: { type: 'string', pattern: '^attachment; filename="[^"]+"$' },
};

/** The IETF RateLimit draft's fields, sent on every answer that costs budget while a limit is configured (`http/rate-limit.ts`). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': { description: 'The quota per 60 s window and the weights of the routes (units).', schema: { type: 'string' } },
  'RateLimit-Limit': { description: 'Units per window for this client.', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Units left in the current window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer', minimum: 0 } },
};

/** The headers of every answer of an operation: Cache-Control, and the RateLimit fields where a request costs budget. */
const commonHeaders = (limited: boolean): Record<string, object> => ({ 'Cache-Control': CACHE_CONTROL_HEADER, ...(limited ? RATE_LIMIT_HEADERS : {}) });

/** A schema from a component name or an inline schema. */
const schemaOf = (body: string | object): object => (typeof body === 'string' ? ref(body as never) : body);
/** The media type object of a body: its schema, and the component's example where it has one (swagger-ui shows it, not a made-up string). */
function mediaOf(body: string | object): { schema: object; example?: unknown } {
  const example = typeof body === 'string' ? exampleOf(body) : undefined;
  return example === undefined ? { schema: schemaOf(body) } : { schema: schemaOf(body), example };
}

/** The response of one error status: its codes described, and the body in the route's error format. */
function errorResponse(status: number, codes: ErrorCode[], doc: Pick<OperationDoc, 'errorFormat' | 'beforeLoad'>, limited = true): object {
  const lines = codes.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].description}`);
  const problem = { allOf: [ref('Problem'), { properties: { status: { const: status }, code: { enum: codes } } }] };
  const content: Record<string, { schema: object }> =
    doc.errorFormat === 'csv' ? { [ERROR_MEDIA_TYPES.csv]: mediaOf('ErrorCsv') } : { [ERROR_MEDIA_TYPES.json]: { schema: problem } };
  if (status === 503 && doc.beforeLoad === 'health') content['application/json; charset=utf-8'] = { schema: ref('Health') };
  // Node tells no URL of a request that never ended, so its 408 cannot know the route's format
  const unknownUrl = doc.errorFormat === 'csv' && codes.includes('request_timeout');
  if (unknownUrl) content[ERROR_MEDIA_TYPES.json] = { schema: problem };
  const how =
    doc.errorFormat === 'csv'
      ? 'The body is a CSV with the single column `error` (the message); the code is not in the body.'
      : 'The body is problem+json; its `code` is one of:';
  const health = status === 503 && doc.beforeLoad === 'health' ? ' While no data is loaded the body is the health report with status `loading`.' : '';
  const timeout = unknownUrl ? ' A request that never ended is answered before its URL is read, as problem+json.' : '';
  return {
    description: `${ERROR_CATALOGUE[codes[0]].title}.${health}${timeout} ${how}\n\n${lines.join('\n')}`,
    'x-error-codes': codes,
    headers: { ...commonHeaders(limited), ...(status === 429 || status === 503 ? { 'Retry-After': RETRY_AFTER_HEADER } : {}) },
    content,
  };
}

/** A 405 with its Allow header: the methods every route answers, from the one list the routes use. */
function allowed(response: object): object {
  const r = response as { headers: Record<string, object> };
  const allow = ALLOWED_METHODS.join(', ');
  return { ...r, headers: { ...r.headers, Allow: { description: 'The methods the path answers.', required: true, schema: { type: 'string', const: allow } } } };
}

/** Responses shared by many operations: `components/responses` (an operation's equal response becomes a reference). */
export const COMPONENT_RESPONSES = {
  NotModified: {
    description: 'Not modified: the If-None-Match ETag still matches; no body.',
    headers: { ETag: { ...ETAG_HEADER, required: true }, ...commonHeaders(true), 'Content-Disposition': ATTACHMENT_HEADER },
  },
  TooManyRequests: errorResponse(429, ['rate_limited'], { errorFormat: 'json', beforeLoad: 'problem' }),
  TooManyRequestsCsv: errorResponse(429, ['rate_limited'], { errorFormat: 'csv', beforeLoad: 'problem' }),
  Unavailable: errorResponse(503, ['not_ready', 'restarting'], { errorFormat: 'json', beforeLoad: 'problem' }),
  UnavailableCsv: errorResponse(503, ['not_ready', 'restarting'], { errorFormat: 'csv', beforeLoad: 'problem' }),
  Busy: errorResponse(503, ['not_ready', 'overloaded', 'restarting'], { errorFormat: 'json', beforeLoad: 'problem' }),
  Restarting: errorResponse(503, ['restarting'], { errorFormat: 'json', beforeLoad: false }),
  // what no operation answers, on any path: referred to by the document's description
  NoRoute: errorResponse(404, ['no_route'], { errorFormat: 'json', beforeLoad: false }),
  NoAsset: errorResponse(404, ['no_asset'], { errorFormat: 'json', beforeLoad: false }),
  MethodNotAllowed: allowed(errorResponse(405, ['method_not_allowed'], { errorFormat: 'json', beforeLoad: false })),
} as const;

/** A reference to the shared response equal to `response`, or `response` itself. */
function shared(response: object): object {
  const text = JSON.stringify(response);
  const name = Object.keys(COMPONENT_RESPONSES).find((key) => JSON.stringify(COMPONENT_RESPONSES[key as keyof typeof COMPONENT_RESPONSES]) === text);
  return name ? { $ref: `#/components/responses/${name}` } : response;
}

/**
 * Every response of an operation: 200, 304 when it has an ETag, and each error status.
 * @example buildResponses('/catalog', docs['/catalog'], { querystring: NO_PARAMS })['400']
 */
export function buildResponses(path: string, doc: OperationDoc, schema: RequestSchema | undefined): Responses {
  const ok = Object.fromEntries(Object.entries(doc.ok.content).map(([type, body]) => [type, mediaOf(body)]));
  const limited = requestCost(path, false) > 0;
  const headers = { ...(doc.etag ? { ETag: { ...ETAG_HEADER, required: true } } : {}), ...commonHeaders(limited), ...doc.ok.headers };
  const responses: Responses = { 200: { description: doc.ok.description, headers, content: ok } };
  if (doc.etag) responses[304] = shared(COMPONENT_RESPONSES.NotModified);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationCodes(path, doc, schema)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) responses[status] = shared(errorResponse(status, codes, doc, limited));
  return responses;
}
