import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { sleep, startChild } from './children.js';
import { groupCpuSeconds, machineBusySeconds } from './proc-stats.js';
import { sampleCpuUntil } from './wrk.js';

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

/**
 * How long each connection holds its first request. Node (libuv since 1.45)
 * accepts one connection per event-loop turn, so connections that open while
 * the server is already saturated by the first ones wait seconds in the
 * accept queue, and wrk counts that wait as the latency of their first
 * request. Holding every first request until all connections are open
 * measures the load at 200 open connections, not the ramp; the wait of a
 * connection opened under load is measured on its own (the new-connection
 * probe).
 */
export const RAMP_MS = 1000;

// Walks the (pre-shuffled) list from a random offset per thread; holds the
// first request of each of the thread's connections for the ramp (args[2]
// connections, args[3] ms); done() prints one JSON line.
const SCRIPT = `
local paths = {}
local i = 0
local threads = 0
local held = 0
local hold = 0
local ramp = 0
setup = function(thread)
  thread:set("thread_id", threads)
  threads = threads + 1
end
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  i = (thread_id * 7919 + os.time() * 104729) % #paths
  hold = tonumber(args[2])
  ramp = tonumber(args[3])
end
delay = function()
  if held < hold then
    held = held + 1
    return ramp
  end
  return 0
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
  const rampS = RAMP_MS / 1000;
  const args = ['-t', String(opts.threads), '-c', String(opts.connections), '-d', `${opts.durationS + rampS}s`, '--timeout', '10s'];
  args.push('-s', opts.script, opts.baseUrl + '/', '--', opts.pathsFile, String(Math.ceil(opts.connections / opts.threads)), String(RAMP_MS));
  const cpuBefore = groupCpuSeconds(opts.serverPgid);
  const busyBefore = machineBusySeconds();
  const started = process.hrtime.bigint();
  const child = startChild('wrk', 'wrk', args);
  const closed = once(child.proc, 'close') as Promise<[number | null]>;
  const wrkCpuS = await sampleCpuUntil(child, closed);
  const [code] = await closed;
  const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpuS = groupCpuSeconds(opts.serverPgid) - cpuBefore;
  const otherCpuS = machineBusySeconds() - busyBefore - serverCpuS - wrkCpuS;
  const line = /^MIX (.*)$/m.exec(child.output());
  if (code !== 0 || line === null) throw new Error(`wrk failed (${code}):\n${child.output()}`);
  const raw = JSON.parse(line[1]) as Record<string, number>;
  // the ramp sends nothing
  const durationS = raw.duration_us / 1e6 - rampS;
  const errors = { connect: raw.connect, read: raw.read, write: raw.write, timeout: raw.timeout, status: raw.status };
  const pct = (seconds: number): number => (Math.max(0, seconds) / (elapsedS - rampS)) * 100;
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

/** What the new-connection probe saw: latencies in ms and any answer that was not 2xx/3xx. */
export interface ProbeResult {
  /** requests on a connection of their own, from connect to the last byte */
  latencies: number[];
  failures: string[];
}

/** One GET on a connection of its own (no keep-alive pool): connect, send, last byte. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

/**
 * While the load runs, a client that opens a new connection for each
 * request, one at a time and at most one per `intervalMs`, timed from
 * connect to the last byte: the wait of a client that arrives while the
 * server is busy.
 */
export function startNewConnectionProbe(baseUrl: string, paths: string[], intervalMs = 50): { stop: () => Promise<ProbeResult> } {
  const result: ProbeResult = { latencies: [], failures: [] };
  let running = true;
  const loop = async (): Promise<void> => {
    for (let n = 0; running; n++) {
      const path = paths[(n * 31) % paths.length];
      const started = performance.now();
      try {
        const status = await getOnNewConnection(baseUrl + path);
        if (status >= 400) result.failures.push(`${status} ${path} (new connection)`);
        else result.latencies.push(performance.now() - started);
      } catch (error) {
        result.failures.push(`${String(error)} ${path} (new connection)`);
      }
      const wait = intervalMs - (performance.now() - started);
      if (wait > 0) await sleep(wait);
    }
  };
  const looping = loop();
  return {
    stop: async () => {
      running = false;
      await looping;
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
