/**
 * The reload benchmark (`node --import tsx bench/reload.ts [--publishes N] [--connections C] [--quiet-s S] [--no-out]`):
 * a real server (`dataseries serve`) on the OUT of `dataseries publish` over
 * a copy of the real data answers steady requests on several connections
 * while the copy is republished N times (default 10). Publish k sets every
 * value of two datasets to 1000 + k, so each answer names the publish it
 * came from: an answer holding two different k, an ETag seen with two
 * different k, or a connection seeing an older k after a newer one is
 * inconsistent. Counts failed and inconsistent answers (the target is zero of
 * each), the time from a publish's end to its data being served, and the
 * rate and latency during the publishes against a quiet window of the same
 * run. Writes bench/RESULTS-reload.md.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installExitHooks, runCommand, sleep, startChild, stopChild, type Child } from './lib/children.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REAL_DATA = resolve(ROOT, '../shared/dataseries-data/data');
const BASE = 1000;
/** The two datasets every publish rewrites (a one-dimension and a three-dimension one). */
const CHANGED = ['ch_fso_ppi', 'ch_seco_concon'];
const URLS = [
  '/series.csv?dataset=ch_fso_ppi',
  '/series?dataset=ch_seco_concon',
  '/series?dataset=ch_fso_ppi&last=24',
  '/series.csv?dataset=ch_seco_concon&last=4',
  '/dataset/ch_fso_ppi/meta',
  '/catalog',
];

interface Answer {
  url: string;
  status: number | null;
  ms: number;
  at: number;
  etag: string;
  /** the publish the values come from, null when the answer holds no values, 'mixed' when several */
  k: number | null | 'mixed';
  error?: string;
}

const { values: opts } = parseArgs({
  options: {
    publishes: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    'quiet-s': { type: 'string', default: '5' },
    'no-out': { type: 'boolean', default: false },
  },
});
const PUBLISHES = Number(opts.publishes);
const CONNECTIONS = Number(opts.connections);
const QUIET_MS = Number(opts['quiet-s']) * 1000;
/** Answers before the quiet window are not timed (the server compiles its code and fills its caches). */
const WARMUP_MS = 2000;

/** The value column of a CSV as written by the loader's tidy format (last field; empty = missing). */
function setValues(text: string, value: number): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : line.replace(/,([^,]*)$/, (m, v: string) => (v === '' || v === 'NA' ? m : `,${value}`))))
    .join('\n');
}

/** Which publish an answer's values come from. */
function classify(url: string, body: string): number | null | 'mixed' {
  if (!url.startsWith('/series')) {
    JSON.parse(body);
    return null;
  }
  const values: (number | null)[] = url.startsWith('/series.csv')
    ? body
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.slice(l.lastIndexOf(',') + 1))
        .map((v) => (v === '' ? null : Number(v)))
    : (JSON.parse(body) as { value: (number | null)[] }).value;
  const ks = new Set(values.filter((v) => v !== null).map((v) => v - BASE));
  if (ks.size === 0) return null;
  return ks.size === 1 ? [...ks][0] : 'mixed';
}

function get(agent: Agent, origin: string, url: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((done) => {
    const req = request(origin + url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        const body = Buffer.concat(chunks).toString('utf8');
        let k: Answer['k'] = null;
        let error: string | undefined;
        try {
          if (res.statusCode === 200) k = classify(url, body);
        } catch (e) {
          error = `unparsable body: ${(e as Error).message}`;
        }
        done({ url, status: res.statusCode ?? null, ms, at: Date.now(), etag: String(res.headers.etag ?? ''), k, error });
      });
      res.on('error', (e) => done({ url, status: null, ms: performance.now() - started, at: Date.now(), etag: '', k: null, error: e.message }));
    });
    req.on('error', (e) => done({ url, status: null, ms: performance.now() - started, at: Date.now(), etag: '', k: null, error: e.message }));
    req.end();
  });
}

/** C connections requesting the URLs round-robin until stopped; each connection's answers in order. */
function startLoad(origin: string): { stop: () => Promise<Answer[][]> } {
  let running = true;
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const loops = Array.from({ length: CONNECTIONS }, async (_, c) => {
    const answers: Answer[] = [];
    for (let i = c; running; i++) answers.push(await get(agent, origin, URLS[i % URLS.length]));
    return answers;
  });
  return {
    stop: async () => {
      running = false;
      const all = await Promise.all(loops);
      agent.destroy();
      return all;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

function stats(answers: Answer[], ms: number): { rate: number; p50: number; p99: number; n: number } {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { n: answers.length, rate: answers.length / (ms / 1000), p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Every kind of inconsistency, as sentences. */
function inconsistencies(connections: Answer[][]): string[] {
  const out: string[] = [];
  const etags = new Map<string, number | null | 'mixed'>();
  connections.forEach((answers, c) => {
    let newest = -1;
    for (const a of answers) {
      if (a.status !== 200) continue;
      if (a.k === 'mixed') out.push(`connection ${c}: ${a.url} mixes values of two publishes`);
      const key = `${a.url} ${a.etag}`;
      if (etags.has(key) && etags.get(key) !== a.k) out.push(`${a.url}: ETag ${a.etag} named publish ${etags.get(key)} and publish ${a.k}`);
      etags.set(key, a.k);
      if (typeof a.k === 'number') {
        if (a.k < newest) out.push(`connection ${c}: ${a.url} answered publish ${a.k} after publish ${newest}`);
        newest = Math.max(newest, a.k);
      }
    }
  });
  return out;
}

async function publish(src: string, out: string): Promise<{ ms: number; code: number; output: string }> {
  const started = performance.now();
  const run = await runCommand(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'publish', src, out], { cwd: ROOT });
  return { ms: performance.now() - started, code: run.code, output: run.stdout + run.stderr };
}

function writeVersion(src: string, originals: Map<string, string>, k: number): void {
  for (const [id, text] of originals) writeFileSync(join(src, `${id}.csv`), setValues(text, BASE + k));
}

async function main(): Promise<void> {
  installExitHooks();
  const root = mkdtempSync(join(tmpdir(), 'ds-bench-reload-'));
  const src = join(root, 'src');
  const out = join(root, 'public');
  let server: Child | null = null;
  try {
    cpSync(REAL_DATA, src, { recursive: true });
    const originals = new Map(CHANGED.map((id) => [id, readFileSync(join(src, `${id}.csv`), 'utf8')]));
    writeVersion(src, originals, 0);
    const first = await publish(src, out);
    if (first.code !== 0) throw new Error(`the first publish failed:\n${first.output}`);

    server = startChild('server', process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--data', out, '--port', '0', '--host', '127.0.0.1'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', DS_ACCESS_LOG: 'false', DS_RATE_LIMIT: '0' },
    });
    const origin = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`the server did not start:\n${server!.output()}`)), 30_000);
      server!.proc.stdout!.on('data', () => {
        const m = /"address":"(http:\/\/[^"]+)"/.exec(server!.output());
        if (m) {
          clearTimeout(timer);
          ok(m[1]);
        }
      });
    });
    while ((await fetch(`${origin}/health`)).status !== 200) await sleep(50);

    const load = startLoad(origin);
    await sleep(WARMUP_MS);
    const quietStart = Date.now();
    await sleep(QUIET_MS);
    const quietEnd = Date.now();
    const publishes: { k: number; ms: number; servedMs: number }[] = [];
    for (let k = 1; k <= PUBLISHES; k++) {
      writeVersion(src, originals, k);
      const run = await publish(src, out);
      if (run.code !== 0) throw new Error(`publish ${k} failed:\n${run.output}`);
      const published = Date.now();
      for (;;) {
        const body = await (await fetch(`${origin}/series?dataset=ch_fso_ppi&last=1`)).json();
        if ((body as { value: number[] }).value[0] === BASE + k) break;
        if (Date.now() - published > 10_000) throw new Error(`publish ${k} not served after 10 s`);
        await sleep(10);
      }
      publishes.push({ k, ms: run.ms, servedMs: Date.now() - published });
      await sleep(300);
    }
    const busyEnd = Date.now();
    await sleep(1000);
    const connections = await load.stop();
    await stopChild(server);
    const exitCode = server.proc.exitCode;
    server = null;

    const all = connections.flat();
    const failed = all.filter((a) => a.status !== 200 || a.error);
    const wrong = inconsistencies(connections);
    const quiet = all.filter((a) => a.at >= quietStart && a.at < quietEnd);
    const busy = all.filter((a) => a.at >= quietEnd && a.at < busyEnd);
    const perK = new Map<string, number>();
    for (const a of all) if (typeof a.k === 'number') perK.set(String(a.k), (perK.get(String(a.k)) ?? 0) + 1);
    const report = renderReport({
      all,
      failed,
      wrong,
      quiet: stats(quiet, quietEnd - quietStart),
      busy: stats(busy, busyEnd - quietEnd),
      publishes,
      perK,
      exitCode,
    });
    process.stdout.write(report);
    if (!opts['no-out']) writeFileSync(join(ROOT, 'bench', 'RESULTS-reload.md'), report);
    if (failed.length || wrong.length) process.exitCode = 1;
  } finally {
    if (server) await stopChild(server);
    rmSync(root, { recursive: true, force: true });
  }
}

interface ReportInput {
  all: Answer[];
  failed: Answer[];
  wrong: string[];
  quiet: ReturnType<typeof stats>;
  busy: ReturnType<typeof stats>;
  publishes: { k: number; ms: number; servedMs: number }[];
  perK: Map<string, number>;
  exitCode: number | null;
}

function renderReport(r: ReportInput): string {
  const f = (n: number, d = 1) => n.toFixed(d);
  const served = r.publishes.map((p) => p.servedMs).sort((a, b) => a - b);
  const took = r.publishes.map((p) => p.ms).sort((a, b) => a - b);
  const git = readFileSync(join(ROOT, '.git', 'HEAD'), 'utf8').trim();
  return `# Reload benchmark: answers while the data is republished

\`node --import tsx bench/reload.ts\` (${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; ${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg()
    .map((l) => f(l, 2))
    .join(' ')}; Node ${process.version}; work tree at ${git.replace('ref: ', '')}).

A server (\`dataseries serve\`, from the sources) serves the OUT of \`dataseries publish\` over a copy of the real data.
${CONNECTIONS} keep-alive connections request ${URLS.length} URLs round-robin (${URLS.map((u) => `\`${u}\``).join(', ')})
for ${f(QUIET_MS / 1000, 0)} s without publishing (after ${WARMUP_MS / 1000} s of warm-up), then while the copy is republished ${r.publishes.length} times
(\`dataseries publish\` in its own process; publish k sets every value of ${CHANGED.join(' and ')} to ${BASE} + k; the next
publish starts 300 ms after the server answers with the previous one), and 1 s after the last one.

| | result |
|---|---|
| answers | ${r.all.length} |
| failed (status other than 200, connection error, unparsable body) | **${r.failed.length}** |
| inconsistent (values of two publishes in one answer, one ETag for two publishes, an older publish after a newer one on a connection) | **${r.wrong.length}** |
| answers per publish k (values) | ${[...r.perK].map(([k, n]) => `${k}: ${n}`).join(', ')} |
| publish run (process start to exit), median / max | ${f(percentile(took, 50), 0)} / ${f(took.at(-1) ?? NaN, 0)} ms |
| publish end → new data served, median / max | ${f(percentile(served, 50), 0)} / ${f(served.at(-1) ?? NaN, 0)} ms |
| server exit code after SIGTERM | ${r.exitCode} |

| window | answers | answers/s | p50 ms | p99 ms |
|---|---|---|---|---|
| quiet (baseline) | ${r.quiet.n} | ${f(r.quiet.rate, 0)} | ${f(r.quiet.p50, 2)} | ${f(r.quiet.p99, 2)} |
| during the publishes | ${r.busy.n} | ${f(r.busy.rate, 0)} | ${f(r.busy.p50, 2)} | ${f(r.busy.p99, 2)} |
| ratio (publishes / quiet) | | ${f(r.busy.rate / r.quiet.rate, 2)} | ${f(r.busy.p50 / r.quiet.p50, 2)} | ${f(r.busy.p99 / r.quiet.p99, 2)} |

The publishing process, the server and the load generator share the machine's ${cpus().length} cores, so the rate during the
publishes also pays for the publishes' CSV encoding, Parquet writing and checks, and for the server's reloads.
${
  r.failed.length
    ? `\nFailed answers (first 10):\n\n${r.failed
        .slice(0, 10)
        .map((a) => `- ${a.url}: ${a.status ?? a.error}`)
        .join('\n')}\n`
    : ''
}${
    r.wrong.length
      ? `\nInconsistent answers (first 10):\n\n${r.wrong
          .slice(0, 10)
          .map((w) => `- ${w}`)
          .join('\n')}\n`
      : ''
  }`;
}

await main();
