import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, PROJECT_ROOT, type Config } from '../src/config.js';
import type { DataHolder } from '../src/data/data-holder.js';
import type { Dimension, Snapshot } from '../src/data/model.js';
import type { Selection } from '../src/query/view.js';

/** The real published files (never copied into the project). */
export const REAL_DATA = path.resolve(PROJECT_ROOT, '..', 'shared', 'dataseries-data', 'data');
/** The project's generated demo data. */
export const DEMO_DATA = path.join(PROJECT_ROOT, 'demo-data');
/** Tiny purpose-made fixtures. */
export const FIXTURES = path.join(PROJECT_ROOT, 'test', 'fixtures');

/**
 * Builds the app on a data directory and waits for the first load.
 * @example const app = await startApp(REAL_DATA);
 */
export async function startApp(dataDir: string, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ DS_DATA_DIR: dataDir, LOG_LEVEL: 'silent', DS_WATCH: 'false', PORT: '0', DS_RATE_LIMIT: '0' }, overrides);
  const app = await buildApp(config);
  await app.ds.data.ready;
  await app.ready();
  return app;
}

/** A throw-away copy of a data directory; remove it with the returned function. */
export async function copyDataDir(src: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-test-'));
  await cp(src, dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Parses a simple CSV text (RFC 4180 quotes) into rows of fields. */
export function parseCsvText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
    i++;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * A flat dimension of tiny fixtures: its levels are `codes`, in that order, with their codes as labels.
 * @example fixtureDimension('sex', ['m', 'f'])
 */
export function fixtureDimension(id: string, codes: string[]): Dimension {
  return {
    id,
    label: { en: id },
    levels: codes.map((code) => ({ code, label: { en: code }, data: true, parent: null, depth: 0 })),
    index: new Map(codes.map((code, i) => [code, i])),
    fileOrder: codes.map((_, i) => i),
    hasHierarchy: false,
  };
}

/** An /events stream the server has confirmed (its first event arrived), or its refusal. */
export interface HeldStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** the refusal's body (empty for an open stream) */
  body: string;
  /** closes the connection */
  close: () => void;
  /** resolves when the connection has closed (the server ended it, or `close`) */
  ended: Promise<void>;
}

/**
 * Opens an event stream on its own connection and resolves once the server
 * has sent its first event on it (so the server counts it as open), or with
 * the status and body of a refusal. A node:http socket stays open until
 * closed; fetch's Response is not a fit here: undici cancels the body of a
 * Response that is garbage-collected unread, closing the stream behind the
 * test's back (issue 23).
 */
export function holdStream(url: string, headers: OutgoingHttpHeaders = {}): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let body = '';
      const close = (): void => void req.destroy();
      const ended = new Promise<void>((done) => res.once('close', () => done()));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        const event = body.indexOf('event: ');
        if (res.statusCode === 200 && event >= 0 && body.includes('\n\n', event)) resolve({ status: 200, headers: res.headers, body: '', close, ended });
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close, ended }));
    });
    req.on('error', reject);
  });
}

/** A selection of a dataset with the API's defaults (every series, the whole span, level), `over` on top. */
export function selectionOf(datasetId: string, over: Partial<Selection> = {}): Selection {
  return { datasetId, dims: {}, from: null, to: null, last: null, transform: 'level', base: null, ...over };
}

/**
 * How long a test waits for something that should happen before it fails and
 * says what it saw: a bound for a failure report on a busy 2-core CI, never a
 * pace (a wait ends at the event it waits for).
 */
export const WAIT_BOUND_MS = 30_000;

/** The output of a child process, read as it arrives. */
export interface ChildLog {
  /** everything the child wrote to stdout and stderr so far */
  text(): string;
  /**
   * Resolves with the log once `holds(log)` is true, checked at each new chunk
   * of output (no polling); rejects, quoting the log, once the child's output
   * has closed without it, or after `ms`.
   */
  until(holds: (log: string) => boolean, what: string, ms?: number): Promise<string>;
}

/**
 * Follows what a child writes to stdout and stderr, so that a test waits for a
 * line of its log rather than for a time.
 * @example await followLog(proc).until((log) => log.includes('"msg":"data reloaded"'), 'the reload')
 */
export function followLog(proc: ChildProcess): ChildLog {
  let log = '';
  let closed = false;
  const waiters = new Set<() => void>();
  const check = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  for (const stream of [proc.stdout, proc.stderr]) {
    stream?.on('data', (d: Buffer) => {
      log += d.toString();
      check();
    });
  }
  proc.once('close', () => {
    closed = true;
    check();
  });
  const until = (holds: (log: string) => boolean, what: string, ms = WAIT_BOUND_MS): Promise<string> =>
    new Promise((resolve, reject) => {
      const finish = (error?: string): void => {
        clearTimeout(timer);
        waiters.delete(settle);
        if (error) reject(new Error(`${what}: ${error}; the log:\n${log}`));
        else resolve(log);
      };
      const settle = (): void => {
        let held: boolean;
        try {
          held = holds(log);
        } catch (e) {
          return finish(`the check threw ${(e as Error).message}`);
        }
        if (held) finish();
        else if (closed) finish('the process ended first');
      };
      const timer = setTimeout(() => finish(`not within ${ms} ms`), ms);
      waiters.add(settle);
      settle();
    });
  return { text: () => log, until };
}

/** The complete JSON lines of a log (the server logs one JSON object per line), in order. */
export function jsonLines(log: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The built server running as a real process. */
export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  log: ChildLog;
}

/**
 * Waits until a started server process listens and each of its `workers` has
 * logged its data load; resolves its base URL.
 */
export async function serverReady(log: ChildLog, workers = 1): Promise<string> {
  const listening = /listening on (http:\/\/[\d.:]+)/;
  await log.until((text) => listening.test(text), 'the server listens');
  // every worker loads on its own: wait until each has said so
  await log.until((text) => jsonLines(text).filter((l) => l.msg === 'data loaded').length >= workers, `${workers} worker(s) loaded the data`);
  return listening.exec(log.text())![1];
}

/**
 * Starts the built server (`dist/src/server.js`, so `tsc` first) as a real
 * process on a free port with the real data and an info log, `env` and `args`
 * on top; resolves once it listens and has loaded its data.
 * @example const s = await spawnServer({ DS_ACCESS_LOG: 'true' }, ['--workers', '2'])
 */
export async function spawnServer(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist', 'src', 'server.js'), ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DS_DATA_DIR: REAL_DATA, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = followLog(proc);
  const workers = args.includes('--workers') ? Number(args[args.indexOf('--workers') + 1]) : 1;
  return { proc, base: await serverReady(log, workers), log };
}

/**
 * Asks `probe` again until `holds` is true of its answer, for state no event
 * announces (what /health says after a reload that changed no data); fails
 * with the last answer after `ms`. The pause between probes only spaces them.
 */
export async function pollUntil<T>(probe: () => Promise<T>, holds: (answer: T) => boolean, what: string, ms = WAIT_BOUND_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await probe();
    if (holds(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(answer).slice(0, 2000)} after ${ms} ms`);
    await sleep(20);
  }
}

/**
 * Resolves with the next snapshot a data holder swaps in (a reload that
 * changed the data); fails after `ms`. Take it before making the change.
 * @example const swapped = nextSwap(app.ds.data); await replaceFile(file, text); await swapped;
 */
export function nextSwap(data: Pick<DataHolder, 'onSwap'>, ms = WAIT_BOUND_MS): Promise<Snapshot> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reload swapped in new data within ${ms} ms`)), ms);
    data.onSwap((next) => {
      clearTimeout(timer);
      resolve(next);
    });
  });
}
