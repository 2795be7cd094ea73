/**
 * The frequency conversion benchmark (issue 20;
 * `node --import tsx bench/convert.ts [--seconds S] [--large DIR] [--no-out]`):
 * a converted selection (the whole of the largest monthly dataset, monthly →
 * annual, mean) against the same selection unconverted, measured in the same
 * process, interleaved (A, B, A, B…) so load on the shared machine falls on
 * both alike. Two figures per data directory: `computeView` alone (what the
 * conversion adds) and the whole `/series.csv` answer through `inject` with
 * the response cache off (what a client waits for). Data: the real
 * directory and the large generated one (written by `npm run demo-data --
 * --scale large --out DIR` when absent). Target: converted ≤ 2× unconverted.
 * Prints the figures and writes the `convert` section of bench/RESULTS.md.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Dataset } from '../src/data/model.js';
import { computeView } from '../src/query/compute-view.js';
import { parseSelection } from '../src/selection/read-selection.js';
import { runCommand } from './lib/children.js';
import { writeSection } from './lib/results-section.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REAL_DATA = resolve(ROOT, '../shared/dataseries-data/data');
const TARGET = 2;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    large: { type: 'string', default: '/tmp/ds-large' },
    'no-out': { type: 'boolean', default: false },
    out: { type: 'string', default: resolve(ROOT, 'bench/RESULTS.md') },
  },
});
const SECONDS = Number(values.seconds);

/** Median of a list of numbers. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Runs a and b alternately for the time budget; the median milliseconds of each. */
async function interleaved(a: () => unknown, b: () => unknown): Promise<{ a: number; b: number; rounds: number }> {
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < 3; i++) await Promise.all([a(), b()]); // warm-up
  const stop = performance.now() + SECONDS * 1000;
  while (performance.now() < stop || times.a.length < 5) {
    for (const [key, run] of [['a', a] as const, ['b', b] as const]) {
      const t = performance.now();
      await run();
      times[key].push(performance.now() - t);
    }
  }
  return { a: median(times.a), b: median(times.b), rounds: times.a.length };
}

/** The monthly dataset with the most observations. */
function largestMonthly(datasets: Iterable<Dataset>): Dataset {
  const monthly = [...datasets].filter((d) => d.meta.frequency === 'monthly');
  return monthly.reduce((a, b) => (b.store.observations > a.store.observations ? b : a));
}

interface Row {
  dir: string;
  dataset: string;
  observations: number;
  series: number;
  annual: number;
  compute: { a: number; b: number; rounds: number };
  route: { a: number; b: number; rounds: number };
}

async function measure(dir: string): Promise<Row> {
  const config = loadConfig({ DS_DATA_DIR: dir, LOG_LEVEL: 'silent', DS_WATCH: 'false', PORT: '0', DS_RATE_LIMIT: '0', DS_RESPONSE_CACHE_MB: '0' });
  const app = await buildApp(config);
  try {
    await app.ds.data.ready;
    await app.ready();
    const snapshot = app.ds.data.current!;
    const ds = largestMonthly(snapshot.datasets.values());
    const id = ds.meta.id;
    const plain = parseSelection({ dataset: id }, snapshot).selection;
    const converted = parseSelection({ dataset: id, frequency: 'annual' }, snapshot).selection;
    const annual = computeView(ds, converted).observations;
    const compute = await interleaved(
      () => computeView(ds, converted),
      () => computeView(ds, plain),
    );
    let n = 0;
    const get = async (query: string) => {
      const res = await app.inject(`/series.csv?dataset=${id}${query}&_=${n++}`);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const route = await interleaved(
      () => get('&frequency=annual'),
      () => get(''),
    );
    return { dir, dataset: id, observations: ds.store.observations, series: ds.store.count, annual, compute, route };
  } finally {
    await app.close();
  }
}

const ms = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(1));
const ratio = (m: { a: number; b: number }) => m.a / m.b;

async function main(): Promise<void> {
  if (!existsSync(resolve(values.large!, 'catalog.json'))) {
    const made = await runCommand('npx', ['tsx', 'scripts/generate-demo-data.ts', '--scale', 'large', '--out', values.large!], { cwd: ROOT });
    if (made.code !== 0) throw new Error(`demo data: ${made.stderr}`);
  }
  const load = loadavg()[0].toFixed(1);
  const rows = [await measure(REAL_DATA), await measure(values.large!)];
  const commit = (await runCommand('git', ['log', '-1', '--format=%h %s'], { cwd: ROOT })).stdout.trim().slice(0, 100);
  const lines = [
    '## Frequency conversion (issue 20): monthly → annual against the same selection unconverted (`npx tsx bench/convert.ts`)',
    '',
    `${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}, commit ${commit}, load average ${load} at the start; ${SECONDS} s per pair, A and B interleaved in one process, medians. ` +
      'The selection is the whole of the largest monthly dataset, `frequency=annual` (mean, complete years). `/series.csv` goes through `inject` with the response cache off.',
    '',
    '| data | dataset | series | observations → years | computeView unconverted | converted | ratio | /series.csv unconverted | converted | ratio |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.dir === REAL_DATA ? 'real' : 'large generated'} | \`${r.dataset}\` | ${r.series} | ${r.observations} → ${r.annual} | ${ms(r.compute.b)} ms | ${ms(r.compute.a)} ms | ${ratio(r.compute).toFixed(2)}× | ${ms(r.route.b)} ms | ${ms(r.route.a)} ms | ${ratio(r.route).toFixed(2)}× |`,
    ),
    '',
    `Target: the converted selection's answer ≤ ${TARGET}× the unconverted one's: ` +
      rows.map((r) => `${r.dir === REAL_DATA ? 'real' : 'large'} ${ratio(r.route).toFixed(2)}× (${ratio(r.route) <= TARGET ? 'met' : 'missed'})`).join(', ') +
      '. The converted answer has a twelfth of the rows to encode, so it is faster. ' +
      'The computation alone is no fair race: unconverted levels are views into the store (no arithmetic), while the conversion reads every observation once (' +
      rows.map((r) => `${((r.compute.a * 1e6) / r.observations).toFixed(0)} ns`).join(', ') +
      ' per observation).',
  ];
  const markdown = lines.join('\n');
  console.log(markdown);
  if (!values['no-out']) writeSection(values.out!, 'convert', markdown);
}

await main();
