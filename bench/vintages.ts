/**
 * Vintages (issue 21): 20 publishes of the large generated directory, each
 * revising 2 % of the last year's values of every dataset. Reports the time
 * of the first and the last publish, and the resident memory of a process
 * that loads the published directory (latest values + history) against one
 * that loads the latest values alone (the source directory, no history).
 * Targets: RSS at most 1.3x, the 20th publish at most 2x the first. Writes
 * the "vintages" section of bench/RESULTS.md. Not run by the tests.
 *
 *   npx tsx bench/vintages.ts [--large /tmp/ds-large] [--vintages 20] [--datasets N] [--no-out]
 */
import { mulberry32 } from '../scripts/demo/random.js';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { publish } from '../src/publish/publish.js';
import { runCommand } from './lib/children.js';
import { writeSection } from './lib/results-section.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string): void => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);
const TARGETS = { rss: 1.3, publish: 2, asOf: 1.5 };
const SHARE = 0.02;

const { values: args } = parseArgs({
  options: {
    large: { type: 'string', default: join(tmpdir(), 'ds-large') },
    vintages: { type: 'string', default: '20' },
    datasets: { type: 'string' },
    'no-out': { type: 'boolean', default: false },
  },
});

async function ensureLargeDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'catalog.json'))) return;
  log(`generating the large directory into ${dir}`);
  const { code, stderr } = await runCommand('node', ['--import', 'tsx', 'scripts/generate-demo-data.ts', '--scale', 'large', '--out', dir], { cwd: root });
  if (code !== 0) throw new Error(`generate-demo-data failed: ${stderr}`);
}

/** A copy of the large directory (its first `limit` datasets when given) to publish from. */
function copySource(large: string, src: string, limit: number | null): string[] {
  const catalog = JSON.parse(readFileSync(join(large, 'catalog.json'), 'utf8')) as { id: string }[];
  const kept = limit === null ? catalog : catalog.slice(0, limit);
  mkdirSync(src, { recursive: true });
  for (const e of kept) for (const ext of ['csv', 'json']) cpSync(join(large, `${e.id}.${ext}`), join(src, `${e.id}.${ext}`));
  for (const name of ['categories.json', 'licenses.json', 'sources.json']) if (existsSync(join(large, name))) cpSync(join(large, name), join(src, name));
  writeFileSync(join(src, 'catalog.json'), JSON.stringify(kept, null, 2));
  return kept.map((e) => e.id);
}

/** Revises 2 % of the values dated in the last year of a CSV (multiplies them by 1.01); returns how many. */
function reviseLastYear(file: string, next: () => number): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  let last = '';
  for (let i = 1; i < lines.length; i++) {
    const date = lines[i].split(',').at(-2);
    if (date && date > last) last = date;
  }
  const from = `${Number(last.slice(0, 4)) - 1}${last.slice(4)}`;
  let revised = 0;
  for (let i = 1; i < lines.length; i++) {
    const fields = lines[i].split(',');
    const date = fields.at(-2);
    const value = fields.at(-1);
    if (!date || date <= from || !value || next() >= SHARE) continue;
    fields[fields.length - 1] = String(Math.round(Number(value) * 1.01 * 1e6) / 1e6);
    lines[i] = fields.join(',');
    revised++;
  }
  writeFileSync(file, lines.join('\n'));
  return revised;
}

/** Resident memory (MB) of a fresh process that loads `dir` with the server's loader, after a full GC. */
async function loadedRss(dir: string): Promise<{ rssMb: number; heapMb: number }> {
  const script = `
    const { loadSnapshot } = await import(${JSON.stringify(join(root, 'src/data/load-snapshot.ts'))});
    const s = await loadSnapshot(${JSON.stringify(dir)});
    for (let i = 0; i < 3; i++) { global.gc(); await new Promise((r) => setTimeout(r, 50)); }
    const m = process.memoryUsage();
    if (s.datasets.size === 0) throw new Error('nothing loaded');
    console.log(JSON.stringify({ rssMb: m.rss / 2 ** 20, heapMb: (m.heapUsed + m.arrayBuffers) / 2 ** 20 }));`;
  const { code, stdout, stderr } = await runCommand('node', ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
  if (code !== 0) throw new Error(`loading ${dir} failed: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { rssMb: number; heapMb: number };
}

/** The median of some numbers. */
function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * as_of latency (issue 21): the same selection of one dataset on the latest
 * data and as of a middle vintage, on one app over the published directory,
 * the two asked in turn (a distinct `_n` each, so no answer comes from the
 * response cache); the first as_of request, which builds the vintage view,
 * is reported apart. Returns the report's table rows.
 */
async function asOfRows(out: string, id: string, vintages: number): Promise<string[]> {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config.js');
  const app = await buildApp(loadConfig({ DS_DATA_DIR: out, LOG_LEVEL: 'silent', DS_WATCH: 'false', PORT: '0', DS_RATE_LIMIT: '0' }));
  try {
    await app.ds.data.ready;
    const stamps = app.ds.data.current!.datasets.get(id)!.history!.stamps;
    const stamp = stamps[Math.floor(stamps.length / 2)];
    const url = (asOf: boolean, n: number): string => `/series.csv?dataset=${id}&last=24${asOf ? `&as_of=${stamp}` : ''}&_n=${n}`;
    const time = async (target: string): Promise<number> => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: target });
      if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return performance.now() - started;
    };
    // the app's own first request (compiling its paths) is not the view's cost
    await time(url(false, -1));
    const cold = await time(url(true, -1));
    const latest: number[] = [];
    const asOf: number[] = [];
    for (let n = 0; n < 60; n++) {
      latest.push(await time(url(false, n)));
      asOf.push(await time(url(true, n)));
    }
    const [a, b] = [median(latest.slice(10)), median(asOf.slice(10))];
    log(`as_of ${id} at ${stamp}: ${b.toFixed(1)} ms vs latest ${a.toFixed(1)} ms (first, building the view: ${cold.toFixed(0)} ms)`);
    return [
      `| \`/series.csv?dataset=${id}&last=24\` median (ms): latest vs \`as_of\` vintage ${stamps.indexOf(stamp) + 1} of ${vintages} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} | ≤ ${TARGETS.asOf} |`,
      `| first \`as_of\` request of that vintage, building its view (ms) | | ${cold.toFixed(0)} | | |`,
    ];
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const vintages = Number(args.vintages);
  await ensureLargeDir(args.large);
  const work = mkdtempSync(join(tmpdir(), 'ds-vintages-bench-'));
  try {
    const src = join(work, 'src');
    const out = join(work, 'public');
    const ids = copySource(args.large, src, args.datasets ? Number(args.datasets) : null);
    const next = mulberry32(21);
    const times: number[] = [];
    const cpu: number[] = [];
    let revised = 0;
    for (let v = 0; v < vintages; v++) {
      if (v > 0) for (const id of ids) revised += reviseLastYear(join(src, `${id}.csv`), next);
      const started = performance.now();
      const used = process.cpuUsage();
      const report = await publish({ src, out, keep: 3, now: () => new Date(Date.UTC(2026, 0, 1 + v)) });
      times.push(performance.now() - started);
      const spent = process.cpuUsage(used);
      cpu.push((spent.user + spent.system) / 1000);
      if (report.aborted || !report.changed) throw new Error(`publish ${v + 1}: ${report.aborted ?? 'nothing changed'}`);
      log(`publish ${v + 1}/${vintages}: ${(times[v] / 1000).toFixed(1)} s (CPU ${(cpu[v] / 1000).toFixed(1)} s), ${report.written.length} datasets written`);
    }
    const latest = await loadedRss(src);
    const history = await loadedRss(out);
    const rows = (readFileSync(join(out, `${ids[0]}.vintages.csv`), 'utf8').match(/\n/g) ?? []).length - 1;
    const asOf = await asOfRows(out, ids[ids.length > 1 ? 1 : 0], vintages);
    const ratio = { rss: history.rssMb / latest.rssMb, publish: times.at(-1)! / times[0], cpu: cpu.at(-1)! / cpu[0] };
    const report = [
      '## Vintages (issue 21): history in the store and the publish',
      '',
      `${ids.length} datasets of the large generated directory, ${vintages} publishes, each revising ${SHARE * 100} % of every dataset's last year of values (${revised} values revised in all; ${rows} history rows in ${ids[0]}).`,
      '',
      '| measure | latest alone | with history | ratio | target |',
      '|---|---:|---:|---:|---:|',
      `| RSS after load (MB) | ${latest.rssMb.toFixed(0)} | ${history.rssMb.toFixed(0)} | ${ratio.rss.toFixed(2)} | ≤ ${TARGETS.rss} |`,
      `| heap + array buffers (MB) | ${latest.heapMb.toFixed(0)} | ${history.heapMb.toFixed(0)} | ${(history.heapMb / latest.heapMb).toFixed(2)} | |`,
      `| publish time (s): 1st vs ${vintages}th | ${(times[0] / 1000).toFixed(1)} | ${(times.at(-1)! / 1000).toFixed(1)} | ${ratio.publish.toFixed(2)} | ≤ ${TARGETS.publish} |`,
      `| publish CPU time (s, process incl. DuckDB threads): 1st vs ${vintages}th | ${(cpu[0] / 1000).toFixed(1)} | ${(cpu.at(-1)! / 1000).toFixed(1)} | ${ratio.cpu.toFixed(2)} | ≤ ${TARGETS.publish} |`,
      ...asOf,
      '',
      `All publish times (s): ${times.map((t) => (t / 1000).toFixed(1)).join(', ')}; CPU (s): ${cpu.map((t) => (t / 1000).toFixed(1)).join(', ')}.`,
      `Load average when it ended: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (the machine is shared: wall times vary with it, CPU times less). \`npx tsx bench/vintages.ts${args.datasets ? ` --datasets ${args.datasets}` : ''}\`, ${new Date().toISOString().slice(0, 10)}.`,
    ].join('\n');
    console.log(report);
    if (!args['no-out']) writeSection(join(root, 'bench', 'RESULTS.md'), 'vintages', report);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
