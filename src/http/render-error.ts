import { csvField } from '../query/encode.js';
import { DsError } from './errors.js';

/** How an error is rendered: problem+json, a one-column `error` CSV, or (pages) HTML. */
export type ErrorFormat = 'json' | 'csv' | 'html';

/** Renders an error as a whole HTML page; set by the page routes (src/routes/pages.ts). */
export type HtmlErrorRenderer = (err: DsError, instance: string) => string;

let htmlRenderer: HtmlErrorRenderer | null = null;

/** Sets how errors of the `html` format are rendered (until set, they are problem+json). */
export function setHtmlErrorRenderer(render: HtmlErrorRenderer): void {
  htmlRenderer = render;
}

/** The RFC 9457 `type` URI of an error code (stable, documented in the OpenAPI description). */
export function problemType(code: string): string {
  return `urn:dataseries:problem:${code}`;
}

/**
 * The body and content type of an error in a format.
 * @example renderError(new NotFoundError('Unknown dataset'), 'csv', '/series.csv')
 */
export function renderError(err: DsError, format: ErrorFormat, instance: string): { type: string; body: string } {
  if (format === 'html' && htmlRenderer) {
    return { type: 'text/html; charset=utf-8', body: htmlRenderer(err, instance) };
  }
  if (format === 'csv') {
    return { type: 'text/csv; charset=utf-8', body: 'error\n' + csvField(err.message) + '\n' };
  }
  const problem = {
    ...err.facts,
    type: problemType(err.code),
    title: err.title,
    status: err.status,
    detail: err.message,
    instance,
    code: err.code,
    error: err.message,
  };
  return { type: 'application/problem+json; charset=utf-8', body: JSON.stringify(problem) };
}
