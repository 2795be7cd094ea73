import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BadParameterError, MethodNotAllowedError, NotFoundError, NotImplementedError, PreconditionFailedError } from '../errors/ds-error.js';
import { renderSdmxError, sdmxCodeOf } from './errors.js';
import { wantsSdmxError } from './data-formats.js';

/** xmllint's verdict on a text: '' when well-formed. */
function xmllint(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sdmx-error-'));
  try {
    writeFileSync(path.join(dir, 'e.xml'), text);
    return execFileSync('xmllint', ['--noout', path.join(dir, 'e.xml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SDMX errors', () => {
  it('maps our errors to the SDMX codes: 100 for 404, 140 syntax, 150 semantic, 501', () => {
    assert.equal(sdmxCodeOf(new NotFoundError('x', {}, 'unknown_dataset')), 100);
    assert.equal(sdmxCodeOf(new BadParameterError('x')), 140);
    assert.equal(sdmxCodeOf(new BadParameterError('x', {}, 'unknown_code')), 150);
    assert.equal(sdmxCodeOf(new NotImplementedError('x')), 501);
    // another client error is the client's request, not our failure: never SDMX 500
    assert.equal(sdmxCodeOf(new MethodNotAllowedError('POST', ['GET'])), 140);
    assert.equal(sdmxCodeOf(new PreconditionFailedError('W/"x"')), 140);
  });

  it('writes a well-formed, namespaced SDMX-ML 2.1 error message with the status of our error', () => {
    const answer = renderSdmxError(new BadParameterError("Bad key 'a<b' & more"), 140);
    assert.equal(answer.status, 400);
    assert.equal(answer.sdmxCode, 140);
    assert.match(answer.body, /<message:Error xmlns:message="http:\/\/www\.sdmx\.org\/resources\/sdmxml\/schemas\/v2_1\/message"/);
    assert.match(answer.body, /<message:ErrorMessage code="140">/);
    assert.match(answer.body, /Bad key &#39;a&lt;b&#39; &amp; more/);
    assert.equal(xmllint(answer.body), '');
    assert.equal(renderSdmxError(new NotFoundError('gone', {}, 'unknown_dataset')).status, 404);
  });

  it('JSON clients keep the problem shape; every other client reads SDMX-ML', () => {
    assert.equal(wantsSdmxError(undefined), true);
    assert.equal(wantsSdmxError('*/*'), true);
    assert.equal(wantsSdmxError('application/vnd.sdmx.structure+xml;version=2.1'), true);
    assert.equal(wantsSdmxError('application/json'), false);
    assert.equal(wantsSdmxError('application/vnd.sdmx.data+json;version=1.0.0'), false);
    assert.equal(wantsSdmxError('application/xml, application/json;q=0.5'), true);
    // read by q, as the data answer's format is (review: the data and its error disagreed)
    assert.equal(wantsSdmxError('application/xml;q=0.1, application/json'), false);
    assert.equal(wantsSdmxError('application/json;q=0.1, application/xml'), true);
    assert.equal(wantsSdmxError('*/*', 'jsondata'), false);
  });
});
