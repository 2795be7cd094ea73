import { ConfigError, loadConfig } from '../config.js';
import { startServer } from '../server.js';
import { EXIT, UsageError, type CliIo } from './io.js';

export interface ServeArgs {
  data?: string;
  port?: string;
  host?: string;
  baseUrl?: string;
  workers?: string;
}

/** `dataseries serve`: the options become the environment settings they name; the server is src/server.ts's. */
export async function runServe(args: ServeArgs, io: CliIo): Promise<number> {
  const given: Record<string, string | undefined> = {
    DS_DATA_DIR: args.data,
    PORT: args.port,
    HOST: args.host,
    BASE_URL: args.baseUrl,
    DS_WORKERS: args.workers,
  };
  const env = { ...io.env };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) env[k] = v;
  let config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
  await startServer(config);
  return EXIT.ok;
}
