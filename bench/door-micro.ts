/**
 * The front door and a cached answer, alone (issue 24, round 4): server CPU
 * per request of one repeated URL (a response-cache hit, rate limit and
 * access log off, as bench/cached-ab.ts runs it) on our server built from
 * the work tree (`dist/`), on another built tree (`--base DIR`, e.g.
 * /tmp/r4-base) and on a bare `node:http` server sending the same bytes
 * from memory. Each round sends `--count` pipelined requests over one
 * connection and reads the server's CPU from /proc (user + system) before
 * and after; the servers take turns. Pipelining makes the socket reads
 * fewer than wrk's, so this weighs the JS and the header writing of an
 * answer more than a wrk run would; it is noisy on a shared machine (run
 * it several times, read the ranges). Nothing is asserted.
 *
 * With `--rate-limit N` our servers charge every request (N must exceed
 * every request of the run, say 10000000, so that none is refused).
 *
 *   npx tsx bench/door-micro.ts --base /tmp/r4-base [--count 20000] [--rounds 5] [--path '/series.csv?dataset=ch_fso_pop_detail'] [--rate-limit 10000000]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, installExitHooks, startChild, stopAll, waitForHttp } from './lib/children.js';
import { benchServerEnv, buildIfStale } from './lib/our-server.js';
import { groupCpuSeconds, waitIdle } from './lib/proc-stats.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(root, '..', 'shared', 'dataseries-data', 'data');

/** A server taking turns. */
interface Target {
  name: string;
  port: number;
  pgid: number;
  path: string;
}

/** The answers counted in a stream of pipelined responses: status lines, carried across chunks. */
function responseCounter(): (chunk: Buffer) => number {
  const MARK = 'HTTP/1.1 ';
  let tail = '';
  return (chunk) => {
    const text = tail + chunk.toString('latin1');
    let n = 0;
    for (let i = text.indexOf(MARK); i >= 0; i = text.indexOf(MARK, i + MARK.length)) n++;
    tail = text.slice(-(MARK.length - 1));
    return n;
  };
}

/** Sends `count` pipelined GETs of a path over one connection; resolves once every answer is in. */
function pipelined(port: number, path: string, count: number): Promise<void> {
  const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    const count_ = responseCounter();
    let seen = 0;
    socket.on('data', (chunk: Buffer) => {
      seen += count_(chunk);
      if (seen >= count) {
        socket.destroy();
        done();
      }
    });
    socket.on('error', fail);
    // in slices, so the server reads as it would from a busy client
    const SLICE = 256;
    for (let sent = 0; sent < count; sent += SLICE) socket.write(request.repeat(Math.min(SLICE, count - sent)));
  });
}

/** CPU microseconds a target spends per request over one round. */
async function round(target: Target, count: number): Promise<number> {
  await waitIdle([target.pgid], 5000);
  const before = groupCpuSeconds(target.pgid);
  await pipelined(target.port, target.path, count);
  return ((groupCpuSeconds(target.pgid) - before) * 1e6) / count;
}

/** Our server built in `dir`, as the benches run it but with `rateLimit` units a minute (0: none; a limit refuses nothing here, see its use). */
async function startServer(dir: string, rateLimit: string): Promise<{ port: number; pgid: number }> {
  const port = await freePort();
  const child = startChild(`our server ${dir}`, 'node', ['dist/src/server.js'], { cwd: dir, env: { ...benchServerEnv(DATA, port), DS_RATE_LIMIT: rateLimit } });
  await waitForHttp(`http://127.0.0.1:${port}/health`, child, 120_000, (s) => s === 200);
  return { port, pgid: child.pid };
}

const fmt = (xs: number[]): string => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${sorted[sorted.length >> 1].toFixed(1)} µs [${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)}]`;
};

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      count: { type: 'string', default: '20000' },
      rounds: { type: 'string', default: '5' },
      path: { type: 'string', default: '/series.csv?dataset=ch_fso_pop_detail' },
      'rate-limit': { type: 'string', default: '0' },
    },
  });
  const count = Number(values.count);
  const path = values.path;
  await buildIfStale(root);
  const tmp = mkdtempSync(join(tmpdir(), 'ds-door-micro-'));
  try {
    const targets: Target[] = [];
    targets.push({ name: 'this tree', ...(await startServer(root, values['rate-limit'])), path });
    if (values.base) targets.push({ name: `base (${values.base})`, ...(await startServer(values.base, values['rate-limit'])), path });
    const res = await fetch(`http://127.0.0.1:${targets[0].port}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    const www = join(tmp, 'www');
    mkdirSync(www);
    writeFileSync(join(www, 'answer.csv'), body);
    const port = await freePort();
    const bare = startChild('bare Node', 'node', ['--import', 'tsx', 'bench/baselines/bare-node-server.ts'], {
      cwd: root,
      env: { ...process.env, DS_STATIC_DIR: www, PORT: String(port), HOST: '127.0.0.1' },
    });
    await waitForHttp(`http://127.0.0.1:${port}/answer.csv`, bare, 60_000, (s) => s === 200);
    targets.push({ name: 'bare Node', port, pgid: bare.pid, path: '/answer.csv' });
    console.log(`${path}: ${body.length} bytes, ${count} pipelined requests a round`);
    // warm every server (JIT, the response cache), then take turns
    for (const t of targets) await round(t, count);
    const times = new Map<Target, number[]>(targets.map((t) => [t, []]));
    for (let r = 0; r < Number(values.rounds); r++) for (const t of targets) times.get(t)?.push(await round(t, count));
    const bareMedian = [...(times.get(targets[targets.length - 1]) ?? [])].sort((a, b) => a - b)[Number(values.rounds) >> 1];
    for (const [t, us] of times) {
      const median = [...us].sort((a, b) => a - b)[us.length >> 1];
      console.log(`${t.name}: ${fmt(us)} CPU a request, bare/this ${(bareMedian / median).toFixed(2)}x`);
    }
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

installExitHooks();
run().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
