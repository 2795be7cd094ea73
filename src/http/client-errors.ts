import { BadParameterError, DsError, NotFoundError } from '../errors/ds-error.js';

/**
 * The framework's and Node's own failures, turned into the one error family:
 * what Node's HTTP parser refuses (`clientError`) and what Fastify's router
 * refuses (`frameworkErrors`: bad URL encoding, over-long path parameters).
 */

/** Longest path parameter (a dataset id, an asset name); longer ones name nothing. */
export const MAX_PARAM_LENGTH = 200;

/** The error for a request Node could not parse, or null when there is nobody to answer (the client left). */
export function clientErrorOf(err: NodeJS.ErrnoException): DsError | null {
  switch (err.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return null;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new DsError('request_timeout', 'The request was not received in time; send it again.');
    case 'HPE_HEADER_OVERFLOW':
      return new DsError('header_too_large', 'The request headers are too large; send fewer or shorter headers (cookies count too).');
    default:
      return new DsError('bad_request', `The request is not valid HTTP (${err.code ?? 'unreadable'}): check the request line, the headers and Content-Length.`);
  }
}

/** The error for a request Fastify's router refused before any route ran. */
export function frameworkErrorOf(err: { code?: string }, path: string): DsError {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new NotFoundError(`No such name: a part of the path is longer than ${MAX_PARAM_LENGTH} characters, longer than any name here.`, {}, 'not_found');
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return new DsError('bad_url_encoding', `The URL holds a % that does not start a valid UTF-8 escape (%XX); encode a literal % as %25.`, {
      path: path.slice(0, 200),
    });
  }
  return new BadParameterError(`The request could not be routed (${err.code ?? 'unknown'}).`, {}, 'bad_request');
}
