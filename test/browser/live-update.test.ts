// Live updates in headless Chromium against the real server (a child
// process, `dataseries serve`, on an ephemeral port) serving the OUT of
// `dataseries publish` over a copy of the real data: a new observation
// published into the served directory shows in an open embed within 5 s,
// without a reload and without a failed request (in the browser or in the
// server's log); the dataset page keeps the reader's selection and zoom; open
// embeds share one event stream; a publish of a dataset compared on a chart
// refreshes that chart.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../../src/cli/test-io.js';
import { PROJECT_ROOT } from '../../src/config.js';
import { addMonths, formatIsoDate, parseIsoDate } from '../../src/data/dates.js';
import { formatPeriod } from '../../src/i18n/chart-text.js';
import { copyDataDir, followLog, jsonLines, pollUntil, REAL_DATA, serverReady } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, waitForChart, watchErrors, type Chrome } from './harness.js';

const DEADLINE_MS = 5000;

interface LogLine {
  level: number;
  msg: string;
  status?: number;
  url?: string;
  address?: string;
}

/** `dataseries serve` from the sources (so the page gets the current client bundle), with the access log on. */
async function serve(dataDir: string): Promise<{ url: string; log: LogLine[]; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', DS_ACCESS_LOG: 'true', DS_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // it listens, then says when its data is loaded: wait for both lines of its log
  const output = followLog(child);
  const url = await serverReady(output);
  return {
    url,
    get log() {
      return jsonLines(output.text()) as unknown as LogLine[];
    },
    child,
  };
}

async function publish(src: string, out: string): Promise<void> {
  const io = captureIo();
  const code = await runCli(['publish', src, out], io);
  assert.equal(code, 0, io.stderr + io.stdout);
}

/** Date and values under the cursor at a horizontal position of the plot (0 = left edge, 1 = right edge), spaces and minus signs plain. */
async function pointAt(page: Page, at: number): Promise<{ date: string; values: string[] }> {
  // the mouse reaches only what is in the viewport (the toolbar above the chart grows with the page's controls)
  await page.locator('[data-chart] .u-over').scrollIntoViewIfNeeded();
  const box = await page.locator('[data-chart] .u-over').boundingBox();
  assert.ok(box);
  await page.mouse.move(0, 0);
  // the browser rounds to whole pixels: stay inside the plot, within half a pixel of its edges
  const x = at >= 1 ? Math.floor(box.x + box.width - 0.01) : at <= 0 ? Math.ceil(box.x) : box.x + at * box.width;
  await page.mouse.move(x, box.y + box.height / 2);
  await page.waitForSelector('.chart-tip:not([hidden])');
  const plain = (text: string): string => text.replace(/\u00a0/g, ' ').replace(/\u2212/g, '-');
  const date = plain((await page.textContent('.chart-tip-date')) ?? '');
  const values = (await page.locator('.chart-tip-value').allTextContents()).map(plain);
  await page.mouse.move(0, 0);
  return { date, values };
}

/** Waits until the point at `at` shows `date` and a value starting with `value`, hovering again and again; returns the milliseconds since `since`. */
async function waitForPoint(page: Page, at: number, date: string, value: string, since: number): Promise<number> {
  let seen = { date: '', values: [] as string[] };
  while (Date.now() - since < DEADLINE_MS) {
    seen = await pointAt(page, at);
    if (seen.date === date && seen.values.some((v) => v === value || v.startsWith(`${value} `))) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`after ${DEADLINE_MS} ms the chart shows ${seen.date} ${seen.values.join(' ')}, not ${date} ${value}`);
}

async function editCsv(dir: string, file: string, fn: (text: string) => string): Promise<void> {
  const p = path.join(dir, file);
  await writeFile(p, fn(await readFile(p, 'utf8')));
}

describe('live updates in Chromium', { skip: SKIP_BROWSER }, () => {
  let copy: Awaited<ReturnType<typeof copyDataDir>>;
  let root: string;
  let out: string;
  let server: Awaited<ReturnType<typeof serve>>;
  let chrome: Chrome;

  before(async () => {
    copy = await copyDataDir(REAL_DATA);
    root = await mkdtemp(path.join(tmpdir(), 'ds-live-browser-'));
    out = path.join(root, 'public');
    await publish(copy.dir, out);
    server = await serve(out);
    chrome = await launchChromium();
  });
  after(async () => {
    await chrome?.close();
    if (server?.child.exitCode === null) {
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    await copy?.remove();
    await rm(root, { recursive: true, force: true });
  });

  // a page left open would keep the shared stream (and its lock) for the next test
  afterEach(async () => {
    for (const page of chrome.context.pages()) await page.close();
  });

  /** Log lines since `from` of failed requests or errors. */
  const failedInLog = (from: number) => server.log.slice(from).filter((l) => (l.status !== undefined && l.status >= 400) || l.level >= 50);

  it('an open embed shows a newly published observation within 5 s, with no reload and no failed request', async () => {
    const logFrom = server.log.length;
    const page = await chrome.context.newPage();
    const watched = watchErrors(page);
    await page.goto(`${server.url}/d/ch_kof_barometer?embed=1`);
    await waitForChart(page, 1);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    assert.equal((await pointAt(page, 1)).date, 'Aug 2026');

    await editCsv(copy.dir, 'ch_kof_barometer.csv', (t) => t + '2026-09-01,123.4\n');
    await publish(copy.dir, out);
    const ms = await waitForPoint(page, 1, 'Sept 2026', '123.4', Date.now());

    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'the page was not reloaded');
    assert.deepEqual(watched.errors, []);
    assert.deepEqual(failedInLog(logFrom), []);
    const refetches = server.log.filter((l) => l.msg === 'request' && l.url?.startsWith('/series?dataset=ch_kof_barometer'));
    assert.equal(refetches.length, 1, 'one request for the new data');
    console.log(`# the embed showed the new observation ${ms} ms after the publish finished`);
  });

  it('the dataset page refreshes its chart and keeps the selection and the zoom', async () => {
    const logFrom = server.log.length;
    const page = await chrome.context.newPage();
    const watched = watchErrors(page);
    const selection = '/d/ch_seco_concon?type=index&structure=ks_i63_index_q,ks_i11_econ_hist_q&seas_adj=csa';
    await page.goto(server.url + selection);
    await waitForChart(page, 2);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // zoom: drag over the middle fifth of the plot, scrolled into the viewport
    await page.locator('[data-chart] .u-over').scrollIntoViewIfNeeded();
    const box = (await page.locator('[data-chart] .u-over').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const left = await pointAt(page, 0);
    const right = await pointAt(page, 1);
    assert.notEqual(right.date, 'Q3 2026', 'zoomed in');

    // the point at the zoom's left edge gets a new value for 6.3 Consumer sentiment index
    const quarter = /Q(\d) (\d{4})/.exec(left.date)!;
    const iso = `${quarter[2]}-${String((Number(quarter[1]) - 1) * 3 + 1).padStart(2, '0')}-01`;
    await editCsv(copy.dir, 'ch_seco_concon.csv', (t) => t.replace(new RegExp(`^(index,ks_i63_index_q,csa,${iso}),[^\\n]*$`, 'm'), '$1,-77.7'));
    await publish(copy.dir, out);
    await waitForPoint(page, 0, left.date, '-77.70', Date.now());

    assert.equal((await pointAt(page, 1)).date, right.date, 'the zoom is kept');
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, selection, 'the selection is kept');
    assert.equal(await page.locator('input[name="structure"]:checked').count(), 2);
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
    assert.deepEqual(watched.errors, []);
    assert.deepEqual(failedInLog(logFrom), []);
  });

  it('a compared dataset published anew refreshes the chart it is compared on', async () => {
    const logFrom = server.log.length;
    const page = await chrome.context.newPage();
    const watched = watchErrors(page);
    await page.goto(`${server.url}/d/ch_kof_barometer?embed=1&compare=ch_kof_esi:indicator=ch.kof.esi.index.v2018`);
    await waitForChart(page, 2);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await editCsv(copy.dir, 'ch_kof_esi.csv', (t) => t + 'ch.kof.esi.index.v2018,2027-01-01,91.5\n');
    await publish(copy.dir, out);
    await waitForPoint(page, 1, 'Jan 2027', '91.50', Date.now());
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'the page was not reloaded');
    assert.deepEqual(watched.errors, []);
    assert.deepEqual(failedInLog(logFrom), []);
  });

  it('open embeds share one event stream, and another takes it over when its page closes', async () => {
    const streams: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      if (new URL(r.url()).pathname === '/events') streams.push(r.url());
    };
    chrome.context.on('request', onRequest);
    try {
      const pages: Page[] = [];
      for (const id of ['ch_kof_barometer', 'ch_kof_esi', 'ch_fso_ppi']) {
        const page = await chrome.context.newPage();
        await page.goto(`${server.url}/d/${id}?embed=1`);
        await waitForChart(page);
        pages.push(page);
      }
      // a negative check needs a settle window; the count at the end, after the events waited for, proves it again
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(streams.length, 1, `one stream for three embeds: ${streams.join(' ')}`);

      await pages[0].close();
      await editCsv(copy.dir, 'ch_kof_barometer.csv', (t) => t + '2026-10-01,124.6\n');
      await publish(copy.dir, out);
      await pollUntil(
        async () => streams.length,
        (n) => n >= 2,
        'a remaining page opens the stream when the first one closed',
      );
      assert.equal(streams.length, 2, 'a remaining page opened the stream when the first one closed');
      const page = await chrome.context.newPage();
      await page.goto(`${server.url}/d/ch_kof_barometer?embed=1`);
      await waitForChart(page, 1);
      // made before or after the server reloaded: either way it ends up showing October
      await waitForPoint(page, 1, 'Oct 2026', '124.6', Date.now());
      await editCsv(copy.dir, 'ch_kof_barometer.csv', (t) => t + '2026-11-01,125.8\n');
      await publish(copy.dir, out);
      await waitForPoint(page, 1, 'Nov 2026', '125.8', Date.now());
      assert.equal(streams.length, 2, 'the new page follows the shared stream');
    } finally {
      chrome.context.off('request', onRequest);
    }
  });

  it('an open embed of a relative window (from=-1y) rolls forward when a publish adds an observation', async () => {
    const logFrom = server.log.length;
    const page = await chrome.context.newPage();
    const watched = watchErrors(page);
    await page.goto(`${server.url}/de/d/ch_kof_barometer?from=-1y&embed=1`);
    await waitForChart(page, 1);
    const last = (await readFile(path.join(copy.dir, 'ch_kof_barometer.csv'), 'utf8')).trimEnd().split('\n').at(-1)!.slice(0, 10);
    const month = (iso: string, by: number): string => formatPeriod(addMonths(parseIsoDate(iso)!, by), 'month', 'de');
    assert.deepEqual([(await pointAt(page, 0)).date, (await pointAt(page, 1)).date], [month(last, -12), month(last, 0)]);

    const next = formatIsoDate(addMonths(parseIsoDate(last)!, 1));
    await editCsv(copy.dir, 'ch_kof_barometer.csv', (t) => t + `${next},126.9\n`);
    await publish(copy.dir, out);
    const since = Date.now();
    while ((await pointAt(page, 1)).date !== month(next, 0) && Date.now() - since < DEADLINE_MS) await new Promise((r) => setTimeout(r, 100));
    assert.equal((await pointAt(page, 1)).date, month(next, 0), 'the new observation is shown');
    assert.equal((await pointAt(page, 0)).date, month(next, -12), 'the window starts a month later');
    assert.equal(new URL(page.url()).searchParams.get('from'), '-1y');
    assert.deepEqual(watched.errors, []);
    assert.deepEqual(failedInLog(logFrom), []);
  });

  it('an embed as of a vintage (as_of) stays on it when a publish adds an observation (issue 21)', async () => {
    const logFrom = server.log.length;
    const vintages = JSON.parse(await readFile(path.join(out, 'ch_kof_barometer.vintages.json'), 'utf8')) as { vintages: { vintage: string }[] };
    const pinned = vintages.vintages.at(-1)!.vintage.replace(/[-:]/g, '');
    const [asOf, live] = [await chrome.context.newPage(), await chrome.context.newPage()];
    const watched = watchErrors(asOf);
    await asOf.goto(`${server.url}/d/ch_kof_barometer?embed=1&as_of=${pinned}`);
    await live.goto(`${server.url}/d/ch_kof_barometer?embed=1`);
    await Promise.all([waitForChart(asOf, 1), waitForChart(live, 1)]);
    const before = await pointAt(asOf, 1);
    const last = (await readFile(path.join(copy.dir, 'ch_kof_barometer.csv'), 'utf8')).trimEnd().split('\n').at(-1)!.slice(0, 10);
    const next = formatIsoDate(addMonths(parseIsoDate(last)!, 1));
    await editCsv(copy.dir, 'ch_kof_barometer.csv', (t) => t + `${next},127.3\n`);
    await publish(copy.dir, out);
    // the same stream message reaches both embeds: once the live one shows the new point, the pinned one has had it too
    await waitForPoint(live, 1, formatPeriod(parseIsoDate(next)!, 'month', 'en'), '127.3', Date.now());
    assert.deepEqual(await pointAt(asOf, 1), before, 'the vintage embed still shows what was published then');
    const asked = server.log.slice(logFrom).filter((l) => l.msg === 'request' && l.url?.startsWith('/series?') && l.url.includes('as_of='));
    assert.deepEqual(asked, [], 'the vintage embed asked for nothing after the publish');
    assert.deepEqual(watched.errors, []);
    assert.deepEqual(failedInLog(logFrom), []);
  });
});
