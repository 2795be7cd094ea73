// The dataset explorer on a real cube (ch_seco_concon: type × structure ×
// seas_adj, quarterly) in headless Chromium: choosing levels, dates and a
// transform updates the chart, the URL, the snippets and the download links;
// the downloads hold the numbers of /series; back/forward and reload
// reproduce the view; the embed snippet is exact; ?embed=1 shows the chart.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { parseCsvText, REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

const SELECTION = 'dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q,ks_i11_econ_hist_q;seas_adj=csa&from=2000-01-01&transform=yoy';

interface Columns {
  type: string[];
  structure: string[];
  seas_adj: string[];
  date: string[];
  value: (number | null)[];
}

describe('the explorer on ch_seco_concon, in Chromium', { skip: SKIP_BROWSER }, () => {
  let site: Site;
  let chrome: Chrome;
  let page: Page;
  let watched: { errors: string[] };

  before(async () => {
    site = await startSite(REAL_DATA);
    chrome = await launchChromium();
    page = await chrome.context.newPage();
    watched = watchErrors(page);
  });
  after(async () => {
    await chrome?.close();
    await site?.close();
  });

  const query = () => new URL(page.url()).searchParams;
  const snippet = (tool: string) => page.locator(`[data-snippet="${tool}"]`).textContent();
  const href = (kind: string) => page.locator(`a[data-download="${kind}"]`).first().getAttribute('href');
  const series = async (q: string): Promise<Columns> => (await (await fetch(`${site.url}/series?${q}`)).json()) as Columns;

  it('levels, dates and a transform update the chart, URL, snippets and downloads', async () => {
    await page.goto(`${site.url}/d/ch_seco_concon`);
    await waitForChart(page, 1);
    assert.equal(page.url(), `${site.url}/d/ch_seco_concon`);

    await page.check('input[name="structure"][value="ks_i11_econ_hist_q"]');
    await waitForChart(page, 2);
    assert.equal(query().get('structure'), 'ks_i63_index_q,ks_i11_econ_hist_q');
    assert.equal(await page.locator('.u-legend .u-series').count(), 2, 'legend: two series');

    await page.fill('input[name="from"]', '2000-01-01');
    await waitForChart(page, 2);
    assert.equal(query().get('from'), '2000-01-01');

    await page.click('.transform-switch label:has(input[value="yoy"])');
    await waitForChart(page, 2);
    assert.equal(query().get('transform'), 'yoy');
    assert.match((await page.textContent('[data-caption]')) ?? '', /% change on same period of previous year/);
    assert.equal(await page.textContent('[data-unit]'), '%');

    // snippets follow the selection
    const r = (await snippet('r')) ?? '';
    assert.match(r, /structure = c\("ks_i63_index_q", "ks_i11_econ_hist_q"\)/);
    assert.match(r, /from = "2000-01-01"/);
    assert.match(r, /transform=yoy/);
    assert.match((await snippet('python')) ?? '', /structure=\["ks_i63_index_q", "ks_i11_econ_hist_q"\],[\s\S]*start="2000-01-01"/);
    assert.ok(((await snippet('curl')) ?? '').includes(`${site.url}/series.csv?${SELECTION}`));
    // the SDMX entry: the browser writes the key the server reads (issue 22), the dates as startPeriod
    const sdmxData = `${site.url}/sdmx/2.1/data/ch_seco_concon/index.ks_i63_index_q+ks_i11_econ_hist_q.csa?startPeriod=2000-01-01`;
    assert.equal(await snippet('sdmx'), `library(rsdmx)\n\nurl <- "${sdmxData}"\ndf <- as.data.frame(readSDMX(url))`);
    // the copy button copies the snippet as shown
    await chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.click('button[data-copy="snippet-r"]');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), r);
    assert.equal(await page.textContent('button[data-copy="snippet-r"]'), 'Copied');

    // download links follow the selection, with the transform applied
    assert.equal(await href('csv'), `/series.csv?${SELECTION}&download=1`);
    assert.equal(await href('xlsx'), `/series.xlsx?${SELECTION}`);
    assert.equal(await href('json'), `/series?${SELECTION}&download=1`);
    assert.equal(await href('png'), `/chart.png?${SELECTION}&lang=en&width=1200&height=675`);
    assert.equal(await href('svg'), `/chart.svg?${SELECTION}&lang=en&width=1200&height=675`);
    assert.deepEqual(watched.errors, []);
  });

  it('hovering shows the date and the value with its unit, as /series has it', async () => {
    // year-on-year % of these balances crosses zero, which shows a warning instead of a chart (issue 15): hover the change
    await page.click('.transform-switch label:has(input[value="diff"])');
    await waitForChart(page, 2);
    const expected = await series(SELECTION.replace('transform=yoy', 'transform=diff'));
    const last = expected.date.length - 1;
    await page.locator('[data-chart]').scrollIntoViewIfNeeded();
    const box = await page.locator('[data-chart] .u-over').boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
    await page.waitForSelector('.chart-tip:not([hidden])');
    assert.equal(await page.textContent('.chart-tip-date'), 'Q3\u00a02026');
    const rows = await page.locator('.chart-tip-row').allTextContents();
    assert.equal(rows.length, 2);
    for (const code of ['ks_i63_index_q', 'ks_i11_econ_hist_q']) {
      const i = expected.structure.lastIndexOf(code);
      assert.equal(expected.date[i], expected.date[last]);
      const label = code === 'ks_i63_index_q' ? '6.3 Consumer sentiment index' : '1.1 Past economic situation';
      const row = rows.find((t) => t.startsWith(label));
      assert.ok(row, `${label} in ${rows.join(' | ')}`);
      const text = /(-?[\d,.]+)[^\d]*$/.exec(row.replace('−', '-'))![1].replace(/,/g, '');
      const decimals = (text.split('.')[1] ?? '').length;
      assert.ok(Math.abs(Number(text) - expected.value[i]!) <= 0.5 * 10 ** -decimals + 1e-9, `${row} vs ${expected.value[i]}`);
    }
    await page.mouse.move(0, 0);
    // back to year-on-year % the way a reader would, leaving the history as the later tests expect it
    await page.goBack();
    await page.waitForFunction(() => location.search.includes('transform=yoy'));
  });

  it('the downloaded CSV and JSON hold the numbers of /series for the selection', async () => {
    const expected = await series(SELECTION);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('.tabset-main label[for="out-download"]').then(() => page.click('a[data-download="csv"]')),
    ]);
    assert.equal(download.suggestedFilename().endsWith('.csv'), true);
    const rows = parseCsvText(await readFile((await download.path())!, 'utf8'));
    assert.deepEqual(rows[0], ['type', 'structure', 'seas_adj', 'date', 'value']);
    const body = rows.slice(1);
    assert.equal(body.length, expected.value.length);
    body.forEach((row, i) => {
      assert.deepEqual(row.slice(0, 4), [expected.type[i], expected.structure[i], expected.seas_adj[i], expected.date[i]]);
      assert.equal(row[4] === '' ? null : Number(row[4]), expected.value[i]);
    });
    const json = await page.request.get(`${site.url}${await href('json')}`);
    assert.match(json.headers()['content-disposition'] ?? '', /^attachment/);
    assert.deepEqual(await json.json(), expected);
    const xlsx = await page.request.get(`${site.url}${await href('xlsx')}`);
    assert.equal(xlsx.status(), 200);
    assert.equal((await xlsx.body()).subarray(0, 2).toString(), 'PK');
  });

  it('the embed snippet is exactly the iframe of DESIGN §4, and its preview shows the chart', async () => {
    await page.click('.tabset-main label[for="out-embed"]');
    const code = await page.textContent('[data-embed-snippet]');
    assert.equal(
      code,
      `<iframe src="${site.url}/d/ch_seco_concon?type=index&amp;structure=ks_i63_index_q,ks_i11_econ_hist_q&amp;seas_adj=csa&amp;from=2000-01-01&amp;transform=yoy&amp;embed=1"` +
        ` title="Consumer confidence: Index · Seasonally and calendar adjusted · % change on same period of previous year" width="100%" height="580" style="border:0;border-radius:8px;overflow:hidden" loading="lazy" allowfullscreen></iframe>`,
    );
    // the bundle's embed code is /oembed's answer for the same page, markup and title
    const oembed = await page.request.get(`${site.url}/oembed?${new URLSearchParams({ url: page.url().replace(/[?&]$/, '') })}`);
    assert.equal(((await oembed.json()) as { html: string }).html, code);
    const frame = page.frameLocator('[data-embed-preview]');
    await frame.locator('[data-chart][data-drawn="2"]').waitFor({ state: 'attached' });
    assert.equal(await frame.locator('.uplot canvas').count(), 1);
    // year-on-year % of balances that cross zero: the embed warns instead of showing the chart, like the page
    assert.equal(await frame.locator('[data-zero-warning]').isVisible(), true);
  });

  it('back, forward and reload reproduce the view', async () => {
    await page.goBack();
    await page.waitForFunction(() => !location.search.includes('transform'));
    await waitForChart(page, 2);
    assert.equal(query().get('transform'), null);
    assert.equal(await page.isChecked('input[name="transform"][value="level"]'), true);
    assert.equal(await page.inputValue('input[name="from"]'), '2000-01-01');
    await page.goForward();
    await page.waitForFunction(() => location.search.includes('transform=yoy'));
    await waitForChart(page, 2);
    assert.equal(await page.isChecked('input[name="transform"][value="yoy"]'), true);
    await page.reload();
    await waitForChart(page, 2);
    assert.equal(await page.isChecked('input[name="transform"][value="yoy"]'), true);
    assert.equal(await page.isChecked('input[name="structure"][value="ks_i11_econ_hist_q"]'), true);
    assert.match((await snippet('r')) ?? '', /from = "2000-01-01"/);
  });

  it('a single choice that needs other choices changed adjusts them, never showing an empty chart', async () => {
    await page.goto(`${site.url}/d/ch_seco_concon`);
    await waitForChart(page, 1);
    assert.equal(await page.isEnabled('input[name="type"][value="sd"]'), true);
    await page.click('.picker label:has(input[name="type"][value="sd"])');
    await waitForChart(page);
    assert.equal(query().get('type'), 'sd');
    assert.equal(query().get('seas_adj'), 'na', 'standard deviations exist only unadjusted');
    assert.equal(await page.isChecked('input[name="seas_adj"][value="na"]'), true);
    // exactly the levels that combine with the current choices are offered
    const offered = await page.locator('input[name="structure"]:enabled').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).sort());
    const existing = (await series('dataset=ch_seco_concon&dims=type=sd;seas_adj=na&last=1')).structure.sort();
    assert.deepEqual(offered, existing);
  });

  it('?embed=1 shows the chart alone, with its source and a link back', async () => {
    await page.goto(`${site.url}/de/d/ch_seco_concon?structure=ks_i63_index_q,ks_i11_econ_hist_q&embed=1`);
    await waitForChart(page, 2);
    assert.equal(await page.locator('.site-header').count(), 0);
    assert.match((await page.textContent('.embed-foot')) ?? '', /Staatssekretariat für Wirtschaft \(SECO\)/);
    const back = await page.getAttribute('.embed-foot a', 'href');
    assert.equal(back, '/de/d/ch_seco_concon?type=index&structure=ks_i63_index_q,ks_i11_econ_hist_q&seas_adj=csa');
  });
});
