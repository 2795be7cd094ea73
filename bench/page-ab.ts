/**
 * Same-machine A/B of the dataset page's Total Blocking Time
 * (`node --import tsx bench/page-ab.ts --base DIR [--rounds N]`): the pages of
 * bench/page.ts served at once by two source trees, DIR (another version, e.g.
 * `git archive main | tar -x -C DIR` with node_modules linked in) and this
 * one, each page loaded from both in turn (the order alternating each round)
 * with the CPU slowed 4× under a trace, measured as bench/page.ts measures
 * it. Alternating on one machine is what makes a change's effect show
 * through the noise of a shared machine. Prints each load and the medians;
 * writes nothing.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, startSite, type Site } from '../test/browser/harness.js';
import { REAL_DATA } from '../test/helpers.js';
import { blockingTime, cases, CPU_SLOWDOWN, median } from './lib/page-load.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

async function main(): Promise<void> {
  const baseDir = option('--base');
  if (!baseDir) throw new Error('usage: bench/page-ab.ts --base DIR [--rounds N]: DIR is the source tree to compare this one with');
  const rounds = Number(option('--rounds')) || 4;
  const harness = (await import(path.resolve(baseDir, 'test/browser/harness.ts'))) as { startSite: typeof startSite };
  const sites: Record<'base' | 'this', Site> = { base: await harness.startSite(REAL_DATA), this: await startSite(REAL_DATA) };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const pages = await cases(sites.this);
    const tbt = new Map(pages.map((c) => [c.name, { base: [] as number[], this: [] as number[] }]));
    // a first visit of each warms the servers' caches and the JIT; not counted
    for (const c of pages) for (const site of Object.values(sites)) await blockingTime(browser, site.url + c.path);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? (['this', 'base'] as const) : (['base', 'this'] as const);
      for (const c of pages) {
        for (const which of order) {
          const ms = await blockingTime(browser, sites[which].url + c.path);
          tbt.get(c.name)![which].push(ms);
          console.error(`round ${round + 1}, ${which}: ${c.name}: ${ms.toFixed(0)} ms`);
        }
      }
    }
    console.log(`Total Blocking Time at ${CPU_SLOWDOWN}× CPU, ${rounds} alternating rounds, base ${baseDir} vs this tree: median [each load]`);
    for (const [name, t] of tbt) {
      const list = (xs: number[]): string => `${median(xs).toFixed(0)} ms [${xs.map((x) => x.toFixed(0)).join(' ')}]`;
      console.log(`- ${name}: base ${list(t.base)} → this ${list(t.this)}`);
    }
  } finally {
    await browser.close();
    await Promise.all(Object.values(sites).map((s) => s.close()));
  }
}

await main();
