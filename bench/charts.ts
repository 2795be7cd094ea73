/**
 * The chart benchmark (`node --import tsx bench/charts.ts [--rounds N] [--seconds S] [--no-load]`):
 * median time to render a 500-point chart as SVG and as PNG, each against a
 * baseline measured in the same run (the /series JSON encoding of the same
 * selection; resvg rasterising a blank image of the same size), then
 * requests per second of /chart.png on a real server on loopback, cached and
 * uncached, against cached /series of the same selection. Target: PNG < 50 ms.
 * Prints the figures and appends them to bench/RESULTS-charts.md.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installExitHooks, runCommand } from './lib/children.js';
import { loadOnServe } from './lib/serve-load.js';
import { type LoadResult } from './lib/wrk.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REAL_DATA = existsSync(resolve(ROOT, '../shared/dataseries-data/data'))
  ? resolve(ROOT, '../shared/dataseries-data/data')
  : '/work/shared/dataseries-data/data';
/** A real monthly series (consumer prices since 1921): its last 500 observations. */
const QUERY = 'dataset=ch_snb_plkopr&last=500';
const SIZE = { width: 800, height: 450 };
const PNG_TARGET_MS = 50;

const log = (line: string): void => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);

interface Timing {
  name: string;
  ms: number[];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

/** Render timings in this process, the four steps alternating round by round. */
async function renderTimings(rounds: number): Promise<{ timings: Timing[]; points: number; pngBytes: number; svgBytes: number }> {
  const { loadSnapshot } = await import('../src/data/load-snapshot.js');
  const { computeView } = await import('../src/query/compute-view.js');
  const { parseSelection } = await import('../src/selection/read-selection.js');
  const { encodeColumnarJson } = await import('../src/query/encode.js');
  const { renderChartSvg } = await import('../src/render/chart-svg.js');
  const { svgToPng } = await import('../src/render/chart-png.js');
  const snapshot = await loadSnapshot(REAL_DATA);
  const { dataset, selection } = parseSelection(Object.fromEntries(new URLSearchParams(QUERY)) as never, snapshot);
  const view = computeView(dataset, selection);
  const opts = { lang: 'en' as const, ...SIZE };
  const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}"><rect width="100%" height="100%" fill="#fff"/></svg>`;
  const steps: Array<[string, () => unknown | Promise<unknown>]> = [
    ['baseline: /series JSON encoding of the selection', () => encodeColumnarJson(computeView(dataset, selection))],
    ['SVG (compute view + render)', () => renderChartSvg(computeView(dataset, selection), opts)],
    ['baseline: a blank 800×450 SVG to PNG', () => svgToPng(blank)],
    ['PNG (compute view + render SVG + rasterise)', () => svgToPng(renderChartSvg(computeView(dataset, selection), opts))],
  ];
  for (let i = 0; i < 20; i++) for (const [, run] of steps) await run();
  const timings: Timing[] = steps.map(([name]) => ({ name, ms: [] }));
  for (let r = 0; r < rounds; r++) {
    for (const [i, [, run]] of steps.entries()) {
      const t = performance.now();
      await run();
      timings[i].ms.push(performance.now() - t);
    }
  }
  const svg = renderChartSvg(view, opts);
  return { timings, points: view.observations, svgBytes: Buffer.byteLength(svg), pngBytes: (await svgToPng(svg)).length };
}

/** Requests per second of cached and uncached /chart.png on our server. */
function loadTimings(seconds: number): Promise<Array<{ name: string; result: LoadResult }>> {
  return loadOnServe({
    root: ROOT,
    dataDir: REAL_DATA,
    check: { path: `/chart.png?${QUERY}`, type: 'image/png' },
    targets: [
      { name: 'baseline: cached /series (same selection)', path: `/series?${QUERY}` },
      { name: 'cached /chart.png (same URL again)', path: `/chart.png?${QUERY}` },
      { name: 'uncached /chart.png (every URL new: renders)', paths: Array.from({ length: 100_000 }, (_, i) => `/chart.png?${QUERY}&_=${i}`) },
    ],
    seconds,
    log,
  });
}

function loadLines(load: Array<{ name: string; result: LoadResult }>, seconds: number, seriesRps: number, cachedRps: number): string[] {
  const f = (n: number): string => n.toFixed(n < 10 ? 2 : 1);
  return [
    `| load (wrk, ${seconds} s, 8 connections, loopback) | requests/s | p50 | p99 | server CPU | other CPU | vs cached /series |`,
    '|---|---|---|---|---|---|---|',
    ...load.map(
      ({ name, result: r }) =>
        `| ${name} | ${Math.round(r.rps)} | ${f(r.p50Ms)} ms | ${f(r.p99Ms)} ms | ${Math.round(r.serverCpuPct)} % | ${Math.round(r.otherCpuPct)} % | ${(r.rps / seriesRps).toFixed(2)}× |`,
    ),
    '',
    `Cached /chart.png: **${Math.round(cachedRps)} requests/s** (errors: ${load.map((l) => l.result.errors).join(', ')}). "other CPU" is what the rest of the machine used meanwhile (a busy machine lowers every figure).`,
    '',
  ];
}

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  installExitHooks();
  const rounds = option('--rounds', 200);
  const seconds = option('--seconds', 8);
  log(`rendering ${QUERY} at ${SIZE.width}×${SIZE.height}, ${rounds} rounds`);
  const render = await renderTimings(rounds);
  const load = process.argv.includes('--no-load') ? [] : await loadTimings(seconds);
  const [jsonMs, svgMs, blankMs, pngMs] = render.timings.map((t) => median(t.ms));
  const [seriesRps, cachedRps] = load.map((l) => l.result.rps);
  const git = await runCommand('git', ['log', '-1', '--format=%h %s'], { cwd: ROOT });
  const f = (n: number): string => n.toFixed(n < 10 ? 2 : 1);
  const lines = [
    `## ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    `Selection \`${QUERY}\` (${render.points} points, real data), ${SIZE.width}×${SIZE.height} px, English; ${rounds} alternating rounds after 20 warm-up rounds.`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; commit ${git.stdout.trim()}.`,
    '',
    '| render step | median | p95 | vs baseline |',
    '|---|---|---|---|',
    ...render.timings.map((t, i) => {
      const base = i < 2 ? jsonMs : blankMs;
      return `| ${t.name} | ${f(median(t.ms))} ms | ${f(p95(t.ms))} ms | ${i % 2 === 0 ? '1×' : `${(median(t.ms) / base).toFixed(1)}×`} |`;
    }),
    '',
    `PNG: **${f(pngMs)} ms** median (target < ${PNG_TARGET_MS} ms: ${pngMs < PNG_TARGET_MS ? 'met' : 'NOT met'}); SVG ${f(svgMs)} ms. Sizes: SVG ${render.svgBytes} B, PNG ${render.pngBytes} B.`,
    '',
    ...(load.length === 0 ? ['(load not measured: --no-load)', ''] : loadLines(load, seconds, seriesRps, cachedRps)),
  ];
  const text = lines.join('\n');
  console.log(text);
  const results = join(ROOT, 'bench', 'RESULTS-charts.md');
  if (!existsSync(results)) writeFileSync(results, '# Chart benchmark\n\nAppended by `node --import tsx bench/charts.ts`, newest last.\n\n');
  appendFileSync(results, text + '\n');
  log(`appended to ${results} (json ${f(jsonMs)} ms, blank ${f(blankMs)} ms)`);
}

await main();
