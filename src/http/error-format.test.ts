/** How an error's format follows the request (issue 23 item 15: a page answers JSON to a client that prefers it). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorFormatOf, prefersJson } from './error-format.js';

describe('prefersJson', () => {
  it('ranks the Accept header by q and by the most specific range', () => {
    assert.equal(prefersJson('application/json'), true);
    assert.equal(prefersJson('application/problem+json'), true);
    assert.equal(prefersJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), false);
    assert.equal(prefersJson('text/html;q=0.5, application/json'), true);
    assert.equal(prefersJson('application/json;q=0.4, text/html'), false);
    assert.equal(prefersJson('application/*, text/html;q=0.1'), true);
  });

  it('keeps HTML when nothing is said, or both rank alike', () => {
    assert.equal(prefersJson(undefined), false);
    assert.equal(prefersJson('*/*'), false);
    assert.equal(prefersJson('application/json, text/html'), false);
  });
});

describe('errorFormatOf', () => {
  it('renders a page route’s error as problem+json when JSON is preferred, as a page otherwise', () => {
    assert.equal(errorFormatOf({ url: '/d/x', headers: { accept: 'application/json' } }, 'html'), 'json');
    assert.equal(errorFormatOf({ url: '/d/x', headers: { accept: 'text/html' } }, 'html'), 'html');
    assert.equal(errorFormatOf({ url: '/d/x', headers: {} }, 'html'), 'html');
  });

  it('keeps the API routes’ own formats whatever Accept says', () => {
    assert.equal(errorFormatOf({ url: '/series.csv', headers: { accept: 'application/json' } }, 'csv'), 'csv');
    assert.equal(errorFormatOf({ url: '/series', headers: { accept: 'text/html' } }, 'json'), 'json');
  });
});
