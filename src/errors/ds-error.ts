import { ERROR_CATALOGUE, type CodeOf, type ErrorCode } from './catalogue.js';

/**
 * The one error family of the service. Every error a client can cause is a
 * DsError whose code is an entry of the catalogue (status, title) and whose
 * message says how to fix the request; `render-error.ts` turns it into
 * problem+json, an `error` CSV or an HTML page.
 */

/** Extra facts carried to the client (the unknown dimension, the valid ones...). */
export type ErrorFacts = Record<string, unknown>;

/** Error with V8's stack depth (also bundled for the browser, whose types lack it). */
const V8_ERROR = Error as ErrorConstructor & { stackTraceLimit?: number };

/** Base class: code (→ status and title from the catalogue), message, facts, headers. */
export class DsError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly facts: ErrorFacts;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, facts: ErrorFacts = {}, headers: Record<string, string> = {}) {
    // a client's mistake needs no stack: capturing one was a tenth of a bad request's cost (issue 24)
    const limit = V8_ERROR.stackTraceLimit;
    V8_ERROR.stackTraceLimit = 0;
    super(message);
    V8_ERROR.stackTraceLimit = limit;
    this.name = 'DsError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.title = ERROR_CATALOGUE[code].title;
    this.facts = facts;
    this.headers = headers;
  }
}

/** 400: a parameter is malformed or names something that does not exist. */
export class BadParameterError extends DsError {
  constructor(message: string, facts: ErrorFacts = {}, code: CodeOf<400> = 'bad_parameter') {
    super(code, message, facts);
  }
}

/** 404: unknown dataset or path; the code says which. */
export class NotFoundError extends DsError {
  constructor(message: string, facts: ErrorFacts, code: CodeOf<404>) {
    super(code, message, facts);
  }
}

/** 405: the path exists but only answers the listed methods. */
export class MethodNotAllowedError extends DsError {
  constructor(method: string, allowed: readonly string[]) {
    const detail = `${method} is not allowed here: this service is read-only; use ${allowed.join(', ')}.`;
    super('method_not_allowed', detail, { method, allowed }, { allow: allowed.join(', ') });
  }
}

/** 412: the request's If-Match names no current ETag of the answer. */
export class PreconditionFailedError extends DsError {
  constructor(etag: string) {
    super('precondition_failed', `If-Match names none of the current ETag ${etag}: the answer changed since; fetch it again without If-Match.`, { etag });
  }
}

/** 414: the URL is longer than accepted. */
export class UriTooLongError extends DsError {
  /** `atLeast`: only part of the URL was read (Node refused the rest), so `length` is a lower bound. */
  constructor(length: number, max: number, atLeast = false) {
    const has = atLeast ? `more than ${length}` : `${length}`;
    super('uri_too_long', `The URL has ${has} characters; at most ${max} are accepted. Select fewer codes or split the request.`, { length, max });
  }
}

/** 429: the client spent its budget; `headers` carries the RateLimit fields and Retry-After. */
export class TooManyRequestsError extends DsError {
  constructor(limit: number, retryAfter: number, headers: Record<string, string>) {
    const detail = `More than ${limit} request units in a minute from your address; retry after ${retryAfter} s.`;
    super('rate_limited', detail, { limit, retry_after: retryAfter }, { ...headers, 'retry-after': String(retryAfter) });
  }
}

/** 429 (this client holds its share of streams) or 503 (the server holds all it can). */
export class TooManyStreamsError extends DsError {
  constructor(scope: 'client' | 'server', max: number) {
    const detail =
      scope === 'client'
        ? `Your address already has ${max} event streams open; close one, or poll /dataset/{id}/meta with If-None-Match.`
        : 'Too many open event streams; retry later, or poll /dataset/{id}/meta with If-None-Match.';
    super(scope === 'client' ? 'too_many_client_streams' : 'too_many_streams', detail, { max }, { 'retry-after': '30' });
  }
}

/** 503: no data is loaded yet (or loading failed). */
export class NotReadyError extends DsError {
  constructor(message = 'The data is not loaded yet; retry in a few seconds.') {
    super('not_ready', message, {}, { 'retry-after': '5' });
  }
}

/** 503 while a graceful stop drains: the connection closes and a retry reaches another process. */
export class RestartingError extends DsError {
  constructor() {
    super('restarting', 'The server is restarting; retry.', {}, { 'retry-after': '1', connection: 'close' });
  }
}

/** 501: a recognised request the service does not implement. */
export class NotImplementedError extends DsError {
  constructor(message: string, facts: ErrorFacts = {}) {
    super('not_implemented', message, facts);
  }
}

/** 500 for anything unexpected: the message never reaches the client. */
export class InternalError extends DsError {
  constructor() {
    super('internal', 'Something went wrong on our side; the error has been logged.');
  }
}

/** 503: the queue of heavy work (images, workbooks) is full; the client should retry after Retry-After seconds. */
export class OverloadedError extends DsError {
  constructor(retryAfter: number, facts: ErrorFacts = {}) {
    super(
      'overloaded',
      `The server is busy rendering other images and workbooks; retry after ${retryAfter} s (or ask for a smaller selection).`,
      { retry_after: retryAfter, ...facts },
      { 'retry-after': String(retryAfter) },
    );
  }
}
