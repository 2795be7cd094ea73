import { parseArgs } from 'node:util';

/** The bench's command line, parsed. */
export interface BenchOptions {
  data: string;
  /** null: skip the large directory */
  large: string | null;
  durationS: number;
  warmupS: number;
  connections: number;
  threads: number;
  mixSize: number;
  /** the single series is the one whose published rows come closest to this size */
  singleBytes: number;
  /** whole-dataset CSV: this dataset instead of the single series' own */
  dataset: string | null;
  out: string | null;
  /** write CPU profiles of our server here */
  cpuProf: string | null;
  keep: boolean;
  /** measure the work tree (npm run build) instead of an export of HEAD */
  workTree: boolean;
  rounds: number;
  /** starts of our server per directory; the fastest load counts */
  loadRuns: number;
  /** server processes of ours (DS_WORKERS) and of nginx (worker_processes) */
  workers: number;
  /** how long our server may take to load a directory */
  readyTimeoutS: number;
}

/** Help text for --help. */
export const USAGE = `npm run bench -- [options]
  --data DIR          real data directory (default /work/shared/dataseries-data/data, or ../shared/... beside the repo)
  --large DIR         large generated directory (default /tmp/ds-large; generated if absent)
  --no-large          measure the real data only
  --duration 10s      per server and route, over all rounds (default 10s; --quick: 3s)
  --warmup 2s         warm-up of each server before a route's rounds (default 2s; --quick: 1s)
  --quick             short runs
  --connections 50    wrk connections (default 50)
  --threads 1         wrk threads (default 1: one core for wrk, one for the server)
  --mix 1000          different single-series selections in the mix (default 1000)
  --single-bytes N    pick the single series closest to N bytes of CSV (default 14000)
  --dataset ID        dataset of the whole-dataset CSV (default: the single series' dataset)
  --out FILE          report file (default bench/RESULTS.md); --no-out to only print
  --cpu-prof DIR      run our server with --cpu-prof, profiles written to DIR
  --workers 1         processes of our server (DS_WORKERS) and nginx worker processes (default 1)
  --load-runs 3       starts of our server per directory, the fastest load counts (default 3; --quick: 1)
  --rounds 5          the servers take turns in this many rounds per route (default 5; --quick: 3)
  --work-tree         measure the work tree as it is (npm run build when stale); default: export HEAD and build it
  --ready-timeout 10m how long our server may take to load a directory (default 10m)
  --keep              keep the temporary directory`;

function seconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (match === null) throw new Error(`not a duration: ${text} (e.g. 10s)`);
  const value = Number(match[1]);
  return match[2] === 'ms' ? value / 1000 : match[2] === 'm' ? value * 60 : value;
}

/** Parses argv (without node and the script). */
export function parseOptions(argv: string[], defaultData: string): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      large: { type: 'string' },
      'no-large': { type: 'boolean' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      quick: { type: 'boolean' },
      connections: { type: 'string' },
      threads: { type: 'string' },
      mix: { type: 'string' },
      'single-bytes': { type: 'string' },
      dataset: { type: 'string' },
      out: { type: 'string' },
      'no-out': { type: 'boolean' },
      'cpu-prof': { type: 'string' },
      keep: { type: 'boolean' },
      'work-tree': { type: 'boolean' },
      rounds: { type: 'string' },
      'load-runs': { type: 'string' },
      workers: { type: 'string' },
      'ready-timeout': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) return null;
  const quick = values.quick === true;
  return {
    data: values.data ?? defaultData,
    large: values['no-large'] === true ? null : (values.large ?? '/tmp/ds-large'),
    durationS: seconds(values.duration ?? (quick ? '3s' : '10s')),
    warmupS: seconds(values.warmup ?? (quick ? '1s' : '2s')),
    connections: Number(values.connections ?? 50),
    threads: Number(values.threads ?? 1),
    mixSize: Number(values.mix ?? 1000),
    singleBytes: Number(values['single-bytes'] ?? 14000),
    dataset: values.dataset ?? null,
    out: values['no-out'] === true ? null : (values.out ?? 'bench/RESULTS.md'),
    cpuProf: values['cpu-prof'] ?? null,
    keep: values.keep === true,
    workTree: values['work-tree'] === true,
    rounds: Number(values.rounds ?? (quick ? 3 : 5)),
    loadRuns: Math.max(1, Number(values['load-runs'] ?? (quick ? 1 : 3))),
    workers: Number(values.workers ?? 1),
    readyTimeoutS: seconds(values['ready-timeout'] ?? '10m'),
  };
}
