// What the data fault-injection suite needs around a real server: a steady
// client that records every answer while a fault is injected, /health read
// over HTTP, and waiting for /health to say something.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { pollUntil, WAIT_BOUND_MS } from './helpers.js';

/** One load issue as /health shows it. */
export interface HealthIssue {
  dataset: string | null;
  file: string;
  line?: number;
  message: string;
  retry?: boolean;
}

/** The parts of /health the suite reads. */
export interface Health {
  status: string;
  datasets: number;
  data_version: string;
  data_dir: string;
  data_dir_resolved: string | null;
  published_at: string | null;
  reload_error: string | null;
  errors: HealthIssue[];
  warnings: HealthIssue[];
}

/** A real server on an ephemeral port, watching its data directory with a short debounce. */
export async function startWatchingServer(dataDir: string): Promise<{ app: FastifyInstance; base: string }> {
  const config = loadConfig({
    DS_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DS_WATCH: 'true',
    DS_WATCH_DEBOUNCE_MS: '40',
    PORT: '0',
    HOST: '127.0.0.1',
    DS_RATE_LIMIT: '0',
    DS_ACCESS_LOG: 'false',
  });
  const app = await buildApp(config);
  await app.ds.data.ready;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base };
}

/** /health over HTTP, with the raw text (to check its size and what it quotes). */
export async function health(base: string): Promise<Health & { text: string }> {
  const text = await (await fetch(`${base}/health`)).text();
  return { ...(JSON.parse(text) as Health), text };
}

/** Asks /health again until `pred` holds; fails with the last answer after `ms` (pollUntil: no event says what /health will say). */
export async function waitForHealth(
  base: string,
  pred: (h: Health & { text: string }) => boolean,
  what: string,
  ms = WAIT_BOUND_MS,
): Promise<Health & { text: string }> {
  return pollUntil(() => health(base), pred, what, ms);
}

/** Asks a URL again until it answers 200 with a body that satisfies `pred`; fails with the last answer after `ms`. */
export async function waitForBody(url: string, pred: (body: string) => boolean, what: string, ms = WAIT_BOUND_MS): Promise<string> {
  const answer = await pollUntil(
    async () => {
      const res = await fetch(url);
      return { status: res.status, body: await res.text() };
    },
    (a) => a.status === 200 && pred(a.body),
    `${what} (${url})`,
    ms,
  );
  return answer.body;
}

/** What a steady client saw: failed requests and every distinct body per URL. */
export interface SteadyReport {
  requests: number;
  failures: string[];
  bodies: Map<string, Set<string>>;
}

/** A steady client: stop it for its report. */
export interface SteadyClient {
  /** Resolves once the client has made `n` more requests than now (to hold a state while it asks). */
  more: (n: number) => Promise<void>;
  stop: () => Promise<SteadyReport>;
}

/** A client asking the same URLs over and over until stopped; every answer is recorded. */
export function steadyClient(urls: string[]): SteadyClient {
  const report: SteadyReport = { requests: 0, failures: [], bodies: new Map(urls.map((u) => [u, new Set<string>()])) };
  let running = true;
  const waiters = new Set<() => void>();
  /** requests answered or failed */
  let asked = 0;
  const loop = (async () => {
    while (running) {
      for (const url of urls) {
        try {
          const res = await fetch(url);
          const body = await res.text();
          report.requests++;
          if (res.status !== 200) report.failures.push(`${res.status} ${url}: ${body.slice(0, 200)}`);
          else report.bodies.get(url)!.add(body);
        } catch (e) {
          report.failures.push(`${url}: ${(e as Error).message}`);
        }
        asked++;
        for (const waiter of [...waiters]) waiter();
      }
      // a pace, not a wait: the client leaves the event loop some room between rounds
      await sleep(3);
    }
  })();
  return {
    more: (n) =>
      new Promise((resolve) => {
        const target = asked + n;
        const waiter = (): void => {
          if (asked < target) return;
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
      }),
    stop: async () => {
      running = false;
      await loop;
      return report;
    },
  };
}
