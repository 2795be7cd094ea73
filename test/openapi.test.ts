/**
 * /openapi.json against the service it describes (issue 14). One server on
 * the real data answers every documented operation: its prefilled example
 * (what "Try it out" sends), HEAD, 304, and a request for each documented
 * 4xx/501; a second server that never loads data answers the 503s, then
 * the 429s, then (stopping) the 503 `restarting`. (Each documented error
 * code of a loaded server is sent by the contract harness, test/contract.test.ts.) Every answer's status,
 * media type and body are checked against the document with Ajv (JSON
 * Schema 2020-12, OpenAPI 3.1's dialect). Redocly's recommended rules and
 * an OpenAPI schema validator run on the served document.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, PROJECT_ROOT } from '../src/config.js';
import { ERROR_CATALOGUE } from '../src/errors/catalogue.js';
import { ROUTE_OUTPUT_IDS, SELECTION_OUTPUTS } from '../src/query/selection-outputs.js';
import { freePort } from './browser/harness.js';
import { REAL_DATA, parseCsvText } from './helpers.js';

interface Operation {
  operationId: string;
  summary?: string;
  parameters?: { name: string; in: 'query' | 'path'; example?: unknown; examples?: Record<string, { value: unknown }>; schema: { default?: unknown } }[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }>; 'x-error-codes'?: string[] }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Operation['responses'][string]> };
  [key: string]: unknown;
}

/** A server of the test: its address and app. */
interface Running {
  url: string;
  app: FastifyInstance;
}

async function listen(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, LOG_LEVEL: 'silent', DS_WATCH: 'false', DS_RATE_LIMIT: '0', ...env });
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  return { url, app };
}

/** The URL "Try it out" sends: every parameter with its example (or default) filled in. */
function exampleUrl(pathName: string, op: Operation): string {
  let url = pathName;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const value = p.example ?? Object.values(p.examples ?? {})[0]?.value ?? p.schema.default;
    if (value === undefined) continue;
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else query.set(p.name, String(value));
  }
  const q = query.toString();
  return q ? `${url}?${q}` : url;
}

const SIGNATURES: Record<string, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': Buffer.from('PK\x03\x04', 'latin1'),
};

let main: Running;
let empty: Running;
let doc: Doc;
let docText: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const DOC_ID = 'https://dataseries.test/openapi.json';

/** A documented response, references resolved. */
function documented(op: Operation, status: number | string): Operation['responses'][string] | undefined {
  const r = op.responses[String(status)];
  return r?.$ref ? doc.components.responses[r.$ref.split('/').pop() as string] : r;
}

/** The JSON pointer of a response body schema in the document. */
function schemaPointer(pathName: string, status: string, type: string): string {
  const response = doc.paths[pathName].get.responses[status];
  const seg = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));
  const base = response.$ref ? ['components', 'responses', response.$ref.split('/').pop() as string] : ['paths', pathName, 'get', 'responses', status];
  return `${DOC_ID}#/${[...base, 'content', type, 'schema'].map(seg).join('/')}`;
}

/** Checks an answer against the document: status documented, media type documented, body valid. */
async function check(pathName: string, res: Response, label: string): Promise<Buffer> {
  const op = doc.paths[pathName].get;
  const response = documented(op, res.status);
  assert.ok(response, `${label}: status ${res.status} is not documented for GET ${pathName}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (!response.content) {
    assert.equal(body.length, 0, `${label}: ${res.status} has no documented body`);
    return body;
  }
  const type = res.headers.get('content-type') ?? '';
  assert.ok(Object.keys(response.content).includes(type), `${label}: ${type} is not among ${Object.keys(response.content).join(', ')}`);
  const signature = SIGNATURES[type];
  if (signature) {
    assert.deepEqual(body.subarray(0, signature.length), signature, `${label}: not a ${type}`);
    return body;
  }
  const text = body.toString('utf8');
  const value = type.includes('json') ? JSON.parse(text) : text;
  const validate = ajv.getSchema(schemaPointer(pathName, String(res.status), type));
  assert.ok(validate, `${label}: no schema for ${type}`);
  assert.ok(validate(value), `${label}: ${ajv.errorsText(validate.errors?.slice(0, 5))}`);
  return body;
}

/** The first bytes of an event stream, then the request is cut. */
async function openStream(url: string): Promise<{ res: Response; first: string }> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunk = await reader.read();
  abort.abort();
  return { res, first: Buffer.from(chunk.value ?? []).toString('utf8') };
}

const operations = () => Object.entries(doc.paths).map(([pathName, item]) => ({ pathName, op: item.get }));

before(async () => {
  main = await listen({ DS_DATA_DIR: REAL_DATA });
  await main.app.ds.data.ready;
  // same URL length as the main server's: the two documents have the same length, not the same content
  const sameLength = main.url.slice(0, -1) + (main.url.endsWith('1') ? '2' : '1');
  const nowhere = path.join(tmpdir(), `ds-openapi-no-data-${process.pid}`);
  empty = await listen({ DS_DATA_DIR: nowhere, DS_RATE_LIMIT: '400', BASE_URL: sameLength });
  docText = await (await fetch(`${main.url}/openapi.json`)).text();
  doc = JSON.parse(docText) as Doc;
  ajv.addSchema(doc as object, DOC_ID);
});

after(async () => {
  await main.app.close();
  await empty.app.close();
});

describe('the document', () => {
  it('passes Redocly lint with the recommended rules: 0 errors', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ds-redocly-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, docText);
      const cli = path.join(PROJECT_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const out = await run(process.execPath, [cli, 'lint', file, '--format=json', `--config=${path.join(PROJECT_ROOT, '.redocly.yaml')}`]);
      const report = JSON.parse(out.slice(out.indexOf('{'))) as { totals: { errors: number }; problems: { ruleId: string; message: string }[] };
      const errors = report.problems.filter((p) => (p as { severity?: string }).severity === 'error');
      assert.equal(report.totals.errors, 0, errors.map((p) => `${p.ruleId}: ${p.message}`).join('\n'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    assert.equal(result.valid, true, JSON.stringify(result).slice(0, 2000));
  });

  it('has only GET operations, each with an operationId, a summary and tags; no authentication', () => {
    assert.deepEqual(doc.security, []);
    const ids = new Set<string>();
    for (const [pathName, item] of Object.entries(doc.paths)) {
      assert.deepEqual(Object.keys(item), ['get'], `${pathName} documents ${Object.keys(item).join(', ')}`);
      assert.ok(item.get.operationId && item.get.summary, `${pathName} lacks an operationId or summary`);
      assert.ok(!ids.has(item.get.operationId), `operationId ${item.get.operationId} repeats`);
      ids.add(item.get.operationId);
    }
    assert.ok(!Object.keys(doc.paths).some((p) => p === '/' || p.startsWith('/d/') || p.startsWith('/__docs__') || p.startsWith('/de')), 'pages are left out');
  });

  it('documents the SDMX structure routes as operations, as it documents the SDMX data routes (issue 22: one treatment)', () => {
    const sdmx = Object.keys(doc.paths).filter((p) => p.startsWith('/sdmx/'));
    for (const resource of ['dataflow', 'datastructure', 'codelist', 'conceptscheme', 'data']) {
      const shapes = sdmx.filter((p) => p.split('/')[3] === resource);
      assert.ok(shapes.length >= 3, `/sdmx/2.1/${resource}: ${shapes.length} operations`);
      for (const p of shapes) {
        const op = doc.paths[p].get;
        assert.deepEqual(op.tags, ['sdmx'], p);
        assert.ok(op.description && op.operationId, p);
      }
    }
  });

  it('lists every selection output of the registry with its media type, and the codes of the catalogue', () => {
    for (const id of ROUTE_OUTPUT_IDS) {
      const output = SELECTION_OUTPUTS[id];
      const content = doc.paths[`/${output.path}`]?.get.responses['200'].content ?? {};
      assert.ok(output.mediaType in content, `/${output.path} does not document ${output.mediaType}`);
    }
    const problem = (doc.components as unknown as { schemas: { Problem: { properties: { code: { enum: string[] } } } } }).schemas.Problem;
    assert.deepEqual(problem.properties.code.enum, Object.keys(ERROR_CATALOGUE));
    for (const { pathName, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const codes = documented(op, status)?.['x-error-codes'] ?? [];
        assert.ok(codes.length, `${pathName} ${status} lists no error code`);
        for (const code of codes) assert.equal(String(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status), status, `${pathName}: ${code}`);
        assert.ok(response);
      }
    }
  });

  it('has an ETag from its content, not its length', async () => {
    const a = await fetch(`${main.url}/openapi.json`);
    const b = await fetch(`${empty.url}/openapi.json`);
    const [textA, textB] = [await a.text(), await b.text()];
    assert.equal(textA.length, textB.length);
    assert.notEqual(textA, textB);
    assert.notEqual(a.headers.get('etag'), b.headers.get('etag'));
  });
});

describe('every documented operation on the real data', () => {
  it('answers its prefilled example with a documented 200, and HEAD and If-None-Match likewise', async () => {
    for (const { pathName, op } of operations()) {
      const url = `${main.url}${exampleUrl(pathName, op)}`;
      if (pathName === '/events') {
        const { res, first } = await openStream(url);
        assert.equal(res.status, 200);
        assert.ok(Object.keys(documented(op, 200)?.content ?? {}).includes(res.headers.get('content-type') ?? ''));
        assert.match(first, /event: versions/);
        continue;
      }
      const res = await fetch(url);
      assert.equal(res.status, 200, `${url}: ${res.status}`);
      await check(pathName, res, url);
      const head = await fetch(url, { method: 'HEAD' });
      assert.equal(head.status, 200, `HEAD ${url}`);
      assert.equal(head.headers.get('content-type'), res.headers.get('content-type'), `HEAD ${url}`);
      assert.equal((await head.arrayBuffer()).byteLength, 0);
      const etag = res.headers.get('etag');
      if (op.responses['304']) {
        assert.ok(etag, `${url} documents 304 but sends no ETag`);
        const again = await fetch(url, { headers: { 'if-none-match': etag } });
        assert.equal(again.status, 304, url);
        await check(pathName, again, `${url} (If-None-Match)`);
      }
    }
  });

  it('answers the tidy CSV with the columns the document describes: dim_order (labels after codes and the series label with labels=true), then date, value', async () => {
    const url = `${main.url}${exampleUrl('/series.csv', doc.paths['/series.csv'].get)}`;
    const meta = (await (await fetch(`${main.url}/dataset/ch_fso_ppi/meta`)).json()) as { dim_order: string[] };
    const plain = await fetch(url);
    assert.equal(plain.status, 200);
    assert.deepEqual(parseCsvText(await (await check('/series.csv', plain, url)).toString())[0], [...meta.dim_order, 'date', 'value']);
    const labelledUrl = new URL(url);
    labelledUrl.searchParams.set('labels', 'true');
    labelledUrl.searchParams.set('lang', 'de');
    const labelled = await fetch(labelledUrl);
    assert.equal(labelled.status, 200);
    const header = parseCsvText((await check('/series.csv', labelled, labelledUrl.href)).toString())[0];
    assert.deepEqual(header, [...meta.dim_order.flatMap((dim) => [dim, `${dim}_label`]), 'label', 'date', 'value']);
  });
});

describe('every documented operation on a server without data', () => {
  it('answers 503 before the data is loaded, then 429 once the budget is spent, then 503 while stopping', async () => {
    const ops = operations();
    for (const { pathName, op } of ops) {
      const url = `${empty.url}${exampleUrl(pathName, op)}`;
      const res = await fetch(url);
      const codes = documented(op, 503)?.['x-error-codes'] ?? [];
      // /health says `loading` with its own body; the others say not_ready, or answer at once (robots.txt, this document)
      const waits = codes.includes('not_ready') || pathName === '/health';
      assert.equal(res.status, waits ? 503 : 200, `${url} without data`);
      await check(pathName, res, `${url} (no data)`);
    }
    let spent = false;
    for (let i = 0; i < 500 && !spent; i++) spent = (await fetch(`${empty.url}/robots.txt`)).status === 429;
    assert.ok(spent, 'the budget could not be spent');
    for (const { pathName, op } of ops) {
      const url = `${empty.url}${exampleUrl(pathName, op)}`;
      const res = await fetch(url);
      if (!op.responses['429']) {
        assert.notEqual(res.status, 429, `${pathName} documents no 429`);
        await res.arrayBuffer();
        continue;
      }
      assert.equal(res.status, 429, url);
      await check(pathName, res, `${url} (budget spent)`);
    }
    void empty.app.ds.drain();
    for (const { pathName, op } of ops) {
      const url = `${empty.url}${exampleUrl(pathName, op)}`;
      const res = await fetch(url);
      assert.equal(res.status, 503, url);
      assert.ok(documented(op, 503)?.['x-error-codes']?.includes('restarting'), pathName);
      await check(pathName, res, `${url} (stopping)`);
    }
  });
});

/** Runs a command and returns its standard output (whatever its exit code: lint exits 1 on errors). */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}
