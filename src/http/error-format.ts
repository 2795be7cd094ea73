import type { ErrorFormat } from './render-error.js';
import { wantsSdmxError } from '../sdmx/data-formats.js';

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

/** The q of the most specific range of an Accept header that matches a media type (0 when none does; an absent header accepts all). */
function qualityOf(accept: string | undefined, type: string): number {
  if (!accept) return 1;
  const [major] = type.split('/');
  let best = -1;
  let q = 0;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best) continue;
    const given = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    best = specificity;
    q = given ? Number(given.slice(2)) || 0 : 1;
  }
  return q;
}

/**
 * True when an Accept header ranks JSON (or problem+json) above HTML.
 * @example prefersJson('application/json') // true
 */
export function prefersJson(accept: string | undefined): boolean {
  const json = Math.max(qualityOf(accept, 'application/json'), qualityOf(accept, 'application/problem+json'));
  return json > qualityOf(accept, 'text/html');
}

/** The `format=` of a request URL (SDMX data answers take it), or null. */
function formatOf(req: RequestLike): string | null {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? null : new URLSearchParams(url.slice(q + 1, q + 2001)).get('format');
}

/**
 * How to render an error for a request: its route's format when it matched
 * one, else an HTML page for a browser asking for a page, an error CSV for a
 * `.csv` path, problem+json otherwise. The one rule for the app and the front door.
 * @example errorFormatOf(req, req.routeOptions?.config?.format)
 */
export function errorFormatOf(req: RequestLike, routeFormat?: ErrorFormat): ErrorFormat {
  // the SDMX face, matched or not: SDMX-ML for SDMX clients, problem+json for a client that asks for JSON (issue 22)
  if (routeFormat === 'sdmx' || (!routeFormat && pathOf(req.url).startsWith('/sdmx/')))
    return wantsSdmxError(req.headers.accept, formatOf(req)) ? 'sdmx' : 'json';
  // a page's error is a page for a browser, and the problem shape for a client that prefers JSON (issue 23)
  if (routeFormat === 'html') return prefersJson(req.headers.accept) ? 'json' : 'html';
  if (routeFormat) return routeFormat;
  if (isPageRequest(req)) return 'html';
  return pathOf(req.url).endsWith('.csv') ? 'csv' : 'json';
}
