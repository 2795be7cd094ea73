/**
 * `/openapi.json`: the options of @fastify/swagger that turn the routes into
 * the document. The route schemas give each operation its summary,
 * description and parameters (the very schemas that validate requests);
 * `operations.ts` (from the output registry) and the error catalogue give
 * its operationId and responses, attached here for documentation only, so
 * no answer's bytes depend on them.
 *
 * Only GET operations are documented. HEAD is left out: every GET answers
 * HEAD with the same status and headers and no body (said once in
 * `info.description`), and a HEAD operation per path would repeat every
 * parameter and response and double the list "Try it out" offers. The
 * other methods (405, or 204 to a CORS preflight) are not operations, and
 * the HTML pages are left out: the document describes the API.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { Config } from '../config.js';
import { ALLOWED_METHODS } from '../http/get-route.js';
import { COMPONENT_SCHEMAS } from './body-schemas.js';
import { operationDocs } from './operations.js';
import { buildResponses, COMPONENT_RESPONSES } from './responses.js';
import type { RequestSchema } from './raises.js';

/** The part of the document the plugin builds and this module finishes. */
interface OpenApiObject {
  info: object;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The SDMX 2.1 REST face (issue 22), described here rather than as operations:
 * its paths, media types and errors are SDMX's own, documented by the standard.
 */
const SDMX_DESCRIPTION = [
  '**SDMX 2.1.** The same data as an SDMX 2.1 REST service under [/sdmx/2.1/](/sdmx/2.1/dataflow), for SDMX clients (R rsdmx, Python sdmx1, Stata sdmxuse, the .Stat Suite):',
  '`/sdmx/2.1/dataflow[/{agency}[/{id}[/{version}]]]`, `datastructure/…`, `codelist/…`, `conceptscheme/…` (agency `DATASERIES`, version `1.0`; `references=none|parents|parentsandsiblings|children|descendants|all`) answer SDMX-ML 2.1 structure messages;',
  '`/sdmx/2.1/data/{flow}/{key}` (`startPeriod`, `endPeriod`, `lastNObservations`, `dimensionAtObservation`, `detail`) answers the observations as SDMX-ML, SDMX-JSON or SDMX-CSV, chosen by Accept or `format=`.',
  'Their errors are SDMX-ML error messages with the SDMX code (100 no results: 404; 140 syntax error and 150 semantic error: 400; 501 not implemented), or this problem+json when the request accepts JSON.',
  'See the standard: https://github.com/sdmx-twg/sdmx-rest (version 2.1).',
].join(' ');

const DESCRIPTION = [
  'Statistical datasets and time series as JSON, CSV, Excel and chart images. Read-only and open: no authentication.',
  '',
  `Every GET operation also answers HEAD with the same status and headers and no body; other methods answer 405 \`method_not_allowed\` with \`Allow: ${ALLOWED_METHODS.join(', ')}\` (204 to a CORS preflight, with the same Allow): see \`components/responses/MethodNotAllowed\`.`,
  'Answers carry a weak ETag that changes with the data; a matching If-None-Match gets 304.',
  '',
  'Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code` and an `error` member holding the message; each operation lists the codes it may answer. CSV routes answer a one-column `error` CSV with the same status. A path no route answers gets 404 `no_route` (`components/responses/NoRoute`), an unknown page asset 404 `no_asset` (`NoAsset`). The HTML pages answer their errors as problem+json too when the request prefers JSON (Accept).',
  '',
  SDMX_DESCRIPTION,
].join('\n');

/** The request schemas of the GET routes, keyed by OpenAPI path (`/dataset/{id}/meta`). */
type RouteSchemas = Map<string, RequestSchema>;

/** The OpenAPI path of a Fastify URL: `/dataset/:id/meta` → `/dataset/{id}/meta`. */
const openapiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

/**
 * Hides every route that is not a GET (the 405/204 answers of the other
 * methods are not operations) and keeps each GET route's request schema,
 * from which `finishDocument` computes the codes it refuses with.
 */
function keepGets(schemas: RouteSchemas) {
  return ({ schema, url, route }: { schema: object; url: string; route: { method: string | string[] } }) => {
    const methods = [route.method].flat();
    if (!methods.includes('GET')) return { schema: { hide: true }, url };
    schemas.set(openapiPath(url), schema as RequestSchema);
    return { schema, url };
  };
}

/**
 * Keeps the GET operations, gives each its operationId and responses, and adds the shared components.
 * Throws when a documented route has no entry in `operations.ts` or an entry has no route.
 */
export function finishDocument(doc: OpenApiObject, schemas: RouteSchemas): OpenApiObject {
  const docs = operationDocs();
  const paths: OpenApiObject['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    const get = item.get;
    if (!get) continue;
    const entry = docs[path];
    if (!entry) throw new Error(`GET ${path} has no entry in src/openapi/operations.ts`);
    paths[path] = { get: { ...get, operationId: entry.operationId, responses: buildResponses(path, entry, schemas.get(path)) } };
  }
  const missing = Object.keys(docs).filter((path) => !paths[path]);
  if (missing.length) throw new Error(`src/openapi/operations.ts documents routes that do not exist: ${missing.join(', ')}`);
  return { ...doc, paths, components: { ...doc.components, schemas: COMPONENT_SCHEMAS, responses: COMPONENT_RESPONSES } };
}

/**
 * The options of @fastify/swagger for this service.
 * @example await app.register(swagger, openapiOptions(config));
 */
export function openapiOptions(config: Readonly<Config>): SwaggerOptions {
  const schemas: RouteSchemas = new Map();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'dataseries API',
        version: '1.0.0',
        description: DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: config.baseUrl, description: 'This service' }],
      security: [],
      tags: [
        { name: 'data', description: 'Catalog, metadata and observations' },
        { name: 'discovery', description: 'Categories, combinations, search, resolve and oEmbed' },
        { name: 'images', description: 'Charts of a selection as SVG, PNG and the JPEG link preview' },
        { name: 'site', description: 'llms.txt, robots.txt and the sitemap' },
        { name: 'system', description: 'Health and description of the service' },
      ],
    },
    transform: keepGets(schemas) as never,
    transformObject: (documentObject) => finishDocument((documentObject as unknown as { openapiObject: OpenApiObject }).openapiObject, schemas) as never,
  };
}
