/**
 * What the browser tests share: the real server on a free port (its BASE_URL
 * set to that address, so the snippets it writes point at it), headless
 * Chromium launched the way CI runs it, and a console watcher. Chromium
 * missing fails the tests, unless DS_SKIP_BROWSER_TESTS=1.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

/** Set DS_SKIP_BROWSER_TESTS=1 to skip the browser tests on purpose (CI installs Chromium). */
export const SKIP_BROWSER = process.env.DS_SKIP_BROWSER_TESTS === '1' ? 'DS_SKIP_BROWSER_TESTS=1' : false;

/** Debian's Chromium, or another one named by CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags CI runs Chromium with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running site: its base URL, the app, how to stop it. */
export interface Site {
  url: string;
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * Starts the real server in-process on a free port, with BASE_URL set to it.
 * @example const site = await startSite(REAL_DATA); ...; await site.close();
 */
export async function startSite(dataDir: string): Promise<Site> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ DS_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, LOG_LEVEL: 'silent', DS_WATCH: 'false' });
  const app = await buildApp(config);
  await app.ds.data.ready;
  await app.listen({ port, host: '127.0.0.1' });
  return { url, app, close: () => app.close() };
}

/** A launched browser with an empty profile; `close` removes the profile too. */
export interface Chrome {
  browser: Browser;
  context: BrowserContext;
  close: () => Promise<void>;
}

/**
 * Launches headless Chromium with CI's flags and an empty user-data-dir.
 * Throws, with how to install it, when Chromium is missing.
 */
export async function launchChromium(): Promise<Chrome> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set DS_SKIP_BROWSER_TESTS=1 to skip the browser tests.`);
  }
  const profile = mkdtempSync(path.join(tmpdir(), 'ds-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const browser = context.browser() as Browser;
  return {
    browser,
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Collects console errors, uncaught page errors and failed requests of a page. */
export function watchErrors(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    // a request cut off by leaving the page (an event stream, a lazy frame) is not a failure
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`http ${r.status()}: ${r.url()}`);
  });
  return { errors };
}

/**
 * Waits until the interactive chart has drawn `n` series (or any, without n),
 * no request is in flight (`aria-busy` gone) and every control is wired
 * (`data-ready`: the explorer wires them in tasks after the first draw).
 */
export async function waitForChart(page: Page, n?: number): Promise<void> {
  await page.waitForFunction((want) => {
    const el = document.querySelector<HTMLElement>('[data-chart]');
    const drawn = el?.dataset.drawn;
    const settled = !!el && el.getAttribute('aria-busy') === null && el.hasAttribute('data-ready');
    return !!drawn && settled && (want === undefined ? drawn !== 'empty' : drawn === String(want));
  }, n);
}
