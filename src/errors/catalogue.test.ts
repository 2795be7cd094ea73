// The error catalogue: one table of every code, each with a status, a title
// and a description; the classes take their status and title from it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { ERROR_CATALOGUE, listErrors, problemType, type ErrorCode } from './catalogue.js';
import { BadParameterError, DsError, MethodNotAllowedError, NotFoundError, TooManyRequestsError, TooManyStreamsError, UriTooLongError } from './ds-error.js';

describe('error catalogue', () => {
  it('every entry has a client or server error status, a title and a one-line description', () => {
    for (const { code, status, title, description } of listErrors()) {
      assert.match(code, /^[a-z][a-z_]*$/, code);
      assert.ok(status >= 400 && status < 600, `${code}: ${status}`);
      assert.ok(title.length > 0 && title.length < 60, code);
      assert.ok(description.length > 10 && !description.includes('\n'), code);
      assert.match(problemType(code), new RegExp(`:${code}$`));
    }
  });

  it('a DsError of any code carries the status and title of its entry', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      const err = new DsError(code, 'm');
      assert.equal(err.status, ERROR_CATALOGUE[code].status);
      assert.equal(err.title, ERROR_CATALOGUE[code].title);
    }
  });

  it('the classes answer their status: 400, 404, 405 with Allow, 414, 429 with Retry-After, streams 429/503', () => {
    assert.equal(new BadParameterError('x', {}, 'bad_date').status, 400);
    assert.equal(new NotFoundError('x', {}, 'unknown_dataset').status, 404);
    assert.equal(new MethodNotAllowedError('TRACE', ['GET', 'HEAD']).headers.allow, 'GET, HEAD');
    assert.equal(new UriTooLongError(9000, 8192).status, 414);
    const limited = new TooManyRequestsError(100, 7, { 'ratelimit-limit': '100' });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '7');
    assert.equal(new TooManyStreamsError('client', 8).status, 429);
    assert.equal(new TooManyStreamsError('server', 900).status, 503);
  });
});

describe('the catalogue in /openapi.json', () => {
  it('every code is in the problem schema of the OpenAPI description', async () => {
    const app = await startApp(REAL_DATA);
    try {
      const doc = (await app.inject('/openapi.json')).body;
      for (const code of Object.keys(ERROR_CATALOGUE)) assert.ok(doc.includes(`"${code}"`), code);
    } finally {
      await app.close();
    }
  });
});
