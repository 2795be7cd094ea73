import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { DsError } from '../errors/ds-error.js';
import { errorFormatOf, pathOf } from './error-format.js';
import type { ErrorFormat, ErrorRenderer, RenderedError } from './render-error.js';
import { pageSecurityHeaders } from './security-headers.js';

/** A whole error answer: status, headers and body, in one of the three formats. */
export interface ErrorAnswer extends RenderedError {
  status: number;
  headers: Record<string, string>;
}

/**
 * The answer to an error in a format: the error's own headers (Allow,
 * Retry-After…), never stored, CORS on data formats and the pages' security
 * headers on HTML.
 */
export function errorAnswer(renderer: ErrorRenderer, err: DsError, format: ErrorFormat, path: string): ErrorAnswer {
  const rendered = renderer.render(err, format, path);
  const list = errorHeaderList(err, format, rendered.type);
  const headers: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) headers[list[i]] = list[i + 1];
  return { type: rendered.type, body: rendered.body, status: err.status, headers };
}

/** CORS on the data formats' errors (a constant list: no object per error). */
const DATA_SIDE = ['access-control-allow-origin', '*'];

/**
 * The headers of an error answer as [name, value, …] after `before` (a name
 * given twice keeps its first place and takes the later value, as an
 * object's would): the error's own, CORS or the page's security headers,
 * no-store and the type.
 */
function errorHeaderList(err: DsError, format: ErrorFormat, type: string, before: readonly string[] = []): string[] {
  const list = before.slice();
  for (const name in err.headers) put(list, name, err.headers[name]);
  if (format === 'html') {
    const side = pageSecurityHeaders(false);
    for (const name in side) put(list, name, side[name]);
  } else put(list, DATA_SIDE[0], DATA_SIDE[1]);
  put(list, 'cache-control', 'no-store');
  put(list, 'content-type', type);
  return list;
}

/** Sets a header of a flat list: in its place when named already, else at the end. */
function put(list: string[], name: string, value: string): void {
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === name) {
      list[i + 1] = value;
      return;
    }
  }
  list.push(name, value);
}

/**
 * Writes an error on Node's response, without the framework (the front door, a
 * route's raw writer): in its route's `format` when known, else as the path
 * suggests. `extra` are more headers as [name, value, …]. Returns the bytes
 * of the body (what Content-Length says).
 */
export function writeError(
  renderer: ErrorRenderer,
  req: IncomingMessage,
  res: ServerResponse,
  err: DsError,
  format?: ErrorFormat,
  extra: readonly string[] = [],
): number {
  const as = errorFormatOf(req, format);
  const rendered = renderer.render(err, as, pathOf(req.url));
  const bytes = Buffer.byteLength(rendered.body);
  // one flat list, as a representation's (representation.ts writeRepresentation): no header object or setHeader per extra
  const list = errorHeaderList(err, as, rendered.type, extra);
  list.push('content-length', String(bytes));
  res.writeHead(err.status, list);
  res.end(req.method === 'HEAD' ? undefined : rendered.body);
  return bytes;
}

/**
 * Writes an error straight on a socket that HTTP could not parse (bad request
 * line, header too large, URL too long, bad Content-Length, timeout), then
 * closes it. The format follows what was read of the URL (an error CSV for a
 * `.csv` path, else problem+json); a HEAD gets the headers alone.
 */
export function writeSocketError(
  renderer: ErrorRenderer,
  socket: Socket,
  err: DsError,
  request: { method: string | null; url: string | null } = { method: null, url: null },
): void {
  if (!socket.writable) return void socket.destroy();
  const url = request.url ?? '/';
  const answer = errorAnswer(renderer, err, errorFormatOf({ url, headers: {} }), pathOf(url));
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`];
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(answer.body)}`, 'connection: close');
  socket.end(head.join('\r\n') + '\r\n\r\n' + (request.method === 'HEAD' ? '' : answer.body));
}
