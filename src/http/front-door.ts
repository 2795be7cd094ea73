import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DataHolder } from '../data/data-holder.js';
import { PreconditionFailedError, RestartingError, TooManyRequestsError, UriTooLongError } from '../errors/ds-error.js';
import { hostHeaderError } from './client-errors.js';
import type { ClientOf } from './client-address.js';
import type { FastLanes } from './fast-lane.js';
import { InFlight } from './in-flight.js';
import { requestCost, type RateLimiter } from './rate-limit.js';
import type { ErrorRenderer } from './render-error.js';
import type { ResponseCache } from './response-cache.js';
import { conditionalOf, NO_HEADERS, writeRepresentation, type Representation } from './representation.js';
import { writeError } from './send-error.js';

/** What the front door needs. */
export interface FrontDoorOptions {
  data: DataHolder;
  responses: ResponseCache;
  errors: ErrorRenderer;
  /** the per-client budget, or null for none */
  limiter: RateLimiter | null;
  /** the address a request counts against */
  clientOf: ClientOf;
  maxUrlLength: number;
  /** routes answered without the framework when their query is valid (fast-lane.ts) */
  lanes?: FastLanes;
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

/** The request handler of the front door, plus the means to drain it for a graceful stop. */
export interface FrontDoor {
  (req: IncomingMessage, res: ServerResponse): void;
  /** refuses new requests (503, Connection: close) and resolves once every response in flight is written out */
  drain(): Promise<void>;
}

let counter = 0;
const ID_PREFIX = `r${process.pid.toString(36)}-`;

/** The headers of every answer as [name, value, …], the request id first: one array literal per request (issue 24). */
const commonHeaders = (reqId: string): string[] => [
  'x-request-id',
  reqId,
  'x-content-type-options',
  'nosniff',
  'referrer-policy',
  'strict-origin-when-cross-origin',
];

const TOKEN = /^[\w.-]{1,64}$/;

/** The request id: the client's when it is a plain token, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && TOKEN.test(given) ? given : ID_PREFIX + (++counter).toString(36);
}

/** What the access log learns of one request as it goes through. */
interface Visit {
  reqId: string;
  started: number;
  /** bytes of an answer whose headers went straight to the socket (a cache hit, a fast lane): no header map to read back */
  bytes: number | null;
  /** answered from the response cache */
  cached: boolean;
}

/**
 * The access log's listener of a request, called when its response closes
 * (after 'finish'; a response never finished, its client gone, is not
 * logged): at once when the bytes sent are known (a cache hit), else after
 * the fast lane's promise has told them (setImmediate).
 */
function logOnClose(req: IncomingMessage, res: ServerResponse, visit: Visit, clientOf: ClientOf, log: (entry: AccessEntry) => void): () => void {
  return () => {
    if (!res.writableFinished) return;
    const ms = Math.round((performance.now() - visit.started) * 100) / 100;
    const write = (): void =>
      log({
        reqId: visit.reqId,
        method: req.method ?? '',
        url: (req.url ?? '').slice(0, 500),
        status: res.statusCode,
        ms,
        bytes: visit.bytes ?? Number(res.getHeader('content-length') ?? 0),
        client: clientOf(req),
        cached: visit.cached,
      });
    if (visit.bytes === null) setImmediate(write);
    else write();
  };
}

/** Sets [name, value, …] on a response (the paths that need a header map). */
function setAll(res: ServerResponse, list: readonly string[]): void {
  for (let i = 0; i < list.length; i += 2) res.setHeader(list[i], list[i + 1]);
}

/**
 * The first code every request meets, before the framework: gives it a
 * request id, refuses it while stopping (503), charges the client's budget
 * (429 when spent), refuses an over-long URL (414) and a missing or doubled
 * Host (400), answers repeated GETs (412 to a stale If-Match)
 * from the response cache, answers valid queries of the fast lanes, and logs
 * the request when it finishes. Everything else goes on to `next` (Fastify).
 */
export function createFrontDoor(opts: FrontDoorOptions, next: (req: IncomingMessage, res: ServerResponse) => void): FrontDoor {
  const inFlight = new InFlight();
  const { limiter, errors, onFinished: log } = opts;

  /** The cached answer of a GET or HEAD, if any. */
  const cachedAnswer = (req: IncomingMessage, url: string): Representation | null => {
    const snapshot = opts.data.current;
    if (!snapshot || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    return opts.responses.get(url, snapshot.version, req.headers.accept) ?? null;
  };

  /** The door's headers of a cache hit without a limiter, refilled per request: writeRepresentation copies them at once (a hit is answered synchronously). */
  const hitHeaders = commonHeaders('');

  /**
   * Answers from the response cache: 412 to a stale If-Match, else the
   * representation (304 when If-None-Match matches), with the door's
   * headers: after the representation's own without a limiter (`own`),
   * before them with one (`lead`, the limiter's headers included).
   */
  const fromCache = (
    req: IncomingMessage,
    res: ServerResponse,
    rep: Representation,
    visit: Visit | null,
    own: readonly string[],
    lead: readonly string[],
  ): void => {
    const conditional = conditionalOf(req, rep);
    // writeError copies its list: the hit headers may go in
    if (conditional === 412) return void writeError(errors, req, res, new PreconditionFailedError(rep.etag), undefined, lead.length ? lead : own);
    const bytes = writeRepresentation(req, res, rep, own, conditional, lead);
    if (visit) [visit.cached, visit.bytes] = [true, bytes];
  };

  /** The request id and security headers, then the limiter's for a request it charges; a 429 when the budget is spent (null then). */
  const charged = (req: IncomingMessage, res: ServerResponse, reqId: string, url: string, cached: boolean): string[] | null => {
    const lead = commonHeaders(reqId);
    const cost = limiter ? requestCost(url, cached) : 0;
    if (!limiter || cost === 0) return lead;
    const { allowed, retryAfter, headers } = limiter.take(opts.clientOf(req), cost);
    for (const k in headers) lead.push(k, headers[k]);
    if (allowed) return lead;
    writeError(errors, req, res, new TooManyRequestsError(limiter.limit, retryAfter, headers), undefined, lead);
    return null;
  };

  const door = (req: IncomingMessage, res: ServerResponse): void => {
    if (inFlight.draining) return void writeError(errors, req, res, new RestartingError());
    const reqId = requestIdOf(req);
    // what the access log learns as the request goes through (nothing to learn without a log)
    const visit: Visit | null = log ? { reqId, started: performance.now(), bytes: null, cached: false } : null;
    inFlight.track(res, visit && log ? logOnClose(req, res, visit, opts.clientOf, log) : undefined);
    const url = req.url ?? '/';
    const refused = url.length > opts.maxUrlLength ? new UriTooLongError(url.length, opts.maxUrlLength) : hostHeaderError(req);
    const rep = refused ? null : cachedAnswer(req, url);
    // the fast path: a cache hit's headers go to writeHead as one flat list, no array made for them
    if (rep && !limiter) {
      hitHeaders[1] = reqId;
      return fromCache(req, res, rep, visit, hitHeaders, NO_HEADERS);
    }
    // every request counts against the budget, refused ones too; the door writes these headers first, or sets them before others write
    const lead = charged(req, res, reqId, url, rep !== null);
    if (!lead) return;
    if (refused) return void writeError(errors, req, res, refused, undefined, lead);
    if (rep) return fromCache(req, res, rep, visit, NO_HEADERS, lead);
    const toFramework = (): void => {
      setAll(res, lead);
      // Fastify's logger takes it from there (genReqId)
      req.headers['x-request-id'] = reqId;
      next(req, res);
    };
    const onLane = opts.lanes?.match(req, url);
    if (onLane) {
      // a lane writes its extra headers after the answer's own: with a limiter they are set first, in a header map
      if (limiter) setAll(res, lead);
      onLane.lane.serve(req, res, onLane.query, limiter ? NO_HEADERS : lead).then(
        (bytes) => void (visit && (visit.bytes = bytes)),
        // nothing written yet: the framework answers (an error, in its route's format)
        () => (res.headersSent ? res.destroy() : toFramework()),
      );
      return;
    }
    toFramework();
  };
  return Object.assign(door, { drain: () => inFlight.drain() });
}
