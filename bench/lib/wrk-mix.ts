import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { startChild } from './children.js';
import { groupCpuSeconds, machineBusySeconds } from './proc-stats.js';

/** One wrk run over a list of paths, with the error kinds and the CPU of server, wrk and the rest. */
export interface MixResult {
  requests: number;
  durationS: number;
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  mbPerS: number;
  errors: { connect: number; read: number; write: number; timeout: number; status: number };
  errorTotal: number;
  serverCpuPct: number;
  wrkCpuPct: number;
  otherCpuPct: number;
}

// Walks the (pre-shuffled) list from a random offset per thread; done() prints one JSON line.
const SCRIPT = `
local paths = {}
local i = 0
local threads = 0
setup = function(thread)
  thread:set("thread_id", threads)
  threads = threads + 1
end
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  i = (thread_id * 7919 + os.time() * 104729) % #paths
end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'MIX {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"p999_us":%d,"max_us":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9), latency.max))
end
`;

/** Writes the Lua script into `dir`; returns its path. */
export function writeMixScript(dir: string): string {
  const path = join(dir, 'hardening-mix.lua');
  writeFileSync(path, SCRIPT);
  return path;
}

/** Runs wrk for `durationS` over the paths in `pathsFile`; `serverPgid` is the server's process group (for its CPU). */
export async function runMix(opts: {
  script: string;
  baseUrl: string;
  pathsFile: string;
  connections: number;
  threads: number;
  durationS: number;
  serverPgid: number;
}): Promise<MixResult> {
  const args = ['-t', String(opts.threads), '-c', String(opts.connections), '-d', `${opts.durationS}s`, '--timeout', '10s'];
  args.push('-s', opts.script, opts.baseUrl + '/', '--', opts.pathsFile);
  const cpuBefore = groupCpuSeconds(opts.serverPgid);
  const busyBefore = machineBusySeconds();
  const started = process.hrtime.bigint();
  const child = startChild('wrk', 'wrk', args);
  const closed = once(child.proc, 'close') as Promise<[number | null]>;
  let wrkCpuS = 0;
  const timer = setInterval(() => {
    try {
      wrkCpuS = groupCpuSeconds(child.pid);
    } catch {
      // exiting
    }
  }, 200);
  const [code] = await closed;
  clearInterval(timer);
  const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpuS = groupCpuSeconds(opts.serverPgid) - cpuBefore;
  const otherCpuS = machineBusySeconds() - busyBefore - serverCpuS - wrkCpuS;
  const line = /^MIX (.*)$/m.exec(child.output());
  if (code !== 0 || line === null) throw new Error(`wrk failed (${code}):\n${child.output()}`);
  const raw = JSON.parse(line[1]) as Record<string, number>;
  const durationS = raw.duration_us / 1e6;
  const errors = { connect: raw.connect, read: raw.read, write: raw.write, timeout: raw.timeout, status: raw.status };
  const pct = (seconds: number): number => (Math.max(0, seconds) / elapsedS) * 100;
  return {
    requests: raw.requests,
    durationS,
    rps: raw.requests / durationS,
    p50Ms: raw.p50_us / 1000,
    p90Ms: raw.p90_us / 1000,
    p99Ms: raw.p99_us / 1000,
    p999Ms: raw.p999_us / 1000,
    maxMs: raw.max_us / 1000,
    mbPerS: raw.bytes / durationS / 1e6,
    errors,
    errorTotal: Object.values(errors).reduce((a, b) => a + b, 0),
    serverCpuPct: pct(serverCpuS),
    wrkCpuPct: pct(wrkCpuS),
    otherCpuPct: pct(otherCpuS),
  };
}

/** Latencies one probe saw per class, in ms, and any answer that was not 2xx/3xx. */
export interface ProbeResult {
  latencies: Map<string, number[]>;
  failures: string[];
}

/**
 * While the load runs, `loops` extra clients each send one request at a time
 * (classes in turn, paths drawn from `lists`) and time it from send to the
 * last byte: the latency a request of that class sees inside the mix.
 */
export function startProbe(baseUrl: string, lists: Map<string, string[]>, loops = 4): { stop: () => Promise<ProbeResult> } {
  const result: ProbeResult = { latencies: new Map([...lists.keys()].map((k) => [k, []])), failures: [] };
  let running = true;
  const classes = [...lists.keys()];
  const loop = async (offset: number): Promise<void> => {
    for (let n = offset; running; n++) {
      const cls = classes[n % classes.length];
      const paths = lists.get(cls)!;
      const path = paths[Math.floor(n / classes.length) % paths.length];
      const started = performance.now();
      try {
        const response = await fetch(baseUrl + path);
        await response.arrayBuffer();
        if (response.status >= 400) result.failures.push(`${response.status} ${path}`);
        else result.latencies.get(cls)!.push(performance.now() - started);
      } catch (error) {
        result.failures.push(`${String(error)} ${path}`);
      }
    }
  };
  const loops_ = Array.from({ length: loops }, (_, i) => loop(i * 7919));
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops_);
      return result;
    },
  };
}

/** The q-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))];
}
