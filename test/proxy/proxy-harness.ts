/**
 * What the proxy tests share: replicas of the real server (src/server.ts in
 * child processes, as systemd runs them) and nginx on loopback running
 * deploy/nginx/dataseries.conf.template, rendered with free ports and paths
 * in a temporary prefix (no root needed, error log in the prefix).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/config.js';
import { freePort } from '../browser/harness.js';
import { pollUntil, WAIT_BOUND_MS } from '../helpers.js';

export { freePort };

/** The production configuration the tests run. */
export const NGINX_TEMPLATE = path.join(PROJECT_ROOT, 'deploy', 'nginx', 'dataseries.conf.template');

/** The `max-age` the replicas send on data answers (src/http/get-route.ts), in seconds. */
export const DATA_MAX_AGE_S = 60;

/** Is nginx installed? (.ci/run installs nginx-light.) */
export const HAS_NGINX = spawnSync('nginx', ['-v']).status === 0;

/** One line of a replica's JSON log. */
export interface LogLine {
  level: number;
  msg: string;
  url?: string;
  status?: number;
  client?: string;
}

/** A replica: a server process on a fixed port, restartable on that port. */
export interface Replica {
  port: number;
  url: string;
  log: LogLine[];
  child: ChildProcess;
  /** starts the process again (after a kill), same port and settings */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Settings of a replica beyond the data directory. */
export interface ReplicaOptions {
  dataDir: string;
  baseUrl: string;
  env?: Record<string, string>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`replica ${url} exited with ${child.exitCode}`);
    const status = await fetch(`${url}/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`replica ${url} not healthy after ${timeoutMs} ms`);
}

function spawnReplica(port: number, opts: ReplicaOptions, log: LogLine[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DS_DATA_DIR: opts.dataDir,
      BASE_URL: opts.baseUrl,
      LOG_LEVEL: 'info',
      DS_ACCESS_LOG: 'true',
      DS_WATCH: 'true',
      DS_RATE_LIMIT: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) log.push(JSON.parse(line) as LogLine);
  });
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** Starts a replica on a free port and waits until /health answers 200. */
export async function startReplica(opts: ReplicaOptions): Promise<Replica> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log: LogLine[] = [];
  const replica: Replica = {
    port,
    url,
    log,
    child: spawnReplica(port, opts, log),
    restart: async () => {
      replica.child = spawnReplica(port, opts, log);
      await waitForHealth(url, replica.child);
    },
    stop: async () => {
      const done = exited(replica.child);
      replica.child.kill('SIGTERM');
      await done;
    },
  };
  await waitForHealth(url, replica.child);
  return replica;
}

/** Fills `${DS_...}` placeholders (as `envsubst` does in production); an unknown one is an error. */
export function renderTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{(DS_[A-Z_]+)\}/g, (_, name: string) => {
    if (!(name in vars)) throw new Error(`no value for \${${name}}`);
    return vars[name];
  });
}

/** The `upstream` lines for some replicas, as docs/deployment.md writes them. */
export function upstreamLines(replicas: readonly { port: number }[]): string {
  return replicas.map((r) => `    server 127.0.0.1:${r.port} max_fails=1 fail_timeout=2s;`).join('\n');
}

/** A running nginx. */
export interface Proxy {
  url: string;
  /** nginx's master process, leader of its process group */
  pid: number;
  prefix: string;
  /** nginx's error log so far */
  errors: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts nginx in the foreground with the production configuration in front
 * of `replicas`, everything (pid, temp files, cache, error log) under a
 * temporary prefix.
 */
export async function startProxy(replicas: readonly { port: number }[], port?: number): Promise<Proxy> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'ds-nginx-'));
  // nginx's workers run as nobody when the tests run as root: they must reach the prefix
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'cache'));
  port ??= await freePort();
  const site = renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    DS_LISTEN: `127.0.0.1:${port}`,
    DS_REPLICAS: upstreamLines(replicas),
    DS_CACHE_DIR: path.join(prefix, 'cache'),
  });
  writeFileSync(path.join(prefix, 'dataseries.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(prefix, t)};`).join('\n');
  const main = `worker_processes 1;
daemon off;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  include ${path.join(prefix, 'dataseries.conf')};
}
`;
  writeFileSync(path.join(prefix, 'nginx.conf'), main);
  const errorLog = path.join(prefix, 'error.log');
  // its own process group: a bench reads the CPU time of master and worker together
  const child = spawn('nginx', ['-p', prefix, '-e', errorLog, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const errors = (): string => {
    try {
      return readFileSync(errorLog, 'utf8');
    } catch {
      return '';
    }
  };
  for (const start = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors()}`);
    const up = await fetch(`${url}/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() - start > WAIT_BOUND_MS) throw new Error(`nginx did not start within ${WAIT_BOUND_MS} ms: ${errors()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    prefix,
    errors,
    stop: async () => {
      const done = exited(child);
      child.kill('SIGQUIT');
      await done;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** An answer read fully, with its headers. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A GET from a chosen local address (127.0.0.2, 127.0.0.3...: all of
 * 127/8 is loopback on Linux), so the proxy sees distinct clients.
 */
export function getFrom(url: string, headers: Record<string, string> = {}, localAddress = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until `done()` holds (a replica writes its log line once the response is out, so it may trail the answer); fails saying `what` after the one failure bound (pollUntil). */
export async function until(done: () => boolean, what: string): Promise<void> {
  await pollUntil(
    async () => done(),
    (held) => held,
    what,
  );
}
