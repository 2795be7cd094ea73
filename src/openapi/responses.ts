/**
 * The responses of an operation in `/openapi.json`: its 200 body, the 304
 * of a matching ETag, and one response per error status listing the codes
 * of the catalogue it may carry, in the media type the route really sends
 * (problem+json, or the one-column error CSV of a CSV route).
 */
import { ERROR_CATALOGUE, listErrors, type ErrorCode } from '../errors/catalogue.js';
import { ERROR_MEDIA_TYPES } from '../http/render-error.js';
import { requestCost } from '../http/rate-limit.js';
import { ref } from './body-schemas.js';
import type { OperationDoc } from './operations.js';

type Responses = Record<string, object>;

const ETAG_HEADER = {
  description: 'Weak, content-derived; send it back in If-None-Match (304 while it matches) or If-Match (412 once it does not).',
  schema: { type: 'string' },
};
const RETRY_AFTER_HEADER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } };

/** A schema from a component name or an inline schema. */
const schemaOf = (body: string | object): object => (typeof body === 'string' ? ref(body as never) : body);

/** The error codes an operation may answer, in catalogue order. */
function errorCodesOf(path: string, doc: OperationDoc): ErrorCode[] {
  const codes = new Set<ErrorCode>(doc.errors);
  if (doc.beforeLoad === 'problem') codes.add('not_ready');
  // an answer with an ETag honours If-Match (412 when it names none)
  if (doc.etag) codes.add('precondition_failed');
  if (requestCost(path, false) > 0) codes.add('rate_limited');
  codes.add('restarting');
  return listErrors()
    .map((e) => e.code)
    .filter((code) => codes.has(code));
}

/** The response of one error status: its codes described, and the body in the route's error format. */
function errorResponse(status: number, codes: ErrorCode[], doc: Pick<OperationDoc, 'errorFormat' | 'beforeLoad'>): object {
  const lines = codes.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].description}`);
  const problem = { allOf: [ref('Problem'), { properties: { status: { const: status }, code: { enum: codes } } }] };
  const content: Record<string, { schema: object }> =
    doc.errorFormat === 'csv' ? { [ERROR_MEDIA_TYPES.csv]: { schema: ref('ErrorCsv') } } : { [ERROR_MEDIA_TYPES.json]: { schema: problem } };
  if (status === 503 && doc.beforeLoad === 'health') content['application/json; charset=utf-8'] = { schema: ref('Health') };
  const how =
    doc.errorFormat === 'csv'
      ? 'The body is a CSV with the single column `error` (the message); the code is not in the body.'
      : 'The body is problem+json; its `code` is one of:';
  const health = status === 503 && doc.beforeLoad === 'health' ? ' While no data is loaded the body is the health report with status `loading`.' : '';
  return {
    description: `${ERROR_CATALOGUE[codes[0]].title}.${health} ${how}\n\n${lines.join('\n')}`,
    'x-error-codes': codes,
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } } : {}),
    content,
  };
}

/** Responses shared by many operations: `components/responses` (an operation's equal response becomes a reference). */
export const COMPONENT_RESPONSES = {
  NotModified: { description: 'Not modified: the If-None-Match ETag still matches; no body.', headers: { ETag: ETAG_HEADER } },
  TooManyRequests: errorResponse(429, ['rate_limited'], { errorFormat: 'json', beforeLoad: 'problem' }),
  TooManyRequestsCsv: errorResponse(429, ['rate_limited'], { errorFormat: 'csv', beforeLoad: 'problem' }),
  Unavailable: errorResponse(503, ['not_ready', 'restarting'], { errorFormat: 'json', beforeLoad: 'problem' }),
  UnavailableCsv: errorResponse(503, ['not_ready', 'restarting'], { errorFormat: 'csv', beforeLoad: 'problem' }),
  Busy: errorResponse(503, ['not_ready', 'overloaded', 'restarting'], { errorFormat: 'json', beforeLoad: 'problem' }),
  Restarting: errorResponse(503, ['restarting'], { errorFormat: 'json', beforeLoad: false }),
} as const;

/** A reference to the shared response equal to `response`, or `response` itself. */
function shared(response: object): object {
  const text = JSON.stringify(response);
  const name = Object.keys(COMPONENT_RESPONSES).find((key) => JSON.stringify(COMPONENT_RESPONSES[key as keyof typeof COMPONENT_RESPONSES]) === text);
  return name ? { $ref: `#/components/responses/${name}` } : response;
}

/**
 * Every response of an operation: 200, 304 when it has an ETag, and each error status.
 * @example buildResponses('/catalog', docs['/catalog'])['400']
 */
export function buildResponses(path: string, doc: OperationDoc): Responses {
  const ok = Object.fromEntries(Object.entries(doc.ok.content).map(([type, body]) => [type, { schema: schemaOf(body) }]));
  const responses: Responses = { 200: { description: doc.ok.description, ...(doc.etag ? { headers: { ETag: ETAG_HEADER } } : {}), content: ok } };
  if (doc.etag) responses[304] = shared(COMPONENT_RESPONSES.NotModified);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(path, doc)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) responses[status] = shared(errorResponse(status, codes, doc));
  return responses;
}
