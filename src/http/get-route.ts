import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { METHODS, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Snapshot } from '../data/model.js';
import type { AppContext } from '../app-context.js';
import { DsError, MethodNotAllowedError, NotReadyError, PreconditionFailedError } from '../errors/ds-error.js';
import type { ErrorFormat } from './render-error.js';
import { conditionalStatus, writeRepresentation, type Representation } from './representation.js';
import { writeError } from './send-error.js';
import { isStreamed, writeStreamed, type StreamedBody } from './stream-answer.js';

/** What a GET handler returns: the ETag first, the body only when needed. */
export interface Answer {
  etag: string;
  type: string;
  /** Cache-Control; defaults to a short public cache that revalidates */
  cacheControl?: string;
  headers?: Record<string, string>;
  /** the body; a StreamedBody is written as it is made and not cached */
  build(): Buffer | string | StreamedBody;
}

/** What a handler may read of its request: the headers, and the path parameters on routes that have them. */
export interface RequestView {
  headers: IncomingHttpHeaders;
  params?: unknown;
}

/** What every read-only route has besides its handler. */
interface GetRouteBase {
  url: string;
  schema: FastifySchema;
  /** how errors of this route are rendered */
  format: ErrorFormat;
  /** false for routes that answer before data is loaded (health) */
  needsData?: boolean;
  cors?: boolean;
  /** keep the encoded answer for repeated identical requests */
  cache?: boolean;
}

/** A read-only route: GET (and HEAD) with a schema; other methods get 405. */
export type GetRoute<Q> = FrameworkRoute<Q> | LaneRoute<Q>;

/** A route only the framework answers: its handler sees Fastify's request. */
interface FrameworkRoute<Q> extends GetRouteBase {
  fastLane?: false;
  handler(query: Q, snapshot: Snapshot, req: FastifyRequest): Answer | Promise<Answer>;
}

/** A busy route without path parameters that also answers valid queries before the framework (fast-lane.ts): its handler sees the headers. */
interface LaneRoute<Q> extends GetRouteBase {
  fastLane: true;
  handler(query: Q, snapshot: Snapshot, req: RequestView): Answer | Promise<Answer>;
}

/** Default caching of data answers: shared caches may keep them a minute, then revalidate by ETag. */
export const DATA_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/**
 * Registers a read-only route: validates with its schema (which also feeds
 * /openapi.json), answers 503 before data is loaded, 304 on a matching ETag (412 on a stale If-Match),
 * compresses, keeps repeated answers in the response cache, and answers 405
 * (with Allow) to other methods and 204 to CORS preflights. A `fastLane`
 * route also answers valid queries from the front door, before the
 * framework, with the same handler and writer (fast-lane.ts).
 */
export function registerGet<Q>(app: FastifyInstance, ctx: AppContext, route: GetRoute<Q>): void {
  const { format } = route;
  app.route({
    method: 'GET',
    url: route.url,
    schema: route.schema,
    config: { format },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const snapshot = ctx.data.current;
      const answer = await route.handler(req.query as Q, readySnapshot(route, snapshot), req);
      reply.hijack();
      await writeAnswer(ctx, route, snapshot, req.raw, reply.raw, answer);
    },
  });
  if (route.fastLane) {
    ctx.lanes.add(route.url, route.schema.querystring as object, (req, res, query, extra) => {
      const snapshot = ctx.data.current;
      // our errors are rendered here, as the framework would (issue 24: a bad request does not run twice); anything else goes on to it
      const fail = (err: unknown): number => {
        if (!(err instanceof DsError) || res.headersSent) throw err;
        return writeError(ctx.errors, req, res, err, format, extra);
      };
      try {
        const answer = route.handler(query as Q, readySnapshot(route, snapshot), req);
        // no async frame and no extra turn of the microtask queue for an answer made at once (issue 16; issue 24, round 4)
        const written =
          answer instanceof Promise
            ? answer.then((made) => writeAnswer(ctx, route, snapshot, req, res, made, extra))
            : writeAnswer(ctx, route, snapshot, req, res, answer, extra);
        return written.then(undefined, fail);
      } catch (err) {
        return new Promise<number>((resolve) => resolve(fail(err)));
      }
    });
  }
  registerOtherMethods(app, route.url, format);
}

/** The snapshot a handler answers from; 503 before data is loaded (a route that needs no data gets null). */
function readySnapshot(route: GetRouteBase, snapshot: Snapshot | null): Snapshot {
  if ((route.needsData ?? true) && !snapshot) throw new NotReadyError();
  return snapshot as Snapshot;
}

/**
 * Writes an answer: 412 when If-Match names none of its ETag, 304 on a matching ETag, streamed when it is large, else
 * whole and kept in the response cache (under the version of the `snapshot`
 * it was made from). `extra` are more headers as
 * [name, value, …]. Returns the bytes of the body sent.
 */
async function writeAnswer(
  ctx: AppContext,
  route: GetRouteBase & { url: string },
  snapshot: Snapshot | null,
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
  extra: readonly string[] = [],
): Promise<number> {
  const { cors = true, cache = true } = route;
  const cacheControl = answer.cacheControl ?? DATA_CACHE_CONTROL;
  const status = conditionalStatus(req.headers, answer.etag);
  if (status === 412) {
    writeError(ctx.errors, req, res, new PreconditionFailedError(answer.etag), route.format, extra);
    return 0;
  }
  if (status === 304) {
    const rep: Representation = { status: 200, type: answer.type, body: Buffer.alloc(0), etag: answer.etag, cacheControl, cors, headers: answer.headers };
    return writeRepresentation(req, res, rep, extra, status);
  }
  const built = answer.build();
  if (isStreamed(built)) {
    await writeStreamed(req, res, { status: 200, type: answer.type, etag: answer.etag, cacheControl, cors, headers: answer.headers }, built, extra);
    return 0;
  }
  const rep: Representation = {
    status: 200,
    type: answer.type,
    body: built,
    etag: answer.etag,
    cacheControl,
    cors,
    headers: answer.headers,
  };
  if (cache && snapshot) ctx.responses.set(req.url ?? route.url, snapshot.version, rep, req.headers.accept);
  return writeRepresentation(req, res, rep, extra, status);
}

/** The methods every read-only route answers: what `Allow` says on a 405 and on OPTIONS alike. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** `Allow` and `Access-Control-Allow-Methods` of every route. */
const ALLOW = ALLOWED_METHODS.join(', ');

/** Every method but GET and HEAD that reaches a route (CONNECT never does). */
const OTHER_METHODS = METHODS.filter((m) => m !== 'GET' && m !== 'HEAD' && m !== 'CONNECT');

/**
 * Answers the methods a read-only route does not take: 204 to a CORS
 * preflight (OPTIONS), 405 with `Allow` to anything else (POST, TRACE,
 * PROPFIND…: every method Node parses; app.ts makes Fastify route them).
 */
export function registerOtherMethods(app: FastifyInstance, url: string, format: ErrorFormat): void {
  app.route({
    method: OTHER_METHODS,
    url,
    config: { format },
    // refused before Fastify reads a body (QUERY, say, would first demand a Content-Type)
    onRequest: async (req) => {
      if (req.method !== 'OPTIONS') throw new MethodNotAllowedError(req.method, ALLOWED_METHODS);
    },
    handler: async (_req, reply) => {
      reply
        .code(204)
        .header('allow', ALLOW)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', ALLOW)
        .header('access-control-allow-headers', '*')
        .header('access-control-max-age', '86400')
        .send();
    },
  });
}
