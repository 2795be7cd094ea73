import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerGet } from '../http/get-route.js';

/** /health: status, counts, data version, load time and load problems; 503 while no data is loaded. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/health',
    config: { format: 'json' },
    schema: {
      summary: 'Service health',
      description:
        'status ok or degraded (some datasets failed to load or the last reload failed), counts, data version, load time, load errors and warnings; 503 while no data is loaded.',
      tags: ['system'],
    },
    handler: async (_req, reply) => {
      const s = ctx.data.current;
      reply.header('cache-control', 'no-store').header('access-control-allow-origin', '*');
      if (!s) {
        reply.code(503).header('retry-after', '5');
        return { status: 'loading', error: ctx.data.lastError ?? 'The data is being loaded.', data_dir: ctx.config.dataDir };
      }
      const errors = s.issues.filter((i) => i.severity === 'error');
      return {
        status: errors.length || ctx.data.lastError ? 'degraded' : 'ok',
        datasets: s.datasets.size,
        series: s.series,
        observations: s.observations,
        data_version: s.version,
        loaded_at: s.loadedAt.toISOString(),
        load_ms: s.loadMs,
        reload_error: ctx.data.lastError,
        errors,
        warnings: s.issues.filter((i) => i.severity === 'warning'),
      };
    },
  });

  registerGet(app, ctx, {
    url: '/openapi.json',
    format: 'json',
    needsData: false,
    cache: false,
    schema: { hide: true } as never,
    handler: () => {
      const doc = app.swagger();
      const body = JSON.stringify(doc);
      return { etag: `W/"oa-${body.length}"`, type: 'application/json; charset=utf-8', cacheControl: 'public, max-age=300', build: () => body };
    },
  });
}
