// The browser bundle split in ES modules (Total Blocking Time, issue 15):
// every module a page names, and every module those import, is served under
// its content-hashed name with the long cache; the pages that chart fetch
// uPlot and the explorer early (modulepreload), the others do not fetch them;
// the bundle written for dist/ names every file its modules import.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { writeClientBundle } from '../src/render/client-assets.js';
import { REAL_DATA, startApp } from './helpers.js';

/** The modules a module imports, statically or dynamically (relative names, as esbuild writes them). */
function importsOf(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*\(?\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
}

const scriptsOf = (html: string): { entry: string[]; preload: string[] } => ({
  entry: [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]),
  preload: [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
});

describe('client bundle split in modules', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(async () => {
    await app.close();
  });

  /** Fetches a module and, following its imports, every module it needs; returns their bodies by URL. */
  async function crawl(urls: string[]): Promise<Map<string, string>> {
    const seen = new Map<string, string>();
    const queue = [...urls];
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      const res = await app.inject(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/javascript/, url);
      assert.match(String(res.headers['cache-control']), /max-age=31536000, immutable/, url);
      assert.match(url, /^\/assets\/[\w.-]+\.[A-Za-z0-9]{8,}\.js$/, `${url}: a content-hashed name`);
      seen.set(url, res.body);
      for (const name of importsOf(res.body)) queue.push(`/assets/${name}`);
    }
    return seen;
  }

  it('a dataset page names its entry and preloads every module it will run, each served with the long cache', async () => {
    for (const page of ['/d/ch_snb_plkopr', '/de/d/ch_fso_jobs_sex', '/d/ch_snb_plkopr?embed=1']) {
      const res = await app.inject(page);
      assert.equal(res.statusCode, 200, page);
      const { entry, preload } = scriptsOf(res.body);
      assert.equal(entry.length, 1, `${page}: one entry module`);
      const modules = await crawl(entry);
      assert.ok(modules.size >= 3, `${page}: the entry imports the chart modules (${[...modules.keys()].join(', ')})`);
      assert.deepEqual([...preload].sort(), [...modules.keys()].filter((u) => u !== entry[0]).sort(), `${page}: every module preloaded, none twice`);
      assert.ok(
        [...modules.values()].some((code) => code.includes('uPlot')),
        `${page}: uPlot among the modules`,
      );
    }
  });

  it('a page without a chart does not preload uPlot or the explorer', async () => {
    for (const page of ['/', '/datasets', '/fr/about']) {
      const res = await app.inject(page);
      assert.equal(res.statusCode, 200, page);
      const { entry, preload } = scriptsOf(res.body);
      const statics = await crawl(entry);
      const dataset = scriptsOf((await app.inject('/d/ch_snb_plkopr')).body).preload;
      assert.ok(preload.length < dataset.length, `${page}: fewer modules than a dataset page`);
      for (const url of preload) assert.ok(statics.has(url) || dataset.includes(url), `${page}: ${url} is one of the bundle's modules`);
      assert.ok(entry[0] && !preload.includes(entry[0]), `${page}: the entry is not preloaded twice`);
    }
  });

  it('the bundle written for dist/ has in its manifest every module its modules import', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ds-bundle-'));
    try {
      const names = await writeClientBundle(dir);
      const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as typeof names;
      assert.deepEqual(manifest, names);
      const listed = new Set([manifest.js, manifest.css, manifest.icon, ...(manifest.modules ?? []), ...(manifest.chartModules ?? [])]);
      const written = new Set((await readdir(dir)).filter((f) => f !== 'manifest.json'));
      assert.deepEqual([...listed].sort(), [...written].sort(), 'the manifest names exactly the files written');
      for (const file of written) {
        if (!file.endsWith('.js')) continue;
        for (const name of importsOf(await readFile(path.join(dir, file), 'utf8'))) assert.ok(written.has(name), `${file} imports ${name}, which was written`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
