/**
 * The encoders of a cold answer, alone (issue 24, round 3): CPU per answer
 * and per row of `csvBytes` (/series.csv) and the whole-answer JSON encoder
 * (/series: `columnarJsonBytes`, `columnarJsonText` before issue 24's round 3)
 * over views of distinct random single-series selections of a data directory
 * (by default the large generated one), a third of them with `transform=yoy`,
 * as the cold walks of bench/cold.ts ask; then over the same selections all
 * with `transform=yoy` (issue 24, round 4: transformed values rarely have six
 * decimals or fewer, the number text's fast path). The views are computed first; only
 * the encoders are timed, by process.cpuUsage over several repetitions
 * (median). Nothing is asserted: it prints figures for bench/RESULTS.md.
 * `--src DIR` runs another tree's code (e.g. main's) on the same selections;
 * `--same-as DIR` first checks that every answer of both sets, CSV and JSON,
 * is the same byte for byte with DIR's code. `--last N` (issue 24, round
 * 5) asks the last 1 to N observations of each series instead of a random
 * from/to: small answers, where an encoder's cost per answer weighs most.
 *
 *   npx tsx bench/encode-micro.ts [--dir /tmp/ds-large] [--count 10000] [--reps 7] [--yoy-share 0.333] [--last N] [--src DIR] [--same-as DIR]
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../scripts/demo/random.js';
import type { Dataset } from '../src/data/model.js';
import type { SelectionView } from '../src/query/view.js';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/ds-large' },
    count: { type: 'string', default: '10000' },
    reps: { type: 'string', default: '7' },
    seed: { type: 'string', default: '24' },
    'yoy-share': { type: 'string', default: String(1 / 3) },
    src: { type: 'string', default: resolve(dirname(fileURLToPath(import.meta.url)), '..') },
    'same-as': { type: 'string' },
    last: { type: 'string' },
  },
});

/** The loader, the view and the encoders of the tree at `root`. */
async function codeOf(root: string) {
  const from = (path: string): string => pathToFileURL(join(resolve(root), path)).href;
  return {
    ...((await import(from('src/data/load-snapshot.ts'))) as typeof import('../src/data/load-snapshot.js')),
    ...((await import(from('src/query/compute-view.ts'))) as typeof import('../src/query/compute-view.js')),
    encoders: (await import(from('src/query/encode.ts'))) as typeof import('../src/query/encode.js'),
  };
}
type Code = Awaited<ReturnType<typeof codeOf>>;

/** A random single-series view of `ds`: random from/to within the series' dates, yoy for a third (or for all when `yoy`). */
function randomView(code: Code, ds: Dataset, next: () => number, yoy: boolean): SelectionView {
  const { store, meta } = ds;
  const s = Math.floor(next() * store.count);
  const dims: Record<string, string[]> = {};
  meta.dimensions.forEach((d, j) => (dims[d.id] = [d.levels[store.codes[j][s]].code]));
  const [a, b] = [store.offsets[s], store.offsets[s + 1]];
  const at = (u: number): number => store.dates[a + Math.floor(u * Math.max(1, b - a))] ?? store.dates[a];
  const [x, y] = [at(next() * 0.5), at(0.5 + next() * 0.5)];
  const transform = next() < Number(args['yoy-share']) || yoy ? 'yoy' : 'level';
  const window = args.last
    ? { from: null, to: null, last: 1 + Math.floor(next() * Number(args.last)) }
    : { from: next() < 0.7 ? x : null, to: next() < 0.7 ? y : null, last: null };
  return code.computeView(ds, { datasetId: meta.id, dims, ...window, transform, base: null });
}

/** The median of some numbers. */
const median = (xs: number[]): number => [...xs].sort((p, q) => p - q)[xs.length >> 1];

/** CPU microseconds of one pass of `encode` over every view (user + system). */
function cpuPass(views: SelectionView[], encode: (v: SelectionView) => unknown): number {
  const start = process.cpuUsage();
  let sink = 0;
  for (const v of views) sink += (encode(v) as { length: number }).length;
  const used = process.cpuUsage(start);
  if (sink < 0) console.log(sink);
  return used.user + used.system;
}

/** Times the CSV and the JSON encoder over `views` by turns and prints per answer and per row (`label` names the set). */
function timeEncoders(encoders: Code['encoders'], views: SelectionView[], label: string): void {
  const rows = views.reduce((n, v) => n + v.observations, 0);
  console.log(
    `${label}: ${views.length} views, ${rows} rows (${(rows / views.length).toFixed(1)} an answer), ${views.filter((v) => v.selection.transform === 'yoy').length} with yoy`,
  );
  // the JSON encoder by either name, so this runs on a tree from before round 3 too
  const found = encoders as unknown as Record<string, ((v: SelectionView) => unknown) | undefined>;
  const json = found.columnarJsonBytes ? 'columnarJsonBytes' : 'columnarJsonText';
  const timed: Record<string, (v: SelectionView) => unknown> = { csvBytes: encoders.csvBytes, [json]: found[json]! };
  // warm both (JIT), then take turns
  for (const encode of Object.values(timed)) cpuPass(views, encode);
  const times: Record<string, number[]> = { csvBytes: [], [json]: [] };
  for (let r = 0; r < Number(args.reps); r++) for (const [name, encode] of Object.entries(timed)) times[name].push(cpuPass(views, encode));
  for (const [name, us] of Object.entries(times)) {
    const m = median(us);
    const spread = `${(Math.min(...us) / views.length).toFixed(2)}–${(Math.max(...us) / views.length).toFixed(2)}`;
    console.log(`  ${name}: ${(m / views.length).toFixed(2)} µs an answer [${spread}], ${((m * 1000) / rows).toFixed(0)} ns a row (median of ${us.length})`);
  }
}

/** The views of both sets (mixed, then all with yoy) of the data directory, by `code`: the same random walk each time. */
async function viewSets(code: Code): Promise<{ label: string; views: SelectionView[] }[]> {
  const snapshot = await code.loadSnapshot(args.dir);
  const datasets = [...snapshot.datasets.values()].filter((d) => d.store.count > 0);
  return [false, true].map((yoy) => {
    const next = mulberry32(Number(args.seed));
    const views: SelectionView[] = [];
    for (let k = 0; k < Number(args.count); k++) views.push(randomView(code, datasets[Math.floor(next() * datasets.length)], next, yoy));
    return { label: yoy ? 'all with yoy' : 'mixed', views };
  });
}

/** Throws unless every answer of `ours` is the same, CSV and JSON, as the other tree's. */
async function checkSameAs(ours: Code, sets: { label: string; views: SelectionView[] }[], root: string): Promise<void> {
  const theirs = await codeOf(root);
  const their = await viewSets(theirs);
  for (const [k, { label, views }] of sets.entries()) {
    views.forEach((view, i) => {
      const other = their[k].views[i];
      if (!ours.encoders.csvBytes(view).equals(theirs.encoders.csvBytes(other))) throw new Error(`${label} ${i}: the CSV differs`);
      if (!ours.encoders.columnarJsonBytes(view).equals(theirs.encoders.columnarJsonBytes(other))) throw new Error(`${label} ${i}: the JSON differs`);
    });
  }
  console.log(`every answer (${sets.map((s) => s.views.length).join(' + ')}, CSV and JSON) is the same as ${root}'s`);
}

async function main(): Promise<void> {
  const code = await codeOf(args.src);
  const loadStart = Date.now();
  const sets = await viewSets(code);
  console.log(`${args.src}: views of ${args.dir} in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);
  if (args['same-as']) await checkSameAs(code, sets, args['same-as']);
  for (const { label, views } of sets) timeEncoders(code.encoders, views, label);
}

await main();
