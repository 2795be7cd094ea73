/**
 * Every error a client can meet, keyed by its stable code: the HTTP status,
 * a short title and a one-line description. The error classes
 * (`ds-error.ts`) take their status and title from here, throw sites name a
 * code the compiler checks against this table, and the OpenAPI description
 * publishes it (modelled on Fastify's `lib/errors.js`).
 *
 * The codes a selection reader raises (src/selection/params.ts) also keep
 * their message here, beside the code: a template with named facts
 * (`{parameter}`), filled where the mistake is found (`errorMessage`), as
 * Fastify's `createError(code, message)` keeps its words with its code. A
 * code that names several mistakes keeps one template per mistake in
 * `messages`.
 */

/** One entry of the catalogue. */
export interface ErrorEntry {
  readonly status: number;
  readonly title: string;
  readonly description: string;
  /** the message template of the code, with named facts in braces */
  readonly message?: string;
  /** the message templates of a code that names several mistakes, by mistake */
  readonly messages?: Readonly<Record<string, string>>;
}

export const ERROR_CATALOGUE = {
  // 400: the request is malformed
  bad_parameter: {
    status: 400,
    title: 'Bad request parameter',
    description: 'A query parameter does not have the expected form.',
    messages: {
      invalid: "Invalid {parameter} '{value}': {rule}.",
      repeated: "Parameter '{parameter}' is given more than once ({given}): give it once{hint}.",
      tooMany: "Parameter '{parameter}' is given {count} times: it takes at most {most}.",
    },
  },
  missing_parameter: { status: 400, title: 'Bad request parameter', description: 'A required query parameter is absent.' },
  unknown_parameter: {
    status: 400,
    title: 'Bad request parameter',
    description: 'A query parameter the route does not take (parameters starting with _ are ignored).',
    messages: {
      unknown: "Unknown parameter '{parameter}' in the {where}.{suggestion} Known parameters: {valid}.",
      dimension:
        "Unknown parameter '{parameter}': a dimension of {dataset} goes in dims, e.g. dims={parameter}={codes} (several: dims=dim=code,code;dim=code).",
    },
  },
  malformed_dims: {
    status: 400,
    title: 'Bad request parameter',
    description: 'The dims parameter is not of the form dim=code[,code][;dim=code…].',
    message: "Malformed dims segment '{segment}': expected dim=code[,code...], segments separated by ';' (e.g. '{example}').",
  },
  unknown_dimension: {
    status: 400,
    title: 'Bad request parameter',
    description: 'dims names a dimension the dataset does not have.',
    messages: {
      unknown: "Unknown dimension '{dimension}' in dataset '{dataset}'. Valid dimensions: {valid}.",
      none: "Dataset '{dataset}' is a single series and has no dimensions: leave out dims.",
    },
  },
  unknown_code: {
    status: 400,
    title: 'Bad request parameter',
    description: 'dims names a code that is not a level of its dimension.',
    messages: {
      unknown: "Unknown code '{value}' for dimension '{dimension}'.{suggestion} Valid codes: {shown}.",
      empty: "Empty code for dimension '{dimension}': expected {dimension}=code[,code...]. Valid codes: {shown}.",
      grouping: "Code '{value}' of dimension '{dimension}' groups other levels and has no series of its own: pick some of its levels. Valid codes: {shown}.",
      plus: "Unknown code '{value}' for dimension '{dimension}': a + in a URL stands for a space, so write + as %2B ({dimension}={escaped}). Valid codes: {shown}.",
    },
  },
  bad_date: {
    status: 400,
    title: 'Bad request parameter',
    description: 'from, to or base is not an ISO date YYYY-MM-DD (from and to also take a relative window such as -5y).',
    messages: {
      date: "Invalid {parameter} '{value}': expected an ISO date YYYY-MM-DD, e.g. 2020-01-01.",
      bound: "Invalid {parameter} '{value}': expected an ISO date YYYY-MM-DD (e.g. 2020-01-01) or a window back from the last observation ({examples}).",
    },
  },
  bad_relative_date: {
    status: 400,
    title: 'Bad request parameter',
    description: 'A relative from or to is not -N followed by a unit y, q, m, w or d, or N is 0 or reaches back more than 1000 years.',
    messages: {
      unit: "Invalid {parameter} '{value}': a relative {parameter} is a minus sign, a whole number and a unit of {units} ({examples}), counted back from the dataset's last observation.",
      reach: "Invalid {parameter} '{value}': the number of {unit} must be from 1 to {most} ({years} years at most), e.g. {parameter}=-5{letter}.",
      window: "Invalid {parameter} '{value}': expected a window back from the last observation, e.g. -5y.",
    },
  },
  bad_date_range: {
    status: 400,
    title: 'Bad request parameter',
    description: 'from is after to.',
    message: 'from ({fromSaid}) is after to ({toSaid}): swap them or widen the range.',
  },
  unknown_transform: {
    status: 400,
    title: 'Bad request parameter',
    description: 'transform is not one of the transforms the service computes.',
    message: "Unknown transform '{value}': use one of {valid}.",
  },
  base_without_index: {
    status: 400,
    title: 'Bad request parameter',
    description: 'base was given with a transform other than index.',
    message: 'base only applies to {takers} (got transform={transform}).',
  },
  frequency_not_lower: {
    status: 400,
    title: 'Bad request parameter',
    description: "frequency is not lower than the dataset's own: a conversion only goes to a lower frequency.",
    messages: {
      higher: "Cannot convert dataset '{dataset}' to {value}: it is {own}, and frequency converts only to a lower frequency ({valid}).",
      lowest: "Cannot convert dataset '{dataset}' to {value}: it is {own}, and no frequency is lower: leave out frequency.",
    },
  },
  without_frequency: {
    status: 400,
    title: 'Bad request parameter',
    description: 'aggregation or partial was given without frequency.',
    message: '{parameter} only applies with frequency (e.g. frequency=annual&{parameter}={value}).',
  },
  bad_key: { status: 400, title: 'Bad request parameter', description: 'A series key does not name a dataset and one code per dimension.' },
  empty_query: { status: 400, title: 'Bad request parameter', description: 'q is empty.' },
  bad_url: { status: 400, title: 'Bad request parameter', description: 'url is not the absolute URL of a page of this site.' },
  too_many_rows: {
    status: 400,
    title: 'Bad request parameter',
    description: 'The selection has more rows than the format can hold; select fewer series or dates.',
  },
  before_first_vintage: {
    status: 400,
    title: 'Bad request parameter',
    description: "as_of is before the dataset's first vintage: nothing of it was published then.",
    message: 'as_of {value} is before the first vintage of {dataset} ({first_vintage}): nothing of it was published then; use as_of={first_vintage} or later.',
  },
  bad_request: { status: 400, title: 'Bad request', description: 'The request is not valid HTTP (request line, headers or Content-Length).' },
  bad_url_encoding: { status: 400, title: 'Bad request', description: 'The URL holds a percent sign that does not start a valid UTF-8 escape.' },
  // 404: nothing there
  no_route: { status: 404, title: 'Not found', description: 'No route answers this path.' },
  unknown_dataset: {
    status: 404,
    title: 'Not found',
    description: 'No dataset has this id.',
    message: "Unknown dataset '{dataset}'.{suggestion} GET /catalog lists every dataset.",
  },
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

/** Named values of a message template: its facts and the words derived from them. */
export type MessageFacts = Readonly<Record<string, unknown>>;

/**
 * The message of a code, its template filled with named facts (a list reads
 * `a, b, c`). `mistake` picks the template of a code that names several.
 * @example errorMessage('base_without_index', { takers: 'transform=index', transform: 'yoy' }) // 'base only applies to transform=index (got transform=yoy).'
 */
export function errorMessage(code: ErrorCode, facts: MessageFacts, mistake?: string): string {
  const entry: ErrorEntry = ERROR_CATALOGUE[code];
  const template = mistake === undefined ? entry.message : entry.messages?.[mistake];
  if (template === undefined) throw new Error(`The catalogue has no message '${mistake ?? ''}' for ${code}`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = facts[name];
    if (v === undefined) throw new Error(`The message of ${code} needs the fact '${name}'`);
    return Array.isArray(v) ? v.join(', ') : String(v);
  });
}
