import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { LoadIssue } from '../data/model.js';
import { registerGet } from '../http/get-route.js';
import { NO_PARAMS } from './schemas.js';

function errorsOf(issues: LoadIssue[]): LoadIssue[] {
  return issues.filter((i) => i.severity === 'error');
}

/** The served OpenAPI document and its ETag, from its content (the document changes with the code and the base URL, not only in length). */
function openapiText(app: FastifyInstance): { body: string; etag: string } {
  const body = JSON.stringify(app.swagger());
  return { body, etag: `W/"oa-${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/** /health: status, counts, data version, load time and load problems; 503 while no data is loaded. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  let document: { body: string; etag: string } | null = null;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/health',
    config: { format: 'json' },
    schema: {
      summary: 'Service health',
      description:
        'status ok or degraded (some datasets failed to load or the last reload failed), counts, the data version and the directory it was read from (`data_dir_resolved`: DS_DATA_DIR through its links) and when it was published (`published_at`, from its manifest), load time, and what the latest load found (errors and warnings with file and line; they clear once their cause is gone); 503 while no data is loaded.',
      tags: ['system'],
      querystring: NO_PARAMS,
    },
    handler: async (_req, reply) => {
      const s = ctx.data.current;
      reply.header('cache-control', 'no-store').header('access-control-allow-origin', '*');
      const serving = { data_dir: ctx.config.dataDir, data_dir_resolved: ctx.data.resolvedDir };
      if (!s) {
        reply.code(503).header('retry-after', '5');
        return { status: 'loading', error: ctx.data.lastError ?? 'The data is being loaded.', ...serving, errors: errorsOf(ctx.data.issues) };
      }
      const errors = errorsOf(ctx.data.issues);
      return {
        status: errors.length || ctx.data.lastError ? 'degraded' : 'ok',
        datasets: s.datasets.size,
        series: s.series,
        observations: s.observations,
        data_version: s.version,
        ...serving,
        published_at: s.publishedAt,
        loaded_at: s.loadedAt.toISOString(),
        load_ms: s.loadMs,
        reload_error: ctx.data.lastError,
        errors,
        warnings: ctx.data.issues.filter((i) => i.severity === 'warning'),
      };
    },
  });

  registerGet(app, ctx, {
    url: '/openapi.json',
    format: 'json',
    needsData: false,
    cache: false,
    schema: {
      summary: 'This description of the API (OpenAPI 3.1)',
      description: 'Generated from the route schemas, the output registry and the error catalogue; browse it at /__docs__/.',
      tags: ['system'],
      querystring: NO_PARAMS,
    },
    handler: () => {
      // the document is fixed once the routes are in: made and hashed on the first request
      document ??= openapiText(app);
      return {
        etag: document.etag,
        type: 'application/json; charset=utf-8',
        cacheControl: 'public, max-age=300',
        build: () => (document as { body: string }).body,
      };
    },
  });
}
