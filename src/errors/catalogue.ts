/**
 * Every error a client can meet, keyed by its stable code: the HTTP status,
 * a short title and a one-line description. The error classes
 * (`ds-error.ts`) take their status and title from here, throw sites name a
 * code the compiler checks against this table, and the OpenAPI description
 * publishes it (modelled on Fastify's `lib/errors.js`).
 */

/** One entry of the catalogue. */
export interface ErrorEntry {
  readonly status: number;
  readonly title: string;
  readonly description: string;
}

export const ERROR_CATALOGUE = {
  // 400: the request is malformed
  bad_parameter: { status: 400, title: 'Bad request parameter', description: 'A query parameter does not have the expected form.' },
  missing_parameter: { status: 400, title: 'Bad request parameter', description: 'A required query parameter is absent.' },
  unknown_parameter: {
    status: 400,
    title: 'Bad request parameter',
    description: 'A query parameter the route does not take (parameters starting with _ are ignored).',
  },
  malformed_dims: { status: 400, title: 'Bad request parameter', description: 'The dims parameter is not of the form dim=code[,code][;dim=code…].' },
  unknown_dimension: { status: 400, title: 'Bad request parameter', description: 'dims names a dimension the dataset does not have.' },
  unknown_code: { status: 400, title: 'Bad request parameter', description: 'dims names a code that is not a level of its dimension.' },
  bad_date: {
    status: 400,
    title: 'Bad request parameter',
    description: 'from, to or base is not an ISO date YYYY-MM-DD (from and to also take a relative window such as -5y).',
  },
  bad_relative_date: {
    status: 400,
    title: 'Bad request parameter',
    description: 'A relative from or to is not -N followed by a unit y, q, m, w or d, or N is 0 or reaches back more than 1000 years.',
  },
  bad_date_range: { status: 400, title: 'Bad request parameter', description: 'from is after to.' },
  unknown_transform: { status: 400, title: 'Bad request parameter', description: 'transform is not one of the transforms the service computes.' },
  frequency_not_lower: {
    status: 400,
    title: 'Bad request parameter',
    description: "frequency is not lower than the dataset's own (a conversion only combines periods).",
  },
  conversion_without_frequency: { status: 400, title: 'Bad request parameter', description: 'aggregation or partial was given without frequency.' },
  base_without_index: { status: 400, title: 'Bad request parameter', description: 'base was given with a transform other than index.' },
  bad_key: { status: 400, title: 'Bad request parameter', description: 'A series key does not name a dataset and one code per dimension.' },
  empty_query: { status: 400, title: 'Bad request parameter', description: 'q is empty.' },
  bad_url: { status: 400, title: 'Bad request parameter', description: 'url is not the absolute URL of a page of this site.' },
  too_many_rows: {
    status: 400,
    title: 'Bad request parameter',
    description: 'The selection has more rows than the format can hold; select fewer series or dates.',
  },
  bad_request: { status: 400, title: 'Bad request', description: 'The request is not valid HTTP (request line, headers or Content-Length).' },
  bad_url_encoding: { status: 400, title: 'Bad request', description: 'The URL holds a percent sign that does not start a valid UTF-8 escape.' },
  // 404: nothing there
  no_route: { status: 404, title: 'Not found', description: 'No route answers this path.' },
  unknown_dataset: { status: 404, title: 'Not found', description: 'No dataset has this id.' },
  no_asset: { status: 404, title: 'Not found', description: 'No page asset has this name (asset names carry a content hash).' },
  not_our_url: { status: 404, title: 'Not found', description: 'The URL is not on this site.' },
  not_embeddable: { status: 404, title: 'Not found', description: 'The URL is not a dataset page that can be embedded.' },
  not_a_dataset_page: { status: 404, title: 'Not found', description: 'The URL is a page of this site, but not of a dataset.' },
  not_resolved: { status: 404, title: 'Not found', description: 'The text names no dataset, series or page.' },
  // other client errors
  method_not_allowed: { status: 405, title: 'Method not allowed', description: 'The service is read-only: GET and HEAD (and OPTIONS preflights).' },
  request_timeout: { status: 408, title: 'Request timeout', description: 'The request was not received in time.' },
  precondition_failed: {
    status: 412,
    title: 'Precondition failed',
    description: 'If-Match names no current ETag of the answer: the data changed since; fetch it again without If-Match.',
  },
  uri_too_long: { status: 414, title: 'URI too long', description: 'The URL is longer than the service accepts.' },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    description: 'The client address spent its request budget for the window (see RateLimit-Policy).',
  },
  too_many_client_streams: { status: 429, title: 'Too many live connections', description: 'The client address has as many /events streams open as it may.' },
  header_too_large: { status: 431, title: 'Request header fields too large', description: 'The request headers are larger than the service accepts.' },
  // server side
  internal: { status: 500, title: 'Internal error', description: 'Something unexpected failed; it has been logged.' },
  not_implemented: { status: 501, title: 'Not implemented', description: 'A recognised request the service does not implement.' },
  not_ready: { status: 503, title: 'Service not ready', description: 'No data is loaded yet; retry after Retry-After seconds.' },
  too_many_streams: { status: 503, title: 'Too many live connections', description: 'The server holds as many /events streams as it can; retry later.' },
  overloaded: {
    status: 503,
    title: 'Service overloaded',
    description: 'The queue of heavy work (images, workbooks) is full; retry after Retry-After seconds.',
  },
  restarting: { status: 503, title: 'Service restarting', description: 'The server is stopping; retry and another process answers.' },
} as const satisfies Record<string, ErrorEntry>;

/** Every error code. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes of one status, e.g. `CodeOf<400>`. */
export type CodeOf<S extends number> = { [C in ErrorCode]: (typeof ERROR_CATALOGUE)[C]['status'] extends S ? C : never }[ErrorCode];

/** Every entry with its code, in catalogue order (for the OpenAPI description and docs). */
export function listErrors(): ({ code: ErrorCode } & ErrorEntry)[] {
  return (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).map((code) => ({ code, ...ERROR_CATALOGUE[code] }));
}

/** The RFC 9457 `type` URI of an error code. */
export function problemType(code: ErrorCode): string {
  return `urn:dataseries:problem:${code}`;
}
