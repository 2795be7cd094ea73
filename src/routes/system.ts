import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { encodeForRequest } from '../http/representation.js';
import { registerGet } from '../http/get-route.js';
import { buildHealth, HEALTH_LISTED, healthViewOf } from './health-view.js';
import { NO_PARAMS } from './schemas.js';

/** The served OpenAPI document and its ETag, from its content (the document changes with the code and the base URL, not only in length). */
function openapiText(app: FastifyInstance): { body: string; etag: string } {
  const body = JSON.stringify(app.swagger());
  return { body, etag: `W/"oa-${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/** /health (its two views: health-view.ts) and /openapi.json. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  let document: { body: string; etag: string } | null = null;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/health',
    config: { format: 'json' },
    schema: {
      summary: 'Service health',
      description: `status ok or degraded (some datasets failed to load or the last reload failed), counts, the data version, when it was published (\`published_at\`, from its manifest) and loaded, and what the latest load found: \`error_count\` and \`warning_count\`, the first ${HEALTH_LISTED} of each (\`errors\`, \`warnings\`; they clear once their cause is gone) and how many more there are; 503 while no data is loaded. \`view\` says which view answered: \`public\` gives each problem's dataset and severity; \`operator\` (a request from the server's machine through no proxy, or as DS_HEALTH_DETAILS says) adds the data directory (\`data_dir\`, \`data_dir_resolved\`), the reload failure (\`reload_error\`) and each problem's file, line and message.`,
      tags: ['system'],
      querystring: NO_PARAMS,
    },
    handler: async (req, reply) => {
      const { status, body } = buildHealth(ctx, healthViewOf(ctx.config.healthDetails, req.raw));
      const type = 'application/json; charset=utf-8';
      const encoded = encodeForRequest(req.headers, type, JSON.stringify(body));
      reply.code(status).type(type).header('cache-control', 'no-store').header('access-control-allow-origin', '*').header('vary', 'Accept-Encoding');
      if (status === 503) reply.header('retry-after', '5');
      if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
      return reply.send(encoded.body);
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
