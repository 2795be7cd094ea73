/**
 * The cached path, A/B (issue 24): repeated requests (every answer a
 * response-cache hit) on our server built from the work tree (`dist/`), on
 * our server built from another commit (`--base DIR`, a built tree such as
 * `git archive COMMIT | tar -x -C DIR` plus `tsc`), and on a bare
 * `node:http` server sending the same bytes from memory, taking turns
 * (bench/lib/interleave.ts). Real data, rate limit off. Prints a Markdown table.
 *
 *   npx tsx bench/cached-ab.ts --base /tmp/base [--seconds 9] [--rounds 3]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, installExitHooks, startChild, stopAll, waitForHttp } from './lib/children.js';
import { measureInterleaved } from './lib/interleave.js';
import { buildIfStale, startOurServer } from './lib/our-server.js';
import { writeWrkScripts, type LoadSettings } from './lib/wrk.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(root, '..', 'shared', 'dataseries-data', 'data');

/** Cached answers of growing size: the small one is the 3.3 KB single series. */
const ROUTES = [
  { name: 'small (whole ch_fso_pop_detail, 3.2 KB)', path: '/series.csv?dataset=ch_fso_pop_detail', file: 'small.csv' },
  { name: 'medium (whole ch_seco_wwa, 49 KB)', path: '/series.csv?dataset=ch_seco_wwa', file: 'medium.csv' },
  { name: 'JSON (whole ch_seco_wwa)', path: '/series?dataset=ch_seco_wwa', file: 'medium.json' },
];

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { base: { type: 'string' }, seconds: { type: 'string', default: '9' }, rounds: { type: 'string', default: '3' } } });
  if (!values.base) throw new Error('--base DIR: a built tree of the commit to compare with');
  await buildIfStale(root);
  const tmp = mkdtempSync(join(tmpdir(), 'ds-cached-ab-'));
  try {
    const after = await startOurServer(root, DATA);
    const before = await startOurServer(values.base, DATA);
    const www = join(tmp, 'www');
    mkdirSync(www);
    for (const route of ROUTES) {
      const res = await fetch(after.baseUrl + route.path, { headers: { 'accept-encoding': 'identity' } });
      writeFileSync(join(www, route.file), Buffer.from(await res.arrayBuffer()));
    }
    const port = await freePort();
    const bareChild = startChild('bare Node', 'node', ['--import', 'tsx', 'bench/baselines/bare-node-server.ts'], {
      cwd: root,
      env: { ...process.env, DS_STATIC_DIR: www, PORT: String(port), HOST: '127.0.0.1' },
    });
    const bareUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${bareUrl}/${ROUTES[0].file}`, bareChild, 60_000, (s) => s === 200);
    const settings: LoadSettings = { durationS: Number(values.seconds), warmupS: 2, rounds: Number(values.rounds), connections: 50, threads: 1, workers: 1 };
    const scripts = writeWrkScripts(tmp);
    const rows: string[] = [];
    for (const route of ROUTES) {
      const [a, b, bare] = await measureInterleaved(
        [
          { baseUrl: after.baseUrl, path: route.path, serverPgid: after.child.pid },
          { baseUrl: before.baseUrl, path: route.path, serverPgid: before.child.pid },
          { baseUrl: bareUrl, path: `/${route.file}`, serverPgid: bareChild.pid },
        ],
        settings,
        scripts,
      );
      const r = (m: typeof a): number => m.result.rps;
      rows.push(
        `| ${route.name} | ${fmt(r(a))} | ${fmt(r(b))} | ${fmt(r(bare))} | **${fmt(r(a) / r(bare), 2)}x** | ${fmt(r(b) / r(bare), 2)}x | **${fmt(r(a) / r(b), 2)}x** |`,
      );
      console.error(rows.at(-1));
    }
    console.log(`| cached answer | this tree req/s | base req/s | bare Node req/s | this / bare | base / bare | this / base |
|---|--:|--:|--:|--:|--:|--:|
${rows.join('\n')}`);
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}

installExitHooks();
run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
