/**
 * The response cache's hit, alone (issue 24, round 4): CPU per `get` of a
 * few hot URLs among `--entries` kept ones, for this tree's ResponseCache
 * and (`--base DIR`) a built tree's, taking turns, by process.cpuUsage over
 * `--count` hits (median of `--reps`). Nothing is asserted.
 *
 *   npx tsx bench/cache-micro.ts --base /tmp/r4-base [--entries 1000] [--count 2000000] [--reps 7]
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Representation } from '../src/http/representation.js';
import { ResponseCache } from '../src/http/response-cache.js';

type Cache = Pick<ResponseCache, 'get' | 'set'>;

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    entries: { type: 'string', default: '1000' },
    count: { type: 'string', default: '2000000' },
    reps: { type: 'string', default: '7' },
  },
});

/** A cache of `n` entries, URLs as the routes see them (fresh strings per request, as Node makes them). */
function filled(make: () => Cache, n: number): { cache: Cache; urls: string[] } {
  const cache = make();
  const urls: string[] = [];
  for (let k = 0; k < n; k++) {
    const url = `/series.csv?dataset=ds${k}&dims=a=${k}`;
    const rep: Representation = { status: 200, type: 'text/csv', body: Buffer.alloc(3000), etag: `W/"${k}"`, cacheControl: 'no-store', cors: true };
    cache.set(url, 'v1', rep);
    urls.push(url);
  }
  return { cache, urls };
}

/** CPU µs per hit: cycles over 8 hot URLs, each request's URL a new string. */
function pass(cache: Cache, urls: string[], count: number): number {
  const hot = urls.slice(-8).concat(urls.slice(0, 8));
  const start = process.cpuUsage();
  let sink = 0;
  for (let i = 0; i < count; i++) {
    const url = (hot[i & 15] + ' ').slice(0, -1);
    sink += cache.get(url, 'v1') ? 1 : 0;
  }
  const used = process.cpuUsage(start);
  if (sink !== count) throw new Error(`${count - sink} misses`);
  return (used.user + used.system) / count;
}

async function main(): Promise<void> {
  const makers: Record<string, () => Cache> = { 'this tree': () => new ResponseCache(1e9) };
  if (args.base) {
    const mod = (await import(pathToFileURL(join(resolve(args.base), 'dist/src/http/response-cache.js')).href)) as { ResponseCache: new (b: number) => Cache };
    makers.base = () => new mod.ResponseCache(1e9);
  }
  const count = Number(args.count);
  const caches = Object.fromEntries(Object.entries(makers).map(([name, make]) => [name, filled(make, Number(args.entries))]));
  for (const { cache, urls } of Object.values(caches)) pass(cache, urls, count);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(caches).map((k) => [k, []]));
  for (let r = 0; r < Number(args.reps); r++) for (const [name, { cache, urls }] of Object.entries(caches)) times[name].push(pass(cache, urls, count));
  for (const [name, us] of Object.entries(times)) {
    const sorted = [...us].sort((a, b) => a - b);
    console.log(
      `${name}: ${(sorted[sorted.length >> 1] * 1000).toFixed(0)} ns a hit [${(sorted[0] * 1000).toFixed(0)}–${(sorted[sorted.length - 1] * 1000).toFixed(0)}]`,
    );
  }
}

void main();
