/**
 * The SDMX data benchmark (issue 22;
 * `node --import tsx bench/sdmx.ts [--seconds S] [--no-out]`): an SDMX data
 * request for one series against the same series' `/series.csv`, on the real
 * data, over HTTP to a server on a free port (so that the front door and its
 * response cache take part), measured in one process, interleaved (A, B, A,
 * B…) so load on the shared machine falls on both alike. Cached: the same
 * URL again (a response-cache hit); cold: a new cache buster each time (the
 * selection read, computed and encoded). Every SDMX format is measured.
 * Target: each SDMX answer ≤ 2× /series.csv, cached and cold. Prints the
 * figures and writes the `sdmx` section of bench/RESULTS.md.
 */
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SDMX_DATA_FORMATS, SDMX_FORMAT_NAMES, type SdmxFormatName } from '../src/sdmx/data-formats.js';
import { runCommand } from './lib/children.js';
import { median } from './lib/interleave.js';
import { writeSection } from './lib/results-section.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REAL_DATA = resolve(ROOT, '../shared/dataseries-data/data');
const TARGET = 2;
/** One series: the producer price index on base 1963, monthly since 1963 (the longest series of ch_fso_ppi). */
const SERIES = { dataset: 'ch_fso_ppi', dims: 'base=1963', key: '1963' };

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    'no-out': { type: 'boolean', default: false },
    out: { type: 'string', default: resolve(ROOT, 'bench/RESULTS.md') },
  },
});
const SECONDS = Number(values.seconds);

/** Runs a and b alternately for the time budget; the median milliseconds of each. */
async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<{ a: number; b: number; rounds: number }> {
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < 5; i++) await Promise.all([a(), b()]); // warm-up
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

interface Row {
  format: SdmxFormatName;
  bytes: { sdmx: number; csv: number };
  cached: { a: number; b: number; rounds: number };
  cold: { a: number; b: number; rounds: number };
}

async function measure(): Promise<{ rows: Row[]; observations: number }> {
  const app = await buildApp(
    loadConfig({ DS_DATA_DIR: REAL_DATA, LOG_LEVEL: 'silent', DS_WATCH: 'false', PORT: '0', DS_RATE_LIMIT: '0', DS_ACCESS_LOG: 'false' }),
  );
  try {
    await app.ds.data.ready;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    let n = 0;
    const fetchBody = async (url: string, accept: string): Promise<number> => {
      const res = await fetch(`${base}${url}`, { headers: { accept } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return (await res.arrayBuffer()).byteLength;
    };
    const csvUrl = `/series.csv?dataset=${SERIES.dataset}&dims=${encodeURIComponent(SERIES.dims)}`;
    const sdmxUrl = `/sdmx/2.1/data/${SERIES.dataset}/${SERIES.key}`;
    const observations = (await (await fetch(`${base}${csvUrl}`)).text()).trim().split('\n').length - 1;
    const rows: Row[] = [];
    for (const format of SDMX_FORMAT_NAMES) {
      const accept = SDMX_DATA_FORMATS[format].accepts[0];
      const bytes = { sdmx: await fetchBody(sdmxUrl, accept), csv: await fetchBody(csvUrl, 'text/csv') };
      const cached = await interleaved(
        () => fetchBody(sdmxUrl, accept),
        () => fetchBody(csvUrl, 'text/csv'),
      );
      const cold = await interleaved(
        () => fetchBody(`${sdmxUrl}?_=${n++}`, accept),
        () => fetchBody(`${csvUrl}&_=${n++}`, 'text/csv'),
      );
      rows.push({ format, bytes, cached, cold });
    }
    return { rows, observations };
  } finally {
    await app.close();
  }
}

const ms = (x: number): string => (x < 1 ? x.toFixed(3) : x.toFixed(1));
const ratio = (m: { a: number; b: number }): number => m.a / m.b;
const verdict = (x: number): string => `${x.toFixed(2)}× (${x <= TARGET ? 'met' : 'missed'})`;

async function main(): Promise<void> {
  const load = loadavg()[0].toFixed(1);
  const { rows, observations } = await measure();
  const commit = (await runCommand('git', ['log', '-1', '--format=%h %s'], { cwd: ROOT })).stdout.trim().slice(0, 100);
  const lines = [
    '## SDMX (issue 22): an SDMX data request for one series against the same `/series.csv` (`npx tsx bench/sdmx.ts`)',
    '',
    `${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}, commit ${commit}, load average ${load} at the start; ${SECONDS} s per pair, A and B interleaved in one process (client and server), medians. ` +
      `The series: \`${SERIES.dataset}\` \`${SERIES.dims}\` (${observations} monthly observations), key \`${SERIES.key}\`, over HTTP on loopback. ` +
      'Cached: the same URL again (a response-cache hit: the SDMX route keeps one answer per Accept). Cold: a new cache buster per request (read, computed, encoded).',
    '',
    '| format (Accept) | bytes SDMX / CSV | cached: SDMX | /series.csv | ratio | cold: SDMX | /series.csv | ratio |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.format} (\`${SDMX_DATA_FORMATS[r.format].accepts[0]}\`) | ${r.bytes.sdmx} / ${r.bytes.csv} | ${ms(r.cached.a)} ms | ${ms(r.cached.b)} ms | ${ratio(r.cached).toFixed(2)}× | ${ms(r.cold.a)} ms | ${ms(r.cold.b)} ms | ${ratio(r.cold).toFixed(2)}× |`,
    ),
    '',
    `Target: each SDMX answer ≤ ${TARGET}× /series.csv, cached and cold: ` +
      rows.map((r) => `${r.format} cached ${verdict(ratio(r.cached))}, cold ${verdict(ratio(r.cold))}`).join('; ') +
      '.',
  ];
  const markdown = lines.join('\n');
  console.log(markdown);
  if (!values['no-out']) writeSection(values.out!, 'sdmx', markdown);
}

await main();
