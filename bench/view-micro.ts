/**
 * The reading, the view and the ETag of a cold single-series request (issue
 * 24, round 3), without HTTP: the real loader on the large generated
 * directory, `--count` random single-series `/series.csv` queries (random
 * `from`/`to`, a third with `transform=yoy`), and per request the CPU time
 * (process.cpuUsage, ns) of the lane's match (query parse + schema check),
 * parseSelection, computeView and selectionEtag, and of the four in a row
 * (`url to view`, not in the sum), each the median of
 * `--reps` passes over the whole list. Run it in two trees (this one and a
 * commit before) for an A/B, or give the other tree as `--same-as DIR`
 * (issue 24, round 4): its modules are loaded beside these, every query,
 * selection, view and ETag of the list is checked to be the same as its,
 * and each step is measured in both, alternately, in the one process (the
 * same data, the same load). Not run by the tests.
 *
 *   npx tsx bench/view-micro.ts [--large /tmp/ds-large] [--count 10000] [--reps 7] [--seed 24] [--steps lane,computeView,'computeView yoy','url to view'] [--same-as /tmp/r4-base]
 */
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join as joinPath, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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
    large: { type: 'string', default: joinPath(tmpdir(), 'ds-large') },
    count: { type: 'string', default: '10000' },
    reps: { type: 'string', default: '7' },
    seed: { type: 'string', default: '24' },
    steps: { type: 'string', default: 'lane,parseSelection,computeView,selectionEtag,computeView level,computeView yoy,url to view' },
    'same-as': { type: 'string' },
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

/** The modules of the steps, from this tree or from another (`--same-as`). */
interface Tree {
  FastLanes: typeof FastLanes;
  parseSelection: typeof parseSelection;
  computeView: typeof computeView;
  selectionEtag: typeof selectionEtag;
  outputQuerySchema: typeof outputQuerySchema;
  SELECTION_OUTPUTS: typeof SELECTION_OUTPUTS;
}

const THIS_TREE: Tree = { FastLanes, parseSelection, computeView, selectionEtag, outputQuerySchema, SELECTION_OUTPUTS };

/** The step modules of the tree at `root` (its TypeScript sources, as tsx runs this one's). */
async function treeAt(root: string): Promise<Tree> {
  const from = (path: string): string => pathToFileURL(joinPath(resolve(root), path)).href;
  return {
    FastLanes: ((await import(from('src/http/fast-lane.ts'))) as typeof import('../src/http/fast-lane.js')).FastLanes,
    parseSelection: ((await import(from('src/selection/read-selection.ts'))) as typeof import('../src/selection/read-selection.js')).parseSelection,
    computeView: ((await import(from('src/query/compute-view.ts'))) as typeof import('../src/query/compute-view.js')).computeView,
    selectionEtag: ((await import(from('src/routes/selection-etag.ts'))) as typeof import('../src/routes/selection-etag.js')).selectionEtag,
    outputQuerySchema: ((await import(from('src/routes/selection-outputs.ts'))) as typeof import('../src/routes/selection-outputs.js')).outputQuerySchema,
    SELECTION_OUTPUTS: ((await import(from('src/query/selection-outputs.ts'))) as typeof import('../src/query/selection-outputs.js')).SELECTION_OUTPUTS,
  };
}

/** A tree's steps over the URLs, and what they make (for the check against another tree). */
function stepsOf(tree: Tree, snapshot: Snapshot, urls: string[]) {
  const lanes = new tree.FastLanes();
  lanes.add('/series.csv', tree.outputQuerySchema(tree.SELECTION_OUTPUTS.csv), () => Promise.resolve(200));
  const req = { method: 'GET', headers: {} } as IncomingMessage;
  const queries = urls.map((u) => lanes.match(req, u)!.query as unknown as SelectionQuery);
  const parsed: { dataset: Dataset; selection: Selection }[] = queries.map((q) => tree.parseSelection(q, snapshot));
  const level = parsed.filter((p) => p.selection.transform === 'level');
  const yoy = parsed.filter((p) => p.selection.transform === 'yoy');
  const steps: Record<string, () => void> = {
    lane: () => {
      for (const u of urls) lanes.match(req, u);
    },
    parseSelection: () => {
      for (const q of queries) tree.parseSelection(q, snapshot);
    },
    computeView: () => {
      for (const p of parsed) tree.computeView(p.dataset, p.selection);
    },
    // the same step over the two kinds apart (ns per request of the kind)
    'computeView level': () => {
      for (const p of level) tree.computeView(p.dataset, p.selection);
    },
    'computeView yoy': () => {
      for (const p of yoy) tree.computeView(p.dataset, p.selection);
    },
    selectionEtag: () => {
      for (const p of parsed) tree.selectionEtag('csv', p.dataset.version, p.selection, '');
    },
    // the whole lane of a request, URL text to ETag and view: what a cold answer pays before its encoder (issue 24, round 5)
    'url to view': () => {
      for (const u of urls) {
        const p = tree.parseSelection(lanes.match(req, u)!.query as unknown as SelectionQuery, snapshot);
        tree.selectionEtag('csv', p.dataset.version, p.selection, '');
        tree.computeView(p.dataset, p.selection);
      }
    },
  };
  return { steps, queries, parsed, sizes: { 'computeView level': level.length, 'computeView yoy': yoy.length } as Record<string, number> };
}

/** Everything a view shows, as text (typed arrays as lists). */
function viewText(tree: Tree, p: { dataset: Dataset; selection: Selection }): string {
  const v = tree.computeView(p.dataset, p.selection);
  const series = v.series.map((s) => ({ ...s, dates: [...s.dates], values: [...s.values].map(String), published: s.published && s.published.first }));
  return JSON.stringify({ selection: v.selection, observations: v.observations, convertedEnd: v.convertedEnd, series });
}

/** Throws at the first query, selection, view or ETag of `ours` that is not `theirs`. */
function checkSame(ours: ReturnType<typeof stepsOf>, theirs: ReturnType<typeof stepsOf>, trees: [Tree, Tree], urls: string[]): void {
  for (let i = 0; i < urls.length; i++) {
    const [a, b] = [ours.parsed[i], theirs.parsed[i]];
    const same = (what: string, x: string, y: string): void => {
      if (x !== y) throw new Error(`${urls[i]}: the ${what} differs:\n${x.slice(0, 400)}\n---\n${y.slice(0, 400)}`);
    };
    same('query', JSON.stringify(ours.queries[i]), JSON.stringify(theirs.queries[i]));
    same('selection', JSON.stringify(a.selection), JSON.stringify(b.selection));
    same('view', viewText(trees[0], a), viewText(trees[1], b));
    for (const [kind, extra] of [
      ['csv', ''],
      ['json', 'attachment'],
      ['chart-svg', 'en|640x400'],
    ])
      same('ETag', trees[0].selectionEtag(kind, a.dataset.version, a.selection, extra), trees[1].selectionEtag(kind, b.dataset.version, b.selection, extra));
  }
}

async function main(): Promise<void> {
  const count = Number(args.count);
  const reps = Number(args.reps);
  const loadStarted = performance.now();
  const snapshot = await loadSnapshot(args.large);
  console.error(`loaded ${snapshot.datasets.size} datasets in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  const urls = randomUrls(snapshot, count, Number(args.seed));
  const other = args['same-as'] ? await treeAt(args['same-as']) : null;
  const ours = stepsOf(THIS_TREE, snapshot, urls);
  const theirs = other ? stepsOf(other, snapshot, urls) : null;
  if (theirs) {
    checkSame(ours, theirs, [THIS_TREE, other!], urls);
    console.log(`the ${count} queries, selections, views and ETags (three kinds) are the same as ${args['same-as']}'s`);
  }
  const names = args.steps.split(',');
  const runs: [string, Record<string, () => void>][] = theirs
    ? [
        ['this', ours.steps],
        ['same-as', theirs.steps],
      ]
    : [['', ours.steps]];
  const samples: Record<string, number[]> = {};
  // one pass of each first, unmeasured: the JIT's and the lazily built indices' (series by codes, codes per series) one-time work
  for (const [, steps] of runs) for (const name of names) steps[name]();
  for (let r = 0; r < reps; r++)
    for (const name of names)
      for (const [tree, steps] of runs) (samples[`${name}${tree ? ` ${tree}` : ''}`] ??= []).push(cpuNsPerItem(ours.sizes[name] ?? count, steps[name]));
  console.log(
    `${count} single-series queries (${urls.filter((u) => u.includes('transform=yoy')).length} with transform=yoy), ${reps} passes, CPU ns per request (median; lowest-highest):`,
  );
  const sums: Record<string, number> = {};
  for (const [key, xs] of Object.entries(samples)) {
    const name = names.find((n) => key === n || key.startsWith(`${n} `))!;
    const tree = key.slice(name.length).trim();
    if (!(name in ours.sizes) && name !== 'url to view') sums[tree] = (sums[tree] ?? 0) + median(xs);
    console.log(`  ${key.padEnd(26)} ${median(xs).toFixed(0).padStart(7)}  (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`);
  }
  for (const [tree, sum] of Object.entries(sums)) console.log(`  ${`sum ${tree}`.trim().padEnd(26)} ${sum.toFixed(0).padStart(7)}`);
}

await main();
