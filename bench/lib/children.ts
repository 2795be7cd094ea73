import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A process the bench started; it is killed at the end whatever happens. */
export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  /** stdout and stderr so far (last 64 KB), for error messages */
  output: () => string;
}

const started = new Set<Child>();

/**
 * Starts a process in its own process group, so that stopping it also stops
 * what it started (nginx workers, a tsx loader).
 */
export function startChild(name: string, cmd: string, args: string[], options: SpawnOptions = {}): Child {
  const proc = spawn(cmd, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (proc.pid === undefined) throw new Error(`could not start ${name}: ${cmd}`);
  let log = '';
  const keep = (chunk: Buffer): void => {
    log = (log + chunk.toString('utf8')).slice(-65536);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const child: Child = { name, proc, pid: proc.pid, output: () => log };
  started.add(child);
  proc.once('exit', () => started.delete(child));
  return child;
}

/** Stops a child's process group: SIGTERM, then SIGKILL after a grace period. */
export async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const exited = once(child.proc, 'exit');
  killGroup(child.pid, signal);
  const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  started.delete(child);
}

/** Stops every child still running (used on the way out, also after an error). */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((child) => stopChild(child)));
}

/** Synchronous last resort for process exit: SIGKILL every group still alive. */
export function killAllNow(): void {
  for (const child of started) killGroup(child.pid, 'SIGKILL');
  started.clear();
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Kills all children when the bench exits or is interrupted. */
export function installExitHooks(): void {
  process.once('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAllNow();
      process.exit(130);
    });
  }
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Polls `url` until `accept(status)` holds; fails with the child's output if it
 * dies or the deadline passes.
 */
export async function waitForHttp(
  url: string,
  child: Child,
  timeoutMs: number,
  accept: (status: number) => boolean = (status) => status === 200,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(`${child.name} exited (${child.proc.exitCode ?? child.proc.signalCode}):\n${child.output()}`);
    }
    try {
      const response = await fetch(url);
      if (accept(response.status)) return response;
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${child.name} not ready at ${url} after ${timeoutMs} ms:\n${child.output()}`);
    await sleep(20);
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a command to completion and returns its stdout and stderr. */
export async function runCommand(cmd: string, args: string[], options: SpawnOptions = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = startChild(cmd, cmd, args, options);
  let stdout = '';
  let stderr = '';
  child.proc.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child.proc, 'close')) as [number | null];
  return { code: code ?? -1, stdout, stderr };
}
