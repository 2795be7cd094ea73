import { createServer } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { DataHolder } from './data/data-holder.js';
import { DsError, InternalError, NotFoundError } from './http/errors.js';
import { renderError, type ErrorFormat } from './http/render-error.js';
import { createFrontDoor, type FrontDoor } from './http/front-door.js';
import { pageSecurityHeaders } from './http/security-headers.js';
import { ResponseCache } from './http/response-cache.js';
import { schemaErrorToBadParameter } from './http/validation-errors.js';
import { registerApiRoutes } from './routes/api.js';
import { registerDiscoveryRoutes } from './routes/discovery.js';
import { registerLiveRoutes } from './routes/live.js';
import { registerImageRoutes } from './routes/images.js';
import { isPageRequest, registerPageRoutes } from './routes/pages.js';
import { registerSelectionOutputs } from './routes/selection-outputs.js';
import { registerSiteFileRoutes } from './routes/site-files.js';
import { registerSystemRoutes } from './routes/system.js';
import { createHeavyPool } from './workers/heavy-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the data, configuration and caches of this app */
    ds: AppContext;
  }
  interface FastifyContextConfig {
    /** how errors of the route are rendered */
    format?: ErrorFormat;
  }
}

/** Longest request URL accepted (longer → 414); the longest valid selection URL is far shorter. */
const MAX_URL_LENGTH = 8192;

/** Guesses how to render an error for a request that matched no route. */
function formatOf(req: FastifyRequest): ErrorFormat {
  const configured = req.routeOptions?.config?.format;
  if (configured) return configured;
  if (isPageRequest(req)) return 'html';
  return req.url.split('?')[0].endsWith('.csv') ? 'csv' : 'json';
}

/** Sends an error in the format of its route: problem+json, an error CSV, or an HTML page (with the pages' security headers). */
function sendError(req: FastifyRequest, reply: FastifyReply, err: DsError): void {
  const format = formatOf(req);
  const { type, body } = renderError(err, format, req.url.split('?')[0]);
  reply
    .code(err.status)
    .headers(err.headers)
    .headers(format === 'html' ? pageSecurityHeaders(false) : { 'access-control-allow-origin': '*' })
    .header('cache-control', 'no-store')
    .type(type)
    .send(body);
}

/**
 * Builds the service: data holder, response cache, every route. Loading
 * starts at once; `app.ds.data.ready` resolves when the first load is done.
 * @example const app = await buildApp(loadConfig()); await app.ds.data.ready;
 */
export async function buildApp(config: Readonly<Config>): Promise<FastifyInstance> {
  const responses = new ResponseCache(config.responseCacheBytes);
  const data = new DataHolder(config.dataDir, {
    info: (obj, msg) => app.log.info(obj, msg),
    error: (obj, msg) => app.log.error(obj, msg),
  });
  data.onSwap(() => responses.clear());
  let frontDoor: FrontDoor | null = null;
  const stopping: (() => void)[] = [];
  const heavy = createHeavyPool({ threads: config.heavyThreads, queue: config.heavyQueue });
  const ctx: AppContext = {
    config,
    data,
    responses,
    heavy,
    drain: () => {
      for (const fn of stopping) fn();
      return frontDoor?.drain() ?? Promise.resolve();
    },
    onStopping: (fn) => void stopping.push(fn),
  };
  const app: FastifyInstance = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: true, allErrors: false, verbose: true } },
    genReqId: (req) => String(req.headers['x-request-id'] ?? ''),
    requestTimeout: config.requestTimeoutMs,
    serverFactory: (handler) => {
      const door = createFrontDoor(
        {
          data,
          responses,
          rateLimit: config.rateLimit,
          trustProxy: config.trustProxy,
          maxUrlLength: MAX_URL_LENGTH,
          onFinished: config.accessLog ? (entry) => app.log.info(entry, 'request') : undefined,
        },
        handler,
      );
      frontDoor = door;
      return createServer({ requestTimeout: config.requestTimeoutMs, headersTimeout: Math.min(config.requestTimeoutMs, 60_000) }, door);
    },
  });
  app.decorate('ds', ctx);

  app.setErrorHandler((error: FastifyError | DsError, req, reply) => {
    let err: DsError;
    if (error instanceof DsError) err = error;
    else if ((error as FastifyError).validation) {
      const known = Object.keys(((req.routeOptions.schema?.querystring as { properties?: object }) ?? {}).properties ?? {});
      err = schemaErrorToBadParameter((error as FastifyError).validation as never, (error as FastifyError).validationContext ?? 'query', known);
    } else if (typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500) {
      err = new DsError((error as FastifyError).statusCode!, 'bad_request', 'Bad request', (error as FastifyError).message);
    } else {
      req.log.error({ err: error }, 'unexpected error');
      err = new InternalError();
    }
    sendError(req, reply, err);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    sendError(
      req,
      reply,
      new NotFoundError(`No route ${path}. The API routes are listed at /openapi.json and documented at /__docs__/.`, { path }, 'no_route'),
    );
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'dataseries API',
        version: '1.0.0',
        description:
          'Statistical datasets and time series as JSON and CSV. Errors are RFC 9457 problem details (`application/problem+json`) with an `error` member; CSV routes answer a one-column `error` CSV with the same status.',
      },
      servers: [{ url: config.baseUrl }],
      tags: [
        { name: 'data', description: 'Catalog, metadata and observations' },
        { name: 'discovery', description: 'Categories, combinations, search, resolve and oEmbed' },
        { name: 'images', description: 'Charts of a selection as SVG, PNG and the JPEG link preview' },
        { name: 'site', description: 'llms.txt, robots.txt and the sitemap' },
        { name: 'system', description: 'Health and description of the service' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/__docs__', uiConfig: { tryItOutEnabled: true, url: '/openapi.json' } as never });

  registerApiRoutes(app, ctx);
  registerDiscoveryRoutes(app, ctx);
  registerSelectionOutputs(app, ctx);
  registerImageRoutes(app, ctx);
  registerSiteFileRoutes(app, ctx);
  registerPageRoutes(app, ctx);
  registerSystemRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  app.addHook('onClose', async () => {
    data.close();
    await heavy.close();
  });
  if (config.watch) data.watch();
  return app;
}
