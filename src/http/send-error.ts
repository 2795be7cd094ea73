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
  const sideHeaders = format === 'html' ? pageSecurityHeaders(false) : { 'access-control-allow-origin': '*' };
  return { ...rendered, status: err.status, headers: { ...err.headers, ...sideHeaders, 'cache-control': 'no-store', 'content-type': rendered.type } };
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
  const answer = errorAnswer(renderer, err, errorFormatOf(req, format), pathOf(req.url));
  const bytes = Buffer.byteLength(answer.body);
  for (let i = 0; i < extra.length; i += 2) res.setHeader(extra[i], extra[i + 1]);
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(bytes) });
  res.end(req.method === 'HEAD' ? undefined : answer.body);
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
