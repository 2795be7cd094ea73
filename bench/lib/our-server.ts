import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, runCommand, startChild, waitForHttp, type Child } from './children.js';
import { waitIdle } from './proc-stats.js';

/** Our server, started on a data directory. */
export interface OurServer {
  child: Child;
  baseUrl: string;
  /** the /health answer once ready */
  health: Record<string, unknown>;
  /** from spawn to the first 200 on /health, in ms */
  readyMs: number;
}

const SERVER_JS = 'dist/src/server.js';

/**
 * The environment our server runs with in every bench. Like nginx there
 * (access_log off, no limits, no watching): the serving path is measured, not
 * the access log, the per-client limiter (which would answer 429 to wrk) or
 * reloads.
 */
export function benchServerEnv(dataDir: string, port: number, workers = 1): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DS_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DS_RATE_LIMIT: '0',
    DS_ACCESS_LOG: 'false',
    DS_WATCH: 'false',
    LOG_LEVEL: 'warn',
    DS_WORKERS: String(workers),
    // as the image (Dockerfile) and the systemd unit (deploy/) run it: fewer glibc arenas for the worker threads
    MALLOC_ARENA_MAX: '2',
  };
}

/** Builds with `npm run build` when dist/src/server.js is missing or older than a source file. */
export async function buildIfStale(root: string): Promise<boolean> {
  const built = join(root, SERVER_JS);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt > 0 && newestMtime(join(root, 'src')) <= builtAt) return false;
  const { code, stdout, stderr } = await runCommand('npm', ['run', 'build'], { cwd: root });
  if (code !== 0) throw new Error(`npm run build failed:\n${stdout}${stderr}`);
  return true;
}

/**
 * Exports the committed tree (HEAD) into `dir` and builds it there, so that a
 * run measures a commit, whatever others have half-written in the work tree.
 */
export async function buildCommit(root: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const exported = await runCommand('sh', ['-c', `git archive HEAD | tar -x -C '${dir}'`], { cwd: root });
  if (exported.code !== 0) throw new Error(`git archive failed:\n${exported.stderr}`);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const built = await runCommand(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: dir });
  if (built.code !== 0) throw new Error(`tsc failed on HEAD:\n${built.stdout}${built.stderr}`);
  return dir;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Starts `node dist/src/server.js` on `dataDir` and waits until /health answers
 * `ready` (200 by default; an empty directory may never get there).
 */
export async function startOurServer(
  root: string,
  dataDir: string,
  nodeArgs: string[] = [],
  ready: (status: number) => boolean = (status) => status === 200,
  readyTimeoutMs = 600_000,
  workers = 1,
): Promise<OurServer> {
  const port = await freePort();
  const env = benchServerEnv(dataDir, port, workers);
  const started = performance.now();
  const child = startChild('our server', 'node', [...nodeArgs, SERVER_JS], { cwd: root, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const response = await waitForHttp(`${baseUrl}/health`, child, readyTimeoutMs, ready);
  // With several workers the first answer comes from one of them: wait until all have loaded.
  if (workers > 1) await waitIdle([child.pid], readyTimeoutMs);
  const readyMs = performance.now() - started;
  const health = (await response.json()) as Record<string, unknown>;
  return { child, baseUrl, health, readyMs };
}

/** The first number found under one of `keys`, searching nested objects breadth-first. */
export function findNumber(value: unknown, keys: string[]): number | null {
  const queue: unknown[] = [value];
  while (queue.length > 0) {
    const next = queue.shift();
    if (next === null || typeof next !== 'object' || Array.isArray(next)) continue;
    const record = next as Record<string, unknown>;
    for (const key of keys) if (typeof record[key] === 'number') return record[key];
    queue.push(...Object.values(record));
  }
  return null;
}

/** Observations and load time as the server reports them in /health. */
export function healthFacts(health: Record<string, unknown>): { observations: number | null; series: number | null; loadMs: number | null } {
  return {
    observations: findNumber(health, ['observations', 'n_observations']),
    series: findNumber(health, ['series', 'n_series']),
    loadMs: findNumber(health, ['load_ms', 'loadMs', 'load_time_ms', 'loaded_in_ms', 'duration_ms']),
  };
}
