import type { ErrorFormat } from './render-error.js';

/** What deciding an error's format reads of a request (a Fastify request or Node's). */
export interface RequestLike {
  url?: string;
  headers: { accept?: string };
}

/** The path of a request URL, without its query; cut so that an error never echoes megabytes. */
export function pathOf(url: string | undefined): string {
  const full = url ?? '/';
  const q = full.indexOf('?');
  return (q < 0 ? full : full.slice(0, q)).slice(0, 500);
}

/**
 * True when a request is a browser asking for a page: it accepts HTML and its
 * path looks like a page (no file extension), so an error is an HTML page.
 */
export function isPageRequest(req: RequestLike): boolean {
  const path = pathOf(req.url);
  const last = path.slice(path.lastIndexOf('/') + 1);
  return (req.headers.accept ?? '').includes('text/html') && (!last.includes('.') || last.endsWith('.html'));
}

/**
 * How to render an error for a request: its route's format when it matched
 * one, else an HTML page for a browser asking for a page, an error CSV for a
 * `.csv` path, problem+json otherwise. The one rule for the app and the front door.
 * @example errorFormatOf(req, req.routeOptions?.config?.format)
 */
export function errorFormatOf(req: RequestLike, routeFormat?: ErrorFormat): ErrorFormat {
  if (routeFormat) return routeFormat;
  if (isPageRequest(req)) return 'html';
  return pathOf(req.url).endsWith('.csv') ? 'csv' : 'json';
}
