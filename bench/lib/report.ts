import type { Agreement, Route } from './fixtures.js';
import type { Machine } from './machine.js';
import type { SeriesInfo } from './selections.js';
import { median } from './interleave.js';
import type { LoadResult, LoadSettings } from './wrk.js';

/** The targets of the issue. */
export const TARGETS = { loadObsPerSecond: 2_000_000, bytesPerObservation: 24, versusDuckdb: 20 };

/** One route measured on the three servers. */
export interface RouteResult {
  route: Route;
  ours: LoadResult;
  nginx: LoadResult;
  /** a bare node:http server answering the same bytes from memory: Node's own ceiling */
  bare: LoadResult;
  duckdb: LoadResult | null;
  /** requests per second of each round, per server */
  rounds: { ours: number[]; nginx: number[]; bare: number[]; duckdb: number[] | null };
  agreement: Agreement | null;
}

/** Everything measured on one data directory. */
export interface DirResult {
  label: string;
  dataDir: string;
  datasets: number;
  series: number;
  observations: number;
  csvBytes: number;
  /** load time and where it came from */
  /** the fastest of `loadRunsMs` */
  loadMs: number;
  loadRunsMs: number[];
  loadSource: string;
  readyMs: number;
  rssEmpty: number;
  rssLoaded: number;
  rssAfterLoad: number;
  single: SeriesInfo;
  routes: RouteResult[];
}

/** A whole run. */
export interface Report {
  machine: Machine;
  settings: LoadSettings;
  dirs: DirResult[];
  notes: string[];
}

const int = (x: number): string => Math.round(x).toLocaleString('en-US');
const ms = (x: number): string => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const ratio = (x: number): string => (x >= 10 ? x.toFixed(0) : x.toFixed(2));
const verdict = (ok: boolean): string => (ok ? 'pass' : '**short**');
const mib = (x: number): string => `${(x / 2 ** 20).toFixed(1)} MiB`;

function cell(result: LoadResult | null): string {
  if (result === null) return 'n/a';
  const errors = result.errors > 0 ? ` (${int(result.errors)} errors!)` : '';
  return `${int(result.rps)} / ${ms(result.p99Ms)}${errors}`;
}

/** The ratio of the medians, and the lowest and highest ratio within one round. */
function ratioCell(ours: number[], other: number[]): string {
  const ratios = ours.map((x, i) => x / other[i]);
  return `${ratio(median(ours) / median(other))} (${ratio(Math.min(...ratios))}–${ratio(Math.max(...ratios))})`;
}

function routeLine(r: RouteResult): string {
  const toNginx = r.ours.rps / r.nginx.rps;
  const toDuck = r.duckdb === null ? null : r.ours.rps / r.duckdb.rps;
  const checks = [`≥${r.route.nginxTarget} nginx: ${verdict(toNginx >= r.route.nginxTarget)}`];
  if (toDuck !== null) checks.push(`≥${TARGETS.versusDuckdb}× DuckDB: ${verdict(toDuck >= TARGETS.versusDuckdb)}`);
  const runs = [r.ours, r.nginx, r.bare, r.duckdb];
  const cpu = (pick: (x: LoadResult) => number): string => runs.map((x) => (x === null ? '–' : pick(x).toFixed(0))).join(' / ');
  const cpus = [cpu((x) => x.serverCpuPct), cpu((x) => x.wrkCpuPct), cpu((x) => x.otherCpuPct)];
  const cells = [r.route.name, int(r.route.bytes), cell(r.ours), cell(r.nginx), cell(r.bare), cell(r.duckdb)];
  const duckRatio = r.rounds.duckdb === null ? 'n/a' : ratioCell(r.rounds.ours, r.rounds.duckdb);
  const ratios = [ratioCell(r.rounds.ours, r.rounds.nginx), ratioCell(r.rounds.ours, r.rounds.bare), duckRatio];
  return `| ${[...cells, ...ratios, checks.join('; '), ...cpus].join(' | ')} |`;
}

function dirSection(d: DirResult): string[] {
  const obsPerSecond = d.observations / (d.loadMs / 1000);
  const bytesPerObs = (d.rssLoaded - d.rssEmpty) / d.observations;
  const s = d.single;
  const lines = [
    `## ${d.label}: \`${d.dataDir}\``,
    '',
    `${int(d.datasets)} datasets, ${int(d.series)} series, ${int(d.observations)} observations, ${mib(d.csvBytes)} of CSV.`,
    `Single series: \`${s.dataset}\` ${s.dims.map((dim, i) => `${dim}=${s.codes[i]}`).join(';') || '(no dimensions)'}, ${int(s.rows)} observations.`,
    '',
    '| load and memory | figure | target | verdict |',
    '|---|---|---|---|',
    `| load time (${d.loadSource}), fastest of ${d.loadRunsMs.length} starts | ${int(d.loadMs)} ms (all: ${d.loadRunsMs.map(int).join(', ')} ms; last start ready after ${int(d.readyMs)} ms) | | |`,
    `| observations loaded per second | ${int(obsPerSecond)} | ≥ ${int(TARGETS.loadObsPerSecond)} | ${verdict(obsPerSecond >= TARGETS.loadObsPerSecond)} |`,
    `| RSS empty server / loaded / loaded after the load runs | ${mib(d.rssEmpty)} / ${mib(d.rssLoaded)} / ${mib(d.rssAfterLoad)} | | |`,
    `| RSS above the empty server per observation | ${bytesPerObs.toFixed(1)} B | ≤ ${TARGETS.bytesPerObservation} B | ${verdict(bytesPerObs <= TARGETS.bytesPerObservation)} |`,
    '',
    'CPU columns: % of one core used during the run by the server, by wrk, and by everything else on the machine, each as ours / nginx / bare Node / DuckDB.',
    '',
    '| route | bytes | ours req/s / p99 ms | nginx req/s / p99 ms | bare Node req/s / p99 ms | DuckDB req/s / p99 ms | ours/nginx | ours/bare Node | ours/DuckDB | targets | server CPU % | wrk CPU % | other CPU % |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...d.routes.map(routeLine),
    '',
  ];
  const agreements = d.routes.filter((r) => r.agreement !== null);
  if (agreements.length > 0) {
    lines.push('DuckDB baseline answers compared with ours (same selection):', '');
    for (const r of agreements) {
      const a = r.agreement as Agreement;
      const diff = a.firstDifference === null ? '' : ` First difference: ${a.firstDifference}`;
      lines.push(`- ${r.route.name}: ${a.identical}/${a.total} byte-identical, ${a.sameContent}/${a.total} same content.${diff}`);
    }
    lines.push('');
  }
  return lines;
}

/** Renders the report as Markdown (also what the console shows). */
export function renderReport(report: Report): string {
  const m = report.machine;
  const st = report.settings;
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); see bench/README.md for the method. Do not edit by hand.',
    '',
    `- Date: ${m.date}; commit: ${m.commit}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Linux ${m.kernel}; load average at start ${m.loadAverage}`,
    `- Tools: Node ${m.node}; nginx ${m.nginx}; ${m.wrk}; ${m.duckdb}`,
    `- Load: wrk, ${st.threads} thread, ${st.connections} connections, ${st.durationS} s per server and route after ${st.warmupS} s of warm-up; no compression asked for, no conditional requests`,
    `- Rounds: per route, each server is warmed up, then the servers take turns for ${st.rounds} rounds of ${Math.max(1, Math.round(st.durationS / st.rounds))} s (who goes first rotates), so that other work on a shared machine falls on all of them alike; req/s and p99 are medians over the rounds, ratios are ratios of medians with the lowest and highest ratio within one round in brackets`,
    `- Servers: ours = ${st.workers} Node process(es) (\`DS_RATE_LIMIT=0\`, \`DS_ACCESS_LOG=false\`, like nginx's \`access_log off\`); nginx = ${st.workers} worker process(es); bare Node = one \`node:http\` process answering the same bytes from memory with only Content-Type and Content-Length (Node's own ceiling, no target); DuckDB baseline = one Node process, a query per request over Parquet`,
    '',
    ...report.dirs.flatMap(dirSection),
    ...(report.notes.length > 0 ? ['## Notes', '', ...report.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
}
