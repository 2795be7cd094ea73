import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { BadParameterError, DsError, MethodNotAllowedError } from '../errors/ds-error.js';
import { ErrorRenderer } from './render-error.js';
import { writeError } from './send-error.js';

/** What a test asks the server to write: the error, its format, the extra headers, headers set before. */
interface Case {
  err: DsError;
  format?: 'json' | 'csv' | 'html';
  extra?: string[];
  before?: Record<string, string>;
}

const CASES: Record<string, Case> = {
  csv: {
    err: new BadParameterError("Unknown code 'p123X'", { valid: ['p123'] }, 'unknown_code'),
    format: 'csv',
    extra: ['x-request-id', 'r1', 'x-content-type-options', 'nosniff'],
  },
  json: { err: new BadParameterError('bad', {}), extra: ['x-request-id', 'r2'] },
  allow: { err: new MethodNotAllowedError('POST', ['GET', 'HEAD']), format: 'json' },
  // an extra naming a header the error sets: the error's value, at the extra's place
  clash: { err: new MethodNotAllowedError('POST', ['GET']), format: 'json', extra: ['allow', 'PUT', 'cache-control', 'max-age=9', 'x-request-id', 'r3'] },
  html: { err: new BadParameterError('bad', {}), format: 'html', extra: ['x-request-id', 'r4'] },
  // headers the front door set before (the rate limiter): kept first
  limited: { err: new BadParameterError('bad', {}), format: 'csv', before: { 'x-request-id': 'r5', 'ratelimit-limit': '100' } },
};

let base = '';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const c = CASES[(req.url ?? '/').slice(1).split('.')[0]];
  for (const [name, value] of Object.entries(c.before ?? {})) res.setHeader(name, value);
  writeError(new ErrorRenderer(), req, res, c.err, c.format, c.extra);
});

/** Status, raw headers (without Date, Connection, Keep-Alive: Node's) and body of one request. */
function ask(path: string, method = 'GET'): Promise<{ status: number; headers: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    request(base + path, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!['date', 'connection', 'keep-alive'].includes(res.rawHeaders[i].toLowerCase())) headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, headers, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

describe('writeError', () => {
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('writes the extra headers, then the error own, CORS, no-store, type and length, in that order', async () => {
    const csv = await ask('/csv.csv');
    assert.equal(csv.status, 400);
    assert.equal(csv.body, "error\nUnknown code 'p123X'\n");
    assert.deepEqual(csv.headers, [
      'x-request-id: r1',
      'x-content-type-options: nosniff',
      'access-control-allow-origin: *',
      'cache-control: no-store',
      'content-type: text/csv; charset=utf-8',
      `content-length: ${Buffer.byteLength(csv.body)}`,
    ]);
    const json = await ask('/json');
    assert.equal(json.headers[0], 'x-request-id: r2');
    assert.equal(json.headers[3], 'content-type: application/problem+json; charset=utf-8');
    assert.equal(JSON.parse(json.body).code, 'bad_parameter');
  });

  it("writes the error's own headers first, and its value where an extra names the same header", async () => {
    assert.deepEqual((await ask('/allow')).headers.slice(0, 2), ['allow: GET, HEAD', 'access-control-allow-origin: *']);
    const clash = await ask('/clash');
    assert.equal(clash.status, 405);
    assert.deepEqual(clash.headers, [
      'allow: GET',
      'cache-control: no-store',
      'x-request-id: r3',
      'access-control-allow-origin: *',
      'content-type: application/problem+json; charset=utf-8',
      `content-length: ${Buffer.byteLength(clash.body)}`,
    ]);
  });

  it("writes a page's security headers on HTML, and keeps the headers set before first", async () => {
    const html = (await ask('/html')).headers.map((h) => h.split(':')[0]);
    assert.deepEqual(html, ['x-request-id', 'content-security-policy', 'x-frame-options', 'cache-control', 'content-type', 'content-length']);
    const limited = await ask('/limited.csv');
    assert.deepEqual(limited.headers.slice(0, 3), ['x-request-id: r5', 'ratelimit-limit: 100', 'access-control-allow-origin: *']);
  });

  it('answers a HEAD with the headers alone, Content-Length that of the body', async () => {
    const [get, head] = [await ask('/csv.csv'), await ask('/csv.csv', 'HEAD')];
    assert.equal(head.body, '');
    assert.deepEqual(head.headers, get.headers);
  });
});
