/**
 * The starvation benchmark (`npx tsx bench/starvation.ts [--duration 30s] [--no-write]`),
 * issue 12: on the real data, with our server built from the work tree, while
 * 16 clients render maximum-size `/chart.png` and 8 clients encode whole-cube
 * `/series.xlsx` in a loop (each request with a cache buster `_r=`), another
 * client measures the latency of `/health` and of a cached single-series
 * `/series.csv`, one request at a time; the server's peak RSS is sampled.
 * Targets: p99 of both under 50 ms, peak RSS under 600 MB. Writes the
 * figures into the `starvation` section of bench/RESULTS.md.
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installExitHooks, sleep, stopAll, stopChild } from './lib/children.js';
import { buildIfStale } from './lib/our-server.js';
import { groupRss } from './lib/proc-stats.js';
import { writeSection } from './lib/results-section.js';
import { pickSingleSeries, scanDataDir, seriesQuery } from './lib/selections.js';
import { startServed } from './lib/served.js';
import { percentile } from './lib/wrk-mix.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { p99Ms: 50, rssMb: 600 };
const LOAD = { png: 16, xlsx: 8 };

const log = (line: string): void => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);

interface Answer {
  status: number;
  ms: number;
}

/** One GET, body read to the end; resolves with its status and time. */
function get(url: string, agent: Agent): Promise<Answer> {
  const started = performance.now();
  return new Promise((done) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', () => done({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

/** Requests `makeUrl()` back to back on one connection until `stop` says so; counts statuses. */
async function loop(makeUrl: () => string, stop: () => boolean, statuses: Map<number, number>): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  while (!stop()) {
    const { status } = await get(makeUrl(), agent);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // a 503 carries Retry-After; a hostile client ignores it, but not in a busy spin
    if (status !== 200) await sleep(20);
  }
  agent.destroy();
}

/** Times `url` once every `everyMs` (one request at a time, its own connection) until `stop`. */
async function probe(url: string, everyMs: number, stop: () => boolean): Promise<{ ms: number[]; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  let failed = 0;
  while (!stop()) {
    const answer = await get(url, agent);
    if (answer.status === 200) ms.push(answer.ms);
    else failed += 1;
    await sleep(everyMs);
  }
  agent.destroy();
  return { ms, failed };
}

interface Phase {
  health: { ms: number[]; failed: number };
  csv: { ms: number[]; failed: number };
  peakRss: number;
  statuses: { png: Map<number, number>; xlsx: Map<number, number> };
}

async function runPhase(baseUrl: string, pid: number, durationMs: number, loaded: boolean, urls: { png: string; xlsx: string; csv: string }): Promise<Phase> {
  const end = Date.now() + durationMs;
  const stop = (): boolean => Date.now() >= end;
  let peakRss = groupRss(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, groupRss(pid))), 100);
  const statuses = { png: new Map<number, number>(), xlsx: new Map<number, number>() };
  let r = 0;
  const buster = (): string => `&_r=${Date.now()}-${r++}`;
  const load = loaded
    ? [
        ...Array.from({ length: LOAD.png }, () => loop(() => `${baseUrl}${urls.png}${buster()}`, stop, statuses.png)),
        ...Array.from({ length: LOAD.xlsx }, () => loop(() => `${baseUrl}${urls.xlsx}${buster()}`, stop, statuses.xlsx)),
      ]
    : [];
  // the probes start once the load is under way
  if (loaded) await sleep(1000);
  const [health, csv] = await Promise.all([probe(`${baseUrl}/health`, 20, stop), probe(`${baseUrl}${urls.csv}`, 20, stop), ...load]);
  clearInterval(sampler);
  return { health, csv, peakRss, statuses };
}

const fmt = (x: number): string => (Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US'));
const counts = (m: Map<number, number>): string =>
  [...m.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ') || '–';
const verdict = (ok: boolean): string => (ok ? 'pass' : '**short**');

function report(idle: Phase, loaded: Phase, urls: { png: string; xlsx: string; csv: string }, durationS: number, commit: string, load: number[]): string {
  const row = (name: string, p: { ms: number[]; failed: number }, base: { ms: number[] }): string => {
    const p99 = percentile(p.ms, 99);
    return `| ${name} | ${p.ms.length} (${p.failed} failed) | ${fmt(percentile(p.ms, 50))} | ${fmt(p99)} | ${fmt(Math.max(...p.ms))} | ${fmt(percentile(base.ms, 99))} | < ${TARGETS.p99Ms} ms: ${verdict(p99 < TARGETS.p99Ms && p.failed === 0)} |`;
  };
  const rssMb = loaded.peakRss / 2 ** 20;
  return [
    '## Starvation (issue 12): heavy requests beside light ones',
    '',
    `Run \`npx tsx bench/starvation.ts\` on ${new Date().toISOString().slice(0, 10)}, commit ${commit}, real data. For ${durationS} s,`,
    `${LOAD.png} clients loop on \`${urls.png}\` and ${LOAD.xlsx} on \`${urls.xlsx}\` (every request with a fresh \`_r=\`,`,
    'so neither cache helps), while another client times `/health` and a cached single-series',
    `\`${urls.csv}\`, one request every 20 ms each. "idle" is the same probe with no load, measured first.`,
    `2 cores; 1-minute load average ${load.map((x) => x.toFixed(1)).join(' before, ')} after the run (above about 1 before, other work shared the machine and the figures are pessimistic). The server runs with \`MALLOC_ARENA_MAX=2\`, as the image and the systemd unit do.`,
    '',
    '| probe | answered | p50 ms | p99 ms | max ms | idle p99 ms | target |',
    '|---|---|---|---|---|---|---|',
    row('/health', loaded.health, idle.health),
    row('cached /series.csv', loaded.csv, idle.csv),
    '',
    `Peak RSS of the server (process group): ${Math.round(rssMb)} MB (idle ${Math.round(idle.peakRss / 2 ** 20)} MB); target < ${TARGETS.rssMb} MB: ${verdict(rssMb < TARGETS.rssMb)}.`,
    '',
    `Heavy answers: /chart.png ${counts(loaded.statuses.png)}; /series.xlsx ${counts(loaded.statuses.xlsx)}. A 503 is the`,
    'worker pool refusing work beyond its bounded queue (`overloaded`, with Retry-After): the price of keeping',
    'the light requests answered.',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '30s' },
      data: { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      note: { type: 'string', multiple: true, default: [] },
    },
  });
  const durationS = Number(String(values.duration).replace(/s$/, ''));
  const data = resolve(values.data ?? join(ROOT, '../shared/dataseries-data/data'));
  installExitHooks();
  log('building');
  await buildIfStale(ROOT);
  const inventory = await scanDataDir(data);
  // the cube with the most observations (that still fits a sheet), and the chart of the most series
  const sizes = [...inventory.datasets.entries()].map(([id, series]) => ({ id, rows: series.reduce((n, s) => n + s.rows, 0), series: series.length }));
  const biggest = sizes.filter((d) => d.rows < 1_000_000).sort((a, b) => b.rows - a.rows)[0];
  const widest = [...sizes].sort((a, b) => b.series - a.series)[0];
  const maxSize = Number(process.env.BENCH_CHART_MAX ?? 2000);
  const urls = {
    png: `/chart.png?dataset=${widest.id}&width=${maxSize}&height=${maxSize}`,
    xlsx: `/series.xlsx?dataset=${biggest.id}`,
    csv: `/series.csv?${seriesQuery(pickSingleSeries(inventory, 8000))}`,
  };
  log(`server on ${data}`);
  const served = await startServed(ROOT, data);
  try {
    await get(`${served.baseUrl}${urls.csv}`, new Agent()); // now cached
    log('idle probe (5 s)');
    const loadBefore = loadavg()[0];
    const idle = await runPhase(served.baseUrl, served.child.pid, 5000, false, urls);
    log(`loaded probe (${durationS} s)`);
    const loaded = await runPhase(served.baseUrl, served.child.pid, durationS * 1000, true, urls);
    const { execSync } = await import('node:child_process');
    const commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    const notes = (values.note ?? []).map((n) => `\n${n}`).join('\n');
    const text = report(idle, loaded, urls, durationS, commit, [loadBefore, loadavg()[0]]) + notes;
    console.log(text);
    if (!values['no-write']) writeSection(join(ROOT, 'bench/RESULTS.md'), 'starvation', text);
  } finally {
    await stopChild(served.child);
  }
}

main()
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
