/**
 * JSON schemas of the request parameters. Fastify validates every request
 * with them, and the same objects generate `/openapi.json`, so the docs and
 * the validation cannot drift apart. Their `examples` prefill "Try it out"
 * in /__docs__/: together they must make a selection that exists in the
 * real data (a test executes every operation with them).
 */

import { PARAMS, selectionSchemas } from '../selection/params.js';

/** A dataset id. */
export const datasetIdSchema = PARAMS.dataset.schema;

/** The selection parameters shared by every output of a selection (DESIGN §3), from the table of parameters (selection/params.ts). */
export const selectionProperties = selectionSchemas('series');

/** Query-string schema of a route that takes no parameters: any is refused, except `_`-prefixed cache busters. */
export const NO_PARAMS = { type: 'object', properties: {}, patternProperties: { '^_': {} }, additionalProperties: false } as const;

/** `download=1`: the same body as an attachment (Content-Disposition), for a download link. */
export const downloadProperty = PARAMS.download.schema;

/** Query-string schema of a selection route; unknown parameters are rejected, except `_`-prefixed cache busters. */
export const selectionQuerySchema = {
  type: 'object',
  required: ['dataset'],
  properties: { ...selectionProperties, download: downloadProperty },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;
