/**
 * The rate limiter's charge, alone (issue 24, round 4): CPU per
 * `RateLimiter.take` of clients taking turns (`--clients`, none refused),
 * for this tree and (`--base DIR`) a built tree, taking turns, by
 * process.cpuUsage over `--count` calls (median of `--reps`). Nothing is
 * asserted.
 *
 *   npx tsx bench/limiter-micro.ts --base /tmp/r4-base [--clients 50] [--count 1000000] [--reps 5]
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { RateLimiter } from '../src/http/rate-limit.js';

type Limiter = Pick<RateLimiter, 'take'>;

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    clients: { type: 'string', default: '50' },
    count: { type: 'string', default: '1000000' },
    reps: { type: 'string', default: '5' },
  },
});

const clients = Array.from({ length: Number(args.clients) }, (_, i) => `10.0.${i >> 8}.${i & 255}`);

/** CPU ns per take over `count` calls starting at `t0` ms, a hundredth of a millisecond apart. */
function pass(limiter: Limiter, count: number, t0: number): number {
  const start = process.cpuUsage();
  let allowed = 0;
  for (let i = 0; i < count; i++) allowed += limiter.take(clients[i % clients.length], 1, t0 + i / 100).allowed ? 1 : 0;
  const used = process.cpuUsage(start);
  if (allowed !== count) throw new Error(`${count - allowed} refused`);
  return ((used.user + used.system) / count) * 1000;
}

async function main(): Promise<void> {
  const limiters: Record<string, Limiter> = { 'this tree': new RateLimiter(1e12) };
  if (args.base) {
    const mod = (await import(pathToFileURL(join(resolve(args.base), 'dist/src/http/rate-limit.js')).href)) as { RateLimiter: new (total: number) => Limiter };
    limiters.base = new mod.RateLimiter(1e12);
  }
  const count = Number(args.count);
  for (const limiter of Object.values(limiters)) pass(limiter, count, 0);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(limiters).map((k) => [k, []]));
  for (let r = 0; r < Number(args.reps); r++) for (const [name, limiter] of Object.entries(limiters)) times[name].push(pass(limiter, count, 1e6 * (r + 1)));
  for (const [name, ns] of Object.entries(times)) {
    const sorted = [...ns].sort((a, b) => a - b);
    console.log(`${name}: ${sorted[sorted.length >> 1].toFixed(0)} ns a take [${sorted[0].toFixed(0)}–${sorted[sorted.length - 1].toFixed(0)}]`);
  }
}

void main();
