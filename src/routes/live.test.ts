// /events on a real server on an ephemeral port: the current versions on
// connect, one `change` event per dataset version that a publish changed
// (only to the streams that follow it), registerGet's conventions (404, 400,
// HEAD, 405, preflight, 503 before load), heartbeats, and app.close() ending
// the streams.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, pollUntil, startApp, WAIT_BOUND_MS } from '../../test/helpers.js';
import type { Snapshot } from '../data/model.js';
import { publish } from '../publish/publish.js';
import { LIVE_DEFAULTS, LiveHub, openFileLimit, streamCapFor } from './live-hub.js';

interface SseEvent {
  event: string;
  data: string;
  comment?: string;
}

/** An open event stream as a test reads it. */
interface Stream {
  status: number;
  headers: IncomingHttpHeaders;
  next: (ms?: number) => Promise<SseEvent>;
  close: () => void;
  ended: Promise<void>;
}

/**
 * A real SSE client on its own connection (node:http: closing it closes the
 * socket, where fetch's pool may keep one open after an abort): reads events
 * and comments as they arrive.
 */
function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      const queue: SseEvent[] = [];
      const waiting: ((e: SseEvent) => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const e = parseEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          const w = waiting.shift();
          if (w) w(e);
          else queue.push(e);
        }
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      const next = (ms = WAIT_BOUND_MS): Promise<SseEvent> =>
        queue.length
          ? Promise.resolve(queue.shift()!)
          : new Promise((ok, fail) => {
              const timer = setTimeout(() => fail(new Error(`no event within ${ms} ms`)), ms);
              waiting.push((e) => {
                clearTimeout(timer);
                ok(e);
              });
            });
      resolve({ status: res.statusCode ?? 0, headers: res.headers, next, close: () => req.destroy(), ended });
    });
    req.on('error', reject);
  });
}

function parseEvent(block: string): SseEvent {
  const e: SseEvent = { event: 'message', data: '' };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) e.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) e.event = line.slice(7);
    else if (line.startsWith('data: ')) e.data += line.slice(6);
    else if (line.startsWith('retry: ')) e.event = 'retry';
  }
  return e;
}

describe('/events on a served publish directory', () => {
  let root: string;
  let src: string;
  let out: string;
  let app: FastifyInstance;
  let base: string;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-live-'));
    src = path.join(root, 'src');
    out = path.join(root, 'public');
    await cp(path.join(FIXTURES, 'tiny'), src, { recursive: true });
    assert.equal((await publish({ src, out, keep: 10 })).aborted, null);
    app = await startApp(out, { watch: true });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  const json = async (p: string) => (await fetch(base + p)).json();

  it('opens with the retry hint and the current version of every dataset, as /catalog has them', async () => {
    const s = await openStream(`${base}/events`);
    assert.equal(s.status, 200);
    assert.equal(s.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(s.headers['access-control-allow-origin'], '*');
    assert.match(s.headers['cache-control'] ?? '', /no-cache/);
    assert.equal((await s.next()).event, 'retry');
    const versions = await s.next();
    assert.equal(versions.event, 'versions');
    const catalog = (await json('/catalog')) as { id: string; version: string }[];
    assert.deepEqual(JSON.parse(versions.data).datasets, Object.fromEntries(catalog.map((e) => [e.id, e.version])));
    s.close();
  });

  it('sends one change event per changed dataset to the streams that follow it, within seconds of a publish', async () => {
    const single = await openStream(`${base}/events?dataset=tiny_single`);
    const cube = await openStream(`${base}/events?dataset=tiny_cube`);
    for (const s of [single, cube]) {
      assert.equal((await s.next()).event, 'retry');
      assert.equal((await s.next()).event, 'versions');
    }
    const before = ((await json('/dataset/tiny_single/meta')) as { version: string }).version;
    const file = path.join(src, 'tiny_single.csv');
    await writeFile(file, (await readFile(file, 'utf8')) + '2021-03-01,21\n');
    const started = Date.now();
    assert.deepEqual((await publish({ src, out, keep: 10 })).written, ['tiny_single']);
    const change = await single.next(5000);
    assert.equal(change.event, 'change');
    const data = JSON.parse(change.data) as { dataset: string; version: string };
    assert.equal(data.dataset, 'tiny_single');
    assert.notEqual(data.version, before);
    assert.equal(((await json('/dataset/tiny_single/meta')) as { version: string }).version, data.version, 'the announced version is served');
    assert.ok(Date.now() - started < 5000);
    await assert.rejects(cube.next(500), /no event/, 'tiny_cube did not change');
    single.close();
    cube.close();
  });

  it('keeps the API conventions: 404 unknown dataset, 400 bad id, HEAD, 405, preflight', async () => {
    const unknown = await fetch(`${base}/events?dataset=tiny_singel`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.equal(((await unknown.json()) as { candidates: string[] }).candidates[0], 'tiny_single');
    assert.equal((await fetch(`${base}/events?dataset=Not-An-Id`)).status, 400);
    assert.equal((await fetch(`${base}/events?nope=1`)).status, 400);
    const head = await fetch(`${base}/events`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(await head.text(), '');
    const post = await fetch(`${base}/events`, { method: 'POST' });
    assert.equal(post.status, 405);
    const options = await fetch(`${base}/events`, { method: 'OPTIONS' });
    assert.equal(options.status, 204);
    assert.equal(post.headers.get('allow'), options.headers.get('allow'));
  });

  it('is described in /openapi.json', async () => {
    const doc = (await json('/openapi.json')) as { paths: Record<string, { get?: { summary: string } }> };
    assert.match(doc.paths['/events']?.get?.summary ?? '', /Server-Sent Events/);
  });

  it('app.close() ends the open streams', async () => {
    const s = await openStream(`${base}/events`);
    await s.next();
    const closing = app.close();
    const bound = (what: string) => new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} after ${WAIT_BOUND_MS} ms`)), WAIT_BOUND_MS).unref());
    await Promise.race([s.ended, bound('stream still open')]);
    await Promise.race([closing, bound('app.close() still waiting')]);
  });
});

describe('/events before any data is loaded', () => {
  it('answers 503 with Retry-After', async () => {
    const app = await startApp(path.join(tmpdir(), 'ds-no-such-dir'));
    try {
      const res = await app.inject('/events');
      assert.equal(res.statusCode, 503);
      assert.equal(res.headers['retry-after'], '5');
    } finally {
      await app.close();
    }
  });
});

describe('LiveHub on a plain HTTP server', () => {
  let server: Server;
  let hub: LiveHub;
  let url: string;
  const snapshot = { version: 'v1', datasets: new Map([['a', { version: 'a1' }]]) } as unknown as Snapshot;

  before(async () => {
    hub = new LiveHub({ heartbeatMs: 50, retryMs: 1000, maxStreams: 1, maxPerClient: 1, maxBufferedBytes: 1024 });
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      hub.open(res, snapshot, null, 'c');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(async () => {
    hub.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends heartbeat comments, says when it is full, and forgets a stream whose client left', async () => {
    const s = await openStream(url);
    assert.equal((await s.next()).event, 'retry');
    assert.equal((await s.next()).event, 'versions');
    assert.equal((await s.next()).comment, 'heartbeat');
    assert.equal(hub.full('c'), 'client');
    assert.equal(hub.full('other'), 'server');
    s.close();
    // the hub forgets the stream once the server sees the socket close; nothing announces it: asked again until then
    await pollUntil(
      async () => hub.size,
      (size) => size === 0,
      'the hub forgets the stream whose client left',
    );
    assert.equal(hub.full('c'), null);
  });
});

describe('/events and the request timeout', () => {
  it('a stream outlives DS_REQUEST_TIMEOUT_MS (the timeout bounds receiving a request, not a stream)', async () => {
    const app = await startApp(path.join(FIXTURES, 'tiny'), { requestTimeoutMs: 500 });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const s = await openStream(`${base}/events`);
      await s.next();
      // the point: a settle window four times the request timeout, within which the stream must not be cut
      const open = await Promise.race([s.ended.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 2000))]);
      assert.ok(open, 'the stream was cut off');
      s.close();
    } finally {
      await app.close();
    }
  });
});

describe('the global cap on streams follows the file-descriptor limit', () => {
  it('reads the soft limit of open files as `ulimit -n` says it', async () => {
    // the limits of a process started under `ulimit -n 200`, in /proc's own format
    const dir = await mkdtemp(path.join(tmpdir(), 'ds-limits-'));
    const file = path.join(dir, 'limits');
    await writeFile(file, execFileSync('sh', ['-c', 'ulimit -n 200 && cat /proc/self/limits'], { encoding: 'utf8' }));
    assert.equal(openFileLimit(file), 200);
    await rm(dir, { recursive: true });
    const mine = openFileLimit();
    assert.equal(mine, Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()));
  });
  it('holds at most half the descriptors in streams, at most 5,000, at least 16', () => {
    assert.equal(streamCapFor(1024), 512);
    assert.equal(streamCapFor(200), 100);
    assert.equal(streamCapFor(1_000_000), 5_000);
    assert.equal(streamCapFor(Infinity), 5_000);
    assert.equal(streamCapFor(10), 16);
    assert.equal(openFileLimit('/no/such/file'), null);
    assert.equal(LIVE_DEFAULTS.maxStreams, streamCapFor(openFileLimit()));
  });
});
