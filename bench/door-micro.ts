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
 * With `--processes N` every server is started afresh N times (a process's
 * speed is partly its own luck: JIT, heap layout): the figures are then over
 * all rounds of all processes, with each process's median listed.
 *
 *   npx tsx bench/door-micro.ts --base /tmp/r4-base [--count 20000] [--rounds 5] [--processes 1] [--path '/series.csv?dataset=ch_fso_pop_detail'] [--rate-limit 10000000]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, installExitHooks, startChild, stopAll, stopChild, waitForHttp, type Child } from './lib/children.js';
import { median } from './lib/interleave.js';
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
async function startServer(dir: string, rateLimit: string): Promise<{ port: number; child: Child }> {
  const port = await freePort();
  const child = startChild(`our server ${dir}`, 'node', ['dist/src/server.js'], { cwd: dir, env: { ...benchServerEnv(DATA, port), DS_RATE_LIMIT: rateLimit } });
  await waitForHttp(`http://127.0.0.1:${port}/health`, child, 120_000, (s) => s === 200);
  return { port, child };
}

const fmt = (xs: number[]): string => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${median(xs).toFixed(1)} µs [${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)}]`;
};

/** Starts fresh processes of every server: this tree, the base tree if any, then bare Node on `www`. */
async function startSet(base: string | undefined, rateLimit: string, path: string, www: string): Promise<{ targets: Target[]; children: Child[] }> {
  const targets: Target[] = [];
  const children: Child[] = [];
  const ours = async (name: string, dir: string): Promise<void> => {
    const server = await startServer(dir, rateLimit);
    children.push(server.child);
    targets.push({ name, port: server.port, pgid: server.child.pid, path });
  };
  await ours('this tree', root);
  if (base) await ours(`base (${base})`, base);
  const port = await freePort();
  const bare = startChild('bare Node', 'node', ['--import', 'tsx', 'bench/baselines/bare-node-server.ts'], {
    cwd: root,
    env: { ...process.env, DS_STATIC_DIR: www, PORT: String(port), HOST: '127.0.0.1' },
  });
  await waitForHttp(`http://127.0.0.1:${port}/answer.csv`, bare, 60_000, (s) => s === 200);
  children.push(bare);
  targets.push({ name: 'bare Node', port, pgid: bare.pid, path: '/answer.csv' });
  return { targets, children };
}

/** Writes the answer of `path`, fetched from a server of this tree, into `www` for the bare server; returns its size. */
async function writeAnswer(path: string, rateLimit: string, www: string): Promise<number> {
  const server = await startServer(root, rateLimit);
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  mkdirSync(www);
  writeFileSync(join(www, 'answer.csv'), body);
  await stopChild(server.child);
  return body.length;
}

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      count: { type: 'string', default: '20000' },
      rounds: { type: 'string', default: '5' },
      processes: { type: 'string', default: '1' },
      path: { type: 'string', default: '/series.csv?dataset=ch_fso_pop_detail' },
      'rate-limit': { type: 'string', default: '0' },
    },
  });
  const count = Number(values.count);
  const path = values.path;
  await buildIfStale(root);
  const tmp = mkdtempSync(join(tmpdir(), 'ds-door-micro-'));
  try {
    const www = join(tmp, 'www');
    const size = await writeAnswer(path, values['rate-limit'], www);
    console.log(`${path}: ${size} bytes, ${count} pipelined requests a round, ${values.rounds} rounds in each of ${values.processes} sets of fresh processes`);
    // per side (in start order): every round's figure, and each process's median
    const rounds: number[][] = [];
    const perProcess: number[][] = [];
    let names: string[] = [];
    for (let p = 0; p < Number(values.processes); p++) {
      const { targets, children } = await startSet(values.base, values['rate-limit'], path, www);
      names = targets.map((t) => t.name);
      // warm every server (JIT, the response cache), then take turns
      for (const t of targets) await round(t, count);
      const times = targets.map((): number[] => []);
      for (let r = 0; r < Number(values.rounds); r++) for (const [i, t] of targets.entries()) times[i].push(await round(t, count));
      times.forEach((us, i) => {
        (rounds[i] ??= []).push(...us);
        (perProcess[i] ??= []).push(median(us));
      });
      for (const child of children) await stopChild(child);
    }
    const bareMedian = median(rounds[rounds.length - 1]);
    names.forEach((name, i) => {
      const each = Number(values.processes) > 1 ? `; each process ${perProcess[i].map((us) => us.toFixed(1)).join(', ')} µs` : '';
      console.log(`${name}: ${fmt(rounds[i])} CPU a request, bare/this ${(bareMedian / median(rounds[i])).toFixed(2)}x${each}`);
    });
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
