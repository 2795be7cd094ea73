/**
 * Byte-identity of answers against another built tree (issue 24, round 4:
 * the front door and the headers must not change what is sent): starts our
 * server from this tree and from `--same-as DIR` (e.g. /tmp/r4-base) on the
 * real data, sends both the same requests in the same order (cache misses
 * and hits, 304, 412, HEAD, compressed, errors, refusals at the door, a
 * page, and with `--rate-limit N` the RateLimit headers and 429s), and
 * compares status, headers in order (raw names) and body bytes. Only the
 * Date, a generated request id (process and counter) and seconds until a
 * rate-limit reset are masked. Exits 1 on a difference.
 *
 *   npx tsx bench/same-answers.ts --same-as /tmp/r4-base [--rate-limit 12]
 */
import { request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installExitHooks, startChild, stopAll, waitForHttp, freePort } from './lib/children.js';
import { benchServerEnv, buildIfStale } from './lib/our-server.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(root, '..', 'shared', 'dataseries-data', 'data');

/** One request of the walk. */
interface Ask {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** the body changes with the build or the clock (a page's asset hashes, /health's uptime): compared without body, ETag and length */
  volatile?: boolean;
}

const SMALL = '/series.csv?dataset=ch_fso_pop_detail';
const MEDIUM = '/series.csv?dataset=ch_seco_wwa';
const JSON_ = '/series?dataset=ch_seco_wwa';
const ID = { 'x-request-id': 'same-1' };

/** The walk: every kind of answer the front door and writeRepresentation make, twice where the second is a cache hit. */
const ASKS: Ask[] = [
  { path: SMALL, headers: ID },
  { path: SMALL, headers: ID },
  { path: SMALL },
  { path: SMALL, headers: { 'if-none-match': '*' } },
  { path: SMALL, headers: { 'if-match': '"nope"' } },
  { path: `${SMALL}&last=3`, headers: { 'if-match': '"nope"' } },
  { path: `${SMALL}&last=4`, headers: { 'if-none-match': '*' } },
  { method: 'HEAD', path: SMALL },
  { method: 'HEAD', path: `${SMALL}&last=2` },
  { path: MEDIUM, headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { path: MEDIUM, headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { path: MEDIUM, headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' } },
  { path: MEDIUM, headers: { 'accept-encoding': 'identity' } },
  { path: JSON_ },
  { path: JSON_, headers: { 'accept-encoding': 'br' } },
  { path: JSON_, headers: { 'if-none-match': 'W/"x", *' } },
  { path: '/series.csv?dataset=nope' },
  { path: `${SMALL}&dims=bad` },
  { path: `${SMALL}&transform=nope` },
  { path: `/series.csv?dataset=${'x'.repeat(9000)}` },
  { path: SMALL, headers: { host: '' } },
  { path: '/health', volatile: true },
  { path: '/en/', volatile: true },
  { path: '/en/', volatile: true },
  { path: '/datasets', volatile: true },
  { method: 'OPTIONS', path: SMALL },
  { method: 'POST', path: SMALL },
  { path: '/no-such-route' },
];

/** What is compared of an answer. */
interface Seen {
  status: number;
  headers: string[];
  body: Buffer;
}

/** Sends one request; the answer's raw headers with the per-run parts masked. */
function send(port: number, ask: Ask): Promise<Seen> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, method: ask.method ?? 'GET', path: ask.path, headers: ask.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = res.rawHeaders.map((v, i, all) => {
          const name = (all[i - 1] ?? '').toLowerCase();
          if (i % 2 === 0) return v;
          if (name === 'date') return '<date>';
          if (name === 'x-request-id') return v.replace(/^r[0-9a-z]+-[0-9a-z]+$/, '<generated>');
          if (name === 'ratelimit-reset' || name === 'retry-after') return '<seconds>';
          if (ask.volatile && (name === 'etag' || name === 'content-length')) return '<build>';
          return v;
        });
        done({ status: res.statusCode ?? 0, headers, body: ask.volatile ? Buffer.alloc(0) : Buffer.concat(chunks) });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

async function start(dir: string, rateLimit: string): Promise<number> {
  const port = await freePort();
  const child = startChild(`server ${dir}`, 'node', ['dist/src/server.js'], { cwd: dir, env: { ...benchServerEnv(DATA, port), DS_RATE_LIMIT: rateLimit } });
  await waitForHttp(`http://127.0.0.1:${port}/health`, child, 120_000, (s) => s === 200);
  return port;
}

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { 'same-as': { type: 'string' }, 'rate-limit': { type: 'string', default: '0' } } });
  if (!values['same-as']) throw new Error('--same-as DIR: a built tree to compare with');
  await buildIfStale(root);
  const ours = await start(root, values['rate-limit']);
  const theirs = await start(values['same-as'], values['rate-limit']);
  let differences = 0;
  const statuses = new Set<number>();
  // with a limit, the walk goes round until it is refused
  const walk = values['rate-limit'] === '0' ? ASKS : [...ASKS, ...ASKS];
  for (const ask of walk) {
    const [a, b] = [await send(ours, ask), await send(theirs, ask)];
    statuses.add(a.status);
    const same = a.status === b.status && a.headers.join('\n') === b.headers.join('\n') && a.body.equals(b.body);
    if (!same) {
      differences++;
      console.log(
        `DIFFERENT ${ask.method ?? 'GET'} ${ask.path.slice(0, 80)}\n  this: ${a.status} ${a.headers.join(' | ')}\n  base: ${b.status} ${b.headers.join(' | ')}`,
      );
    }
  }
  console.log(`${walk.length} requests, ${differences} different; statuses seen: ${[...statuses].sort().join(' ')}`);
  process.exitCode = differences ? 1 : 0;
}

installExitHooks();
run()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => void stopAll());
