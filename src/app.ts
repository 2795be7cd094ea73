import { createServer, METHODS, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { DataHolder } from './data/data-holder.js';
import { DsError, InternalError, MethodNotAllowedError, NotFoundError } from './errors/ds-error.js';
import { clientAddressRule } from './http/client-address.js';
import { clientErrorOf, frameworkErrorOf, MAX_PARAM_LENGTH, type ParserError } from './http/client-errors.js';
import { errorFormatOf, pathOf } from './http/error-format.js';
import { AJV_OPTIONS, FastLanes } from './http/fast-lane.js';
import { createFrontDoor, type FrontDoor } from './http/front-door.js';
import { parseQueryString } from './http/query-string.js';
import { ALLOWED_METHODS, registerOtherMethods } from './http/get-route.js';
import { RateLimiter } from './http/rate-limit.js';
import { ErrorRenderer, type ErrorFormat } from './http/render-error.js';
import { errorAnswer, writeSocketError } from './http/send-error.js';
import { ResponseCache } from './http/response-cache.js';
import { schemaErrorToBadParameter } from './http/validation-errors.js';
import { openapiOptions } from './openapi/document.js';
import { registerApiRoutes } from './routes/api.js';
import { registerDiscoveryRoutes } from './routes/discovery.js';
import { registerLiveRoutes } from './routes/live.js';
import { registerImageRoutes } from './routes/images.js';
import { registerPageRoutes } from './routes/pages.js';
import { registerSelectionOutputs } from './routes/selection-outputs.js';
import { registerSdmxDataRoutes } from './routes/sdmx-data.js';
import { registerSdmxStructureRoutes } from './routes/sdmx-structure.js';
import { registerSiteFileRoutes } from './routes/site-files.js';
import { registerSystemRoutes } from './routes/system.js';
import { registerVintageRoutes } from './routes/vintages.js';
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

/** Sends an error in the format of its route: problem+json, an error CSV, or an HTML page (with the pages' security headers). */
function sendError(req: FastifyRequest, reply: FastifyReply, err: DsError): void {
  const format = errorFormatOf(req.raw, req.routeOptions?.config?.format);
  const answer = errorAnswer(req.server.ds.errors, err, format, pathOf(req.url));
  reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** A thrown value as one of our errors: ours as is, schema failures as 400, the framework's client errors by status, the rest 500. */
function asDsError(error: FastifyError | DsError, req: FastifyRequest, ctx: AppContext): DsError {
  if (error instanceof DsError) return error;
  if (error.validation) {
    const known = Object.keys(((req.routeOptions.schema?.querystring as { properties?: object }) ?? {}).properties ?? {});
    return schemaErrorToBadParameter(error.validation as never, error.validationContext ?? 'query', known, pathOf(req.url), askedDataset(req, ctx));
  }
  if (typeof error.statusCode === 'number' && error.statusCode < 500) return new DsError('bad_request', error.message);
  req.log.error({ err: error }, 'unexpected error');
  return new InternalError();
}

/** The dataset a query names (`dataset=`), with its dimension ids, for a refusal that can say where a dimension goes. */
function askedDataset(req: FastifyRequest, ctx: AppContext): { id: string; dimensions: string[] } | null {
  const id = (req.query as { dataset?: unknown } | undefined)?.dataset;
  const dataset = typeof id === 'string' ? ctx.data.current?.datasets.get(id) : undefined;
  return dataset ? { id: dataset.meta.id, dimensions: dataset.meta.dimensions.map((d) => d.id) } : null;
}

/**
 * Makes every known path answer 405 (with Allow) to every method Node's
 * parser accepts: Fastify is taught the methods it does not route by
 * default (TRACE, PROPFIND…), and each GET route registered without its
 * other methods gets them once all routes are in. Returns that last step.
 */
function routeEveryMethod(app: FastifyInstance): () => void {
  for (const method of METHODS) {
    // CONNECT never reaches a request handler (Node emits 'connect')
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }
  const getRoutes: { url: string; format?: ErrorFormat }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.includes('GET')) getRoutes.push({ url: route.url, format: route.config?.format });
  });
  return () => {
    for (const { url, format } of getRoutes) if (!app.hasRoute({ method: 'OPTIONS', url })) registerOtherMethods(app, url, format ?? 'json');
  };
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
  const errors = new ErrorRenderer();
  const clientOf = clientAddressRule(config.trustProxy);
  const stopping: (() => void)[] = [];
  const heavy = createHeavyPool({ threads: config.heavyThreads, queue: config.heavyQueue });
  const lanes = new FastLanes();
  const ctx: AppContext = {
    config,
    data,
    responses,
    lanes,
    errors,
    clientOf,
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
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQueryString },
    ajv: { customOptions: AJV_OPTIONS },
    genReqId: (req) => String(req.headers['x-request-id'] ?? ''),
    requestTimeout: config.requestTimeoutMs,
    // the router's own refusals (bad %-escapes, over-long names) and Node's (unparsable HTTP) in the one error shape
    frameworkErrors: (error, req, reply) => sendError(req, reply, frameworkErrorOf(error, pathOf(req.url))),
    clientErrorHandler: (error: ParserError, socket: Socket) => {
      const answer = clientErrorOf(error, MAX_URL_LENGTH);
      if (answer && !socket.destroyed) writeSocketError(errors, socket, answer.error, answer.request);
      else socket.destroy();
    },
    serverFactory: (handler) => {
      const door = createFrontDoor(
        {
          data,
          responses,
          errors,
          limiter: config.rateLimit > 0 ? new RateLimiter(config.rateLimit, config.workers) : null,
          clientOf,
          maxUrlLength: MAX_URL_LENGTH,
          lanes,
          onFinished: config.accessLog ? (entry) => app.log.info(entry, 'request') : undefined,
        },
        handler,
      );
      frontDoor = door;
      // the front door checks Host itself (hostHeaderError): Node's check answers a bare 400 and lets a second Host through
      // Node looks for timed-out requests every connectionsCheckingInterval (30 s by default): a shorter timeout is checked often enough to hold
      const server = createServer(
        {
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
          connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.requestTimeoutMs / 4))),
          requireHostHeader: false,
        },
        door,
      );
      // CONNECT never reaches a route (Node emits 'connect' and, unheard, drops the connection): a read-only server answers 405
      server.on('connect', (req: IncomingMessage, socket: Socket) =>
        writeSocketError(errors, socket, new MethodNotAllowedError('CONNECT', ALLOWED_METHODS), { method: 'CONNECT', url: req.url ?? null }),
      );
      return server;
    },
  });
  app.decorate('ds', ctx);

  app.setErrorHandler((error: FastifyError | DsError, req, reply) => sendError(req, reply, asDsError(error, req, ctx)));
  const answerOtherMethods = routeEveryMethod(app);

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    sendError(
      req,
      reply,
      new NotFoundError(`No route ${path}. The API routes are listed at /openapi.json and documented at /__docs__/.`, { path }, 'no_route'),
    );
  });

  await app.register(swagger, openapiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/__docs__', uiConfig: { tryItOutEnabled: true, url: '/openapi.json', syntaxHighlight: false } as never });

  registerApiRoutes(app, ctx);
  registerDiscoveryRoutes(app, ctx);
  registerSelectionOutputs(app, ctx);
  registerImageRoutes(app, ctx);
  registerSiteFileRoutes(app, ctx);
  registerPageRoutes(app, ctx);
  registerSystemRoutes(app, ctx);
  registerSdmxDataRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  registerSdmxStructureRoutes(app, ctx);
  registerVintageRoutes(app, ctx);
  answerOtherMethods();
  app.addHook('onClose', async () => {
    data.close();
    await heavy.close();
  });
  if (config.watch) data.watch(config.watchDebounceMs);
  return app;
}
