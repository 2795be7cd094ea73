/**
 * The contract harness (issue 23): every operation of /openapi.json called
 * on the real data, with real parameters on every real dataset and with the
 * document's own examples, then sent a request for each error code it
 * documents. Every answer's status, media type, headers and body are
 * checked against the document with Ajv (JSON Schema 2020-12, OpenAPI 3.1's
 * dialect); an answer the document does not describe is a mismatch, and
 * the harness ends with 0 of them. One server (port 0) for the whole file:
 * the front door's codes (414, 429, a doubled Host) only exist on a socket.
 *
 * The server trusts the loopback proxy, so each request names its client in
 * X-Forwarded-For: every request is a fresh client (the budget never runs
 * out by accident), and one spends its budget on purpose for the 429s.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../src/errors/catalogue.js';
import { REAL_DATA } from './helpers.js';

/** A documented response, as /openapi.json has it. */
interface DocResponse {
  $ref?: string;
  description?: string;
  headers?: Record<string, { required?: boolean; schema: object; $ref?: string }>;
  content?: Record<string, { schema: object; example?: unknown }>;
  'x-error-codes'?: ErrorCode[];
}
interface Parameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
  schema: { default?: unknown };
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  responses: Record<string, DocResponse>;
}
interface Doc {
  paths: Record<string, { get: Operation }>;
  components: { responses: Record<string, DocResponse>; schemas: Record<string, { properties?: Record<string, unknown> }> };
}

/** One answer, from fetch or a raw socket. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const DOC_ID = 'https://dataseries.test/openapi.json';
/** Headers of the contract: when an answer sends one, its response must declare it. */
const CONTRACT_HEADERS = [
  'etag',
  'cache-control',
  'content-disposition',
  'retry-after',
  'allow',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
];
const SIGNATURES: Record<string, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': Buffer.from('PK\x03\x04', 'latin1'),
};
/** Units of budget of a client: small, so that one client spends it in a few requests. */
const BUDGET = 40;

/**
 * Codes no request of this harness can provoke on a sound server on the
 * real data, and why. Everything else an operation documents is sent.
 */
const NOT_SENT: Partial<Record<ErrorCode, string>> = {
  internal: 'only a bug raises it (unexpected errors become 500 without their message: test/errors.test.ts)',
  not_ready: 'needs a server before its first load: test/openapi.test.ts sends it to every operation',
  too_many_streams: 'needs the open-file limit reached: test/operations.test.ts (ulimit -n 100)',
  too_many_rows:
    'needs more rows than the format holds (an Excel sheet; an SDMX message above DS_STREAM_ROWS, sent by src/routes/sdmx-data.test.ts); the largest real dataset has 41,664',
  before_first_vintage: 'needs published vintages, which the real directory has none of: src/routes/as-of.test.ts sends it to every route that takes as_of',
};

let app: FastifyInstance;
let base: string;
/** The site's own base URL (BASE_URL), which oEmbed recognises. */
let site: string;
let port: number;
let doc: Doc;
let datasets: string[];
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
/** Every mismatch found, as one line each. */
const mismatches: string[] = [];
/** Codes answered per operation path. */
const answered = new Map<string, Set<string>>();
let clients = 0;

/** Fails with the mismatches found (the distinct ones, up to 60), if any. */
function noMismatches(): void {
  const distinct = [...new Set(mismatches)];
  assert.equal(distinct.length, 0, `${distinct.length} mismatches:\n${distinct.slice(0, 60).join('\n')}`);
}

/** A fresh client address for X-Forwarded-For. */
const freshClient = (): string => `10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const res = await fetch(`${base}${url}`, { method, headers: { 'x-forwarded-for': freshClient(), ...headers } });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
}

/** Sends raw bytes on a socket and reads the answer until the server closes or the body is whole. */
function raw(bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = Buffer.alloc(0);
    const done = () => {
      socket.destroy();
      const text = got.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const [line, ...fields] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const f of fields) headers[f.slice(0, f.indexOf(':')).toLowerCase()] = f.slice(f.indexOf(':') + 1).trim();
      resolve({ status: Number(line.split(' ')[1]), headers, body: got.subarray(end + 4) });
    };
    socket.on('data', (d: Buffer) => {
      got = Buffer.concat([got, d]);
      const text = got.toString('latin1');
      const m = /content-length: (\d+)/i.exec(text);
      const end = text.indexOf('\r\n\r\n');
      if (m && end >= 0 && got.length - end - 4 >= Number(m[1])) done();
    });
    socket.on('end', done);
    socket.on('error', (e) => (got.length ? done() : reject(e)));
    socket.write(bytes);
  });
}

/** A response of the document, references resolved. */
function resolved(r: DocResponse | undefined): DocResponse | undefined {
  return r?.$ref ? doc.components.responses[r.$ref.split('/').pop() as string] : r;
}

/** The JSON pointer of a documented body schema. */
function pointer(where: string[], type: string): string {
  const seg = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));
  return `${DOC_ID}#/${[...where, 'content', type, 'schema'].map(seg).join('/')}`;
}

/** Where a response lives in the document (an operation's, or a shared one it refers to). */
function whereOf(pathName: string, status: string): string[] {
  const r = doc.paths[pathName].get.responses[status];
  return r.$ref ? ['components', 'responses', r.$ref.split('/').pop() as string] : ['paths', pathName, 'get', 'responses', status];
}

/** Checks one answer against a documented response; records what does not match. */
function checkAgainst(response: DocResponse | undefined, where: string[] | null, a: Answer, label: string, code?: string): void {
  const miss = (what: string) => mismatches.push(`${label}: ${what}`);
  if (!response) return miss(`status ${a.status} is not documented`);
  if (code && a.status >= 400 && !response['x-error-codes']?.includes(code as ErrorCode)) miss(`code ${code} is not listed under ${a.status}`);
  for (const name of CONTRACT_HEADERS) {
    if (a.headers[name] === undefined) continue;
    const declared = Object.entries(response.headers ?? {}).find(([n]) => n.toLowerCase() === name);
    if (!declared) miss(`sends ${name} but the response declares no such header`);
    else {
      const schema = declared[1].schema as { type?: string };
      const value = schema.type === 'integer' ? Number(a.headers[name]) : a.headers[name];
      if (!ajv.validate(schema, value)) miss(`header ${name}: ${a.headers[name]}: ${ajv.errorsText()}`);
    }
  }
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    if (header.required && a.headers[name.toLowerCase()] === undefined) miss(`declares ${name} required, but sends none`);
  }
  if (!response.content) return void (a.body.length && miss(`${a.status} has no documented body, but ${a.body.length} bytes came`));
  const type = a.headers['content-type'] ?? '';
  if (!(type in response.content)) return miss(`${type} is not among ${Object.keys(response.content).join(', ')}`);
  const signature = SIGNATURES[type];
  if (signature) return void (a.body.subarray(0, signature.length).equals(signature) || miss(`not a ${type}`));
  const text = a.body.toString('utf8');
  let value: unknown = text;
  if (type.includes('json')) {
    try {
      value = JSON.parse(text);
    } catch {
      return miss('the body is not JSON');
    }
  }
  const validate = where ? ajv.getSchema(pointer(where, type)) : ajv.compile(response.content[type].schema);
  if (!validate) return miss(`no schema for ${type}`);
  if (!validate(value)) miss(`body: ${ajv.errorsText(validate.errors?.slice(0, 3))}`);
  if (type.startsWith('application/problem+json')) {
    const declared = Object.keys(doc.components.schemas.Problem.properties ?? {});
    const extra = Object.keys(value as object).filter((k) => !declared.includes(k));
    if (extra.length) miss(`problem members ${extra.join(', ')} are not in the Problem schema`);
    const sent = (value as { code?: ErrorCode }).code;
    if (code && sent !== code) miss(`code ${sent}, expected ${code}`);
    // whatever was asked, no answer carries a code its response does not list
    if (sent && response['x-error-codes'] && !response['x-error-codes'].includes(sent)) miss(`answered ${sent}, which ${a.status} does not list`);
  }
}

/** Checks an answer of a documented operation; remembers the code it answered. */
function check(pathName: string, a: Answer, label: string, code?: string): void {
  const status = String(a.status);
  const response = resolved(doc.paths[pathName].get.responses[status]);
  checkAgainst(response, response ? whereOf(pathName, status) : null, a, label, code);
  if (code) answered.get(pathName)?.add(code);
}

/** The URL "Try it out" sends: each parameter with its example (or default). */
function exampleUrl(pathName: string, extra: Record<string, string> = {}): string {
  let url = pathName;
  const query = new URLSearchParams();
  for (const p of doc.paths[pathName].get.parameters ?? []) {
    const value = p.example ?? Object.values(p.examples ?? {})[0]?.value ?? p.schema.default;
    if (value === undefined) continue;
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else query.set(p.name, String(value));
  }
  for (const [k, v] of Object.entries(extra)) query.set(k, v);
  const q = query.toString();
  return q ? `${url}?${q}` : url;
}

/** The first bytes of an event stream (then the request is cut), as an answer. */
async function openStream(url: string, client: string): Promise<{ answer: Answer; close: () => void }> {
  const abort = new AbortController();
  const res = await fetch(`${base}${url}`, { signal: abort.signal, headers: { 'x-forwarded-for': client } });
  const headers = Object.fromEntries(res.headers);
  if (res.status !== 200) return { answer: { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) }, close: () => {} };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunk = await reader.read();
  return { answer: { status: 200, headers, body: Buffer.from(chunk.value ?? []) }, close: () => abort.abort() };
}

before(async () => {
  const config = loadConfig({
    DS_DATA_DIR: REAL_DATA,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DS_WATCH: 'false',
    DS_ACCESS_LOG: 'false',
    DS_RATE_LIMIT: String(BUDGET),
    DS_TRUST_PROXY: 'true',
    DS_EVENTS_PER_CLIENT: '1',
    DS_HEAVY_THREADS: '1',
    DS_HEAVY_QUEUE: '0',
    // short, so that a request left unfinished gets its 408 soon (a whole request arrives at once on loopback)
    DS_REQUEST_TIMEOUT_MS: '3000',
  });
  app = await buildApp(config);
  await app.ds.data.ready;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
  site = app.ds.config.baseUrl;
  doc = JSON.parse((await get('/openapi.json')).body.toString()) as Doc;
  ajv.addSchema(doc as object, DOC_ID);
  for (const pathName of Object.keys(doc.paths)) answered.set(pathName, new Set());
  datasets = (JSON.parse((await get('/catalog')).body.toString()) as { id: string }[]).map((d) => d.id);
});

after(async () => {
  await app.close();
});

// each test reports its own mismatches
beforeEach(() => void (mismatches.length = 0));

describe('the answers of every operation on the real data', () => {
  it("answers each operation's own example with a 200 the document describes", async () => {
    for (const pathName of Object.keys(doc.paths)) {
      const url = exampleUrl(pathName);
      if (pathName === '/events') {
        const { answer, close } = await openStream(url, freshClient());
        close();
        check(pathName, answer, url);
        continue;
      }
      const a = await get(url);
      assert.equal(a.status, 200, `${url}: ${a.status} ${a.body.toString().slice(0, 200)}`);
      check(pathName, a, url);
      // a text example is the real answer to the operation's own example, its first lines
      const example = resolved(doc.paths[pathName].get.responses['200'])?.content?.[a.headers['content-type']]?.example;
      if (typeof example === 'string' && !a.body.toString().startsWith(example)) mismatches.push(`${url}: the documented example is not how the answer starts`);
      if (doc.paths[pathName].get.responses['304']) check(pathName, await get(url, { 'if-none-match': a.headers.etag }), `${url} (If-None-Match)`);
    }
    noMismatches();
  });

  it('answers every other example of a parameter (from=-5y, to=-1y…) with a 200 the document describes', async () => {
    let sent = 0;
    for (const [pathName, item] of Object.entries(doc.paths)) {
      if (pathName === '/events') continue;
      for (const p of item.get.parameters ?? []) {
        if (p.in !== 'query') continue;
        for (const { value } of Object.values(p.examples ?? {}).slice(1)) {
          const url = exampleUrl(pathName, { [p.name]: String(value) });
          const a = await get(url);
          assert.equal(a.status, 200, `${url}: ${a.status} ${a.body.toString().slice(0, 200)}`);
          check(pathName, a, url);
          sent++;
        }
      }
    }
    assert.ok(sent > 0, 'no parameter has a second example');
    noMismatches();
  });

  it('answers every real dataset: metadata, combinations, JSON and CSV (codes, and labels in two languages)', async () => {
    for (const id of datasets) {
      const urls: [string, string][] = [
        ['/dataset/{id}/meta', `/dataset/${id}/meta`],
        ['/dataset/{id}/combos', `/dataset/${id}/combos`],
        ['/series', `/series?dataset=${id}&last=2`],
        ['/series.csv', `/series.csv?dataset=${id}&last=2`],
        ['/series.csv', `/series.csv?dataset=${id}&last=1&labels=true&lang=de`],
        ['/series.csv', `/series.csv?dataset=${id}&last=1&labels=true&lang=fr`],
      ];
      for (const [pathName, url] of urls) {
        const a = await get(url);
        assert.equal(a.status, 200, url);
        check(pathName, a, url);
      }
    }
    noMismatches();
  });

  it('answers the tidy CSV of the datasets whose dimension ids hold spaces and umlauts as its schema says (issue 23 item 12)', async () => {
    for (const id of ['ch_fso_vacancies', 'ch_fso_jobs_sex']) {
      for (const query of ['last=1', 'last=1&labels=true&lang=it']) {
        const url = `/series.csv?dataset=${id}&${query}`;
        const a = await get(url);
        assert.equal(a.status, 200, url);
        check('/series.csv', a, url);
      }
    }
    noMismatches();
  });

  it('answers images, workbooks, search, resolve and oEmbed of real selections', async () => {
    const cases: [string, string][] = [
      ['/chart.svg', '/chart.svg?dataset=ch_fso_vacancies&last=12'],
      ['/chart.png', '/chart.png?dataset=ch_fso_jobs_sex&last=8'],
      ['/series.xlsx', '/series.xlsx?dataset=ch_fso_jobs_sex&last=4'],
      ['/series.csv', '/series.csv?dataset=ch_fso_vacancies&last=1&download=1'],
      ['/series', '/series?dataset=ch_fso_vacancies&last=1&download=true'],
      ['/og.jpg', '/og.jpg?dataset=ch_fso_vacancies'],
      ['/search', '/search?q=Besch%C3%A4ftigungsgrad&lang=de'],
      ['/resolve', '/resolve?q=ch_fso_ppi%2Fbase%3D2020'],
      ['/resolve', `/resolve?q=${encodeURIComponent('/de/d/ch_fso_vacancies')}`],
      ['/oembed', `/oembed?url=${encodeURIComponent(`${site}/d/ch_fso_jobs_sex`)}`],
    ];
    for (const [pathName, url] of cases) {
      const a = await get(url);
      assert.equal(a.status, 200, `${url}: ${a.body.toString().slice(0, 200)}`);
      check(pathName, a, url);
    }
    noMismatches();
  });
});

/** A request that provokes a code on an operation, or null where the generic form does not apply. */
type Provoke = (pathName: string) => Promise<Answer> | null;

/** An SDMX structure route (issue 22): its path parts are SDMX's (agency, id, version), not a dataset id alone. */
const isSdmxStructure = (pathName: string) => /^\/sdmx\/2\.1\/(?!data\/)/.test(pathName);
/** An SDMX structure route's example URL with its agency (or, with `id`, its id) replaced: `/sdmx/2.1/{resource}/{agency}/{id}/{version}`. */
const sdmxStructure = (pathName: string, part: { agency?: string; id?: string }, query: Record<string, string> = {}) => {
  const [route, search] = exampleUrl(pathName, query).split('?');
  const segments = route.split('/');
  if (part.agency) segments[4] = part.agency;
  if (part.id) segments[5] = part.id;
  return get(`${segments.join('/')}${search === undefined ? '' : `?${search}`}`);
};
const hasId = (pathName: string) => pathName.includes('{id}') && !isSdmxStructure(pathName);
const withId = (pathName: string, id: string) => pathName.replace('{id}', id);
const isSelection = (pathName: string) => doc.paths[pathName].get.parameters?.some((p) => p.name === 'dims') ?? false;
const sel = (pathName: string, query: string): Promise<Answer> => get(`${pathName}?dataset=ch_fso_ppi&${query}`);

/** A query parameter refused by its form alone (not one a selection reader words itself). */
function badValue(pathName: string): string | null {
  const readers = new Set(['from', 'to', 'base', 'transform', 'dims', 'q', 'url']);
  for (const p of doc.paths[pathName].get.parameters ?? []) {
    const schema = p.schema as { type?: string; enum?: unknown[]; pattern?: string; minimum?: number };
    if (p.in !== 'query' || readers.has(p.name)) continue;
    if (schema.type === 'integer') return `${p.name}=x`;
    if (schema.enum || schema.pattern) return `${p.name}=ABC!`;
  }
  return null;
}

/** How each code is provoked. */
const PROVOKE: Partial<Record<ErrorCode, Provoke>> = {
  unknown_parameter: (p) => get(exampleUrl(p, { colour: 'red' })),
  missing_parameter: (p) => get(p),
  bad_parameter: (p) => {
    if (isSdmxStructure(p)) return sdmxStructure(p, {}, { references: 'ABC!' });
    if (hasId(p)) return get(withId(p, 'ABC!'));
    const bad = badValue(p);
    return bad ? get(`${exampleUrl(p)}&${bad}`.replace(/^([^?]*)&/, '$1?')) : null;
  },
  bad_url_encoding: (p) =>
    isSdmxStructure(p)
      ? sdmxStructure(p, { agency: '%E0%A4%A' })
      : hasId(p)
        ? get(withId(p, '%E0%A4%A'))
        : p.startsWith('/sdmx/')
          ? get(exampleUrl(p).replace('/data/ch_fso_ppi', '/data/%E0%A4%A'))
          : null,
  bad_request: (p) => raw(`GET ${exampleUrl(p)} HTTP/1.1\r\nHost: a\r\nHost: b\r\nX-Forwarded-For: ${freshClient()}\r\n\r\n`),
  header_too_large: (p) => raw(`GET ${exampleUrl(p)} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
  uri_too_long: (p) => get(exampleUrl(p, { _pad: 'a'.repeat(9000) })),
  precondition_failed: (p) => get(exampleUrl(p), { 'if-match': '"stale"' }),
  unknown_dataset: (p) =>
    isSdmxStructure(p)
      ? sdmxStructure(p, p.includes('{id}') ? { id: 'no_such_dataset' } : { agency: 'NOBODY' })
      : p.startsWith('/sdmx/')
        ? get(exampleUrl(p).replace('/data/ch_fso_ppi', '/data/no_such_dataset'))
        : hasId(p)
          ? get(withId(p, 'no_such_dataset'))
          : p === '/resolve'
            ? get('/resolve?q=no_such_dataset%2Fa%3Db')
            : get(`${p}?dataset=no_such_dataset`),
  malformed_dims: (p) => (isSelection(p) ? sel(p, 'dims=base') : get('/resolve?q=ch_fso_ppi%2F%3D%3D')),
  unknown_dimension: (p) => (isSelection(p) ? sel(p, 'dims=colour=red') : get('/resolve?q=ch_fso_ppi%2Fcolour%3Dred')),
  unknown_code: (p) => (isSelection(p) ? sel(p, 'dims=base=1999') : get('/resolve?q=ch_fso_ppi%2Fbase%3D1999')),
  bad_date: (p) => (isSelection(p) ? sel(p, 'from=2020-13-01') : get(`/resolve?q=${encodeURIComponent('/d/ch_fso_ppi?from=2020-13-01')}`)),
  bad_relative_date: (p) => (isSelection(p) ? sel(p, 'from=-0y') : get(`/resolve?q=${encodeURIComponent('/d/ch_fso_ppi?from=-0y')}`)),
  bad_date_range: (p) =>
    p.startsWith('/sdmx/')
      ? get(exampleUrl(p, { startPeriod: '2024', endPeriod: '2020' }))
      : isSelection(p)
        ? sel(p, 'from=2024-01-01&to=2020-01-01')
        : get(`/resolve?q=${encodeURIComponent('/d/ch_fso_ppi?from=2024-01-01&to=2020-01-01')}`),
  unknown_transform: (p) => (isSelection(p) ? sel(p, 'transform=cubed') : get(`/resolve?q=${encodeURIComponent('/d/ch_fso_ppi?transform=cubed')}`)),
  base_without_index: (p) =>
    isSelection(p) ? sel(p, 'transform=pct&base=2020-01-01') : get(`/resolve?q=${encodeURIComponent('/d/ch_fso_ppi?transform=pct&base=2020-01-01')}`),
  frequency_not_lower: (p) => (isSelection(p) ? sel(p, 'frequency=monthly') : get(`/resolve?q=${encodeURIComponent('/d/ch_fso_ppi?frequency=monthly')}`)),
  without_frequency: (p) => (isSelection(p) ? sel(p, 'aggregation=sum') : get(`/resolve?q=${encodeURIComponent('/d/ch_fso_ppi?aggregation=sum')}`)),
  empty_query: (p) => get(p === '/search' ? '/search?q=%21%21' : `${p}?q=%20`),
  bad_key: () => get('/resolve?q=ch_fso_ppi.9999'),
  not_resolved: () => get('/resolve?q=zzqqxxwwvv'),
  not_a_dataset_page: () => get(`/resolve?q=${encodeURIComponent('/about')}`),
  bad_url: () => get('/oembed?url=not-a-url'),
  not_our_url: () => get(`/oembed?url=${encodeURIComponent('https://elsewhere.invalid/d/ch_fso_ppi')}`),
  not_embeddable: () => get(`/oembed?url=${encodeURIComponent(`${site}/about`)}`),
  not_implemented: (p) =>
    isSdmxStructure(p)
      ? sdmxStructure(p, {}, { detail: 'allstubs' })
      : p.startsWith('/sdmx/')
        ? get(exampleUrl(p, { dimensionAtObservation: 'base' }))
        : get(`/oembed?url=${encodeURIComponent(`${site}/d/ch_fso_ppi`)}&format=xml`),
  // the SDMX data route (issue 22)
  bad_sdmx_key: (p) => (p.startsWith('/sdmx/') ? get(exampleUrl(p, { startPeriod: '2024-Q5' })) : null),
  no_results: (p) => (p.startsWith('/sdmx/') ? get(exampleUrl(p, { startPeriod: '3000', endPeriod: '3001' })) : null),
};

/** The error codes an operation documents. */
function documentedCodes(pathName: string): ErrorCode[] {
  return Object.entries(doc.paths[pathName].get.responses)
    .filter(([status]) => Number(status) >= 400)
    .flatMap(([, r]) => resolved(r)?.['x-error-codes'] ?? []);
}

describe('the errors of every operation', () => {
  it('answers each documented code of each operation to a request that provokes it, as documented', async () => {
    for (const pathName of Object.keys(doc.paths)) {
      for (const code of documentedCodes(pathName)) {
        const answer = PROVOKE[code]?.(pathName);
        if (!answer) continue;
        const a = await answer;
        const label = `${pathName} ${code}`;
        if (String(a.status) !== String(ERROR_CATALOGUE[code].status)) mismatches.push(`${label}: answered ${a.status} ${a.body.toString().slice(0, 200)}`);
        else check(pathName, a, label, code);
      }
    }
    noMismatches();
  });

  it('answers 503 overloaded to heavy work beyond its one thread and empty queue', async () => {
    for (const pathName of Object.keys(doc.paths).filter((p) => documentedCodes(p).includes('overloaded'))) {
      // distinct selections, so no answer comes from the response cache
      const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => get(exampleUrl(pathName, { _n: `${Date.now()}-${i}` }))));
      const refused = burst.filter((a) => a.status === 503);
      assert.ok(refused.length > 0, `${pathName}: 6 at once on one thread, none refused`);
      for (const a of burst) check(pathName, a, `${pathName} burst`, a.status === 503 ? 'overloaded' : undefined);
    }
    noMismatches();
  });

  it('answers 408 to every operation whose request never ends (all at once: each waits for the timeout)', async () => {
    const pathNames = Object.keys(doc.paths).filter((p) => documentedCodes(p).includes('request_timeout'));
    const answers = await Promise.all(pathNames.map((p) => raw(`GET ${exampleUrl(p)} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${freshClient()}\r\n`)));
    pathNames.forEach((p, i) => check(p, answers[i], `${p} unfinished`, 'request_timeout'));
    noMismatches();
  });

  it('answers 429 to a client holding its one event stream, and to a client whose budget is spent', async () => {
    const holder = freshClient();
    const first = await openStream('/events', holder);
    const second = await openStream('/events', holder);
    first.close();
    check('/events', second.answer, '/events second stream', 'too_many_client_streams');
    const spender = freshClient();
    let spent = false;
    for (let i = 0; i <= BUDGET && !spent; i++) spent = (await get('/robots.txt', { 'x-forwarded-for': spender })).status === 429;
    assert.ok(spent, 'the budget could not be spent');
    for (const pathName of Object.keys(doc.paths).filter((p) => documentedCodes(p).includes('rate_limited'))) {
      check(pathName, await get(exampleUrl(pathName), { 'x-forwarded-for': spender }), `${pathName} budget spent`, 'rate_limited');
    }
    noMismatches();
  });
});

describe('what no operation answers', () => {
  /** The shared response (components/responses) that documents a code. */
  const sharedOf = (code: ErrorCode): [string, DocResponse] | undefined =>
    Object.entries(doc.components.responses).find(([, r]) => r['x-error-codes']?.includes(code));

  it('documents every code of the catalogue: in an operation, or in a shared response for any path', () => {
    const inOperations = new Set(Object.keys(doc.paths).flatMap(documentedCodes));
    const nowhere = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => !inOperations.has(code) && !sharedOf(code));
    assert.deepEqual(nowhere, []);
  });

  it('answers an unknown path, an unknown asset, another method and an unknown method token as the shared responses say', async () => {
    const cases: [ErrorCode, Promise<Answer>][] = [
      ['no_route', get('/no/such/path')],
      ['no_asset', get('/assets/no-such-asset.js')],
      ['method_not_allowed', get('/catalog', {}, 'POST')],
      ['method_not_allowed', raw(`FOO /catalog HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${freshClient()}\r\n\r\n`)],
    ];
    for (const [code, pending] of cases) {
      const a = await pending;
      const found = sharedOf(code);
      if (!found) mismatches.push(`${code}: no shared response documents it`);
      else if (String(a.status) !== String(ERROR_CATALOGUE[code].status)) mismatches.push(`${code}: answered ${a.status} ${a.body.toString().slice(0, 200)}`);
      else checkAgainst(found[1], ['components', 'responses', found[0]], a, code, code);
    }
    noMismatches();
  });

  it('says in Allow, on a 405 and to a preflight, the methods the document names', async () => {
    const documented = (sharedOf('method_not_allowed')?.[1].headers?.Allow?.schema as { const?: string } | undefined)?.const;
    assert.ok(documented, 'the 405 response declares no Allow value');
    assert.equal((await get('/catalog', {}, 'DELETE')).headers.allow, documented);
    assert.equal((await get('/catalog', {}, 'OPTIONS')).headers.allow, documented);
  });

  it('answers a page path the problem shape when the client prefers JSON, and the HTML page to a browser', async () => {
    for (const path of ['/d/no_such_dataset', '/de/d/no_such_dataset', '/no/such/page']) {
      const json = await get(path, { accept: 'application/json' });
      assert.equal(json.headers['content-type'], 'application/problem+json; charset=utf-8', path);
      const problem = {
        headers: doc.components.responses.NoRoute.headers,
        content: { [json.headers['content-type']]: { schema: { $ref: `${DOC_ID}#/components/schemas/Problem` } } },
      };
      checkAgainst(problem, null, json, `${path} as JSON`);
      const html = await get(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      assert.match(html.headers['content-type'] ?? '', /^text\/html/, path);
    }
    noMismatches();
  });
});

describe('the document itself', () => {
  it('gives every text body that is not JSON an example its own schema accepts', () => {
    for (const [pathName, item] of Object.entries(doc.paths)) {
      for (const [status, r] of Object.entries(item.get.responses)) {
        for (const [type, media] of Object.entries(resolved(r)?.content ?? {})) {
          if (!type.startsWith('text/csv')) continue;
          if (media.example === undefined) mismatches.push(`${pathName} ${status} ${type}: no example`);
          else if (!ajv.getSchema(pointer(whereOf(pathName, status), type))?.(media.example))
            mismatches.push(`${pathName} ${status} ${type}: the example fails its schema`);
        }
      }
    }
    noMismatches();
  });
});

describe('every operation while the server stops', () => {
  it('answers 503 restarting to each, and every documented code was sent (or is listed as not sendable, with why)', async () => {
    void app.ds.drain();
    for (const pathName of Object.keys(doc.paths)) check(pathName, await get(exampleUrl(pathName)), `${pathName} stopping`, 'restarting');
    noMismatches();
    const unsent = Object.keys(doc.paths).flatMap((p) =>
      documentedCodes(p)
        .filter((code) => !answered.get(p)?.has(code) && !NOT_SENT[code])
        .map((code) => `${p} ${code}`),
    );
    assert.deepEqual(unsent, []);
  });
});
