import type { IncomingMessage } from 'node:http';
import { BadParameterError, DsError, MethodNotAllowedError, UriTooLongError } from '../errors/ds-error.js';
import { ALLOWED_METHODS } from './get-route.js';

/**
 * The framework's and Node's own failures, turned into the one error family:
 * what Node's HTTP parser refuses (`clientError`) and what Fastify's router
 * refuses (`frameworkErrors`: bad URL encoding, over-long path parameters).
 */

/** Longest path parameter (a dataset id, an asset name); longer ones name nothing. */
export const MAX_PARAM_LENGTH = 200;

/** An error Node's HTTP server raised: its code, and on parse errors the bytes it was reading (`rawPacket`, a Buffer at run time). */
export interface ParserError {
  code?: string;
  rawPacket?: unknown;
}

/** The bytes of a parse error, if it carries them. */
const packetOf = (err: ParserError): Buffer | undefined => (Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined);

/** What the refused bytes show of the request: its method and URL as far as read (null when they do not start the request line). */
export interface RefusedRequest {
  method: string | null;
  url: string | null;
}

/** An answer to a request Node refused: the error, and what is known of the request (for its format, and no body to HEAD). */
export interface ClientErrorAnswer {
  error: DsError;
  request: RefusedRequest;
}

/** A request line's start: a method token, a space, the target (RFC 9112 §3). */
const REQUEST_LINE_START = /^([A-Z]+) (\S*)/;
/** A request line's end, when a slow client's later read carries only the tail of its URL. */
const REQUEST_LINE_END = / HTTP\/\d\.\d\r?$/;

/** The method and URL (as far as read) of the request line the refused bytes start with, if they do. */
export function refusedRequestOf(packet: Buffer | undefined): RefusedRequest {
  const m = packet ? REQUEST_LINE_START.exec(packet.subarray(0, 4096).toString('latin1')) : null;
  return m ? { method: m[1], url: m[2] } : { method: null, url: null };
}

/**
 * True when a header overflow comes from the request line: Node counts the
 * request line in its header limit, so a URL longer than that limit ends as
 * HPE_HEADER_OVERFLOW. The refused read holds no line end (the overflow is
 * inside one line, and a URL is what grows that long), or its first line is a
 * request line (or a request line's tail) longer than `maxUrlLength`.
 */
export function isUrlOverflow(packet: Buffer | undefined, maxUrlLength: number): boolean {
  if (!packet) return false;
  const end = packet.indexOf(0x0a);
  if (end < 0) return true;
  const first = packet.subarray(0, end).toString('latin1');
  return first.length > maxUrlLength && (REQUEST_LINE_START.test(first) || REQUEST_LINE_END.test(first));
}

/**
 * The answer to a request Node could not parse, or null when there is nobody
 * to answer (the client left). An overflow in the request line is a URL too
 * long (414), any other a header too large (431).
 */
export function clientErrorOf(err: ParserError, maxUrlLength: number): ClientErrorAnswer | null {
  const request = refusedRequestOf(packetOf(err));
  const error = clientDsError(err, maxUrlLength, request);
  return error && { error, request };
}

/** The error of a parse failure (see clientErrorOf). */
function clientDsError(err: ParserError, maxUrlLength: number, request: RefusedRequest): DsError | null {
  switch (err.code) {
    case 'HPE_INVALID_METHOD':
      // a well-formed method token Node does not know (FOO): a method this read-only service does not allow, as for any other (RFC 9110 §15.5.6)
      if (request.method) return new MethodNotAllowedError(request.method, ALLOWED_METHODS);
      break;
    case 'ECONNRESET':
    case 'EPIPE':
      return null;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new DsError('request_timeout', 'The request was not received in time; send it again.');
    case 'HPE_HEADER_OVERFLOW':
      // only part of the URL was read: it is longer than the limit, by how much nobody knows
      if (isUrlOverflow(packetOf(err), maxUrlLength)) return new UriTooLongError(maxUrlLength, maxUrlLength, true);
      return new DsError('header_too_large', 'The request headers are too large; send fewer or shorter headers (cookies count too).');
  }
  return new DsError('bad_request', `The request is not valid HTTP (${err.code ?? 'unreadable'}): check the request line, the headers and Content-Length.`);
}

/**
 * The 400 of a request with more than one Host header, or of an HTTP/1.1 one
 * without (RFC 9112 §3.2), else null. Node's own check is turned off
 * (`requireHostHeader: false`): it answers a bare 400 with no body, and lets
 * a second Host through.
 */
export function hostHeaderError(req: IncomingMessage): DsError | null {
  const raw = req.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return new DsError('bad_request', `The request has ${hosts} Host headers; send exactly one.`);
  if (hosts === 0 && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    return new DsError('bad_request', 'The request has no Host header, which HTTP/1.1 requires; send one (Host: the server name).');
  }
  return null;
}

/** The error for a request Fastify's router refused before any route ran. */
export function frameworkErrorOf(err: { code?: string }, path: string): DsError {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // refused as the path's schema refuses a dataset id over 100 characters: the name is malformed, not merely absent
    return new BadParameterError(
      `A part of the path is longer than ${MAX_PARAM_LENGTH} characters, longer than any name here (a dataset id has at most 100).`,
      { max: MAX_PARAM_LENGTH },
      'bad_parameter',
    );
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return new DsError('bad_url_encoding', `The URL holds a % that does not start a valid UTF-8 escape (%XX); encode a literal % as %25.`, {
      path: path.slice(0, 200),
    });
  }
  return new BadParameterError(`The request could not be routed (${err.code ?? 'unknown'}).`, {}, 'bad_request');
}
