/**
 * The functions of a V8 CPU profile (`node --cpu-prof`) by self time, as a
 * Markdown table: the top `--top` (default 10) with their share of the
 * sampled time, file and line. Idle and GC are listed like functions.
 * `--window FROM-TO` (µs of the monotonic clock, as bench/cold.ts logs its
 * walks; repeatable) keeps only the samples taken within those windows, so
 * the load of the data is left out.
 *
 *   npx tsx bench/profile-top.ts FILE.cpuprofile [--top 10] [--window FROM-TO ...]
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (µs) per function (name, file, line), largest first. */
export function selfTimes(profile: Profile, windows: [number, number][] = []): { name: string; where: string; us: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, { name: string; where: string; us: number }>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (windows.length > 0 && !windows.some(([from, to]) => at >= from && at <= to)) return;
    const { functionName, url, lineNumber } = byNode.get(id)!.callFrame;
    const where = url ? `${basename(url)}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const t = totals.get(key) ?? { name: functionName || '(anonymous)', where, us: 0 };
    t.us += profile.timeDeltas[i] ?? 0;
    totals.set(key, t);
  });
  return [...totals.values()].sort((a, b) => b.us - a.us);
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: { top: { type: 'string', default: '10' }, window: { type: 'string', multiple: true, default: [] } },
    allowPositionals: true,
  });
  const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
  const windows = values.window!.map((w) => w.split('-').map(Number) as [number, number]);
  const rows = selfTimes(profile, windows);
  const total = rows.reduce((s, r) => s + r.us, 0);
  const busy = total - (rows.find((r) => r.name === '(idle)')?.us ?? 0);
  console.log(`| # | function | where | self ms | % of busy |\n|--:|---|---|--:|--:|`);
  rows
    .filter((r) => r.name !== '(idle)')
    .slice(0, Number(values.top))
    .forEach((r, i) => console.log(`| ${i + 1} | \`${r.name}\` | ${r.where} | ${(r.us / 1000).toFixed(0)} | ${((r.us / busy) * 100).toFixed(1)} |`));
  console.log(`\nbusy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled`);
}

main();
