import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A complete, cacheable HTTP answer: body, type and caching headers, plus its
 * compressed variants (made on first demand, then kept with it).
 */
export interface Representation {
  status: number;
  type: string;
  body: Buffer;
  etag: string;
  cacheControl: string;
  /** allow any origin (API routes) */
  cors: boolean;
  headers?: Record<string, string>;
  gzip?: Buffer;
  br?: Buffer;
}

const MIN_COMPRESS = 1024;
/** Text formats gain from compression; PNG, JPEG and xlsx are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|xml|javascript)|image\/svg\+xml)/;

/** Picks br, gzip or identity from an Accept-Encoding header. */
export function negotiateEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const a = accept.toLowerCase();
  const allowed = (name: string): boolean => {
    const m = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q\\s*=\\s*([0-9.]+))?`).exec(a);
    return m !== null && (m[1] === undefined || Number(m[1]) > 0);
  };
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

function compressed(rep: Representation, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    rep.br ??= brotliCompressSync(rep.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: rep.body.length },
    });
    return rep.br;
  }
  rep.gzip ??= gzipSync(rep.body, { level: 6 });
  return rep.gzip;
}

/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Common caching and CORS headers of a representation. */
function baseHeaders(rep: Representation): Record<string, string> {
  const h: Record<string, string> = { etag: rep.etag, 'cache-control': rep.cacheControl, vary: 'Accept-Encoding', ...rep.headers };
  if (rep.cors) {
    h['access-control-allow-origin'] = '*';
    h['access-control-expose-headers'] = 'ETag, Content-Disposition';
  }
  return h;
}

/**
 * Writes a representation to a raw response: 304 when If-None-Match matches,
 * compressed when the client accepts it and the body is large, no body on HEAD.
 */
export function writeRepresentation(req: IncomingMessage, res: ServerResponse, rep: Representation): void {
  const headers = baseHeaders(rep);
  if (rep.status === 200 && etagMatches(req.headers['if-none-match'] as string | undefined, rep.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let body = rep.body;
  const encoding =
    rep.body.length >= MIN_COMPRESS && COMPRESSIBLE.test(rep.type) ? negotiateEncoding(req.headers['accept-encoding'] as string | undefined) : null;
  if (encoding) {
    body = compressed(rep, encoding);
    headers['content-encoding'] = encoding;
  }
  headers['content-type'] = rep.type;
  headers['content-length'] = String(body.length);
  res.writeHead(rep.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
