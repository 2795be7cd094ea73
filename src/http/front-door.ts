import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DataHolder } from '../data/data-holder.js';
import { DsError } from './errors.js';
import { RateLimiter } from './rate-limit.js';
import { renderError } from './render-error.js';
import type { ResponseCache } from './response-cache.js';
import { writeRepresentation } from './representation.js';

/** What the front door needs. */
export interface FrontDoorOptions {
  data: DataHolder;
  responses: ResponseCache;
  /** requests per minute per client, 0 = off */
  rateLimit: number;
  /** take the client address from X-Forwarded-For (behind a trusted proxy) */
  trustProxy: boolean;
  maxUrlLength: number;
  /** called once per finished request, with its timing */
  onFinished?: (entry: AccessEntry) => void;
}

/** One line of the access log. */
export interface AccessEntry {
  reqId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  bytes: number;
  client: string;
  cached: boolean;
}

let counter = 0;
const ID_PREFIX = `r${process.pid.toString(36)}-`;

/** Headers of every answer besides the request id, as [name, value, …]. */
const EVERY_ANSWER = ['x-content-type-options', 'nosniff', 'referrer-policy', 'strict-origin-when-cross-origin'] as const;

function setAll(res: ServerResponse, list: readonly string[]): void {
  for (let i = 0; i < list.length; i += 2) res.setHeader(list[i], list[i + 1]);
}

/** The request handler of the front door, plus the means to drain it for a graceful stop. */
export interface FrontDoor {
  (req: IncomingMessage, res: ServerResponse): void;
  /** refuses new requests (503, Connection: close) and resolves once every response in flight is written out */
  drain(): Promise<void>;
}

/** The client address a request counts against. */
function clientOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

function refuse(req: IncomingMessage, res: ServerResponse, err: DsError, headers: Record<string, string> = {}): void {
  const path = (req.url ?? '/').split('?')[0].slice(0, 200);
  const { type, body } = renderError(err, path.endsWith('.csv') ? 'csv' : 'json', path);
  res.writeHead(err.status, { ...headers, ...err.headers, 'content-type': type, 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The first code every request meets, before the framework: gives it a
 * request id, refuses over-long URLs (414) and clients over their budget
 * (429), answers repeated GETs from the response cache, and logs the request
 * when it finishes. Everything else goes on to `next` (Fastify).
 */
export function createFrontDoor(opts: FrontDoorOptions, next: (req: IncomingMessage, res: ServerResponse) => void): FrontDoor {
  const limiter = opts.rateLimit > 0 ? new RateLimiter(opts.rateLimit) : null;
  let inFlight = 0;
  let draining: (() => void) | null = null;
  const settle = (): void => {
    if (--inFlight === 0 && draining) draining();
  };
  const door = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    if (draining) {
      res.writeHead(503, { connection: 'close', 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8' });
      res.end('The server is restarting; retry.\n');
      return;
    }
    // counted until the last byte has left the process: 'finish' only means handed to the socket
    inFlight++;
    const socket = req.socket;
    let settled = false;
    const settleOnce = (): void => {
      if (settled) return;
      settled = true;
      settle();
    };
    // a client that goes away before the last bytes drain must still count as done
    res.once('finish', () => (socket.writableLength > 0 ? (socket.once('drain', settleOnce), socket.once('close', settleOnce)) : settleOnce()));
    res.once('close', () => {
      if (!res.writableFinished) settleOnce();
    });
    const given = req.headers['x-request-id'];
    const reqId = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : ID_PREFIX + (++counter).toString(36);
    req.headers['x-request-id'] = reqId;
    const common = ['x-request-id', reqId, ...EVERY_ANSWER];
    // set on the response only on the paths that need a header map; a cache hit passes them to writeHead
    let commonSet = false;
    const setCommon = (): void => {
      if (!commonSet) setAll(res, common);
      commonSet = true;
    };
    let cached = false;
    // a cache hit's headers go straight to the socket (no header map to read back)
    let cachedBytes = 0;
    if (opts.onFinished) {
      const log = opts.onFinished;
      res.once('finish', () =>
        log({
          reqId,
          method: req.method ?? '',
          url: (req.url ?? '').slice(0, 500),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 100) / 100,
          bytes: cached ? cachedBytes : Number(res.getHeader('content-length') ?? 0),
          client: clientOf(req, opts.trustProxy),
          cached,
        }),
      );
    }
    if (limiter) {
      setCommon();
      const { allowed, headers } = limiter.take(clientOf(req, opts.trustProxy));
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      if (!allowed) {
        return refuse(
          req,
          res,
          new DsError(
            429,
            'rate_limited',
            'Too many requests',
            `More than ${limiter.limit} requests in a minute from your address; retry after ${headers['retry-after']} s.`,
          ),
          headers,
        );
      }
    }
    const url = req.url ?? '/';
    if (url.length > opts.maxUrlLength) {
      setCommon();
      return refuse(
        req,
        res,
        new DsError(
          414,
          'uri_too_long',
          'URI too long',
          `The URL has ${url.length} characters; at most ${opts.maxUrlLength} are accepted. Select fewer codes or split the request.`,
        ),
      );
    }
    const snapshot = opts.data.current;
    if (snapshot && (req.method === 'GET' || req.method === 'HEAD')) {
      const rep = opts.responses.get(url, snapshot.version);
      if (rep) {
        cached = true;
        cachedBytes = writeRepresentation(req, res, rep, commonSet ? [] : common);
        return;
      }
    }
    setCommon();
    next(req, res);
  };
  return Object.assign(door, {
    drain: (): Promise<void> =>
      new Promise<void>((resolve) => {
        draining = resolve;
        if (inFlight === 0) resolve();
      }),
  });
}
