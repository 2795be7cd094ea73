import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { NotReadyError, TooManyStreamsError } from '../errors/ds-error.js';
import { registerOtherMethods } from '../http/get-route.js';
import { workerStreamQuota } from '../http/stream-quota.js';
import { findDataset } from '../query/parse-selection.js';
import { LIVE_DEFAULTS, LiveHub, type LiveOptions } from './live-hub.js';
import { datasetIdSchema } from './schemas.js';

/**
 * GET /events[?dataset=ID]: Server-Sent Events telling open pages and embeds
 * that a dataset has a new version, so they fetch its data again (the page
 * keeps its selection and zoom). A stream answers from the snapshot, never
 * from a file; a reload sends `change` events to every stream that follows a
 * changed dataset; `app.close()` ends the streams.
 *
 * Registered on Fastify directly because it streams: it keeps registerGet's
 * conventions by hand (HEAD, 503 before load, 404 unknown dataset, CORS,
 * 405 for other methods, 204 to preflights), but has no ETag and is never
 * compressed or cached.
 */

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'access-control-allow-origin': '*',
  // nginx would buffer the stream otherwise
  'x-accel-buffering': 'no',
  // a stream is never followed by another request on its connection; closing it lets a stopping server finish
  connection: 'close',
};

const description = `A text/event-stream. On connect: \`retry:\` and an event \`versions\` with data \`{data_version, datasets: {id: version}}\` (every dataset, or the one named by \`dataset\`). After each data reload: one event \`change\` with data \`{dataset, version, data_version}\` per followed dataset whose version changed (\`version\` null when it was removed). A comment line every ${LIVE_DEFAULTS.heartbeatMs / 1000} s keeps the connection open. A version is the one in /catalog and /dataset/{id}/meta.`;

/** Registers /events; returns its hub (tests look at its streams). */
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext, options: Partial<LiveOptions> = {}): LiveHub {
  const hub = new LiveHub({ ...LIVE_DEFAULTS, maxPerClient: ctx.config.eventsPerClient, ...options });
  // under --workers N the primary counts a client's streams across the workers; a single process counts alone (the hub)
  const quota = workerStreamQuota();
  ctx.data.onSwap((next, old) => hub.swapped(next, old));
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  // A graceful stop waits for the responses in flight; a stream never ends by itself, so it ends when the stop begins.
  ctx.onStopping(() => hub.close());

  app.route({
    method: ['GET', 'HEAD'],
    url: '/events',
    exposeHeadRoute: false,
    config: { format: 'json' },
    schema: {
      summary: 'New data as it is published (Server-Sent Events)',
      description,
      tags: ['data'],
      querystring: {
        type: 'object',
        properties: { dataset: { ...datasetIdSchema, description: 'Follow only this dataset (default: every dataset).' } },
        patternProperties: { '^_': {} },
        additionalProperties: false,
      },
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const snapshot = ctx.data.current;
      if (!snapshot) throw new NotReadyError();
      const dataset = (req.query as { dataset?: string }).dataset ?? null;
      if (dataset !== null) findDataset(snapshot, dataset);
      const client = ctx.clientOf(req.raw);
      const full = hub.full(client);
      if (full) throw new TooManyStreamsError(full, full === 'client' ? hub.options.maxPerClient : hub.options.maxStreams);
      if (req.method !== 'HEAD' && quota) {
        if (!(await quota.acquire(client))) throw new TooManyStreamsError('client', hub.options.maxPerClient);
        // the client may have gone while the primary was asked
        if (req.raw.socket?.destroyed) {
          quota.release(client);
          return void reply.hijack();
        }
        reply.raw.once('close', () => quota.release(client));
      }
      reply.hijack();
      reply.raw.writeHead(200, SSE_HEADERS);
      if (req.method === 'HEAD') return void reply.raw.end();
      req.raw.socket?.setNoDelay(true);
      hub.open(reply.raw, snapshot, dataset, client);
    },
  });

  registerOtherMethods(app, '/events', 'json');
  return hub;
}
