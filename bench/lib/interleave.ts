import { waitIdle } from './proc-stats.js';
import { measureOnce, warmUp, type LoadResult, type LoadSettings, type LoadTarget } from './wrk.js';

/** One target measured in rounds: the figures over all rounds and each round's rate. */
export interface Measured {
  result: LoadResult;
  /** requests per second in each round, in round order */
  roundRps: number[];
}

/**
 * Measures several targets taking turns: after a warm-up of each, `rounds`
 * rounds in which every target runs one slice (the first to go rotates). Work
 * of others on a shared machine then falls on all targets alike instead of on
 * one of them; rates and latencies are medians over the rounds.
 */
export async function measureInterleaved(targets: LoadTarget[], settings: LoadSettings, scripts: { single: string; mix: string }): Promise<Measured[]> {
  for (const target of targets) {
    await warmUp(target, settings, scripts);
    await waitIdle(targets.map((t) => t.serverPgid));
  }
  const sliceS = Math.max(1, Math.round(settings.durationS / settings.rounds));
  const slices: LoadResult[][] = targets.map(() => []);
  for (let round = 0; round < settings.rounds; round++) {
    for (let k = 0; k < targets.length; k++) {
      const i = (round + k) % targets.length;
      slices[i].push(await measureOnce(targets[i], sliceS, settings, scripts));
      await waitIdle(targets.map((t) => t.serverPgid));
    }
  }
  return slices.map((list) => ({ result: aggregate(list), roundRps: list.map((s) => s.rps) }));
}

/** The median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median and the extremes of a list of figures (one per process, say). */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** The spread of a non-empty list: its median, lowest and highest value. */
export function spreadOf(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

function aggregate(slices: LoadResult[]): LoadResult {
  const sum = (pick: (s: LoadResult) => number): number => slices.reduce((total, s) => total + pick(s), 0);
  const mean = (pick: (s: LoadResult) => number): number => sum(pick) / slices.length;
  const requests = sum((s) => s.requests);
  return {
    requests,
    durationS: sum((s) => s.durationS),
    rps: median(slices.map((s) => s.rps)),
    p50Ms: median(slices.map((s) => s.p50Ms)),
    p99Ms: median(slices.map((s) => s.p99Ms)),
    maxMs: Math.max(...slices.map((s) => s.maxMs)),
    bytesPerResponse: requests > 0 ? sum((s) => s.bytesPerResponse * s.requests) / requests : 0,
    errors: sum((s) => s.errors),
    serverCpuPct: mean((s) => s.serverCpuPct),
    wrkCpuPct: mean((s) => s.wrkCpuPct),
    otherCpuPct: mean((s) => s.otherCpuPct),
  };
}
