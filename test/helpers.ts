import { cp, mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, PROJECT_ROOT, type Config } from '../src/config.js';
import type { Dimension } from '../src/data/model.js';
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
