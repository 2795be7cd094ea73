/**
 * The bad selection in one thread (issue 24, "a bad selection costs no more
 * than a good one"): with the real loader on the large generated directory,
 * CPU time per request (process.cpuUsage, medians of `--reps` repetitions) of
 * - good: `parseSelection` of a single-series `/series.csv` query, then
 *   computeView and csvBytes (the answer's body);
 * - bad: the same query with a typo in the last code (`…;product=p123X`):
 *   `parseSelection` throws unknown_code, and the error's CSV body is rendered
 *   (errorAnswer, what writeError sends).
 * No HTTP: this is the code of ours a request pays, without the socket.
 * `--src DIR` runs another tree's code (e.g. main's, `git archive` into DIR
 * with node_modules linked) on the same queries. Not run by the tests.
 *
 *   npx tsx bench/bad-micro.ts [--large /tmp/ds-large] [--count 10000] [--reps 7] [--src DIR] [--only good|bad] [--same-as DIR]
 */
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../scripts/demo/random.js';
import type { Dataset, Snapshot } from '../src/data/model.js';
import type { DsError } from '../src/errors/ds-error.js';
import type { SelectionQuery } from '../src/selection/params.js';

const { values: args } = parseArgs({
  options: {
    large: { type: 'string', default: join(tmpdir(), 'ds-large') },
    count: { type: 'string', default: '10000' },
    reps: { type: 'string', default: '7' },
    src: { type: 'string', default: resolve(dirname(fileURLToPath(import.meta.url)), '..') },
    // one kind alone (for a CPU profile of it: node --cpu-prof --import tsx bench/bad-micro.ts --only bad)
    only: { type: 'string' },
    // another tree (as --src): first check that every bad answer's body (CSV and problem+json) is the same byte for byte there
    'same-as': { type: 'string' },
  },
});

const from = (path: string, root = args.src): string => pathToFileURL(join(resolve(root), path)).href;
const { loadSnapshot } = (await import(from('src/data/load-snapshot.ts'))) as typeof import('../src/data/load-snapshot.js');
const { parseSelection } = (await import(from('src/selection/read-selection.ts'))) as typeof import('../src/selection/read-selection.js');
const { computeView } = (await import(from('src/query/compute-view.ts'))) as typeof import('../src/query/compute-view.js');
const { csvBytes } = (await import(from('src/query/encode.ts'))) as typeof import('../src/query/encode.js');
const { errorAnswer } = (await import(from('src/http/send-error.ts'))) as typeof import('../src/http/send-error.js');
const { ErrorRenderer } = (await import(from('src/http/render-error.ts'))) as typeof import('../src/http/render-error.js');

/** `count` single-series queries: a random series of the whole directory, its codes as dims. */
function queries(snapshot: Snapshot, count: number): SelectionQuery[] {
  const random = mulberry32(24);
  const all: [Dataset, number][] = [];
  for (const ds of snapshot.datasets.values()) if (ds.meta.dimensions.length) all.push([ds, ds.store.count]);
  const total = all.reduce((n, [, c]) => n + c, 0);
  const out: SelectionQuery[] = [];
  while (out.length < count) {
    let at = Math.floor(random() * total);
    const [ds] = all.find(([, c]) => (at -= c) < 0)!;
    const s = Math.floor(random() * ds.store.count);
    const dims = ds.meta.dimensions.map((d, i) => `${d.id}=${d.levels[ds.store.codes[i][s]].code}`).join(';');
    out.push({ dataset: ds.meta.id, dims } as SelectionQuery);
  }
  return out;
}

/** CPU microseconds (user + system) of one pass of `run` over the queries, per query, in ns. */
function nsPerQuery(list: SelectionQuery[], run: (q: SelectionQuery) => number): { ns: number; sink: number } {
  const before = process.cpuUsage();
  let sink = 0;
  for (const q of list) sink += run(q);
  const used = process.cpuUsage(before);
  return { ns: ((used.user + used.system) * 1000) / list.length, sink };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const snapshot = await loadSnapshot(args.large);
const good = queries(snapshot, Number(args.count));
const bad = good.map((q) => ({ ...q, dims: `${q.dims}X` }));
const renderer = new ErrorRenderer();
const answerGood = (q: SelectionQuery): number => {
  const { dataset, selection } = parseSelection(q, snapshot);
  return csvBytes(computeView(dataset, selection)).length;
};
const answerBad = (q: SelectionQuery): number => {
  try {
    parseSelection(q, snapshot);
    throw new Error(`not an unknown code: ${q.dims}`);
  } catch (err) {
    if ((err as DsError).code !== 'unknown_code') throw err;
    return Buffer.byteLength(errorAnswer(renderer, err as DsError, 'csv', '/series.csv').body);
  }
};
/** The error bodies of the bad queries, both formats, made by the code of `root`. */
async function errorBodies(root: string, list: SelectionQuery[]): Promise<string[]> {
  const read = (await import(from('src/selection/read-selection.ts', root))) as typeof import('../src/selection/read-selection.js');
  const send = (await import(from('src/http/send-error.ts', root))) as typeof import('../src/http/send-error.js');
  const render = (await import(from('src/http/render-error.ts', root))) as typeof import('../src/http/render-error.js');
  const { loadSnapshot: load } = (await import(from('src/data/load-snapshot.ts', root))) as typeof import('../src/data/load-snapshot.js');
  const own = await load(args.large);
  const errors = new render.ErrorRenderer();
  return list.flatMap((q) => {
    try {
      read.parseSelection(q, own);
      return ['no error: ' + q.dims];
    } catch (err) {
      const answers = [send.errorAnswer(errors, err as DsError, 'csv', '/series.csv'), send.errorAnswer(errors, err as DsError, 'json', '/series')];
      return answers.map((a) => `${a.status} ${JSON.stringify(a.headers)}\n${a.body}`);
    }
  });
}

if (args['same-as']) {
  // the bench's typo, and others: the last unit changed, dropped, the code upper-cased, a space in it
  const typos = [
    (d: string) => `${d}X`,
    (d: string) => `${d.slice(0, -1)}q`,
    (d: string) => d.slice(0, -1),
    (d: string) => d.toUpperCase(),
    (d: string) => `${d.slice(0, -1)} 1`,
  ];
  const checked = good.map((q, i) => ({ ...q, dims: typos[i % typos.length](q.dims ?? '') }));
  const [ours, theirs] = [await errorBodies(args.src, checked), await errorBodies(args['same-as'], checked)];
  const differ = ours.findIndex((body, i) => body !== theirs[i]);
  if (differ >= 0) throw new Error(`answer ${differ} differs:\n${ours[differ]}\n---\n${theirs[differ]}`);
  console.log(`the ${ours.length} error answers (status, headers, body; CSV and problem+json) are the same as ${args['same-as']}'s`);
}

// warm both paths (JIT, the dataset's derived values) before measuring
nsPerQuery(good, answerGood);
nsPerQuery(bad, answerBad);
const times = { good: [] as number[], bad: [] as number[] };
for (let r = 0; r < Number(args.reps); r++) {
  if (args.only !== 'bad') times.good.push(nsPerQuery(good, answerGood).ns);
  if (args.only !== 'good') times.bad.push(nsPerQuery(bad, answerBad).ns);
}
const [g, b] = [median(times.good) ?? NaN, median(times.bad) ?? NaN];
console.log(`src ${args.src}: ${good.length} queries x ${args.reps} reps, CPU ns per request (median; all reps)`);
console.log(`good (parseSelection + computeView + csvBytes): ${g.toFixed(0)} ns; ${times.good.map((t) => t.toFixed(0)).join(' ')}`);
console.log(`bad (parseSelection throws unknown_code + error body): ${b.toFixed(0)} ns; ${times.bad.map((t) => t.toFixed(0)).join(' ')}`);
console.log(`bad / good: ${(b / g).toFixed(2)}x`);
