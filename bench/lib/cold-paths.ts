import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../scripts/demo/random.js';
import { startChild } from './children.js';
import { groupCpuSeconds, machineBusySeconds } from './proc-stats.js';
import { seriesQuery, type DataInventory } from './selections.js';

/** The transforms a cold selection may ask for (a third ask for one). */
const TRANSFORMS = ['pct', 'yoy', 'diff', 'index'] as const;

const DAY_MS = 86_400_000;

/** The first and last date (days since epoch) of every dataset, from its metadata file. */
function datasetSpans(dataDir: string, ids: Iterable<string>): Map<string, { start: number; end: number }> {
  const spans = new Map<string, { start: number; end: number }>();
  for (const id of ids) {
    const meta = JSON.parse(readFileSync(join(dataDir, `${id}.json`), 'utf8')) as { start: string; end: string };
    spans.set(id, { start: Date.parse(meta.start) / DAY_MS, end: Date.parse(meta.end) / DAY_MS });
  }
  return spans;
}

const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * `count` distinct single-series selections of `/series.csv`: a random series
 * (every series of the directory equally likely), random `from` and `to`
 * within its dataset's span (each present two times in three), and one in
 * three with a transform. Seeded: the same list every run.
 */
export function coldPaths(dataDir: string, inventory: DataInventory, count: number, seed = 16): string[] {
  const random = mulberry32(seed);
  const all = [...inventory.datasets.values()].flat();
  const spans = datasetSpans(dataDir, inventory.datasets.keys());
  const paths = new Set<string>();
  while (paths.size < count) {
    const series = all[Math.floor(random() * all.length)];
    const span = spans.get(series.dataset)!;
    const a = span.start + Math.floor(random() * (span.end - span.start + 1));
    const b = span.start + Math.floor(random() * (span.end - span.start + 1));
    const params = new URLSearchParams(seriesQuery(series));
    if (random() < 2 / 3) params.set('from', isoDay(Math.min(a, b)));
    if (random() < 2 / 3) params.set('to', isoDay(Math.max(a, b)));
    if (random() < 1 / 3) params.set('transform', TRANSFORMS[Math.floor(random() * TRANSFORMS.length)]);
    paths.add(`/series.csv?${params.toString()}`);
  }
  return [...paths];
}

// One thread walks the list once, in order. When every path has been
// answered it says so on stderr (the bench takes the time of that line: wrk
// 4.1 waits out its -d duration whatever the script does) and stops sending;
// done() prints one JSON line (as bench/lib/wrk.ts's).
const ONCE = `
local paths = {}
local i = 0
local answered = 0
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
response = function(status, headers, body)
  answered = answered + 1
  if answered == #paths then
    io.stderr:write("ALL ANSWERED\\n")
    io.stderr:flush()
    wrk.thread:stop()
  end
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests":%d,"bytes":%d,"errors":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\\n',
    summary.requests, summary.bytes,
    e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

/** What one walk over the list measured. */
export interface OnceResult {
  /** answers received (the list's length when the walk finished) */
  requests: number;
  /** from wrk's start to the last answer */
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  bytesPerResponse: number;
  /** CPU of the server's process group meanwhile, in % of one core */
  serverCpuPct: number;
  /** CPU of everything else on the machine meanwhile (wrk included), in % of one core */
  otherCpuPct: number;
  /** false when wrk's time ran out before every path was answered */
  finished: boolean;
}

/**
 * Runs wrk (1 thread x `connections`) over the paths in `pathsFile` once, at
 * most `maxS` seconds, and times the walk up to its last answer.
 */
export async function walkOnce(script: string, baseUrl: string, pathsFile: string, serverPgid: number, maxS: number, connections = 50): Promise<OnceResult> {
  const cpuBefore = groupCpuSeconds(serverPgid);
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  const child = startChild('wrk', 'wrk', [
    '-t',
    '1',
    '-c',
    String(connections),
    '-d',
    `${maxS}s`,
    '--timeout',
    '30s',
    '-s',
    script,
    baseUrl + '/',
    '--',
    pathsFile,
  ]);
  let endedAt = 0;
  let cpuAt = { server: 0, busy: 0 };
  child.proc.stderr?.on('data', (chunk: Buffer) => {
    if (endedAt === 0 && chunk.toString().includes('ALL ANSWERED')) {
      endedAt = performance.now();
      cpuAt = { server: groupCpuSeconds(serverPgid), busy: machineBusySeconds() };
    }
  });
  const [code] = (await once(child.proc, 'close')) as [number | null];
  const line = /^BENCH (.*)$/m.exec(child.output());
  if (code !== 0 || line === null) throw new Error(`wrk failed (${code}):\n${child.output()}`);
  const raw = JSON.parse(line[1]) as Record<string, number>;
  const finished = endedAt > 0;
  if (!finished) {
    endedAt = performance.now();
    cpuAt = { server: groupCpuSeconds(serverPgid), busy: machineBusySeconds() };
  }
  const seconds = (endedAt - started) / 1000;
  const serverS = cpuAt.server - cpuBefore;
  return {
    requests: raw.requests,
    seconds,
    rps: raw.requests / seconds,
    p50Ms: raw.p50_us / 1000,
    p99Ms: raw.p99_us / 1000,
    maxMs: raw.max_us / 1000,
    errors: raw.errors,
    bytesPerResponse: raw.requests > 0 ? raw.bytes / raw.requests : 0,
    serverCpuPct: (serverS / seconds) * 100,
    otherCpuPct: (Math.max(0, cpuAt.busy - busyBefore - serverS) / seconds) * 100,
    finished,
  };
}

/** Writes the walk-once wrk script into `dir`; returns its path. */
export function writeOnceScript(dir: string): string {
  const path = join(dir, 'once.lua');
  writeFileSync(path, ONCE);
  return path;
}
