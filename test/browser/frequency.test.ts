// Frequency conversion on the page in real Chromium (issue 20): after the
// bundle has drawn, the caption names the conversion, the headline and the
// chart's hover name years, and the bundle's caption (client/explorer.ts)
// says what the server's said. Real data, one server, one browser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

describe('issue 20: a converted selection on the page (Chromium, real data)', { skip: SKIP_BROWSER }, () => {
  let site: Site;
  let chrome: Chrome;
  let page: Page;

  before(async () => {
    site = await startSite(REAL_DATA);
    chrome = await launchChromium();
    page = await chrome.context.newPage();
  });
  after(async () => {
    await chrome?.close();
    await site?.close();
  });

  it('the bundle names the conversion and the years, in English and German', async () => {
    const { errors } = watchErrors(page);
    for (const [prefix, caption, period] of [
      ['', 'Annual (mean)', /^\d{4}$/],
      ['/de', 'Jährlich (Mittelwert)', /^\d{4}$/],
    ] as const) {
      await page.goto(`${site.url}${prefix}/d/ch_snb_zavesic?D0=149990&frequency=annual&from=-5y`);
      await waitForChart(page, 1);
      assert.ok((await page.textContent('[data-caption]'))!.includes(caption), `${prefix || '/'}: caption`);
      const periods = await page.$$eval('.headline-period', (els) => els.map((e) => e.textContent!.trim()));
      assert.ok(periods.length > 0);
      for (const p of periods) assert.match(p, period, `${prefix || '/'}: the headline names a year`);
    }
    assert.deepEqual(errors, []);
  });

  /** The dates of the table beside the chart (its first column), newest first. */
  const tableDates = async (p: Page): Promise<string[]> => {
    await p.click('#table summary');
    return p.locator('.data-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.children[0]?.textContent?.trim() ?? ''));
  };

  for (const [prefix, caption] of [
    ['', 'Annual (mean)'],
    ['/de', 'Jährlich (Mittelwert)'],
  ] as const) {
    it(`${prefix || 'en'}: the frequency control converts a monthly dataset to annual: caption, URL and table follow`, async () => {
      const { errors } = watchErrors(page);
      await page.goto(`${site.url}${prefix}/d/ch_snb_zavesic?D0=149990&from=-5y`);
      await waitForChart(page, 1);
      const offered = await page.$$eval('[data-convert="frequency"] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      assert.deepEqual(offered, ['', 'quarterly', 'semi-annual', 'annual'], 'only the frequencies lower than monthly');
      assert.equal(await page.isDisabled('[data-convert="aggregation"]'), true, 'no aggregation without a frequency');
      await page.selectOption('[data-convert="frequency"]', 'annual');
      await page.waitForFunction((c) => document.querySelector('[data-caption]')?.textContent?.includes(c), caption);
      assert.equal(new URL(page.url()).searchParams.get('frequency'), 'annual');
      assert.equal(await page.isDisabled('[data-convert="aggregation"]'), false);
      const dates = await tableDates(page);
      assert.ok(dates.length > 0);
      for (const d of dates) assert.match(d, /^\d{4}$/, 'the table names years');
      assert.deepEqual(errors, []);
    });
  }

  it('relative periods follow the converted frequency: after the control converts, the from field shows what the converted page shows', async () => {
    const { errors } = watchErrors(page);
    const fromField = (p: Page): Promise<string> => p.inputValue('input[name=from]');
    await page.goto(`${site.url}/d/ch_snb_zavesic?D0=149990&frequency=annual&from=-5y`);
    await waitForChart(page, 1);
    // -5y counts back from the last converted year, not from the last month
    const converted = await fromField(page);
    await page.goto(`${site.url}/d/ch_snb_zavesic?D0=149990&from=-5y`);
    await waitForChart(page, 1);
    const monthly = await fromField(page);
    assert.notEqual(converted, monthly, 'the last complete year is not the last month');
    await page.selectOption('[data-convert="frequency"]', 'annual');
    await page.waitForFunction((c) => document.querySelector<HTMLInputElement>('input[name=from]')?.value === c, converted);
    await page.selectOption('[data-convert="frequency"]', '');
    await page.waitForFunction((c) => document.querySelector<HTMLInputElement>('input[name=from]')?.value === c, monthly);
    assert.deepEqual(errors, []);
  });

  it('without JavaScript the form sends the frequency: the page opens converted', async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`${site.url}/d/ch_snb_zavesic?D0=149990&from=-5y`);
      await noJs.selectOption('[data-convert="frequency"]', 'annual');
      await noJs.selectOption('[data-convert="aggregation"]', 'max');
      await Promise.all([noJs.waitForURL(/frequency=annual/), noJs.click('button.apply')]);
      const url = new URL(noJs.url());
      assert.equal(url.searchParams.get('frequency'), 'annual');
      assert.equal(url.searchParams.get('aggregation'), 'max');
      assert.ok((await noJs.textContent('[data-caption]'))!.includes('Annual (maximum)'));
      for (const d of await tableDates(noJs)) assert.match(d, /^\d{4}$/);
    } finally {
      await context.close();
    }
  });

  it('an annual dataset has no frequency control', async () => {
    await page.goto(`${site.url}/d/ch_fso_gdp_region`);
    await waitForChart(page);
    assert.equal(await page.locator('[data-frequency]').count(), 0);
  });
});
