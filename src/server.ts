import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, formatSettingsHelp, loadConfig, type Config } from './config.js';
import { serveStreamQuota } from './http/stream-quota.js';

/** Seconds a shutdown may take before in-flight requests are abandoned. */
const SHUTDOWN_GRACE_MS = 10_000;

const logLine = (msg: string, extra: object = {}): void => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg, ...extra }));

/** Exit code of a worker that could not listen: the primary then says why once and stops (restarting would fail the same way). */
const EXIT_CANNOT_LISTEN = 78;

/** Restart back-off: the first restart at once-ish, doubling per crash in a row, at most 30 s; a worker up a minute resets it. */
const BACKOFF = { firstMs: 100, maxMs: 30_000, stableMs: 60_000 };

/** One clear line for a listen failure (port in use, no permission…), or null for another error. */
function listenFailure(e: unknown, config: Readonly<Config>): string | null {
  const code = (e as NodeJS.ErrnoException).code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE') return `dataseries: cannot listen on ${where}: the port is already in use (set PORT or stop the other process).`;
  if (code === 'EACCES') return `dataseries: cannot listen on ${where}: permission denied (ports below 1024 need privileges).`;
  if (code === 'EADDRNOTAVAIL') return `dataseries: cannot listen on ${where}: no such address on this machine (set HOST).`;
  return null;
}

/**
 * Runs one server process: builds the app, listens, reloads on SIGHUP, and on
 * SIGTERM/SIGINT stops accepting connections and finishes the requests in
 * flight before it exits.
 */
async function runWorker(config: Readonly<Config>): Promise<void> {
  const app = await buildApp(config);
  // a worker takes connections only once it can answer them: the others serve meanwhile
  if (cluster.isWorker) await app.ds.data.ready;
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (e) {
    const line = listenFailure(e, config);
    if (!line) throw e;
    if (cluster.isPrimary) {
      console.error(line);
      process.exit(1);
    }
    // a worker leaves the line to its primary, which says it once
    process.send?.({ cannotListen: line }, () => process.exit(EXIT_CANNOT_LISTEN));
    return;
  }
  app.log.info({ address, data_dir: config.dataDir, base_url: config.baseUrl }, `listening on ${address}`);
  process.on('SIGHUP', () => void app.ds.data.reload());
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      app.log.info({ signal: sig }, 'shutting down: finishing requests in flight');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      // no process.exit on success: the process ends by itself once the last
      // response has been written out (exiting at once would cut it off)
      void app.ds
        .drain()
        .then(() => app.close())
        .then(() => app.log.info({}, 'stopped'));
    });
  }
}

/**
 * The primary of `--workers N`: forks N server processes sharing the port
 * (each holds its own snapshot of the same files, so answers and ETags
 * agree, and listens once its data is loaded), forwards SIGHUP to all,
 * restarts a worker that dies with a growing back-off, stops with one clear
 * line when workers cannot listen, and on SIGTERM waits for every worker to
 * finish its requests. It also counts each client's /events streams across
 * the workers (stream-quota.ts), so the per-client cap holds for the service.
 */
function runPrimary(config: Readonly<Config>): void {
  // Workers accept connections themselves: with round-robin the primary hands each connection to a
  // worker, and one handed to a worker as it dies is held by the primary forever (the client hangs).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let exitCode = 0;
  let crashes = 0;
  let cannotListen: string | null = null;
  const streams = serveStreamQuota(config.eventsPerClient);
  cluster.on('message', (worker, msg: { cannotListen?: string }) => {
    if (msg?.cannotListen) cannotListen = msg.cannotListen;
    streams.message(worker, msg);
  });
  const startedAt = new Map<number, number>();
  const fork = (): void => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < config.workers; i++) fork();
  const stopAll = (sig: NodeJS.Signals): void => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(sig);
  };
  cluster.on('exit', (worker, code, signal) => {
    streams.exit(worker);
    const upMs = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (code === EXIT_CANNOT_LISTEN) {
      console.error(cannotListen ?? `dataseries: cannot listen on ${config.host}:${config.port}.`);
      exitCode = 1;
      stopAll('SIGTERM');
      setTimeout(() => process.exit(1), 2000).unref();
      return;
    }
    crashes = upMs > BACKOFF.stableMs ? 1 : crashes + 1;
    const delayMs = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** (crashes - 1));
    logLine('worker exited; starting another', { worker: worker.process.pid, code, signal, restart_in_ms: delayMs });
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });
  process.on('SIGHUP', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGHUP');
  });
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      logLine('shutting down workers', { signal: sig });
      stopAll('SIGTERM');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 1000).unref();
    });
  }
  logLine(`primary started ${config.workers} workers`, { workers: config.workers });
}

/**
 * Starts the service with a configuration: one process, or a primary and
 * `config.workers` server processes.
 * @example await startServer(loadConfig());
 */
export async function startServer(config: Readonly<Config>): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  return runWorker(config);
}

/** Reads `--workers N` from the arguments into the environment's settings. */
function workersFromArgs(argv: string[]): Record<string, string> {
  const i = argv.indexOf('--workers');
  return i >= 0 && argv[i + 1] ? { DS_WORKERS: argv[i + 1] } : {};
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(`dataseries server\n\nUsage: node dist/src/server.js [--workers N]\n\nEnvironment:\n${formatSettingsHelp()}`);
    return;
  }
  try {
    await startServer(loadConfig({ ...process.env, ...workersFromArgs(process.argv) }));
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
