/**
 * What the client tests and the client benchmark share: the real server
 * started as its own process on a free port, and child processes (R,
 * Python) run without blocking the event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The real published files beside the repository (never copied into it). */
export const REAL_DATA = [resolve(ROOT, '..', 'shared', 'dataseries-data', 'data'), '/work/shared/dataseries-data/data'].find((dir) =>
  existsSync(dir),
) ?? resolve(ROOT, '..', 'shared', 'dataseries-data', 'data');

/** Debian's Python, which has pandas and pytest (the `python3` on PATH may not). */
export const PYTHON = '/usr/bin/python3';

/** A running server: its base URL and how to stop it. */
export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts `src/server.ts` (through tsx, so no stale build) on `dataDir` with
 * PORT=0 and no per-client rate limit (the client tests and bench send
 * requests in loops), reads the address from its "listening" log line and
 * waits for /health.
 * @example const server = await startServer(REAL_DATA); ...; await server.stop();
 */
export async function startServer(dataDir: string, timeoutMs = 60_000): Promise<RunningServer> {
  const env = { ...process.env, DS_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DS_WATCH: 'false', DS_RATE_LIMIT: '0', LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => stopChild(child);
  try {
    const url = await listeningAddress(child, timeoutMs);
    await waitForHealth(url, timeoutMs);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listeningAddress(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not report its address within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    const read = (chunk: Buffer): void => {
      log += chunk.toString('utf8');
      const found = /"address":"(http:\/\/[^"]+)"/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolveUrl(found[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/health`).then((r) => r.status, () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}/health did not answer 200 within ${timeoutMs} ms (last: ${status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** What a finished command printed, and how it ended. */
export interface CommandResult {
  code: number | null;
  output: string;
}

/**
 * Runs a command to its end (stdout and stderr interleaved) without blocking
 * the event loop, so an in-process server could still answer it.
 */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CommandResult> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error) => done({ code: null, output: `${output}${error.message}` }));
    child.once('close', (code) => done({ code, output }));
  });
}

/** Whether a command can run at all (exit 0 with these arguments). */
export async function works(command: string, args: string[]): Promise<boolean> {
  return (await run(command, args)).code === 0;
}
