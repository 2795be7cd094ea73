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

/**
 * RSS once it has settled: waits `initialMs`, then samples every 500 ms until two
 * successive samples differ by less than 1% (at most `maxMs`); returns the last.
 */
export async function settledRss(pid: number, initialMs = 2000, maxMs = 10000): Promise<number> {
  await sleep(initialMs);
  let previous = readRss(pid);
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await sleep(500);
    const current = readRss(pid);
    if (Math.abs(current - previous) < previous * 0.01) return current;
    previous = current;
  }
  return previous;
}

/** CPU seconds (user + system, all threads) used so far by every process in a process group. */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
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
