import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from './children.js';

/** Clock ticks per second of /proc/PID/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Resident set size of one process in bytes, from /proc/PID/status VmRSS. */
export function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (match === null) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Resident set size of every process in a process group (a server and its workers), in bytes. */
export function groupRss(pgid: number): number {
  return groupPids(pgid).reduce((sum, pid) => {
    try {
      return sum + readRss(pid);
    } catch {
      return sum; // exited meanwhile
    }
  }, 0);
}

/**
 * RSS of a process group once it has settled: waits `initialMs`, then samples every 500 ms until two
 * successive samples differ by less than 1% (at most `maxMs`); returns the last.
 */
export async function settledRss(pgid: number, initialMs = 2000, maxMs = 10000): Promise<number> {
  await sleep(initialMs);
  let previous = groupRss(pgid);
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await sleep(500);
    const current = groupRss(pgid);
    if (Math.abs(current - previous) < previous * 0.01) return current;
    previous = current;
  }
  return previous;
}

/**
 * Waits (at most `maxMs`) until the process groups together use less than a
 * tenth of a core: workers still loading, or a slow server still answering
 * requests of a finished run, must not fall on the next measurement.
 */
export async function waitIdle(pgids: number[], maxMs = 15000): Promise<void> {
  const total = (): number => pgids.reduce((sum, pgid) => sum + groupCpuSeconds(pgid), 0);
  const deadline = Date.now() + maxMs;
  let before = total();
  while (Date.now() < deadline) {
    await sleep(200);
    const now = total();
    if (now - before < 0.02) return;
    before = now;
  }
}

/** Pids of every process in a process group. */
export function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat !== null && Number(stat[2]) === pgid) pids.push(Number(entry));
  }
  return pids;
}

// Fields of /proc/PID/stat after the command name (which may hold spaces and parentheses).
function readStat(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds (user + system, all threads) used so far by every process in a process group. */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = readStat(entry);
    if (fields === null || Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds the whole machine spent busy so far (all cores, from /proc/stat). */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}
