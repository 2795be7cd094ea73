/**
 * The benchmark of the core API (`npm run bench`): our server against nginx
 * serving the same bytes as static files and against a per-request DuckDB
 * query over Parquet, on the real data and on a large generated directory.
 * Prints the figures and writes bench/RESULTS.md. See bench/README.md.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeKeepingSections } from './lib/results-section.js';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir, type RunContext } from './lib/bench-dir.js';
import { installExitHooks, runCommand, stopAll, stopChild } from './lib/children.js';
import { describeMachine } from './lib/machine.js';
import { parseOptions, USAGE, type BenchOptions } from './lib/options.js';
import { buildCommit, buildIfStale, startOurServer } from './lib/our-server.js';
import { settledRss } from './lib/proc-stats.js';
import { renderReport, type DirResult } from './lib/report.js';
import { writeWrkScripts } from './lib/wrk.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string): void => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);

function defaultDataDir(): string {
  const beside = resolve(root, '../shared/dataseries-data/data');
  return existsSync(beside) ? beside : '/work/shared/dataseries-data/data';
}

/** RSS of our server on a directory with an empty catalog: the baseline for bytes per observation. */
async function emptyServerRss(serverRoot: string, tmp: string, workers: number): Promise<number> {
  const empty = join(tmp, 'empty-data');
  mkdirSync(empty, { recursive: true });
  writeFileSync(join(empty, 'catalog.json'), '[]\n');
  const server = await startOurServer(serverRoot, empty, [], (status) => status === 200 || status === 503, 60_000, workers);
  const rss = await settledRss(server.child.pid);
  await stopChild(server.child, 'SIGINT');
  return rss;
}

/** Generates the large directory with the project's generator unless it exists; null if it cannot. */
async function ensureLargeDir(dir: string, notes: string[]): Promise<string | null> {
  if (existsSync(join(dir, 'catalog.json'))) return dir;
  const generator = join(root, 'scripts/generate-demo-data.ts');
  if (!existsSync(generator)) {
    notes.push(`Large directory skipped: ${dir} is absent and scripts/generate-demo-data.ts does not exist yet.`);
    return null;
  }
  log(`generating the large directory into ${dir}`);
  const { code, stdout, stderr } = await runCommand('node', ['--import', 'tsx', generator, '--scale', 'large', '--out', dir], { cwd: root });
  if (code !== 0) throw new Error(`generate-demo-data failed:\n${stdout}${stderr}`);
  return dir;
}

async function run(options: BenchOptions): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-'));
  // nginx's worker runs as nobody: it must be able to read what it serves.
  chmodSync(tmp, 0o755);
  try {
    const machine = await describeMachine(root, options.workTree);
    let serverRoot = root;
    if (options.workTree) {
      if (await buildIfStale(root)) log('built dist/ (npm run build)');
    } else {
      log('exporting and building HEAD');
      serverRoot = await buildCommit(root, join(tmp, 'head'));
    }
    const notes: string[] = [];
    const ctx: RunContext = {
      root,
      serverRoot,
      tmp,
      options,
      settings: {
        durationS: options.durationS,
        warmupS: options.warmupS,
        connections: options.connections,
        threads: options.threads,
        rounds: options.rounds,
        workers: options.workers,
      },
      scripts: writeWrkScripts(tmp),
      rssEmpty: await emptyServerRss(serverRoot, tmp, options.workers),
      log,
    };
    const dirs: DirResult[] = [];
    const measureDir = async (label: string, dir: string): Promise<void> => {
      try {
        dirs.push(await benchDir(ctx, label, dir));
      } catch (error) {
        // One directory failing (e.g. the server not ready in time) still leaves the other's figures.
        notes.push(`${label} (${dir}) not measured: ${String(error instanceof Error ? error.message : error).slice(0, 600)}`);
        log(`[${label}] failed: ${String(error)}`);
        await stopAll();
      }
    };
    await measureDir('Real data', resolve(options.data));
    const large = options.large === null ? null : await ensureLargeDir(resolve(options.large), notes);
    if (large !== null) await measureDir('Large generated data', large);
    if (dirs.length === 0) process.exitCode = 1;
    const markdown = renderReport({ machine, settings: ctx.settings, dirs, notes });
    console.log(markdown);
    if (options.out !== null) {
      writeKeepingSections(resolve(root, options.out), markdown);
      log(`wrote ${options.out}`);
    }
  } finally {
    await stopAll();
    if (!options.keep) rmSync(tmp, { recursive: true, force: true });
    else log(`kept ${tmp}`);
  }
}

installExitHooks();
const options = parseOptions(process.argv.slice(2), defaultDataDir());
if (options === null) {
  console.log(USAGE);
} else {
  await run(options).catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
