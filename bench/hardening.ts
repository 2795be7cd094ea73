/**
 * The hardening benchmark (`npx tsx bench/hardening.ts [--duration 60s] [--quick]`),
 * on the real data with our server built from the work tree:
 * 1. 200 connections on a realistic mix (API selections with transforms,
 *    catalog, meta, search, pages, chart images): req/s, errors, latency,
 *    the latency of API requests and of pages/images inside the mix (extra
 *    wrk connections on those paths only) and of a client that connects
 *    during the load; then API-only and pages/images-only mixes.
 * 2. RSS over about a million requests of a mix whose distinct answers
 *    outgrow the response cache (so it churns).
 * 3. `--workers 2` against one process on the same mix.
 * Prints a summary and writes bench/RESULTS-hardening.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installExitHooks, runCommand, sleep, stopAll, stopChild } from './lib/children.js';
import { describeMachine, type Machine } from './lib/machine.js';
import {
  API_CLASSES,
  buildPool,
  readDatasets,
  REALISTIC,
  URL_CLASSES,
  weightedList,
  writePaths,
  type UrlClass,
  type UrlPool,
  type Weights,
} from './lib/mix.js';
import { buildIfStale } from './lib/our-server.js';
import { writeSection } from './lib/results-section.js';
import { settledRss } from './lib/proc-stats.js';
import { groupRss, startServed, type Served } from './lib/served.js';
import { percentile, RAMP_MS, runMix, startNewConnectionProbe, writeMixScript, type MixResult, type ProbeResult } from './lib/wrk-mix.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OTHER_BENCHES = 'bench/(run|charts|search|page|reload|clients)\\.ts';
const TARGET_P99_MS = 50;
const TARGET_GROWTH = 0.1;
const CACHE_MB = 128;
/** extra wrk connections during the realistic mix that time API requests and page/image requests apart */
const PROBE_CONNECTIONS = { api: 5, pages: 3 };

const log = (line: string): void => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);
const int = (x: number): string => Math.round(x).toLocaleString('en-US');
const ms = (x: number): string => (Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const mib = (x: number): string => `${(x / 2 ** 20).toFixed(1)} MiB`;
const verdict = (ok: boolean): string => (ok ? 'pass' : '**short**');

function seconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(text.trim());
  if (match === null) throw new Error(`not a duration: ${text} (e.g. 60s)`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

interface Options {
  data: string;
  durationS: number;
  sideS: number;
  memoryRequests: number;
  workersS: number;
  warmupS: number;
  connections: number;
  threads: number;
  out: string | null;
  /** bench/RESULTS.md, whose hardening section gets the summary (only when writing the default report) */
  summaryFile: string | null;
  wait: boolean;
  /** free-text notes appended to the report (e.g. what disturbed the run) */
  notes: string[];
}

const USAGE = `npx tsx bench/hardening.ts [options]   (about 15 minutes; run it alone on the machine)
  --duration 60s          length of the realistic-mix run (part 1)
  --requests 1000000      requests of the memory run (part 2)
  --workers-duration 20s  length of each slice of part 3
  --connections 200       wrk connections; --threads 1 wrk threads
  --data DIR              published files (default: the real data in ../shared)
  --quick                 a short run to try the bench (8 s, 100,000 requests, 4 s slices)
  --out FILE | --no-out   where to write the report (default bench/RESULTS-hardening.md, with the
                          summary also in bench/RESULTS.md)
  --no-wait               do not wait for other benches to end
  --note TEXT             a remark for the report (repeatable)`;

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      duration: { type: 'string' },
      quick: { type: 'boolean' },
      requests: { type: 'string' },
      'workers-duration': { type: 'string' },
      connections: { type: 'string' },
      threads: { type: 'string' },
      out: { type: 'string' },
      'no-out': { type: 'boolean' },
      'no-wait': { type: 'boolean' },
      note: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = values.quick === true;
  return {
    data: values.data ?? '/work/shared/dataseries-data/data',
    durationS: seconds(values.duration ?? (quick ? '8s' : '60s')),
    sideS: quick ? 4 : 20,
    memoryRequests: Number(values.requests ?? (quick ? 100_000 : 1_000_000)),
    workersS: seconds(values['workers-duration'] ?? (quick ? '4s' : '20s')),
    warmupS: quick ? 5 : 15,
    connections: Number(values.connections ?? 200),
    threads: Number(values.threads ?? 1),
    out: values['no-out'] === true ? null : (values.out ?? join(ROOT, 'bench/RESULTS-hardening.md')),
    summaryFile: values['no-out'] === true || values.out !== undefined ? null : join(ROOT, 'bench/RESULTS.md'),
    wait: values['no-wait'] !== true,
    notes: values.note ?? [],
  };
}

/** The summary as it goes into bench/RESULTS.md, pointing to the full report. */
function summarySection(machine: Machine, lines: string[]): string {
  return [
    '## Hardening: load, memory, workers (`npx tsx bench/hardening.ts`)',
    '',
    `${machine.date}, commit ${machine.commit}; ${machine.cpu}, ${machine.cores} cores; load average at start ${machine.loadAverage}. The method, every table and the notes: [RESULTS-hardening.md](RESULTS-hardening.md).`,
    '',
    ...lines.map((l) => `- ${l}`),
  ].join('\n');
}

/** Waits until no other benchmark runs (they would share the two cores). */
async function waitForOtherBenches(wait: boolean): Promise<void> {
  for (let logged = false; ; logged = true) {
    const { stdout } = await runCommand('pgrep', ['-f', OTHER_BENCHES]);
    const pids = stdout.split('\n').filter((p) => p.trim() !== '' && Number(p) !== process.pid);
    if (pids.length === 0) return;
    if (!wait) return log(`other benchmarks running (${pids.join(' ')}): figures will be disturbed`);
    if (!logged) log(`waiting for other benchmarks to end (pids ${pids.join(' ')})`);
    await sleep(10_000);
  }
}

interface Checked {
  pool: UrlPool;
  failures: string[];
  bytes: Map<UrlClass, number[]>;
}

/** Fetches every path of the pool once (8 at a time): drops and lists any that is not 200, and notes answer sizes. */
async function checkPool(baseUrl: string, pool: UrlPool, sample = Infinity): Promise<Checked> {
  const failures: string[] = [];
  const bytes = new Map<UrlClass, number[]>(URL_CLASSES.map((c) => [c, []]));
  const kept = Object.fromEntries(URL_CLASSES.map((c) => [c, [] as string[]])) as UrlPool;
  const jobs = URL_CLASSES.flatMap((cls) => pool[cls].map((path, i) => ({ cls, path, check: i < sample })));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job.check) {
        kept[job.cls].push(job.path);
        continue;
      }
      const response = await fetch(baseUrl + job.path);
      const body = await response.arrayBuffer();
      if (response.status !== 200) failures.push(`${response.status} ${job.path}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
      else {
        kept[job.cls].push(job.path);
        bytes.get(job.cls)!.push(body.byteLength);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { pool: kept, failures, bytes };
}

const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Writes a weighted list of `length` paths to a file; returns its path. */
function mixFile(dir: string, name: string, pool: UrlPool, weights: Weights, length: number, seed: number): string {
  const file = join(dir, `${name}.txt`);
  writePaths(file, weightedList(pool, weights, length, seed));
  return file;
}

interface LoadPart {
  mix: MixResult;
  /** the new-connection probe */
  probe: ProbeResult;
  /** extra wrk connections walking only API paths, during the realistic mix */
  apiProbe: MixResult;
  /** extra wrk connections walking only pages and images, during the realistic mix */
  otherProbe: MixResult;
  apiOnly: MixResult;
  pagesOnly: MixResult;
  distinct: Record<UrlClass, number>;
  meanBytes: Record<UrlClass, number>;
  failures: string[];
}

async function loadPart(o: Options, dir: string, script: string, served: Served, checked: Checked): Promise<LoadPart> {
  const pool = checked.pool;
  const run = (pathsFile: string, durationS: number): Promise<MixResult> =>
    runMix({ script, baseUrl: served.baseUrl, pathsFile, connections: o.connections, threads: o.threads, durationS, serverPgid: served.child.pid });
  const realistic = mixFile(dir, 'realistic', pool, REALISTIC, 50_000, 11);
  const apiWeights: Weights = Object.fromEntries(API_CLASSES.map((c) => [c, REALISTIC[c] ?? 0]));
  const pageWeights: Weights = { page: REALISTIC.page, 'chart.svg': REALISTIC['chart.svg'], 'chart.png': REALISTIC['chart.png'] };
  await waitForOtherBenches(o.wait);
  log('part 1: warm-up 5 s');
  await run(realistic, 5);
  log(
    `part 1: realistic mix, ${o.connections} connections, ${o.durationS} s, with probes (${PROBE_CONNECTIONS.api} + ${PROBE_CONNECTIONS.pages} more wrk connections, a new-connection client)`,
  );
  const probe = startNewConnectionProbe(served.baseUrl, pool.series);
  const probeRun = (name: string, weights: Weights, connections: number): Promise<MixResult> =>
    runMix({
      script,
      baseUrl: served.baseUrl,
      pathsFile: mixFile(dir, `probe-${name}`, pool, weights, 20_000, 31),
      connections,
      threads: 1,
      durationS: o.durationS,
      serverPgid: served.child.pid,
    });
  const [mix, apiProbe, otherProbe] = await Promise.all([
    run(realistic, o.durationS),
    probeRun('api', apiWeights, PROBE_CONNECTIONS.api),
    probeRun('pages', pageWeights, PROBE_CONNECTIONS.pages),
  ]);
  const probed = await probe.stop();
  await waitForOtherBenches(o.wait);
  log(`part 1: API-only mix, ${o.sideS} s`);
  const apiOnly = await run(mixFile(dir, 'api-only', pool, apiWeights, 50_000, 12), o.sideS);
  log(`part 1: pages and images only, ${o.sideS} s`);
  const pagesOnly = await run(mixFile(dir, 'pages-only', pool, pageWeights, 20_000, 13), o.sideS);
  return {
    mix,
    probe: probed,
    apiProbe,
    otherProbe,
    apiOnly,
    pagesOnly,
    distinct: Object.fromEntries(URL_CLASSES.map((c) => [c, pool[c].length])) as Record<UrlClass, number>,
    meanBytes: Object.fromEntries(URL_CLASSES.map((c) => [c, mean(checked.bytes.get(c)!)])) as Record<UrlClass, number>,
    failures: checked.failures,
  };
}

interface Checkpoint {
  requests: number;
  rss: number;
  atS: number;
}

interface MemoryPart {
  distinct: number;
  estimatedBytes: number;
  rssLoaded: number;
  checkpoints: Checkpoint[];
  warmupRequests: number;
  maxRss: number;
  rssSettledAfter: number;
  errors: number;
  /** errors by kind (connect, read, write, timeout, status ≥ 400) */
  errorKinds: Record<string, number>;
  rps: number;
  failures: string[];
}

/** Drives about `o.memoryRequests` requests in wrk runs of ~50k requests each, RSS after each run and every 2 s. */
async function memoryPart(o: Options, dir: string, script: string, root: string, pool: UrlPool): Promise<MemoryPart> {
  await waitForOtherBenches(o.wait);
  const served = await startServed(root, o.data);
  try {
    const sample = await checkPool(served.baseUrl, pool, 40);
    const distinct = URL_CLASSES.reduce((n, c) => n + sample.pool[c].length, 0);
    const estimatedBytes = URL_CLASSES.reduce((n, c) => n + sample.pool[c].length * mean(sample.bytes.get(c)!), 0);
    const weights: Weights = { ...REALISTIC, 'chart.svg': 0.006, 'chart.png': 0.003 };
    const file = mixFile(dir, 'memory', sample.pool, weights, 200_000, 21);
    // the checks above filled part of the cache: a fresh server, so that the start is the loaded state
    await stopChild(served.child);
    const fresh = await startServed(root, o.data);
    const pid = fresh.child.pid;
    const rssLoaded = await settledRss(pid, 1000, 5000);
    const started = performance.now();
    const checkpoints: Checkpoint[] = [{ requests: 0, rss: rssLoaded, atS: 0 }];
    let maxRss = rssLoaded;
    const sampler = setInterval(() => (maxRss = Math.max(maxRss, groupRss(pid))), 2000);
    let total = 0;
    let errors = 0;
    const errorKinds: Record<string, number> = {};
    let busyS = 0;
    let chunkS = 5;
    log(`part 2: ${int(o.memoryRequests)} requests over ${int(distinct)} distinct paths (~${mib(estimatedBytes)} of answers, response cache ${CACHE_MB} MB)`);
    try {
      while (total < o.memoryRequests) {
        const result = await runMix({
          script,
          baseUrl: fresh.baseUrl,
          pathsFile: file,
          connections: o.connections,
          threads: o.threads,
          durationS: chunkS,
          serverPgid: pid,
        });
        total += result.requests;
        errors += result.errorTotal;
        for (const [kind, n] of Object.entries(result.errors)) errorKinds[kind] = (errorKinds[kind] ?? 0) + n;
        busyS += result.durationS;
        const rss = groupRss(pid);
        maxRss = Math.max(maxRss, rss);
        checkpoints.push({ requests: total, rss, atS: (performance.now() - started) / 1000 });
        log(`part 2: ${int(total)} requests, RSS ${mib(rss)}, ${int(result.rps)} req/s, errors: ${errorText(result)}`);
        const left = o.memoryRequests - total;
        chunkS = Math.max(2, Math.min(30, Math.ceil(Math.min(50_000, left) / result.rps)));
      }
    } finally {
      clearInterval(sampler);
    }
    const rssSettledAfter = await settledRss(pid, 3000, 10_000);
    await stopChild(fresh.child);
    return {
      distinct,
      estimatedBytes,
      rssLoaded,
      checkpoints,
      warmupRequests: Math.max(o.memoryRequests / 10, 1),
      maxRss,
      rssSettledAfter,
      errors,
      errorKinds,
      rps: total / busyS,
      failures: sample.failures,
    };
  } finally {
    await stopChild(served.child);
  }
}

interface WorkersPart {
  one: MixResult[];
  two: MixResult[];
  rssOne: number;
  rssTwo: number;
}

/** The same mix against one process and against `--workers 2`, in slices one/two/two/one. */
async function workersPart(o: Options, dir: string, script: string, root: string, pool: UrlPool): Promise<WorkersPart> {
  await waitForOtherBenches(o.wait);
  const file = mixFile(dir, 'workers', pool, REALISTIC, 50_000, 31);
  const one = await startServed(root, o.data);
  const two = await startServed(root, o.data, 2);
  try {
    const run = (s: Served, durationS: number): Promise<MixResult> =>
      runMix({ script, baseUrl: s.baseUrl, pathsFile: file, connections: o.connections, threads: o.threads, durationS, serverPgid: s.child.pid });
    log(`part 3: warm-up of both servers, ${o.warmupS} s each`);
    await run(one, o.warmupS);
    await run(two, o.warmupS);
    const slice = Math.max(2, Math.round(o.workersS / 2));
    const results: WorkersPart = { one: [], two: [], rssOne: 0, rssTwo: 0 };
    for (const [name, s] of [
      ['one', one],
      ['two', two],
      ['two', two],
      ['one', one],
    ] as const) {
      log(`part 3: ${name === 'one' ? 'one process' : '--workers 2'}, ${slice} s`);
      results[name].push(await run(s, slice));
    }
    results.rssOne = groupRss(one.child.pid);
    results.rssTwo = groupRss(two.child.pid);
    return results;
  } finally {
    await stopChild(one.child);
    await stopChild(two.child);
  }
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.y));
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** Sums slices of one server into one result (requests and time add up; latencies and CPU averaged by time). */
function combine(results: MixResult[]): { rps: number; p99Ms: number; errors: number; serverCpuPct: number; wrkCpuPct: number; otherCpuPct: number } {
  const time = results.reduce((s, r) => s + r.durationS, 0);
  const weighted = (pick: (r: MixResult) => number): number => results.reduce((s, r) => s + pick(r) * r.durationS, 0) / time;
  return {
    rps: results.reduce((s, r) => s + r.requests, 0) / time,
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    errors: results.reduce((s, r) => s + r.errorTotal, 0),
    serverCpuPct: weighted((r) => r.serverCpuPct),
    wrkCpuPct: weighted((r) => r.wrkCpuPct),
    otherCpuPct: weighted((r) => r.otherCpuPct),
  };
}

function kindsText(total: number, kinds: Record<string, number>): string {
  if (total === 0) return '0';
  const parts = Object.entries(kinds)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${int(n)}`);
  return `**${int(total)}** (${parts.join(', ')})`;
}

const errorText = (r: MixResult): string => kindsText(r.errorTotal, r.errors);

function mixRow(name: string, r: MixResult): string {
  const cells = [name, int(r.rps), errorText(r), ms(r.p50Ms), ms(r.p90Ms), ms(r.p99Ms), ms(r.p999Ms), ms(r.maxMs), r.mbPerS.toFixed(1)];
  cells.push(`${r.serverCpuPct.toFixed(0)} / ${r.wrkCpuPct.toFixed(0)} / ${r.otherCpuPct.toFixed(0)}`);
  return `| ${cells.join(' | ')} |`;
}

interface Summary {
  lines: string[];
  report: string;
}

function render(o: Options, machine: Machine, load: LoadPart, memory: MemoryPart, workers: WorkersPart): Summary {
  const apiP99 = load.apiProbe.p99Ms;
  const probeErrors = load.apiProbe.errorTotal + load.otherProbe.errorTotal + load.probe.failures.length;
  const fresh = load.probe.latencies;
  const after = memory.checkpoints.find((c) => c.requests >= memory.warmupRequests) ?? memory.checkpoints[memory.checkpoints.length - 1];
  const end = memory.checkpoints[memory.checkpoints.length - 1];
  const tail = memory.checkpoints.filter((c) => c.requests >= after.requests);
  const growth = (end.rss - after.rss) / after.rss;
  const perHundredK = slope(tail.map((c) => ({ x: c.requests, y: c.rss }))) * 100_000;
  const marks: Checkpoint[] = [];
  for (let k = 100_000; k <= end.requests; k += 100_000) {
    const c = memory.checkpoints.find((x) => x.requests >= k);
    if (c && !marks.includes(c)) marks.push(c);
  }
  const one = combine(workers.one);
  const two = combine(workers.two);
  const zeroErrors = load.mix.errorTotal + load.apiOnly.errorTotal + load.pagesOnly.errorTotal + probeErrors === 0;
  const summary = [
    `${o.connections} connections, realistic mix, ${o.durationS} s: ${int(load.mix.rps)} req/s, errors ${load.mix.errorTotal} (probes ${probeErrors}), p50 ${ms(load.mix.p50Ms)} ms, p99 ${ms(load.mix.p99Ms)} ms: zero errors ${verdict(zeroErrors)}`,
    `API p99 inside the mix (${PROBE_CONNECTIONS.api} more wrk connections on API paths only): ${ms(apiP99)} ms; API-only mix p99 ${ms(load.apiOnly.p99Ms)} ms (target < ${TARGET_P99_MS}): ${verdict(apiP99 < TARGET_P99_MS)} in the mix, ${verdict(load.apiOnly.p99Ms < TARGET_P99_MS)} API-only`,
    `memory over ${int(end.requests)} requests: loaded ${mib(memory.rssLoaded)}, after warm-up ${mib(after.rss)}, end ${mib(end.rss)}, max ${mib(memory.maxRss)}; growth after warm-up ${(growth * 100).toFixed(1)}% (${(perHundredK / 2 ** 20).toFixed(2)} MiB per 100k requests): ${verdict(growth < TARGET_GROWTH)}; errors ${kindsText(memory.errors, memory.errorKinds)}`,
    `a client connecting during the realistic mix (a new connection per request, ${fresh.length} requests): p50 ${ms(percentile(fresh, 50))} ms, p99 ${ms(percentile(fresh, 99))} ms, max ${ms(Math.max(...fresh))} ms`,
    `--workers 2: ${int(two.rps)} req/s vs one process ${int(one.rps)} req/s = ${(two.rps / one.rps).toFixed(2)}×; wrk CPU ${two.wrkCpuPct.toFixed(0)}% / ${one.wrkCpuPct.toFixed(0)}% of a core`,
  ];
  const mixHeader = [
    '| run | req/s | errors | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | MB/s | CPU % server / wrk / other |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const report = [
    '# Hardening benchmark',
    '',
    'Written by `npx tsx bench/hardening.ts` (see the comment at its top and bench/README.md). Do not edit by hand.',
    '',
    `- Date: ${machine.date}; commit: ${machine.commit}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Linux ${machine.kernel}; load average at start ${machine.loadAverage}`,
    `- Tools: Node ${machine.node}; ${machine.wrk}`,
    `- Server: \`node dist/src/server.js\` built from the work tree (\`npm run build\`), \`DS_RATE_LIMIT=0 DS_ACCESS_LOG=false LOG_LEVEL=warn DS_WATCH=false\`, data \`${o.data}\`, response cache ${CACHE_MB} MB (default)`,
    `- Load: wrk, ${o.threads} thread, ${o.connections} connections, loopback, no compression, no conditional requests; the server and wrk share the ${machine.cores} cores. CPU % is of one core. Each connection holds its first request for ${RAMP_MS / 1000} s, until all are open (the run lasts that much longer; rates and CPU are over the rest): Node accepts one new connection per event-loop turn, so connections opened into an already saturated server wait in the accept queue for seconds, which would be measured as the latency of their first request. What a client that connects during the load sees is measured separately (the new-connection probe).`,
    '',
    '## Summary',
    '',
    ...summary.map((s) => `- ${s}`),
    '',
    `## 1. ${o.connections} connections on a realistic mix`,
    '',
    'Every distinct path was fetched once before the runs and had to answer 200 (the response cache is therefore warm, as on a server that has been up for a while); wrk walks a list of 50,000 paths drawn by class weight. Errors are socket errors (connect, read, write, timeout) and answers ≥ 400.',
    '',
    ...mixHeader,
    mixRow(`realistic mix, ${o.durationS} s`, load.mix),
    mixRow(`API only (series, CSV, catalog, meta, search), ${o.sideS} s`, load.apiOnly),
    mixRow(`pages and images only, ${o.sideS} s`, load.pagesOnly),
    '',
    `Latency inside the realistic mix: during the ${o.durationS} s run, ${PROBE_CONNECTIONS.api} more wrk connections walk only API paths (the API weights of the mix) and ${PROBE_CONNECTIONS.pages} more only pages and images, so wrk times those requests apart, from send to last byte. API routes: **p99 ${ms(apiP99)} ms** (target < ${TARGET_P99_MS} ms: ${verdict(apiP99 < TARGET_P99_MS)}).`,
    '',
    ...mixHeader,
    mixRow(`API paths, ${PROBE_CONNECTIONS.api} connections inside the mix`, load.apiProbe),
    mixRow(`pages and images, ${PROBE_CONNECTIONS.pages} connections inside the mix`, load.otherProbe),
    '',
    '| class | distinct paths | mean bytes | weight in the mix |',
    '|---|---|---|---|',
    ...URL_CLASSES.map((c) => `| ${c} | ${int(load.distinct[c])} | ${int(load.meanBytes[c])} | ${((REALISTIC[c] ?? 0) * 100).toFixed(1)}% |`),
    '',
    `One more client opened a new connection for each request (a /series selection, \`Connection: close\`, one at a time), timed from connect to last byte: ${fresh.length} requests, p50 ${ms(percentile(fresh, 50))} ms, p99 ${ms(percentile(fresh, 99))} ms, max ${ms(Math.max(...fresh))} ms.`,
    '',
    ...(load.failures.length + load.probe.failures.length > 0
      ? [
          'Paths that did not answer 200 (left out of the mix) or failed in the probe:',
          '',
          ...[...load.failures, ...load.probe.failures].slice(0, 20).map((f) => `- \`${f}\``),
          '',
        ]
      : []),
    `## 2. Memory over ${int(end.requests)} requests`,
    '',
    `A fresh server; the mix has ${int(memory.distinct)} distinct paths (selections of one to four series with transforms and spans, pages, charts), about ${mib(memory.estimatedBytes)} of answers (estimated from the first 40 of each class), more than the ${CACHE_MB} MB response cache can hold, so it keeps evicting. wrk runs of ~50,000 requests; VmRSS of the server after each run (and every 2 s for the maximum). Warm-up: the first ${int(memory.warmupRequests)} requests. ${int(memory.rps)} req/s on average, ${kindsText(memory.errors, memory.errorKinds)} errors.`,
    '',
    '| point | requests | RSS | time s |',
    '|---|---|---|---|',
    `| loaded, before the load | 0 | ${mib(memory.rssLoaded)} | 0 |`,
    `| after warm-up | ${int(after.requests)} | ${mib(after.rss)} | ${after.atS.toFixed(0)} |`,
    ...marks.map((c) => `| ≥ ${int(Math.floor(c.requests / 100_000) * 100_000)} | ${int(c.requests)} | ${mib(c.rss)} | ${c.atS.toFixed(0)} |`),
    `| end | ${int(end.requests)} | ${mib(end.rss)} | ${end.atS.toFixed(0)} |`,
    `| settled after the load | | ${mib(memory.rssSettledAfter)} | |`,
    '',
    `Maximum sampled RSS ${mib(memory.maxRss)}. Growth from the end of the warm-up to the end: **${(growth * 100).toFixed(1)}%** (target < ${TARGET_GROWTH * 100}%: ${verdict(growth < TARGET_GROWTH)}); least-squares slope after the warm-up ${(perHundredK / 2 ** 20).toFixed(2)} MiB per 100,000 requests.`,
    '',
    '## 3. `--workers 2` against one process',
    '',
    `The realistic mix, both servers up at once and idle in turn, in slices of ${Math.max(2, Math.round(o.workersS / 2))} s: one, two, two, one (after a ${o.warmupS} s warm-up each, long enough for each worker to fill its own response cache). The machine has ${machine.cores} cores and wrk needs one of them for ${o.connections} connections, so two workers compete with wrk for CPU.`,
    '',
    '| server | req/s | p99 ms (worst slice) | errors | CPU % server / wrk / other | RSS after |',
    '|---|---|---|---|---|---|',
    `| one process | ${int(one.rps)} | ${ms(one.p99Ms)} | ${one.errors} | ${one.serverCpuPct.toFixed(0)} / ${one.wrkCpuPct.toFixed(0)} / ${one.otherCpuPct.toFixed(0)} | ${mib(workers.rssOne)} |`,
    `| --workers 2 | ${int(two.rps)} | ${ms(two.p99Ms)} | ${two.errors} | ${two.serverCpuPct.toFixed(0)} / ${two.wrkCpuPct.toFixed(0)} / ${two.otherCpuPct.toFixed(0)} | ${mib(workers.rssTwo)} |`,
    '',
    `Ratio two/one: **${(two.rps / one.rps).toFixed(2)}×**.`,
    '',
    ...(o.notes.length > 0 ? ['## Notes', '', ...o.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
  return { lines: summary, report };
}

async function main(): Promise<void> {
  const o = parseOptions();
  installExitHooks();
  const dir = mkdtempSync(join(tmpdir(), 'ds-hardening-'));
  try {
    log('npm run build (when src/ is newer than dist/)');
    await buildIfStale(ROOT);
    await waitForOtherBenches(o.wait);
    const machine = await describeMachine(ROOT, true);
    const script = writeMixScript(dir);
    const served = await startServed(ROOT, o.data);
    const datasets = await readDatasets(served.baseUrl);
    log('checking every path of the mix');
    const checked = await checkPool(served.baseUrl, buildPool(datasets, 1500, 60, 7));
    log(`${checked.failures.length} paths did not answer 200`);
    const load = await loadPart(o, dir, script, served, checked);
    await stopChild(served.child);
    const memory = await memoryPart(o, dir, script, ROOT, buildPool(datasets, 8000, 300, 99));
    const workers = await workersPart(o, dir, script, ROOT, checked.pool);
    const { lines, report } = render(o, machine, load, memory, workers);
    if (o.out !== null) writeFileSync(o.out, report);
    if (o.summaryFile !== null) writeSection(o.summaryFile, 'hardening', summarySection(machine, lines));
    console.log(lines.join('\n'));
    if (o.out !== null) log(`wrote ${o.out}`);
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
