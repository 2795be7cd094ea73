/**
 * The cold path (issue 16): our server with its response cache off
 * (DS_RESPONSE_CACHE_MB=0) answering a stream of distinct single-series
 * selections, each asked once, on the large generated directory; against
 * nginx serving the same answers as static files and the DuckDB-per-request
 * baseline. wrk, 1 thread x 50 connections. Writes the "cold" section of
 * bench/RESULTS.md. See bench/README.md.
 *
 * `--workers N` runs N processes of each server on the same cores (our
 * DS_WORKERS, nginx's worker_processes); the default is 1 each; `none` skips
 * the nginx walks.
 *
 * Against bare Node (issue 24): for each kind (`--kinds`: the mixed CSV list,
 * its transforms, the same as JSON, a typo in a code) `--rounds` fresh lists
 * of `--round-count` selections are walked by ours (one process, started
 * fresh) and by a bare `node:http` server answering the same URLs with the
 * bytes ours sent, from memory, taking turns; ratios of medians.
 *
 *   npx tsx bench/cold.ts [--count 100000] [--workers 1] [--rounds 3] [--round-count 10000] [--kinds csv,json] [--large /tmp/ds-large] [--cpu-prof DIR] [--node-args '--max-semi-space-size=32'] [--no-out]
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeParquetCopies } from './baselines/parquet-copy.js';
import { freePort, installExitHooks, runCommand, startChild, stopAll, stopChild, waitForHttp, type Child } from './lib/children.js';
import { asKind, bareRounds, COLD_KINDS, median, recordAnswers, startBareUrls, writeList, type BareRound, type ColdKind } from './lib/cold-bare.js';
import { coldPaths, walkOnce, writeOnceScript, type OnceResult } from './lib/cold-paths.js';
import { describeMachine } from './lib/machine.js';
import { startNginx } from './lib/nginx.js';
import { buildIfStale, startOurServer } from './lib/our-server.js';
import { waitIdle } from './lib/proc-stats.js';
import { writeSection } from './lib/results-section.js';
import { scanDataDir } from './lib/selections.js';
import { measureOnce, writeWrkScripts, type LoadResult, type LoadSettings, type LoadTarget } from './lib/wrk.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string): void => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);

const BASE_SETTINGS: LoadSettings = { durationS: 0, warmupS: 0, rounds: 1, connections: 50, threads: 1, workers: 1 };

/** Targets of the issue: ours against DuckDB and nginx, and our p99. */
const TARGETS = { vsDuckdb: 80, vsNginx: 0.25, p99Ms: 10 };

/** Issue 24's targets against bare Node, per kind (bad: at most the cost of a good one, see badVerdict). */
const BARE_TARGETS: Record<ColdKind, number> = { csv: 0.5, transform: 0.4, json: 0.4, bad: 0 };

async function ensureLargeDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'catalog.json'))) return;
  log(`generating the large directory into ${dir}`);
  const { code, stderr } = await runCommand('node', ['--import', 'tsx', 'scripts/generate-demo-data.ts', '--scale', 'large', '--out', dir], { cwd: root });
  if (code !== 0) throw new Error(`generate-demo-data failed: ${stderr}`);
}

/** Fetches every path once from `baseUrl` (32 at a time) and writes each answer to `www/c/N.csv`; throws on an answer that is not 200. */
async function writeStaticAnswers(baseUrl: string, paths: string[], www: string): Promise<string[]> {
  mkdirSync(join(www, 'c'), { recursive: true });
  const files = paths.map((_, i) => `/c/${i}.csv`);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < paths.length; i = next++) {
      const res = await fetch(baseUrl + paths[i], { headers: { 'accept-encoding': 'identity' } });
      if (res.status !== 200) throw new Error(`${res.status} for ${paths[i]}: ${await res.text()}`);
      writeFileSync(join(www, files[i]), Buffer.from(await res.arrayBuffer()));
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return files;
}

async function startDuckdb(parquetDir: string): Promise<{ child: Child; baseUrl: string }> {
  const port = await freePort();
  const child = startChild('DuckDB baseline', 'node', ['--import', 'tsx', 'bench/baselines/duckdb-server.ts'], {
    cwd: root,
    env: { ...process.env, DS_PARQUET_DIR: parquetDir, PORT: String(port), HOST: '127.0.0.1' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/health`, child, 60_000, (status) => status > 0);
  return { child, baseUrl };
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Answers per second of the server's own CPU: on a shared machine, the rate its share of the cores allowed. */
const perCpuSecond = (r: LoadResult | OnceResult): number => r.rps / Math.max(r.serverCpuPct / 100, 1e-6);

function row(name: string, processes: number, r: LoadResult | OnceResult, note = ''): string {
  const seconds = 'seconds' in r ? r.seconds : r.durationS;
  return `| ${name} | ${processes} | ${fmt(r.requests)} | ${fmt(seconds, 1)} | ${fmt(r.rps)} | ${fmt(perCpuSecond(r))} | ${fmt(r.p50Ms, 2)} | ${fmt(r.p99Ms, 2)} | ${fmt(r.errors)} | ${fmt(r.bytesPerResponse)} | ${fmt(r.serverCpuPct)} % | ${fmt(r.otherCpuPct)} % | ${note} |`;
}

/** One configuration's walks: our server and nginx with the same number of processes. */
interface WorkersRun {
  workers: number;
  ours: OnceResult;
  nginx: [OnceResult, OnceResult];
}

const holds = (ok: boolean): string => (ok ? 'holds' : '**misses**');

/** The targets' verdicts of one configuration, against nginx's mean and the DuckDB baseline. */
function verdicts(r: WorkersRun, duck: LoadResult): string {
  const vsNginx = r.ours.rps / ((r.nginx[0].rps + r.nginx[1].rps) / 2);
  const vsDuck = r.ours.rps / duck.rps;
  const perCpuNginx = (perCpuSecond(r.nginx[0]) + perCpuSecond(r.nginx[1])) / 2;
  return `- ${r.workers} process(es) each: ours / DuckDB **${fmt(vsDuck, 1)}x** (target >= ${TARGETS.vsDuckdb}x: ${holds(vsDuck >= TARGETS.vsDuckdb)}); ours / nginx (mean of its two runs) **${fmt(vsNginx, 2)}x** (target >= ${TARGETS.vsNginx}x: ${holds(vsNginx >= TARGETS.vsNginx)}); our p99 **${fmt(r.ours.p99Ms, 1)} ms** (target < ${TARGETS.p99Ms} ms: ${holds(r.ours.p99Ms < TARGETS.p99Ms)}); per CPU-second of each server: ours / DuckDB ${fmt(perCpuSecond(r.ours) / perCpuSecond(duck), 1)}x, ours / nginx ${fmt(perCpuSecond(r.ours) / perCpuNginx, 2)}x`;
}

/** The bare-Node rounds of one kind. */
interface KindRun {
  kind: ColdKind;
  rounds: BareRound[];
}

const ratioOf = (r: BareRound): number => r.ours.rps / r.bare.rps;

function kindRow(k: KindRun): string {
  const ours = median(k.rounds.map((r) => r.ours.rps));
  const bare = median(k.rounds.map((r) => r.bare.rps));
  const ratios = k.rounds.map(ratioOf);
  const target = k.kind === 'bad' ? 'cost <= a good one (csv)' : `>= ${BARE_TARGETS[k.kind]}x`;
  const verdict = k.kind === 'bad' ? '' : holds(ours / bare >= BARE_TARGETS[k.kind]);
  return `| ${k.kind} | ${k.rounds.length} x ${fmt(median(k.rounds.map((r) => r.ours.requests)))} | ${fmt(ours)} | ${fmt(median(k.rounds.map((r) => perCpuSecond(r.ours))))} | ${fmt(median(k.rounds.map((r) => r.ours.p99Ms)), 2)} | ${fmt(bare)} | ${fmt(median(k.rounds.map((r) => perCpuSecond(r.bare))))} | ${fmt(median(k.rounds.map((r) => r.bare.p99Ms)), 2)} | **${fmt(ours / bare, 2)}x** [${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}] | ${fmt(median(k.rounds.map((r) => r.ours.bytesPerResponse)))} | ${target} ${verdict} |`;
}

/** A bad selection must cost no more of our CPU than a good one (answers per server CPU-second, medians). */
function badVerdict(kinds: KindRun[]): string {
  const bad = kinds.find((k) => k.kind === 'bad');
  const good = kinds.find((k) => k.kind === 'csv');
  if (!bad || !good) return '';
  const perCpu = (k: KindRun): number => median(k.rounds.map((r) => perCpuSecond(r.ours)));
  const ratio = perCpu(bad) / perCpu(good);
  return `- a bad selection (unknown code) against a good one (csv), answers per server CPU-second: **${fmt(ratio, 2)}x** (target >= 1: ${holds(ratio >= 1)})`;
}

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      workers: { type: 'string', default: '1,2' },
      rounds: { type: 'string', default: '3' },
      'round-count': { type: 'string', default: '10000' },
      kinds: { type: 'string', default: COLD_KINDS.join(',') },
      'server-root': { type: 'string' },
      large: { type: 'string', default: '/tmp/ds-large' },
      'duckdb-seconds': { type: 'string', default: '10' },
      'cpu-prof': { type: 'string' },
      'node-args': { type: 'string', default: '' },
      'no-out': { type: 'boolean', default: false },
      out: { type: 'string', default: join(root, 'bench', 'RESULTS.md') },
    },
  });
  const count = Number(values.count);
  const workerCounts = values.workers === 'none' ? [] : values.workers!.split(',').map(Number);
  const kinds = values.kinds!.split(',') as ColdKind[];
  if (kinds.some((k) => !COLD_KINDS.includes(k))) throw new Error(`--kinds takes ${COLD_KINDS.join(',')}: ${values.kinds}`);
  if (workerCounts.some((w) => !Number.isInteger(w) || w < 1)) throw new Error(`--workers takes counts of processes, such as 1,2: ${values.workers}`);
  const dataDir = values.large!;
  const tmp = mkdtempSync(join(tmpdir(), 'ds-cold-'));
  // nginx's worker runs as nobody: it must be able to read what it serves
  chmodSync(tmp, 0o755);
  try {
    // --server-root: the built tree of another commit (its dist/src/server.js), for a before/after
    const serverRoot = values['server-root'] ?? root;
    if (serverRoot === root && (await buildIfStale(root))) log('built dist/ (npm run build)');
    const machine = await describeMachine(root, true);
    await ensureLargeDir(dataDir);
    const inventory = await scanDataDir(dataDir);
    const paths = coldPaths(dataDir, inventory, count);
    const oursList = join(tmp, 'ours.txt');
    writeFileSync(oursList, paths.join('\n') + '\n');
    const transformed = paths.filter((p) => p.includes('transform=')).length;
    log(`${fmt(paths.length)} distinct selections over ${fmt([...inventory.datasets.values()].flat().length)} series (${fmt(transformed)} with a transform)`);
    const scripts = { ...writeWrkScripts(tmp), once: writeOnceScript(tmp) };

    // The static answers come from a server of their own: the measured one must never have seen a selection.
    process.env.DS_RESPONSE_CACHE_MB = '0';
    log('writing the static answers (each selection asked once of a server started for that)');
    const prep = await startOurServer(serverRoot, dataDir);
    const www = join(tmp, 'www');
    // nginx serves them (only when it walks)
    const files = workerCounts.length > 0 ? await writeStaticAnswers(prep.baseUrl, paths, www) : [];
    const nginxList = join(tmp, 'nginx.txt');
    writeFileSync(nginxList, files.join('\n') + '\n');
    // --node-args: Node/V8 flags of our measured server only (e.g. a larger young generation), never of the baselines
    const nodeArgs = [
      ...(values['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`]),
      ...values['node-args']!.split(' ').filter(Boolean),
    ];
    log(`writing Parquet copies for the DuckDB baseline`);
    mkdirSync(join(tmp, 'parquet'));
    await writeParquetCopies(dataDir, join(tmp, 'parquet'));
    const duck = await startDuckdb(join(tmp, 'parquet'));

    // Each walk is timed to its last answer, and wrk's -d only bounds it: runs over other
    // selections (which also warm each server up) tell how long a walk may take.
    const calibrationList = join(tmp, 'calibration.txt');
    writeFileSync(calibrationList, coldPaths(dataDir, inventory, 5000, 17).join('\n') + '\n');
    const boundFor = async (target: LoadTarget, length = paths.length): Promise<number> => {
      await measureOnce(target, 2, BASE_SETTINGS, scripts);
      const r = await measureOnce(target, 3, BASE_SETTINGS, scripts);
      return Math.ceil((length / Math.max(r.rps, 200)) * 1.3) + 3;
    };
    const walk = async (name: string, baseUrl: string, list: string, calibration: string, pgid: number, idle: number[]): Promise<OnceResult> => {
      await waitIdle(idle);
      const maxS = await boundFor({ baseUrl, pathsFile: calibration, serverPgid: pgid });
      await waitIdle(idle);
      const r = await walkOnce(scripts.once, baseUrl, list, pgid, maxS);
      log(
        `${name}: ${fmt(r.requests)} answers in ${fmt(r.seconds, 1)} s, ${fmt(r.rps)}/s, p50 ${fmt(r.p50Ms, 2)} ms, p99 ${fmt(r.p99Ms, 2)} ms, ${r.errors} errors${r.finished ? '' : ' (time ran out)'}`,
      );
      return r;
    };
    // against bare Node: fresh lists per round and kind, ours started fresh, the two taking turns
    const rounds = Number(values.rounds);
    const lists = new Map<ColdKind, string[]>(kinds.map((k) => [k, []]));
    const all: string[] = [];
    for (let r = 0; r < rounds; r++) {
      const base = coldPaths(dataDir, inventory, Number(values['round-count']), 100 + r);
      for (const kind of kinds) {
        const list = base.map((p) => asKind(p, kind)).filter((p): p is string => p !== null);
        lists.get(kind)!.push(writeList(join(tmp, `${kind}-${r}.txt`), list));
        all.push(...list);
      }
    }
    const warmList = writeList(
      join(tmp, 'warm.txt'),
      coldPaths(dataDir, inventory, 1500, 18).flatMap((p) => kinds.map((k) => asKind(p, k)).filter((q): q is string => q !== null)),
    );
    log(`recording ${fmt(all.length)} answers for bare Node`);
    const warmPaths = readFileSync(warmList, 'utf8').split('\n').filter(Boolean);
    const manifest = writeList(join(tmp, 'manifest.txt'), await recordAnswers(prep.baseUrl, [...all, ...warmPaths], join(tmp, 'bodies')));
    await stopChild(prep.child, 'SIGINT');
    const bare = await startBareUrls(root, manifest);
    const oursFresh = await startOurServer(serverRoot, dataDir, nodeArgs);
    const bareIdle = [oursFresh.child.pid, bare.child.pid, duck.child.pid];
    const kindRuns: KindRun[] = [];
    // wrk waits out its -d whatever the script does: the bound comes from the warm-up rate (boundFor), scaled to a list of this size
    const maxS = await boundFor({ baseUrl: oursFresh.baseUrl, pathsFile: warmList, serverPgid: oursFresh.child.pid }, Number(values['round-count']));
    await boundFor({ baseUrl: bare.baseUrl, pathsFile: warmList, serverPgid: bare.child.pid });
    for (const kind of kinds) {
      const from = process.hrtime.bigint() / 1000n;
      const got = await bareRounds(
        scripts.once,
        lists.get(kind)!,
        { baseUrl: oursFresh.baseUrl, pgid: oursFresh.child.pid },
        { baseUrl: bare.baseUrl, pgid: bare.child.pid },
        maxS,
        () => waitIdle(bareIdle),
      );
      log(
        `${kind}: ours ${got.map((r) => fmt(r.ours.rps)).join(', ')}/s; bare ${got.map((r) => fmt(r.bare.rps)).join(', ')}/s (profile window µs ${from}-${process.hrtime.bigint() / 1000n})`,
      );
      kindRuns.push({ kind, rounds: got });
    }
    await Promise.all([stopChild(oursFresh.child, 'SIGINT'), stopChild(bare.child)]);
    const runs: WorkersRun[] = [];
    for (const workers of workerCounts) {
      // both servers with the same number of processes, on the same cores; ours started fresh, never having seen a selection
      const nginx = await startNginx(www, join(tmp, `nginx-${workers}`), workers);
      const ours = await startOurServer(serverRoot, dataDir, nodeArgs, undefined, undefined, workers);
      const idle = [ours.child.pid, nginx.child.pid, duck.child.pid];
      log(`${workers} process(es) each`);
      // nginx before and after ours: the machine is shared, the mean of the two is the reference
      const nginx1 = await walk('nginx (static files)', nginx.baseUrl, nginxList, nginxList, nginx.child.pid, idle);
      const oursR = await walk('ours (cache off)', ours.baseUrl, oursList, calibrationList, ours.child.pid, idle);
      const nginx2 = await walk('nginx again', nginx.baseUrl, nginxList, nginxList, nginx.child.pid, idle);
      await Promise.all([stopChild(ours.child, 'SIGINT'), stopChild(nginx.child, 'SIGQUIT')]);
      runs.push({ workers, ours: oursR, nginx: [nginx1, nginx2] });
    }
    const duckSeconds = Number(values['duckdb-seconds']);
    await waitIdle([duck.child.pid]);
    const duckR = await measureOnce({ baseUrl: duck.baseUrl, pathsFile: oursList, serverPgid: duck.child.pid }, duckSeconds, BASE_SETTINGS, scripts);
    log(`DuckDB per request: ${fmt(duckR.rps)}/s, p99 ${fmt(duckR.p99Ms, 2)} ms, ${duckR.errors} errors`);
    await stopChild(duck.child);

    const markdown = `## Cold path: ${fmt(paths.length)} distinct single-series selections, response cache off

Run ${machine.date} on ${machine.cpu} (${machine.cores} cores, Node ${machine.node}, load average before ${machine.loadAverage}), commit ${machine.commit}; the machine is shared with other engineers' work, so figures move by tens of percent between runs ("other CPU" is everything else that ran meanwhile).
\`npx tsx bench/cold.ts\`: the large generated directory (${fmt([...inventory.datasets.values()].flat().length)} series), ${fmt(paths.length)} distinct \`/series.csv\` selections (a random series, random \`from\`/\`to\`, ${fmt(transformed)} with a transform), each asked once (timed from wrk's start to the last answer; each server first runs 2 + 3 s over 5,000 other selections, which warms it up and bounds wrk's -d), our server with \`DS_RESPONSE_CACHE_MB=0\` started fresh; nginx ${machine.nginx} serves the same answers as static files (written by another server process); the DuckDB baseline runs one SQL query over Parquet per request (it ignores \`transform\`, so it does less work on a third of them) for ${duckSeconds} s over the same list. wrk 1 thread x 50 connections, on the same ${machine.cores} cores as the servers. "N processes" is our server with \`DS_WORKERS=N\` and nginx with \`worker_processes N\`: the same number of processes for both, on the same cores.

| server | processes | requests | s | req/s | per server CPU-second | p50 ms | p99 ms | errors | bytes/answer | server CPU | other CPU | |
|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|
${runs.map((r) => [row('ours', r.workers, r.ours), row('nginx, static files', r.workers, r.nginx[0], 'before ours'), row('nginx, static files', r.workers, r.nginx[1], 'after ours')].join('\n')).join('\n')}
${row('DuckDB per request', 1, duckR, `${duckSeconds} s, its own threads`)}

${runs.map((r) => verdicts(r, duckR)).join('\n')}

Against a bare \`node:http\` server (\`baselines/bare-node-urls.ts\`) answering the same URLs with the bytes ours sent, from memory by URL lookup: per kind, ${rounds} fresh lists (each ${fmt(Number(values['round-count']))} selections before filtering; \`transform\`: only those with a transform; \`json\`: the same as \`/series\`; \`bad\`: a typo in the last code, answered 400), each walked once by ours (one process, cache off, started fresh and warmed on 5,000 other selections of every kind) and once by bare Node, who goes first alternating. Medians of the rounds; the ratio's lowest and highest round in brackets. Ours / DuckDB with the csv median: **${fmt(median(kindRuns.find((k) => k.kind === 'csv')?.rounds.map((r) => r.ours.rps) ?? [0]) / duckR.rps, 1)}x** (target >= ${TARGETS.vsDuckdb}x).

| kind | lists x answers | ours req/s | ours per CPU-second | ours p99 ms | bare req/s | bare per CPU-second | bare p99 ms | ours / bare | bytes/answer | target |
|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|
${kindRuns.map(kindRow).join('\n')}

${badVerdict(kindRuns)}
`;
    console.log(markdown);
    if (!values['no-out']) writeSection(values.out!, 'cold', markdown);
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
