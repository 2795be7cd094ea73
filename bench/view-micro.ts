/**
 * The reading, the view and the ETag of a cold single-series request (issue
 * 24, round 3), without HTTP: the real loader on the large generated
 * directory, `--count` random single-series `/series.csv` queries (random
 * `from`/`to`, a third with `transform=yoy`), and per request the CPU time
 * (process.cpuUsage, ns) of the lane's match (query parse + schema check),
 * parseSelection, computeView and selectionEtag, each the median of
 * `--reps` passes over the whole list. Run it in two trees (this one and a
 * commit before) for an A/B. Not run by the tests.
 *
 *   npx tsx bench/view-micro.ts [--large /tmp/ds-large] [--count 10000] [--reps 7] [--seed 24] [--steps lane,computeView,'computeView yoy']
 */
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../scripts/demo/random.js';
import { loadSnapshot } from '../src/data/load-snapshot.js';
import type { Dataset, Snapshot } from '../src/data/model.js';
import { FastLanes } from '../src/http/fast-lane.js';
import { computeView } from '../src/query/compute-view.js';
import { SELECTION_OUTPUTS } from '../src/query/selection-outputs.js';
import type { Selection } from '../src/query/view.js';
import { selectionEtag } from '../src/routes/selection-etag.js';
import { outputQuerySchema } from '../src/routes/selection-outputs.js';
import { parseSelection } from '../src/selection/read-selection.js';
import type { SelectionQuery } from '../src/selection/params.js';

const { values: args } = parseArgs({
  options: {
    large: { type: 'string', default: join(tmpdir(), 'ds-large') },
    count: { type: 'string', default: '10000' },
    reps: { type: 'string', default: '7' },
    seed: { type: 'string', default: '24' },
    steps: { type: 'string', default: 'lane,parseSelection,computeView,selectionEtag,computeView level,computeView yoy' },
  },
});

const isoDay = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** `count` random single-series URLs of `/series.csv`: every series equally likely. */
function randomUrls(snapshot: Snapshot, count: number, seed: number): string[] {
  const random = mulberry32(seed);
  const datasets = [...snapshot.datasets.values()].filter((d) => d.store.count > 0 && d.meta.dimensions.length > 0);
  const total = datasets.reduce((n, d) => n + d.store.count, 0);
  const urls: string[] = [];
  while (urls.length < count) {
    let pick = Math.floor(random() * total);
    const ds = datasets.find((d) => (pick -= d.store.count) < 0)!;
    const s = pick + ds.store.count;
    const { store, meta } = ds;
    const dims = meta.dimensions.map((dim, d) => `${dim.id}=${dim.levels[store.codes[d][s]].code}`).join(';');
    const params = new URLSearchParams({ dataset: meta.id, dims });
    const first = store.dates[store.offsets[s]];
    const last = store.dates[store.offsets[s + 1] - 1];
    const a = first + Math.floor(random() * (last - first + 1));
    const b = first + Math.floor(random() * (last - first + 1));
    if (random() < 2 / 3) params.set('from', isoDay(Math.min(a, b)));
    if (random() < 2 / 3) params.set('to', isoDay(Math.max(a, b)));
    if (random() < 1 / 3) params.set('transform', 'yoy');
    urls.push(`/series.csv?${params.toString()}`);
  }
  return urls;
}

/** CPU ns per item of one pass of `work` over `n` items. */
function cpuNsPerItem(n: number, work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / n;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const count = Number(args.count);
  const reps = Number(args.reps);
  const loadStarted = performance.now();
  const snapshot = await loadSnapshot(args.large);
  console.error(`loaded ${snapshot.datasets.size} datasets in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  const urls = randomUrls(snapshot, count, Number(args.seed));
  const lanes = new FastLanes();
  lanes.add('/series.csv', outputQuerySchema(SELECTION_OUTPUTS.csv), () => Promise.resolve(200));
  const req = { method: 'GET', headers: {} } as IncomingMessage;
  const queries = urls.map((u) => lanes.match(req, u)!.query as unknown as SelectionQuery);
  const parsed: { dataset: Dataset; selection: Selection }[] = queries.map((q) => parseSelection(q, snapshot));
  const level = parsed.filter((p) => p.selection.transform === 'level');
  const yoy = parsed.filter((p) => p.selection.transform === 'yoy');
  const sizes: Record<string, number> = { 'computeView level': level.length, 'computeView yoy': yoy.length };
  const all: Record<string, () => void> = {
    lane: () => {
      for (const u of urls) lanes.match(req, u);
    },
    parseSelection: () => {
      for (const q of queries) parseSelection(q, snapshot);
    },
    computeView: () => {
      for (const p of parsed) computeView(p.dataset, p.selection);
    },
    // the same step over the two kinds apart (ns per request of the kind)
    'computeView level': () => {
      for (const p of level) computeView(p.dataset, p.selection);
    },
    'computeView yoy': () => {
      for (const p of yoy) computeView(p.dataset, p.selection);
    },
    selectionEtag: () => {
      for (const p of parsed) selectionEtag('csv', p.dataset.version, p.selection, '');
    },
  };
  const steps = Object.fromEntries(args.steps.split(',').map((name) => [name, all[name]]));
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(steps).map((k) => [k, []]));
  // one pass of each first, unmeasured: the JIT's and the lazily built indices' (series by codes, codes per series) one-time work
  for (const step of Object.values(steps)) step();
  for (let r = 0; r < reps; r++) for (const [name, step] of Object.entries(steps)) samples[name].push(cpuNsPerItem(sizes[name] ?? count, step));
  let sum = 0;
  console.log(
    `${count} single-series queries (${urls.filter((u) => u.includes('transform=yoy')).length} with transform=yoy), ${reps} passes, CPU ns per request (median; lowest-highest):`,
  );
  for (const [name, xs] of Object.entries(samples)) {
    if (!(name in sizes)) sum += median(xs);
    console.log(`  ${name.padEnd(18)} ${median(xs).toFixed(0).padStart(7)}  (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`);
  }
  console.log(`  ${'sum'.padEnd(18)} ${sum.toFixed(0).padStart(7)}`);
}

await main();
