import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseTrustedProxies } from './http/client-address.js';
import { PROJECT_ROOT } from './project-root.js';

/**
 * Configuration, declared once (name, default, type, help), read from the
 * environment at start-up, validated with every problem listed, then frozen.
 */

/** The project's root directory (where package.json and demo-data/ live). */
export { PROJECT_ROOT };

export interface Config {
  dataDir: string;
  host: string;
  port: number;
  baseUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** reload when files in the data directory change */
  watch: boolean;
  /** quiet time after the last change before a reload */
  watchDebounceMs: number;
  /** bytes of encoded responses kept in memory for repeated requests */
  responseCacheBytes: number;
  /** units per minute per client address (expensive routes cost more); 0 = no limit */
  rateLimit: number;
  /** proxies whose X-Forwarded-For entries are believed (addresses, CIDRs, loopback/linklocal/uniquelocal); empty = none */
  trustProxy: readonly string[];
  /** one JSON log line per request */
  accessLog: boolean;
  /** a request that takes longer is cut off */
  requestTimeoutMs: number;
  /** server processes sharing the port (Node cluster) */
  workers: number;
  /** most /events streams one client address may hold open */
  eventsPerClient: number;
  /** who sees /health's paths and load messages: requests from this machine not through a proxy, everyone, or nobody */
  healthDetails: HealthDetails;
  /** worker threads per process that render images and encode workbooks */
  heavyThreads: number;
  /** heavy tasks that may wait for a thread; one more is answered 503 with Retry-After */
  heavyQueue: number;
  /** selection answers with more rows than this are streamed (memory stays bounded) and not kept in the response cache */
  streamRows: number;
}

/** Who sees the operator's view of /health (paths, load messages): see docs/deployment.md. */
export const HEALTH_DETAILS = ['loopback', 'everyone', 'nobody'] as const;
export type HealthDetails = (typeof HEALTH_DETAILS)[number];

interface Setting {
  env: string;
  help: string;
  fallback: (env: NodeJS.ProcessEnv) => string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Every setting the service reads, with its default and meaning (shown by `--help`). */
export const SETTINGS: Record<keyof Config, Setting> = {
  dataDir: { env: 'DS_DATA_DIR', help: 'directory of published files', fallback: () => path.join(PROJECT_ROOT, 'demo-data') },
  host: { env: 'HOST', help: 'address to listen on', fallback: () => '0.0.0.0' },
  port: { env: 'PORT', help: 'port to listen on (0 = any free port)', fallback: () => '8080' },
  baseUrl: {
    env: 'BASE_URL',
    help: 'public address used in generated links',
    fallback: (env) => `http://localhost:${env.PORT ?? '8080'}`,
  },
  logLevel: { env: 'LOG_LEVEL', help: LOG_LEVELS.join('|'), fallback: () => 'info' },
  watch: { env: 'DS_WATCH', help: 'reload on file changes (true|false)', fallback: () => 'true' },
  watchDebounceMs: { env: 'DS_WATCH_DEBOUNCE_MS', help: 'milliseconds of quiet after a change before reloading', fallback: () => '300' },
  responseCacheBytes: {
    env: 'DS_RESPONSE_CACHE_MB',
    help: 'megabytes of encoded responses to keep for repeated requests',
    fallback: () => '128',
  },
  rateLimit: {
    env: 'DS_RATE_LIMIT',
    help: 'units per minute per client address; expensive routes cost more (RateLimit-Policy; 0 = no limit)',
    fallback: () => '1200',
  },
  trustProxy: {
    env: 'DS_TRUST_PROXY',
    help: 'trusted proxies: false, true (loopback and private networks) or a list of addresses/CIDRs; the client is the right-most X-Forwarded-For address not in it',
    fallback: () => 'false',
  },
  accessLog: { env: 'DS_ACCESS_LOG', help: 'log one JSON line per request (true|false)', fallback: () => 'true' },
  requestTimeoutMs: { env: 'DS_REQUEST_TIMEOUT_MS', help: 'milliseconds before a request is cut off', fallback: () => '30000' },
  eventsPerClient: { env: 'DS_EVENTS_PER_CLIENT', help: 'most /events streams one client address may hold open', fallback: () => '16' },
  healthDetails: {
    env: 'DS_HEALTH_DETAILS',
    help: `who sees /health's paths and load messages: ${HEALTH_DETAILS.join('|')} (loopback = requests from this machine that came through no proxy)`,
    fallback: () => 'loopback',
  },
  workers: { env: 'DS_WORKERS', help: 'server processes sharing the port (or --workers N)', fallback: () => '1' },
  heavyThreads: {
    env: 'DS_HEAVY_THREADS',
    help: 'worker threads per process for PNG/JPEG rendering and xlsx encoding',
    fallback: () => String(Math.max(1, Math.min(4, availableParallelism() - 1))),
  },
  heavyQueue: { env: 'DS_HEAVY_QUEUE', help: 'heavy tasks that may wait for a thread; beyond, 503 with Retry-After', fallback: () => '4' },
  streamRows: { env: 'DS_STREAM_ROWS', help: 'rows above which /series and /series.csv answers are streamed, not cached', fallback: () => '100000' },
};

/** Reads DS_TRUST_PROXY, listing a bad entry among the problems. */
function proxies(text: string, problems: string[]): readonly string[] {
  try {
    return Object.freeze(parseTrustedProxies(text));
  } catch (e) {
    problems.push(`DS_TRUST_PROXY=${text}: ${(e as Error).message}; expected false, true or a comma-separated list of addresses/CIDRs`);
    return [];
  }
}

/** A configuration problem list, thrown as one error. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super('Invalid configuration:\n' + problems.map((p) => `  - ${p}`).join('\n'));
  }
}

/**
 * Reads the configuration from an environment, lists every problem, freezes it.
 * @example loadConfig({ PORT: '0', DS_DATA_DIR: '/data' })
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Readonly<Config> {
  const problems: string[] = [];
  const raw = (key: keyof Config): string => {
    const s = SETTINGS[key];
    const v = env[s.env];
    return v === undefined || v === '' ? s.fallback(env) : v;
  };
  const int = (key: keyof Config, min: number, max: number): number => {
    const text = raw(key);
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${SETTINGS[key].env}=${text}: expected a whole number from ${min} to ${max}`);
    }
    return n;
  };
  const port = int('port', 0, 65535);
  const logLevel = raw('logLevel');
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${logLevel}: expected one of ${LOG_LEVELS.join(', ')}`);
  const baseUrl = raw('baseUrl').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(baseUrl)) problems.push(`BASE_URL=${baseUrl}: expected an absolute http(s) URL`);
  const bool = (key: keyof Config): boolean => {
    const text = raw(key);
    if (!['true', 'false', '1', '0'].includes(text)) problems.push(`${SETTINGS[key].env}=${text}: expected true or false`);
    return text === 'true' || text === '1';
  };
  const watch = bool('watch');
  const watchDebounceMs = int('watchDebounceMs', 10, 60_000);
  const cacheMb = int('responseCacheBytes', 0, 65536);
  const rateLimit = int('rateLimit', 0, 10_000_000);
  const trustProxy = proxies(raw('trustProxy'), problems);
  const accessLog = bool('accessLog');
  const requestTimeoutMs = int('requestTimeoutMs', 100, 3_600_000);
  const workers = int('workers', 1, 64);
  const eventsPerClient = int('eventsPerClient', 1, 100_000);
  const healthDetails = raw('healthDetails') as HealthDetails;
  if (!HEALTH_DETAILS.includes(healthDetails)) problems.push(`DS_HEALTH_DETAILS=${healthDetails}: expected one of ${HEALTH_DETAILS.join(', ')}`);
  const heavyThreads = int('heavyThreads', 1, 64);
  const heavyQueue = int('heavyQueue', 0, 100_000);
  const streamRows = int('streamRows', 0, 1_000_000_000);
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({
    dataDir: path.resolve(raw('dataDir')),
    host: raw('host'),
    port,
    baseUrl,
    logLevel: logLevel as Config['logLevel'],
    watch,
    watchDebounceMs,
    responseCacheBytes: cacheMb * 1024 * 1024,
    rateLimit,
    trustProxy,
    accessLog,
    requestTimeoutMs,
    workers,
    eventsPerClient,
    healthDetails,
    heavyThreads,
    heavyQueue,
    streamRows,
    ...overrides,
  });
}

/** The help text listing every setting. */
export function formatSettingsHelp(): string {
  return Object.values(SETTINGS)
    .map((s) => `  ${s.env.padEnd(22)} ${s.help}`)
    .join('\n');
}
