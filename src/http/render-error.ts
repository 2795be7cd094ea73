import { problemType } from '../errors/catalogue.js';
import type { DsError } from '../errors/ds-error.js';
import { csvField } from '../query/encode.js';
import { renderSdmxError } from '../sdmx/errors.js';

/** How an error is rendered: problem+json, a one-column `error` CSV, (pages) HTML, or (the SDMX routes) an SDMX-ML error message. */
export type ErrorFormat = 'json' | 'csv' | 'html' | 'sdmx';

/** The media type of an error of the API's formats (also what /openapi.json documents). */
export const ERROR_MEDIA_TYPES = { json: 'application/problem+json; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

/** Renders an error as a whole HTML page; set by the page routes (src/routes/pages.ts). */
export type HtmlErrorRenderer = (err: DsError, instance: string) => string;

/** A rendered error: its content type and body. */
export interface RenderedError {
  type: string;
  body: string;
}

/**
 * How one app renders its errors. Held on the app's context (never in a
 * module), so two apps in one process each render their own HTML pages.
 */
export class ErrorRenderer {
  private html: HtmlErrorRenderer | null = null;

  /** Sets how errors of the `html` format are rendered (until set, they are problem+json). */
  setHtml(render: HtmlErrorRenderer): void {
    this.html = render;
  }

  /**
   * The body and content type of an error in a format.
   * @example renderer.render(new NotFoundError('Unknown dataset', {}, 'unknown_dataset'), 'csv', '/series.csv')
   */
  render(err: DsError, format: ErrorFormat, instance: string): RenderedError {
    if (format === 'html' && this.html) return { type: 'text/html; charset=utf-8', body: this.html(err, instance) };
    if (format === 'sdmx') return renderSdmxError(err);
    if (format === 'csv') return { type: ERROR_MEDIA_TYPES.csv, body: 'error\n' + csvField(err.message) + '\n' };
    return { type: ERROR_MEDIA_TYPES.json, body: JSON.stringify(problemOf(err, instance)) };
  }
}

/** The RFC 9457 problem details of an error, with `error` (what existing clients read) and `code`. */
function problemOf(err: DsError, instance: string): Record<string, unknown> {
  return {
    ...err.facts,
    type: problemType(err.code),
    title: err.title,
    status: err.status,
    detail: err.message,
    instance,
    code: err.code,
    error: err.message,
  };
}
