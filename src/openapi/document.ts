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
import { COMPONENT_SCHEMAS } from './body-schemas.js';
import { operationDocs } from './operations.js';
import { buildResponses, COMPONENT_RESPONSES } from './responses.js';

/** The part of the document the plugin builds and this module finishes. */
interface OpenApiObject {
  info: object;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

const DESCRIPTION = [
  'Statistical datasets and time series as JSON, CSV, Excel and chart images. Read-only and open: no authentication.',
  '',
  'Every GET operation also answers HEAD with the same status and headers and no body; other methods answer 405 (204 to a CORS preflight).',
  'Answers carry a weak ETag that changes with the data; a matching If-None-Match gets 304.',
  '',
  'Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code` and an `error` member holding the message; each operation lists the codes it may answer. CSV routes answer a one-column `error` CSV with the same status. Any path may also answer 414 (`uri_too_long`) or 431 (`header_too_large`) to an oversized request.',
].join('\n');

/** Hides every route that is not a GET: the 405/204 answers of the other methods are not operations. */
function hideOtherMethods({ schema, url, route }: { schema: object; url: string; route: { method: string | string[] } }) {
  const methods = [route.method].flat();
  return methods.includes('GET') ? { schema, url } : { schema: { hide: true }, url };
}

/**
 * Keeps the GET operations, gives each its operationId and responses, and adds the shared components.
 * Throws when a documented route has no entry in `operations.ts` or an entry has no route.
 */
export function finishDocument(doc: OpenApiObject): OpenApiObject {
  const docs = operationDocs();
  const paths: OpenApiObject['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    const get = item.get;
    if (!get) continue;
    const entry = docs[path];
    if (!entry) throw new Error(`GET ${path} has no entry in src/openapi/operations.ts`);
    paths[path] = { get: { ...get, operationId: entry.operationId, responses: buildResponses(path, entry) } };
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
    transform: hideOtherMethods as never,
    transformObject: (documentObject) => finishDocument((documentObject as unknown as { openapiObject: OpenApiObject }).openapiObject) as never,
  };
}
