import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, formatSettingsHelp, loadConfig, type Config } from './config.js';

/** Seconds a shutdown may take before in-flight requests are abandoned. */
const SHUTDOWN_GRACE_MS = 10_000;

const logLine = (msg: string, extra: object = {}): void => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg, ...extra }));

/**
 * Runs one server process: builds the app, listens, reloads on SIGHUP, and on
 * SIGTERM/SIGINT stops accepting connections and finishes the requests in
 * flight before it exits.
 */
async function runWorker(config: Readonly<Config>): Promise<void> {
  const app = await buildApp(config);
  const address = await app.listen({ host: config.host, port: config.port });
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
 * (each holds its own snapshot of the same files, so answers and ETags agree),
 * forwards SIGHUP to all, restarts a worker that dies, and on SIGTERM waits
 * for every worker to finish its requests.
 */
function runPrimary(config: Readonly<Config>): void {
  let stopping = false;
  const fork = (): void => void cluster.fork();
  for (let i = 0; i < config.workers; i++) fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logLine('worker exited; starting another', { worker: worker.process.pid, code });
    fork();
  });
  process.on('SIGHUP', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGHUP');
  });
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      stopping = true;
      logLine('shutting down workers', { signal: sig });
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
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
