import type { IncomingMessage, ServerResponse } from 'node:http';
import AjvCompiler from '@fastify/ajv-compiler';
import { plainQueryCheck } from './plain-query.js';
import { parseQueryString } from './query-string.js';

/**
 * Options of the query validation of every route: Fastify's (app.ts) and the
 * fast lanes' below, so that both accept exactly the same queries.
 */
export const AJV_OPTIONS = { removeAdditional: false, coerceTypes: true, allErrors: false, verbose: true } as const;

/** Answers a request whose query its route's schema accepted; rejects (before writing anything) to hand the request to the framework. */
export type LaneServe = (req: IncomingMessage, res: ServerResponse, query: Record<string, unknown>, extraHeaders: readonly string[]) => Promise<number>;

interface Lane {
  validate(query: unknown): boolean;
  serve: LaneServe;
}

/**
 * Fast lanes (issue 16, the cold path): a GET or HEAD of a busy route whose
 * answer nobody asked for before is answered by the route's own code without
 * the framework's per-request work (routing, request and reply objects,
 * hooks, the promise chain). The query is parsed and validated as Fastify
 * does (the one query parser, its validator compiler, the same options); anything else,
 * a query the schema refuses, a request with a body, or an error while
 * answering, goes on to Fastify, which renders the error in the one shape.
 */
export class FastLanes {
  private readonly lanes = new Map<string, Lane>();
  private readonly compile = AjvCompiler()({}, { customOptions: AJV_OPTIONS });

  /** Adds the lane of a route: its path, its query schema, and how it answers. */
  add(path: string, querySchema: object, serve: LaneServe): void {
    const validate = this.compile({ schema: querySchema, method: 'GET', url: path, httpPart: 'querystring' }) as Lane['validate'];
    // the schema's plain parameters checked straight from it, Ajv for any other query (plain-query.ts: issue 24, round 5)
    const plain = plainQueryCheck(querySchema);
    this.lanes.set(path, { validate: plain ? (query) => plain(query as Record<string, unknown>) ?? validate(query) : validate, serve });
  }

  /**
   * The lane of a request and its validated query, or null when the
   * framework must take it.
   */
  match(req: IncomingMessage, url: string): { lane: Lane; query: Record<string, unknown> } | null {
    if (this.lanes.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const q = url.indexOf('?');
    if (q < 0 || url.includes('#') || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return null;
    const lane = this.lanes.get(url.slice(0, q));
    if (!lane) return null;
    const query = parseQueryString(url.slice(q + 1));
    return lane.validate(query) ? { lane, query } : null;
  }
}
