import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A complete, cacheable HTTP answer: body, type and caching headers, plus its
 * compressed variants (made on first demand, then kept with it).
 */
export interface Representation {
  status: number;
  type: string;
  /** text as made (a miss writes it with its headers in one write); the response cache turns it into a Buffer on its first hit */
  body: Buffer | string;
  etag: string;
  cacheControl: string;
  /** allow any origin (API routes) */
  cors: boolean;
  headers?: Record<string, string>;
  gzip?: Buffer;
  br?: Buffer;
  /** the caching, CORS and own headers as [name, value, …] (made on first use, then kept with it) */
  headerList?: string[];
  /** the whole header list of its last answer with a body, kept for the next one (see `fullList`) */
  sent?: SentList;
}

/** A representation's whole header list for one coding and one length of the caller's extra headers. */
interface SentList {
  encoding: 'br' | 'gzip' | null;
  length: number;
  extraLength: number;
  leadLength: number;
  /** where the extra headers start in the list */
  extraAt: number;
  /** the lead headers, headerList, the extra headers (lead and extra refilled on every answer), then content type (and coding) and length */
  list: string[];
}

const MIN_COMPRESS = 1024;
/** Text formats gain from compression (the SDMX types too: vnd.sdmx.*+xml, +json, +csv); PNG, JPEG and xlsx are compressed already. */
export const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|xml|javascript|vnd\.sdmx\.[\w.]+\+(xml|json|csv))|image\/svg\+xml)/;

/** The codings we send, in our order of preference: a tie of q goes to the first. */
const CODINGS = ['br', 'gzip'] as const;
/** A qvalue (RFC 9110 §12.4.2): 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
/** Identity is acceptable unless refused (RFC 9110 §12.5.3), but a named coding of any q beats it. */
const IDENTITY_DEFAULT = 0.001;

/**
 * The q of each coding an Accept-Encoding names, lowercased (`x-gzip` is
 * gzip); the first entry of a coding counts, and an entry with a malformed
 * q names nothing.
 */
function codingWeights(accept: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.split(';');
    const lower = name.trim().toLowerCase();
    const coding = lower === 'x-gzip' ? 'gzip' : lower;
    if (!coding || weights.has(coding)) continue;
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
      const text = param.slice(eq + 1).trim();
      q = QVALUE.test(text) ? Number(text) : NaN;
    }
    if (!Number.isNaN(q)) weights.set(coding, q);
  }
  return weights;
}

/**
 * Picks br, gzip or identity (null) from an Accept-Encoding header (RFC 9110
 * §12.5.3): the highest q wins, a tie goes to our preference (br, gzip, then
 * identity), q=0 refuses, `*` stands for every coding not named. When nothing
 * is acceptable, identity refused too (`identity;q=0`), the answer is still
 * sent uncompressed rather than 406: every client reads identity, and the RFC
 * lets a server disregard the field rather than fail a read. No header: identity.
 * @example negotiateEncoding('br;q=0.5, gzip;q=1.0') // 'gzip'
 */
export function negotiateEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (accept === undefined) return null;
  const known = KNOWN_ACCEPTS.get(accept);
  return known !== undefined ? known : negotiated(accept);
}

/** negotiateEncoding of a header, read afresh. */
function negotiated(accept: string): 'br' | 'gzip' | null {
  const weights = codingWeights(accept);
  const star = weights.get('*');
  let best: 'br' | 'gzip' | null = null;
  let top = 0;
  for (const coding of CODINGS) {
    const q = weights.get(coding) ?? star ?? 0;
    if (q > top) [best, top] = [coding, q];
  }
  return (weights.get('identity') ?? star ?? IDENTITY_DEFAULT) > top ? null : best;
}

/**
 * The Accept-Encoding of most requests (browsers, fetch, curl, the R and
 * Python clients) with what `negotiated` makes of each, worked out once:
 * reading one afresh costs about a microsecond (issue 24, round 4).
 */
const KNOWN_ACCEPTS = new Map(
  [
    'gzip, deflate, br, zstd',
    'gzip, deflate, br',
    'gzip, deflate',
    'deflate, gzip, br, zstd',
    'deflate, gzip',
    'gzip, br',
    'br, gzip',
    'gzip',
    'br',
    'identity',
    '*',
  ].map((accept) => [accept, negotiated(accept)] as const),
);

/** The coding an answer is sent in: large text only, as its request negotiates. */
function codingFor(headers: IncomingHttpHeaders, type: string, body: Buffer | string): 'br' | 'gzip' | null {
  return body.length >= MIN_COMPRESS && COMPRESSIBLE.test(type) ? negotiateEncoding(headers['accept-encoding']) : null;
}

/** A body in a coding, with the levels every answer uses. */
function compress(body: Buffer | string, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: byteLength(body) },
  });
}

function compressed(rep: Representation, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') return (rep.br ??= compress(rep.body, 'br'));
  return (rep.gzip ??= compress(rep.body, 'gzip'));
}

/**
 * A body made once and not kept (e.g. /health) in the coding its request
 * accepts, under the rule of every other answer (codingFor).
 */
export function encodeForRequest(headers: IncomingHttpHeaders, type: string, body: string): { body: Buffer | string; encoding: 'br' | 'gzip' | null } {
  const encoding = codingFor(headers, type, body);
  return { body: encoding ? compress(body, encoding) : body, encoding };
}

/** Bytes of a body. */
export function byteLength(body: Buffer | string): number {
  return typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
}

/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * What a GET's conditional headers make of the current ETag, in the order of
 * RFC 9110 §13.2.2: 412 when If-Match names none of it (`*` names any), 304
 * when If-None-Match names it, else 200. Both compare weakly: every ETag here
 * is weak (one per content, shared by its gzip and br variants), and a client
 * sending back the ETag it got must match.
 * @example conditionalStatus({ 'if-match': '"nope"' }, 'W/"c-1"') // 412
 */
export function conditionalStatus(headers: IncomingHttpHeaders, etag: string): 200 | 304 | 412 {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined && !etagMatches(ifMatch, etag)) return 412;
  return etagMatches(headers['if-none-match'], etag) ? 304 : 200;
}

/** Caching, CORS and own headers of a representation, flattened for `writeHead` (own headers override the caching ones, CORS overrides both). */
export function headerList(rep: Representation): string[] {
  if (rep.headerList) return rep.headerList;
  // made as a flat list directly: no object to build and flatten on every miss
  const list = ['etag', rep.etag, 'cache-control', rep.cacheControl, 'vary', 'Accept-Encoding'];
  const set = (name: string, value: string): void => {
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) return void (list[i + 1] = value);
    list.push(name, value);
  };
  for (const name in rep.headers) set(name, rep.headers[name]);
  if (rep.cors) {
    set('access-control-allow-origin', '*');
    set('access-control-expose-headers', 'ETag, Content-Disposition');
  }
  return (rep.headerList = list);
}

/**
 * The headers of an answer with a body as one flat list: `lead`,
 * headerList, `extra`, then content type (and coding) and length. Kept with
 * the representation and reused by its next answer of the same coding,
 * length and lead and extra lengths, with the lead and extra headers copied
 * into their places (writeHead reads the list at once and keeps nothing of
 * it): no list is built per cache hit (issue 24, round 4).
 */
function fullList(rep: Representation, encoding: 'br' | 'gzip' | null, length: number, extra: readonly string[], lead: readonly string[]): string[] {
  let sent = rep.sent;
  if (!sent || sent.encoding !== encoding || sent.length !== length || sent.extraLength !== extra.length || sent.leadLength !== lead.length) {
    const own = encoding ? ['content-encoding', encoding, 'content-type', rep.type] : ['content-type', rep.type];
    const list = lead.concat(headerList(rep), extra, own, 'content-length', String(length));
    sent = rep.sent = { encoding, length, extraLength: extra.length, leadLength: lead.length, extraAt: list.length - own.length - 2 - extra.length, list };
  }
  const { list, extraAt } = sent;
  for (let i = 0; i < lead.length; i++) list[i] = lead[i];
  for (let i = 0; i < extra.length; i++) list[extraAt + i] = extra[i];
  return list;
}

/** No headers: the default of the lists below, shared so that no empty array is made per answer. */
export const NO_HEADERS: readonly string[] = [];

/** What a request's conditional headers make of a representation: 304, 412, or 200 to send it (a representation that is not a 200 is sent as it is). */
export function conditionalOf(req: IncomingMessage, rep: Representation): 200 | 304 | 412 {
  return rep.status === 200 ? conditionalStatus(req.headers, rep.etag) : 200;
}

/**
 * Writes a representation to a raw response: 304 when If-None-Match matches,
 * compressed when the client accepts it and the body is large, no body on HEAD.
 * `extra` are more headers as [name, value, …] (the front door's, on a cache
 * hit), `lead` headers to write before all others (the front door's and the
 * rate limiter's, in the order a header map set before would give).
 * `conditional` is what the request's conditional headers make of the ETag,
 * when the caller has it already (a 412 is the caller's to answer).
 * Returns the Content-Length sent.
 */
export function writeRepresentation(
  req: IncomingMessage,
  res: ServerResponse,
  rep: Representation,
  extra: readonly string[] = NO_HEADERS,
  conditional: 200 | 304 | 412 = conditionalOf(req, rep),
  lead: readonly string[] = NO_HEADERS,
): number {
  if (rep.status === 200 && conditional === 304) {
    res.writeHead(304, lead.concat(headerList(rep), extra));
    res.end();
    return 0;
  }
  let body: Buffer | string = rep.body;
  const encoding = codingFor(req.headers, rep.type, rep.body);
  if (encoding) body = compressed(rep, encoding);
  const length = byteLength(body);
  // one flat list and no setHeader before: Node writes it without building a header map
  res.writeHead(rep.status, fullList(rep, encoding, length, extra, lead));
  // a string body goes out in the same write as the headers
  res.end(req.method === 'HEAD' ? undefined : body);
  return length;
}
