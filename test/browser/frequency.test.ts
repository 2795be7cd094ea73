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
});
