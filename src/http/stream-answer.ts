import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { COMPRESSIBLE, headerList, negotiateEncoding, type Representation } from './representation.js';

/**
 * A body too large to hold in memory, produced piece by piece: whole-dataset
 * CSV and JSON (issue 12). It is written as it is made, compressed on the way
 * when the client accepts it, and never kept in the response cache.
 */
export interface StreamedBody {
  /** the body in pieces of some tens of kilobytes, in order */
  chunks(): Iterable<string | Buffer>;
}

/** True when a built answer is to be streamed. */
export function isStreamed(body: unknown): body is StreamedBody {
  return typeof body === 'object' && body !== null && typeof (body as StreamedBody).chunks === 'function';
}

/**
 * Writes a streamed body with the headers of its representation (ETag,
 * caching, CORS, Vary), chunked, br or gzip when accepted; HEAD gets the
 * headers only. The caller has answered a matching If-None-Match already.
 * `extra` are more headers as [name, value, …].
 */
export async function writeStreamed(
  req: IncomingMessage,
  res: ServerResponse,
  head: Omit<Representation, 'body'>,
  body: StreamedBody,
  extra: readonly string[] = [],
): Promise<void> {
  const encoding = COMPRESSIBLE.test(head.type) ? negotiateEncoding(req.headers['accept-encoding']) : null;
  const own = encoding ? ['content-encoding', encoding, 'content-type', head.type] : ['content-type', head.type];
  res.writeHead(head.status, headerList({ ...head, body: Buffer.alloc(0) }).concat(extra, own));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const source = Readable.from(body.chunks(), { objectMode: false, highWaterMark: 1 << 16 });
  // the same settings as a cached answer's compression (representation.ts), so both cost alike
  const compress =
    encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : encoding === 'gzip' ? createGzip({ level: 6 }) : null;
  try {
    await (compress ? pipeline(source, compress, res) : pipeline(source, res));
  } catch {
    // the client went away mid-body: nothing more to send
    res.destroy();
  }
}
