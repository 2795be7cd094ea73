import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeParquetCopies } from '../baselines/parquet-copy.js';
import { freePort, startChild, stopChild, waitForHttp, type Child } from './children.js';
import { checkStatic, compareAnswers, prepareRoutes, type Route } from './fixtures.js';
import { startNginx } from './nginx.js';
import type { BenchOptions } from './options.js';
import { healthFacts, startOurServer, type OurServer } from './our-server.js';
import { groupRss, settledRss } from './proc-stats.js';
import type { DirResult, RouteResult } from './report.js';
import { pickMix, pickSingleSeries, scanDataDir } from './selections.js';
import { measureInterleaved, type Measured } from './interleave.js';
import type { LoadSettings, LoadTarget } from './wrk.js';

/** A server the bench started. */
interface Server {
  child: Child;
  baseUrl: string;
}

/** Shared by every data directory of a run. */
export interface RunContext {
  /** the bench's repository (DuckDB baseline, generator) */
  root: string;
  /** where our server is built: an export of HEAD, or the work tree */
  serverRoot: string;
  tmp: string;
  options: BenchOptions;
  settings: LoadSettings;
  scripts: { single: string; mix: string };
  rssEmpty: number;
  log: (line: string) => void;
}

/** Starts one of the Node baselines (`bench/baselines/NAME.ts`) and waits until it answers. */
async function startBaseline(root: string, name: string, script: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = startChild(name, 'node', ['--import', 'tsx', `bench/baselines/${script}`], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/health`, child, 60000, (status) => status > 0);
  return { child, baseUrl };
}

function pathsOf(side: { path?: string; pathsFile?: string }): string[] {
  if (side.path !== undefined) return [side.path];
  return readFileSync(side.pathsFile as string, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

function target(baseUrl: string, side: { path?: string; pathsFile?: string }, child: Child): LoadTarget {
  return { baseUrl, ...side, serverPgid: child.pid };
}

/** Measures one data directory: load, memory, and every route on our server, nginx and DuckDB. */
export async function benchDir(ctx: RunContext, label: string, dataDir: string): Promise<DirResult> {
  const { options, log } = ctx;
  const work = join(ctx.tmp, label.replace(/\W+/g, '-'));
  mkdirSync(join(work, 'parquet'), { recursive: true });
  log(`[${label}] scanning ${dataDir}`);
  const inventory = await scanDataDir(dataDir);
  const single = pickSingleSeries(inventory, options.singleBytes);
  const plan = { single, dataset: options.dataset ?? single.dataset, mix: pickMix(inventory, options.mixSize) };
  const series = [...inventory.datasets.values()].reduce((n, list) => n + list.length, 0);

  log(`[${label}] starting our server (${inventory.rows.toLocaleString('en-US')} rows of CSV)`);
  const nodeArgs = options.cpuProf === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProf}`];
  const start = (args: string[]): Promise<OurServer> => startOurServer(ctx.serverRoot, dataDir, args, undefined, options.readyTimeoutS * 1000, options.workers);
  // One load is one timing on a shared machine: the fastest of a few starts counts.
  const loads: number[] = [];
  for (let run = 1; run < options.loadRuns; run++) {
    const trial = await start([]);
    loads.push(healthFacts(trial.health).loadMs ?? trial.readyMs);
    await stopChild(trial.child, 'SIGINT');
  }
  const ours = await start(nodeArgs);
  const facts = healthFacts(ours.health);
  loads.push(facts.loadMs ?? ours.readyMs);
  const rssLoaded = await settledRss(ours.child.pid);
  log(`[${label}] ready in ${ours.readyMs.toFixed(0)} ms; /health: ${JSON.stringify(ours.health).slice(0, 400)}`);

  log(`[${label}] writing Parquet copies, starting DuckDB baseline and nginx`);
  await writeParquetCopies(dataDir, join(work, 'parquet'));
  const duck = await startBaseline(ctx.root, 'DuckDB baseline', 'duckdb-server.ts', { DS_PARQUET_DIR: join(work, 'parquet') });
  const www = join(work, 'www');
  const routes = await prepareRoutes(ours.baseUrl, plan, www, work);
  const nginx = await startNginx(www, join(work, 'nginx'), options.workers);
  const bare = await startBaseline(ctx.root, 'bare Node', 'bare-node-server.ts', { DS_STATIC_DIR: www });
  for (const route of routes) {
    await checkStatic(nginx.baseUrl, www, pathsOf(route.nginx));
    await checkStatic(bare.baseUrl, www, pathsOf(route.nginx));
  }

  const results: RouteResult[] = [];
  for (const route of routes) results.push(await benchRoute(ctx, label, route, { ours, nginx, bare, duck }));
  const rssAfterLoad = groupRss(ours.child.pid);
  await Promise.all([stopChild(ours.child, 'SIGINT'), stopChild(nginx.child, 'SIGQUIT'), stopChild(bare.child), stopChild(duck.child)]);
  return {
    label,
    dataDir,
    datasets: inventory.datasets.size,
    series: facts.series ?? series,
    observations: facts.observations ?? inventory.rows,
    csvBytes: inventory.bytes,
    loadMs: Math.min(...loads),
    loadRunsMs: loads,
    loadSource: facts.loadMs === null ? 'time from spawn to ready, /health has no load time' : '/health',
    readyMs: ours.readyMs,
    rssEmpty: ctx.rssEmpty,
    rssLoaded,
    rssAfterLoad,
    single,
    routes: results,
  };
}

async function benchRoute(
  ctx: RunContext,
  label: string,
  route: Route,
  servers: { ours: Server; nginx: Server; bare: Server; duck: Server },
): Promise<RouteResult> {
  const { ours, nginx, bare, duck } = servers;
  const agreement = route.duckdb ? await compareAnswers(ours.baseUrl, duck.baseUrl, pathsOf(route.ours)) : null;
  ctx.log(`[${label}] ${route.name}`);
  const targets = [
    target(ours.baseUrl, route.ours, ours.child),
    target(nginx.baseUrl, route.nginx, nginx.child),
    target(bare.baseUrl, route.nginx, bare.child),
  ];
  if (route.duckdb) targets.push(target(duck.baseUrl, route.ours, duck.child));
  const [oursM, nginxM, bareM, duckM] = await measureInterleaved(targets, ctx.settings, ctx.scripts);
  const rate = (m: Measured | undefined): string => (m === undefined ? 'n/a' : m.result.rps.toFixed(0));
  ctx.log(`[${label}] ${route.name}: ours ${rate(oursM)}/s, nginx ${rate(nginxM)}/s, bare Node ${rate(bareM)}/s, DuckDB ${rate(duckM)}/s`);
  return {
    route,
    ours: oursM.result,
    nginx: nginxM.result,
    bare: bareM.result,
    duckdb: duckM?.result ?? null,
    rounds: { ours: oursM.roundRps, nginx: nginxM.roundRps, bare: bareM.roundRps, duckdb: duckM?.roundRps ?? null },
    agreement,
  };
}
