// deploy/'s nginx configuration, run for real: nginx on loopback in front of
// two replicas (src/server.ts) serving a published copy of the real data.
// Shows what docs/deployment.md promises: answers cached by URL and encoding,
// revalidated with 304 from a replica after max-age; after a
// `dataseries publish` every route answers the new data through the proxy
// within max-age + 2 s and an open embed shows it at once; a replica killed
// during a steady load costs the client no request, and is used again once
// back. Lines starting with "# figure" are what bench/proxy.ts records.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../../src/cli/test-io.js';
import { copyDataDir, REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, waitForChart, watchErrors } from '../browser/harness.js';
import { DATA_MAX_AGE_S, freePort, getFrom, HAS_NGINX, startProxy, startReplica, until, type Proxy, type Replica } from './proxy-harness.js';

const DATASET = 'ch_kof_barometer';
const NEW_ROW = '2026-09-01,123.4';

async function publish(src: string, out: string): Promise<void> {
  const io = captureIo();
  const code = await runCli(['publish', src, out], io);
  assert.equal(code, 0, io.stderr + io.stdout);
}

/** The routes that carry the dataset's numbers or its version, each as the proxy caches it. */
const ROUTES = [
  `/series?dataset=${DATASET}`,
  `/series.csv?dataset=${DATASET}`,
  `/series?dataset=${DATASET}&transform=pct&from=2020-01-01`,
  `/series.csv?dataset=${DATASET}&transform=yoy`,
  `/series.xlsx?dataset=${DATASET}`,
  `/dataset/${DATASET}/meta`,
  `/dataset/${DATASET}/combos`,
  `/catalog`,
  `/d/${DATASET}`,
  `/de/d/${DATASET}?embed=1`,
];

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Waits (5 s at most) until the chart's tooltip at its right edge shows `date` and `value`. */
async function waitForLastPoint(page: Page, date: string, value: string): Promise<void> {
  const plain = (text: string | null): string => (text ?? '').replace(/\u00a0/g, ' ').replace(/\u2212/g, '-');
  let seen = '';
  for (const start = Date.now(); Date.now() - start < 5000; await new Promise((r) => setTimeout(r, 100))) {
    const box = await page.locator('[data-chart] .u-over').boundingBox();
    assert.ok(box);
    await page.mouse.move(0, 0);
    await page.mouse.move(Math.floor(box.x + box.width - 0.01), box.y + box.height / 2);
    await page.waitForSelector('.chart-tip:not([hidden])');
    seen = `${plain(await page.textContent('.chart-tip-date'))} ${(await page.locator('.chart-tip-value').allTextContents()).map(plain).join(' ')}`;
    if (seen.startsWith(`${date} `) && seen.includes(value)) return;
  }
  assert.fail(`the chart's last point shows ${seen}, not ${date} ${value}`);
}

describe('nginx (deploy/) in front of two replicas', { skip: HAS_NGINX ? false : 'nginx is not installed (.ci/run installs nginx-light)' }, () => {
  let copy: Awaited<ReturnType<typeof copyDataDir>>;
  let root: string;
  let out: string;
  let replicas: Replica[] = [];
  let proxy: Proxy;

  before(async () => {
    copy = await copyDataDir(REAL_DATA);
    root = await mkdtemp(path.join(tmpdir(), 'ds-proxy-'));
    out = path.join(root, 'public');
    await publish(copy.dir, out);
    // the replicas' BASE_URL is the proxy's address
    const port = await freePort();
    replicas = await Promise.all([0, 1].map(() => startReplica({ dataDir: out, baseUrl: `http://127.0.0.1:${port}` })));
    proxy = await startProxy(replicas, port);
  });
  after(async () => {
    await proxy?.stop();
    for (const r of replicas) await r.stop();
    await copy?.remove();
    await rm(root, { recursive: true, force: true });
  });

  const requestsFor = (url: string): number => replicas.reduce((n, r) => n + r.log.filter((l) => l.msg === 'request' && l.url === url).length, 0);

  it('answers repeated requests from its cache, one copy per encoding, with the ETag every replica agrees on', async () => {
    const url = `/series.csv?dataset=${DATASET}&from=2000-01-01`;
    for (const encoding of ['identity', 'gzip', 'br']) {
      const first = await fetch(proxy.url + url, { headers: { 'accept-encoding': encoding } });
      const firstBody = Buffer.from(await first.arrayBuffer());
      assert.equal(first.headers.get('x-cache-status'), 'MISS', encoding);
      for (let i = 0; i < 3; i++) {
        const again = await fetch(proxy.url + url, { headers: { 'accept-encoding': encoding } });
        assert.equal(again.headers.get('x-cache-status'), 'HIT', encoding);
        assert.equal(again.headers.get('etag'), first.headers.get('etag'));
        assert.deepEqual(Buffer.from(await again.arrayBuffer()), firstBody);
      }
      // fetch decodes: the body equals the identity one whatever the encoding nginx passed through
      assert.match(firstBody.toString(), /^date,value\n2000-01-01,/);
    }
    await until(() => requestsFor(url) >= 3, 'the access-log lines of the 3 requests that reached a replica');
    assert.equal(requestsFor(url), 3, 'one request per encoding reached a replica');

    const direct = await Promise.all(replicas.map((r) => fetch(r.url + url).then((res) => res.headers.get('etag'))));
    assert.equal(direct[0], direct[1], 'both replicas send the same ETag');
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a request carrying If-None-Match, which passes the cache
    const conditional = await getFrom(proxy.url + url, { 'if-none-match': direct[0]! });
    assert.equal(conditional.status, 304);
    assert.equal(conditional.headers['x-cache-status'], 'HIT');
    const refresh = await getFrom(proxy.url + url, { 'cache-control': 'no-cache' });
    assert.equal(refresh.headers['x-cache-status'], 'BYPASS', 'a request asking to revalidate reaches a replica');
  });

  it('passes compression through: the replica compresses, nginx stores and forwards its bytes', async () => {
    const url = `/series.csv?dataset=ch_fso_ppi`;
    const plain = (await getFrom(replicas[0].url + url)).body;
    const decode = { gzip: gunzipSync, br: brotliDecompressSync };
    for (const encoding of ['gzip', 'br'] as const) {
      const fromReplica = await getFrom(replicas[1].url + url, { 'accept-encoding': encoding });
      for (const expected of ['MISS', 'HIT']) {
        const res = await getFrom(proxy.url + url, { 'accept-encoding': `${encoding}, deflate` });
        assert.equal(res.headers['x-cache-status'], expected);
        assert.equal(res.headers['content-encoding'], encoding);
        assert.equal(sha(res.body), sha(fromReplica.body), `the replica's ${encoding} bytes, as it sent them`);
        assert.equal(sha(decode[encoding](res.body)), sha(plain));
      }
    }
  });

  it("honours Accept-Encoding q-values as a replica does: nginx's cache key and the coding it asks for follow them, miss and hit", async () => {
    const headers = [
      'br;q=0.5, gzip;q=1.0',
      'gzip;q=1.0, br;q=0.5',
      'br;q=0, gzip',
      'br;q=0',
      'gzip;q=0.9, br',
      'gzip, deflate, br',
      'x-gzip',
      '*',
      'identity;q=0',
    ];
    for (const [n, accept] of headers.entries()) {
      const url = `/series.csv?dataset=ch_fso_ppi&_q=${n}`;
      const want = (await getFrom(replicas[0].url + url, { 'accept-encoding': accept })).headers['content-encoding'] ?? '';
      for (const expected of ['MISS', 'HIT']) {
        const res = await getFrom(proxy.url + url, { 'accept-encoding': accept });
        assert.equal(res.headers['x-cache-status'], expected, accept);
        assert.equal(res.headers['content-encoding'] ?? '', want, `through nginx, Accept-Encoding: ${accept}`);
      }
    }
  });

  it('loses no request when a replica is killed (SIGKILL) during a steady load, and uses it again once it is back', async () => {
    const victim = replicas[0];
    let sent = 0;
    const failures: string[] = [];
    let stop = false;
    const worker = async (w: number): Promise<void> => {
      while (!stop) {
        // a distinct URL each time: a cache miss that reaches a replica
        const url = `${proxy.url}/series.csv?dataset=${DATASET}&last=${1 + w * 100_000 + sent}`;
        sent++;
        try {
          const res = await fetch(url);
          const text = await res.text();
          if (res.status !== 200 || !text.startsWith('date,value\n')) failures.push(`${res.status} ${url}`);
        } catch (e) {
          failures.push(`${(e as Error).message} ${url}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    await new Promise((r) => setTimeout(r, 1500));
    const before = victim.log.length;
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => setTimeout(r, 1500));
    await victim.restart();
    const backAfterMs = Date.now() - killedAt;
    const restartedAt = victim.log.length;
    await new Promise((r) => setTimeout(r, 4000));
    stop = true;
    await load;

    const servedAfterRestart = victim.log.slice(restartedAt).filter((l) => l.msg === 'request' && l.url?.includes('&last=')).length;
    console.log(
      `# figure failover: requests sent ${sent}, failed ${failures.length}, killed replica back after ${(backAfterMs / 1000).toFixed(1)} s and served ${servedAfterRestart} requests`,
    );
    assert.ok(victim.log.length > before);
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} of ${sent} requests failed`);
    assert.ok(servedAfterRestart > 0, 'the restarted replica takes traffic again');
    assert.equal(proxy.errors().includes('[emerg]'), false, proxy.errors());
  });

  it('after a publish, every route answers the new data within max-age + 2 s; an unchanged answer is revalidated with 304; an open embed shows the new observation without a reload', async (t) => {
    const unchanged = `/series.csv?dataset=ch_fso_ppi&from=2015-01-01`;
    const before = new Map<string, string>();
    for (const route of [...ROUTES, unchanged]) {
      const res = await fetch(proxy.url + route);
      assert.equal(res.status, 200, route);
      await res.arrayBuffer();
      assert.ok(res.headers.get('etag'), `${route} has an ETag`);
      assert.match(res.headers.get('cache-control') ?? '', new RegExp(`max-age=${DATA_MAX_AGE_S}\\b`), route);
      before.set(route, res.headers.get('etag')!);
      // second time from the cache
      assert.equal((await fetch(proxy.url + route)).headers.get('x-cache-status'), 'HIT', route);
    }

    const chrome = SKIP_BROWSER ? null : await launchChromium();
    t.after(() => chrome?.close());
    const page = chrome ? await chrome.context.newPage() : null;
    const watched = page ? watchErrors(page) : null;
    if (page) {
      await page.goto(`${proxy.url}/d/${DATASET}?embed=1`);
      await waitForChart(page, 1);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    }

    // the embed: its live stream (through nginx, unbuffered) says "change"; it fetches again asking to revalidate, which passes the cache.
    // Listen before publishing: the replica may reload and the embed refetch before `publish` returns.
    const newAnswer = page?.waitForResponse(async (r) => r.url().includes(`/series?dataset=${DATASET}`) && (await r.text()).includes('123.4'), {
      timeout: 20_000,
    });
    const csvPath = path.join(copy.dir, `${DATASET}.csv`);
    await writeFile(csvPath, (await readFile(csvPath, 'utf8')) + NEW_ROW + '\n');
    await publish(copy.dir, out);
    const published = Date.now();

    let embedMs = -1;
    if (page) {
      await newAnswer;
      await waitForLastPoint(page, 'Sept 2026', '123.4');
      embedMs = Math.max(0, Date.now() - published);
      assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'the page was not reloaded');
      assert.deepEqual(watched!.errors, []);
    }

    // every route: poll through the proxy until its ETag changes; meanwhile the unchanged answer expires and is revalidated
    const deadline = published + (DATA_MAX_AGE_S + 2) * 1000;
    const seenAt = new Map<string, number>();
    const revalidated = (): number => replicas.flatMap((r) => r.log.filter((l) => l.msg === 'request' && l.url === unchanged && l.status === 304)).length;
    while ((seenAt.size < ROUTES.length || revalidated() === 0) && Date.now() < deadline) {
      for (const route of ROUTES) {
        if (seenAt.has(route)) continue;
        const res = await fetch(proxy.url + route);
        await res.arrayBuffer();
        if (res.headers.get('etag') !== before.get(route)) seenAt.set(route, Date.now() - published);
      }
      const same = await fetch(proxy.url + unchanged);
      await same.arrayBuffer();
      assert.equal(same.headers.get('etag'), before.get(unchanged), 'the other dataset did not change');
      await new Promise((r) => setTimeout(r, 250));
    }
    const late = ROUTES.filter((r) => !seenAt.has(r));
    assert.deepEqual(late, [], `still the old answer ${DATA_MAX_AGE_S + 2} s after the publish`);
    const slowest = Math.max(...seenAt.values());
    console.log(
      `# figure publish: every route (${ROUTES.length}) answered the new data through the proxy ${(slowest / 1000).toFixed(1)} s after the publish (max-age ${DATA_MAX_AGE_S} s); the open embed had it after ${(embedMs / 1000).toFixed(1)} s`,
    );

    // the numbers themselves, through the proxy
    assert.match(await (await fetch(`${proxy.url}/series.csv?dataset=${DATASET}`)).text(), new RegExp(`\n${NEW_ROW}\n$`));
    const json = (await (await fetch(`${proxy.url}/series?dataset=${DATASET}`)).json()) as { date: string[]; value: number[] };
    assert.equal(json.date.at(-1), '2026-09-01');
    assert.equal(json.value.at(-1), 123.4);

    // the unchanged answer expired meanwhile: nginx asked a replica with If-None-Match and got 304
    assert.ok(revalidated() >= 1, `a replica answered 304 for ${unchanged}`);
  });
});
