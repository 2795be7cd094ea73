/**
 * The cached path, A/B (issue 24): repeated requests (every answer a
 * response-cache hit) on our server built from the work tree (`dist/`), on
 * our server built from another commit (`--base DIR`, a built tree such as
 * `git archive COMMIT | tar -x -C DIR` plus `tsc`), and on a bare
 * `node:http` server sending the same bytes from memory, taking turns
 * (bench/lib/interleave.ts). Real data, rate limit off. Prints a Markdown table.
 *
 * A server process's speed is partly its own luck (JIT and inlining
 * decisions, heap layout): one process per side cannot tell a 5 % change.
 * So the three servers are started afresh `--processes` times; each set of
 * processes runs `--rounds` interleaved slices per route, and the table gives
 * the median over the processes with the spread of the per-process figures.
 * The ratios are taken within one set of processes (measured side by side)
 * and then summarised.
 *
 *   npx tsx bench/cached-ab.ts --base /tmp/base [--processes 3] [--seconds 9] [--rounds 3]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, installExitHooks, startChild, stopAll, stopChild, waitForHttp, type Child } from './lib/children.js';
import { measureInterleaved, spreadOf, type Spread } from './lib/interleave.js';
import { buildIfStale, startOurServer } from './lib/our-server.js';
import { writeWrkScripts, type LoadSettings, type LoadTarget } from './lib/wrk.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(root, '..', 'shared', 'dataseries-data', 'data');

/** Cached answers of growing size: the small one is the 3.3 KB single series. */
const ROUTES = [
  { name: 'small (whole ch_fso_pop_detail, 3.2 KB)', path: '/series.csv?dataset=ch_fso_pop_detail', file: 'small.csv' },
  { name: 'medium (whole ch_seco_wwa, 49 KB)', path: '/series.csv?dataset=ch_seco_wwa', file: 'medium.csv' },
  { name: 'JSON (whole ch_seco_wwa)', path: '/series?dataset=ch_seco_wwa', file: 'medium.json' },
];

/** The three servers of one set of fresh processes. */
interface ProcessSet {
  children: Child[];
  /** base URLs and process groups of this tree, the base tree and bare Node, in that order */
  sides: { baseUrl: string; pgid: number }[];
}

/** What one route measured: per side, each process's median rate; per process, the ratios of its set. */
interface RouteFigures {
  rps: number[][];
  thisOverBare: number[];
  baseOverBare: number[];
  thisOverBase: number[];
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const rate = (s: Spread): string => `${fmt(s.median)} [${fmt(s.min)}–${fmt(s.max)}]`;
const ratio = (s: Spread): string => `${fmt(s.median, 2)}x [${fmt(s.min, 2)}–${fmt(s.max, 2)}]`;

/** Writes each route's answer, fetched from our server, into `www` for the bare server. */
async function writeAnswers(www: string): Promise<void> {
  const server = await startOurServer(root, DATA);
  mkdirSync(www);
  for (const route of ROUTES) {
    const res = await fetch(server.baseUrl + route.path, { headers: { 'accept-encoding': 'identity' } });
    writeFileSync(join(www, route.file), Buffer.from(await res.arrayBuffer()));
  }
  await stopChild(server.child);
}

/** Starts fresh processes of the three servers. */
async function startSet(base: string, www: string): Promise<ProcessSet> {
  const after = await startOurServer(root, DATA);
  const before = await startOurServer(base, DATA);
  const port = await freePort();
  const bare = startChild('bare Node', 'node', ['--import', 'tsx', 'bench/baselines/bare-node-server.ts'], {
    cwd: root,
    env: { ...process.env, DS_STATIC_DIR: www, PORT: String(port), HOST: '127.0.0.1' },
  });
  const bareUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${bareUrl}/${ROUTES[0].file}`, bare, 60_000, (s) => s === 200);
  return {
    children: [after.child, before.child, bare],
    sides: [
      { baseUrl: after.baseUrl, pgid: after.child.pid },
      { baseUrl: before.baseUrl, pgid: before.child.pid },
      { baseUrl: bareUrl, pgid: bare.pid },
    ],
  };
}

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      seconds: { type: 'string', default: '9' },
      rounds: { type: 'string', default: '3' },
      processes: { type: 'string', default: '3' },
    },
  });
  if (!values.base) throw new Error('--base DIR: a built tree of the commit to compare with');
  await buildIfStale(root);
  const tmp = mkdtempSync(join(tmpdir(), 'ds-cached-ab-'));
  try {
    const www = join(tmp, 'www');
    await writeAnswers(www);
    const settings: LoadSettings = { durationS: Number(values.seconds), warmupS: 2, rounds: Number(values.rounds), connections: 50, threads: 1, workers: 1 };
    const scripts = writeWrkScripts(tmp);
    const figures: RouteFigures[] = ROUTES.map(() => ({ rps: [[], [], []], thisOverBare: [], baseOverBare: [], thisOverBase: [] }));
    for (let p = 0; p < Number(values.processes); p++) {
      const set = await startSet(values.base, www);
      for (const [i, route] of ROUTES.entries()) {
        const targets: LoadTarget[] = set.sides.map((side, k) => ({
          baseUrl: side.baseUrl,
          path: k === 2 ? `/${route.file}` : route.path,
          serverPgid: side.pgid,
        }));
        const [a, b, bare] = (await measureInterleaved(targets, settings, scripts)).map((m) => m.result.rps);
        const f = figures[i];
        [a, b, bare].forEach((r, k) => f.rps[k].push(r));
        f.thisOverBare.push(a / bare);
        f.baseOverBare.push(b / bare);
        f.thisOverBase.push(a / b);
        console.error(`processes ${p + 1}, ${route.name}: ${fmt(a)} / ${fmt(b)} / ${fmt(bare)} req/s, this / base ${fmt(a / b, 2)}x`);
      }
      for (const child of set.children) await stopChild(child);
    }
    const rows = ROUTES.map((route, i) => {
      const f = figures[i];
      const [a, b, bare] = f.rps.map(spreadOf);
      return `| ${route.name} | ${rate(a)} | ${rate(b)} | ${rate(bare)} | **${ratio(spreadOf(f.thisOverBare))}** | ${ratio(spreadOf(f.baseOverBare))} | **${ratio(spreadOf(f.thisOverBase))}** | ${f.thisOverBase.map((r) => fmt(r, 2)).join(', ')} |`;
    });
    console.log(`${values.processes} sets of fresh processes, each ${values.rounds} rounds of ${fmt(Number(values.seconds) / Number(values.rounds), 1)} s a route and server; median of the per-process figures [min–max]:

| cached answer | this tree req/s | base req/s | bare Node req/s | this / bare | base / bare | this / base | this / base, each set |
|---|--:|--:|--:|--:|--:|--:|--:|
${rows.join('\n')}`);
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

installExitHooks();
run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
