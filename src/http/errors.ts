/**
 * The one error family of the service. Every error a client can cause is a
 * DsError with an HTTP status, a stable code and a message that says how to
 * fix the request; `render-error.ts` turns it into problem+json, an `error`
 * CSV or an HTML page.
 */

/** Extra facts carried to the client (the unknown dimension, the valid ones...). */
export type ErrorFacts = Record<string, unknown>;

/** Base class: status, stable code, message, facts. */
export class DsError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly facts: ErrorFacts;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, title: string, message: string, facts: ErrorFacts = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'DsError';
    this.status = status;
    this.code = code;
    this.title = title;
    this.facts = facts;
    this.headers = headers;
  }
}

/** 400: a parameter is malformed or names something that does not exist. */
export class BadParameterError extends DsError {
  constructor(message: string, facts: ErrorFacts = {}, code = 'bad_parameter') {
    super(400, code, 'Bad request parameter', message, facts);
  }
}

/** 404: unknown dataset or path. */
export class NotFoundError extends DsError {
  constructor(message: string, facts: ErrorFacts = {}, code = 'not_found') {
    super(404, code, 'Not found', message, facts);
  }
}

/** 405: the path exists but only answers the listed methods. */
export class MethodNotAllowedError extends DsError {
  constructor(method: string, allowed: string[]) {
    super(
      405,
      'method_not_allowed',
      'Method not allowed',
      `${method} is not allowed here: this service is read-only; use ${allowed.join(' or ')}.`,
      { method, allowed },
      { allow: allowed.join(', ') },
    );
  }
}

/** 503: no data is loaded yet (or loading failed). */
export class NotReadyError extends DsError {
  constructor(message = 'The data is not loaded yet; retry in a few seconds.') {
    super(503, 'not_ready', 'Service not ready', message, {}, { 'retry-after': '5' });
  }
}

/** 503: the queue of heavy work (images, workbooks) is full; the client should retry after Retry-After seconds. */
export class OverloadedError extends DsError {
  constructor(retryAfter: number, facts: ErrorFacts = {}) {
    super(
      503,
      'overloaded',
      'Service overloaded',
      `The server is busy rendering other images and workbooks; retry after ${retryAfter} s (or ask for a smaller selection).`,
      { retry_after: retryAfter, ...facts },
      { 'retry-after': String(retryAfter) },
    );
  }
}

/** 501: a recognised request the service does not implement. */
export class NotImplementedError extends DsError {
  constructor(message: string, facts: ErrorFacts = {}) {
    super(501, 'not_implemented', 'Not implemented', message, facts);
  }
}

/** 500 for anything unexpected: the message never reaches the client. */
export class InternalError extends DsError {
  constructor() {
    super(500, 'internal', 'Internal error', 'Something went wrong on our side; the error has been logged.');
  }
}
