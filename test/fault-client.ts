// What the data fault-injection suite needs around a real server: a steady
// client that records every answer while a fault is injected, /health read
// over HTTP, and waiting for /health to say something.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

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

/** Polls /health until `pred` holds; fails with the last answer after `ms`. */
export async function waitForHealth(
  base: string,
  pred: (h: Health & { text: string }) => boolean,
  what: string,
  ms = 8000,
): Promise<Health & { text: string }> {
  const deadline = Date.now() + ms;
  let h = await health(base);
  while (!pred(h)) {
    if (Date.now() > deadline) assert.fail(`${what}: /health is still ${h.text.slice(0, 2000)}`);
    await sleep(30);
    h = await health(base);
  }
  return h;
}

/** Polls a URL until its body satisfies `pred`. */
export async function waitForBody(url: string, pred: (body: string) => boolean, what: string, ms = 8000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fetch(url);
    const body = await res.text();
    if (res.status === 200 && pred(body)) return body;
    if (Date.now() > deadline) assert.fail(`${what}: ${url} answers ${res.status} ${body.slice(0, 300)}`);
    await sleep(30);
  }
}

/** What a steady client saw: failed requests and every distinct body per URL. */
export interface SteadyReport {
  requests: number;
  failures: string[];
  bodies: Map<string, Set<string>>;
}

/** A client asking the same URLs over and over until stopped; every answer is recorded. */
export function steadyClient(urls: string[]): { stop: () => Promise<SteadyReport> } {
  const report: SteadyReport = { requests: 0, failures: [], bodies: new Map(urls.map((u) => [u, new Set<string>()])) };
  let running = true;
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
      }
      await sleep(3);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return report;
    },
  };
}
