// Issue 23, the dataset page's chart in real Chromium on the real data: the
// log axis's ticks and labels (item 1), the image links that carry what the
// screen shows (item 2), and a phone's x labels and legend (item 5).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

/** A number as the chart writes it in English (grouping commas dropped). */
const parseEn = (text: string): number => Number(text.replace(/,/g, ''));

/** The y tick labels the chart drew (kept in the DOM by client/chart.ts). */
async function yTicks(page: Page): Promise<string[]> {
  return (await page.getAttribute('[data-chart] .uplot', 'data-y-ticks'))!.split('|');
}

/** Log labels are distinct, ascending, never "0", and spread over more than a factor of two. */
function assertLogLabels(labels: string[]): void {
  assert.ok(labels.length >= 3, labels.join(' | '));
  assert.ok(!labels.includes('0'), `no tick labelled 0: ${labels.join(' | ')}`);
  assert.equal(new Set(labels).size, labels.length, `distinct labels: ${labels.join(' | ')}`);
  const values = labels.map(parseEn);
  for (let i = 1; i < values.length; i++) assert.ok(values[i] > values[i - 1], `ascending: ${labels.join(' | ')}`);
}

describe('issue 23: the chart (Chromium, real data)', { skip: SKIP_BROWSER }, () => {
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

  it('a log y axis from the URL labels its ticks as the linear one does, none "0" (ch_fso_ppi, several bases)', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.url}/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=level&scale=log`);
    await waitForChart(page);
    assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-log'), 'true');
    assertLogLabels(await yTicks(page));
    assert.deepEqual(watched.errors, []);
  });

  it('ticking "Log scale" on ch_snb_snbmoba gives 1-2-5 ticks over its decades', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.url}/d/ch_snb_snbmoba`);
    await waitForChart(page);
    await page.check('[data-log]');
    await page.waitForSelector('[data-chart] .uplot[data-y-log="true"]');
    await waitForChart(page);
    const labels = await yTicks(page);
    assertLogLabels(labels);
    const mantissas = labels.map((l) => Number(parseEn(l).toExponential().split('e')[0]));
    assert.ok(
      mantissas.every((m) => [1, 1.5, 2, 3, 5, 7].includes(m)),
      `1-2-5 (or 1-1.5-2-3-5-7, 1-3) per decade: ${labels.join(' | ')}`,
    );
    assert.deepEqual(watched.errors, []);
  });

  it('390 px: 54 years of ch_seco_concon get at least 4 x labels, and the legend of 4 series is compact', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.url}/de/d/ch_seco_concon?structure=ks_i63_index_q,ks_i12_econ_exp_q,ks_i22_price_exp_q,ks_i32_unemp_exp_q`);
    await waitForChart(page);
    const labels = (await page.getAttribute('[data-chart] .uplot', 'data-x-ticks'))!.split('|').filter((l) => l !== '');
    assert.ok(labels.length >= 4, `x labels: ${labels.join(' | ')}`);
    const { legend, card, entries } = await page.evaluate(() => ({
      legend: document.querySelector('[data-chart] .u-legend')!.getBoundingClientRect().height,
      card: document.querySelector('[data-chart-card]')!.getBoundingClientRect().height,
      entries: document.querySelectorAll('[data-chart] .u-legend .u-series').length,
    }));
    assert.ok(entries >= 3, `${entries} legend entries`);
    assert.ok(legend <= card * 0.25, `the legend takes ${Math.round(legend)} of the card's ${Math.round(card)} px`);
    assert.deepEqual(watched.errors, []);
  });

  it('the PNG and SVG links carry scale=log and compare, as rendered and after ticking "Log scale"; the data links do not', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // without JavaScript: the links as the server writes them
    const html = await (await fetch(`${site.url}/d/ch_snb_snbmoba?scale=log&compare=ch_kof_barometer`)).text();
    for (const kind of ['png', 'svg']) {
      const href = (html.match(new RegExp(`href="([^"]*)"[^>]*data-download="${kind}"`))?.[1] ?? '').replace(/&amp;/g, '&');
      assert.match(href, /[?&]scale=log(&|$)/, href);
      assert.match(href, /[?&]compare=ch_kof_barometer(:|&|$)/, href);
    }
    await page.goto(`${site.url}/d/ch_snb_snbmoba`);
    await waitForChart(page);
    const href = (kind: string): Promise<string> => page.getAttribute(`a[data-download="${kind}"]`, 'href').then((h) => h!);
    assert.doesNotMatch(await href('svg'), /scale=/);
    await page.check('[data-log]');
    await page.waitForSelector('[data-chart] .uplot[data-y-log="true"]');
    await waitForChart(page);
    for (const kind of ['png', 'svg']) assert.match(await href(kind), /[?&]scale=log(&|$)/);
    for (const kind of ['csv', 'json', 'xlsx']) assert.doesNotMatch(await href(kind), /scale=/);
    // the image draws the ticks the screen shows
    const svg = await (await fetch(`${site.url}${await href('svg')}`)).text();
    const drawn = [...svg.matchAll(/<text class="tick" x="[\d.]+" y="[\d.]+" font-size="[\d.]+" fill="[^"]+" text-anchor="end">([^<]+)<\/text>/g)].map(
      (m) => m[1],
    );
    const shown = await yTicks(page);
    assertLogLabels(drawn);
    assert.ok(
      drawn.every((l) => shown.includes(l) || [1, 1.5, 2, 3, 5, 7].includes(Number(parseEn(l).toExponential().split('e')[0]))),
      `image ${drawn.join(' | ')}; screen ${shown.join(' | ')}`,
    );
    assert.deepEqual(watched.errors, []);
  });
});
