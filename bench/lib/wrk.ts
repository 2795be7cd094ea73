import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, startChild, type Child } from './children.js';
import { groupCpuSeconds, machineBusySeconds } from './proc-stats.js';
import { once } from 'node:events';

/** How wrk loads a server: the same for every target in one run. */
export interface LoadSettings {
  /** seconds per target and route, over all rounds */
  durationS: number;
  /** seconds of warm-up of each target before its first round (not counted) */
  warmupS: number;
  /** rounds the duration is cut into; the targets take turns in each round */
  rounds: number;
  connections: number;
  threads: number;
  /** processes of each server (ours and nginx) */
  workers: number;
}

/** What one wrk run measured. */
export interface LoadResult {
  requests: number;
  durationS: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytesPerResponse: number;
  /** connect/read/write/timeout errors plus non-2xx/3xx answers */
  errors: number;
  /** CPU used by the server's process group during the run, in % of one core */
  serverCpuPct: number;
  /** CPU used by wrk itself, in % of one core (sampled, a slight underestimate) */
  wrkCpuPct: number;
  /** CPU used by everything else on the machine meanwhile (other work disturbs the figures) */
  otherCpuPct: number;
}

// done() runs in wrk's main Lua state after the run: one JSON line for the bench.
const DONE = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests":%d,"duration_us":%d,"bytes":%d,"errors":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

// Each thread walks the list from its own offset; the list is pre-shuffled.
const MIX = `
local paths = {}
local i = 0
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  i = math.random(#paths)
end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`;

/** Writes the two Lua scripts into `dir`; returns their paths. */
export function writeWrkScripts(dir: string): { single: string; mix: string } {
  const single = join(dir, 'single.lua');
  const mix = join(dir, 'mix.lua');
  writeFileSync(single, DONE);
  writeFileSync(mix, MIX + DONE);
  return { single, mix };
}

/** The target of one load: a base URL plus one path, or a file listing many paths. */
export interface LoadTarget {
  baseUrl: string;
  path?: string;
  pathsFile?: string;
  /** process group of the server under load, for its CPU use */
  serverPgid: number;
}

/** One measured wrk run of `durationS` seconds, with the CPU the server, wrk and everything else used meanwhile. */
export async function measureOnce(
  target: LoadTarget,
  durationS: number,
  settings: LoadSettings,
  scripts: { single: string; mix: string },
): Promise<LoadResult> {
  const cpuBefore = groupCpuSeconds(target.serverPgid);
  const busyBefore = machineBusySeconds();
  const started = process.hrtime.bigint();
  const run = await runWrk(target, durationS, settings, scripts);
  const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpuS = groupCpuSeconds(target.serverPgid) - cpuBefore;
  const otherCpuS = machineBusySeconds() - busyBefore - serverCpuS - run.wrkCpuS;
  const pct = (seconds: number): number => (Math.max(0, seconds) / elapsedS) * 100;
  return { ...run.result, serverCpuPct: pct(serverCpuS), wrkCpuPct: pct(run.wrkCpuS), otherCpuPct: pct(otherCpuS) };
}

/** A run whose figures are thrown away (JIT, caches). */
export async function warmUp(target: LoadTarget, settings: LoadSettings, scripts: { single: string; mix: string }): Promise<void> {
  if (settings.warmupS > 0) await runWrk(target, settings.warmupS, settings, scripts);
}

async function runWrk(
  target: LoadTarget,
  durationS: number,
  settings: LoadSettings,
  scripts: { single: string; mix: string },
): Promise<{ result: Omit<LoadResult, 'serverCpuPct' | 'wrkCpuPct' | 'otherCpuPct'>; wrkCpuS: number }> {
  const url = target.baseUrl + (target.path ?? '/');
  const args = ['-t', String(settings.threads), '-c', String(settings.connections), '-d', `${durationS}s`, '--timeout', '30s'];
  args.push('-s', target.pathsFile === undefined ? scripts.single : scripts.mix, url);
  if (target.pathsFile !== undefined) args.push('--', target.pathsFile);
  const child = startChild('wrk', 'wrk', args);
  const closed = once(child.proc, 'close') as Promise<[number | null]>;
  const wrkCpuS = await sampleCpuUntil(child, closed);
  const [code] = await closed;
  const line = /^BENCH (.*)$/m.exec(child.output());
  if (code !== 0 || line === null) throw new Error(`wrk failed (${code}) on ${url}:\n${child.output()}`);
  const raw = JSON.parse(line[1]) as Record<string, number>;
  const duration = raw.duration_us / 1e6;
  return {
    result: {
      requests: raw.requests,
      durationS: duration,
      rps: raw.requests / duration,
      p50Ms: raw.p50_us / 1000,
      p99Ms: raw.p99_us / 1000,
      maxMs: raw.max_us / 1000,
      bytesPerResponse: raw.requests > 0 ? raw.bytes / raw.requests : 0,
      errors: raw.errors,
    },
    wrkCpuS,
  };
}

/** Samples wrk's CPU time every 200 ms; the last sample before it exits stands for the total. */
export async function sampleCpuUntil(child: Child, closed: Promise<unknown>): Promise<number> {
  let last = 0;
  const timer = setInterval(() => {
    try {
      last = groupCpuSeconds(child.pid);
    } catch {
      // exiting
    }
  }, 200);
  await closed;
  clearInterval(timer);
  return last;
}

/** wrk's version line, for the report. */
export async function wrkVersion(): Promise<string> {
  const { stdout, stderr } = await runCommand('wrk', ['-v']);
  return (stdout + stderr)
    .split('\n')[0]
    .replace(/\s+Copyright.*$/, '')
    .trim();
}
