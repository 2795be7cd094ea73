/**
 * The codes an operation documents are computed from its request schema,
 * its route's `raises` and what every request can meet (issue 23 item 13):
 * a parameter added to a schema brings its codes without a second list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetIdSchema, NO_PARAMS, selectionQuerySchema } from '../routes/schemas.js';
import { EVERY_REQUEST, operationCodes, schemaCodes } from './raises.js';

describe('schemaCodes', () => {
  it('a route that takes no parameters refuses only unknown ones', () => {
    assert.deepEqual(schemaCodes({ querystring: NO_PARAMS }), ['unknown_parameter']);
  });

  it('a selection route also refuses a missing dataset and a malformed parameter', () => {
    assert.deepEqual(schemaCodes({ querystring: selectionQuerySchema }).sort(), ['bad_parameter', 'missing_parameter', 'unknown_parameter']);
  });

  it('a path parameter brings a malformed name and a bad %-escape (the router decodes it)', () => {
    const codes = schemaCodes({ params: { properties: { id: datasetIdSchema } }, querystring: NO_PARAMS });
    assert.deepEqual(codes.sort(), ['bad_parameter', 'bad_url_encoding', 'unknown_parameter']);
  });

  it('a route without a schema refuses nothing by its schema', () => {
    assert.deepEqual(schemaCodes(undefined), []);
  });
});

describe('operationCodes', () => {
  it('joins the route, its schema and every request, in catalogue order, each once', () => {
    const codes = operationCodes(
      '/dataset/{id}/meta',
      { raises: ['unknown_dataset', 'bad_parameter'], etag: true, beforeLoad: 'problem' },
      {
        params: { properties: { id: datasetIdSchema } },
        querystring: NO_PARAMS,
      },
    );
    for (const code of [
      ...EVERY_REQUEST,
      'unknown_dataset',
      'bad_parameter',
      'unknown_parameter',
      'bad_url_encoding',
      'not_ready',
      'precondition_failed',
      'rate_limited',
    ] as const) {
      assert.ok(codes.includes(code), code);
    }
    assert.equal(new Set(codes).size, codes.length);
    assert.ok(codes.indexOf('bad_parameter') < codes.indexOf('unknown_dataset'), 'catalogue order: 400s before 404s');
  });

  it('leaves out what an operation cannot answer: no 412 without an ETag, no 429 on a free path, no not_ready before data is needed', () => {
    const codes = operationCodes('/health', { raises: [], etag: false, beforeLoad: 'health' }, { querystring: NO_PARAMS });
    for (const code of ['precondition_failed', 'rate_limited', 'not_ready'] as const) assert.ok(!codes.includes(code), code);
    assert.ok(codes.includes('unknown_parameter'));
  });
});
