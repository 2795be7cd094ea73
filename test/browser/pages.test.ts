// Every page type in every language, in real headless Chromium, on the demo
// data: it renders with no console error, no failed request, and the parts the
// bundle drives work (chart, filter, language switcher keeping the selection).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LANGS, type Lang } from '../../src/data/model.js';
import { uiStrings } from '../../src/i18n/strings.js';
import path from 'node:path';
import { DEMO_DATA, FIXTURES } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);
const PAGES = ['/', '/datasets', '/about', '/libraries', '/licenses', '/d/demo_gdp', '/d/demo_cpi', '/d/demo_barometer', '/d/demo_labour?embed=1'];

describe('every page in every language, in Chromium', { skip: SKIP_BROWSER }, () => {
  let site: Site;
  let chrome: Chrome;
  let page: Page;
  let watched: { errors: string[] };

  before(async () => {
    site = await startSite(DEMO_DATA);
    chrome = await launchChromium();
    page = await chrome.context.newPage();
    watched = watchErrors(page);
  });
  after(async () => {
    await chrome?.close();
    await site?.close();
  });

  for (const lang of LANGS) {
    it(`${lang}: renders without console errors; dataset pages draw the interactive chart`, async () => {
      for (const path of PAGES) {
        const url = `${site.url}${path === '/' ? `${prefix(lang)}/` : `${prefix(lang)}${path}`}`;
        watched.errors.length = 0;
        const res = await page.goto(url, { waitUntil: 'load' });
        assert.equal(res?.status(), 200, url);
        assert.equal(await page.getAttribute('html', 'lang'), lang);
        assert.ok(await page.evaluate(() => document.documentElement.classList.contains('js')), `${url}: bundle ran`);
        if (path.startsWith('/d/')) {
          await waitForChart(page);
          assert.equal(await page.locator('[data-chart] .uplot canvas').count(), 1, `${url}: uPlot replaced the SVG`);
        }
        assert.deepEqual(watched.errors, [], url);
      }
    });
  }

  it('the 404 page is in the language of the prefix and loads its assets', async () => {
    watched.errors.length = 0;
    const res = await page.goto(`${site.url}/it/pagina-che-non-esiste`);
    assert.equal(res?.status(), 404);
    assert.equal(await page.textContent('h1'), uiStrings('it').errors.notFoundTitle);
    // the only failure is the page's own 404
    assert.deepEqual(
      watched.errors.filter((e) => !e.includes('pagina-che-non-esiste') && !e.includes('status of 404')),
      [],
    );
    assert.ok(await page.evaluate(() => getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)'), 'stylesheet applied');
  });

  it('the language switcher keeps the selection, also after a change in the page', async () => {
    await page.goto(`${site.url}/d/demo_gdp?structure=gdp,exports&transform=yoy`);
    await waitForChart(page, 2);
    await page.click('.lang-switch a[data-lang="fr"]');
    await waitForChart(page, 2);
    assert.equal(new URL(page.url()).pathname, '/fr/d/demo_gdp');
    assert.equal(new URL(page.url()).searchParams.get('transform'), 'yoy');
    assert.equal(await page.isChecked('input[name="structure"][value="exports"]'), true);
    // change in the page, then switch language: the new selection goes along
    await page.click('.transform-switch label:has(input[value="pct"])');
    await waitForChart(page, 2);
    await page.click('.lang-switch a[data-lang="it"]');
    await waitForChart(page, 2);
    assert.equal(new URL(page.url()).pathname, '/it/d/demo_gdp');
    assert.equal(new URL(page.url()).searchParams.get('transform'), 'pct');
  });

  it('/datasets filters as you type and keeps the filter in the URL', async () => {
    await page.goto(`${site.url}/de/datasets`);
    const visible = () => page.locator('.dataset-row:visible').count();
    assert.equal(await visible(), 6);
    await page.fill('#filter-q', 'bevölkerung');
    assert.equal(await visible(), 1);
    assert.equal(new URL(page.url()).searchParams.get('q'), 'bevölkerung');
    await page.fill('#filter-q', 'Bevolkerung');
    assert.equal(await visible(), 1, 'diacritics ignored');
    await page.fill('#filter-q', '');
    await page.selectOption('#filter-topic', { index: 1 });
    assert.ok((await visible()) < 6);
  });

  it('works without JavaScript: the server-rendered chart and a form that submits the selection', async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`${site.url}/d/demo_gdp`);
      assert.equal(await noJs.locator('[data-chart] svg').count(), 1);
      await noJs.check('input[name="structure"][value="exports"]');
      await noJs.check('input[name="transform"][value="yoy"]');
      await Promise.all([noJs.waitForURL(/structure=/), noJs.click('button.apply')]);
      assert.equal(await noJs.isChecked('input[name="structure"][value="exports"]'), true);
      assert.equal(await noJs.isChecked('input[name="transform"][value="yoy"]'), true);
      assert.equal(await noJs.locator('[data-chart] svg g.series').count(), 2);
    } finally {
      await context.close();
    }
  });

  it('labels holding <script> and markup are shown as text, in the page and in the chart (edge fixture)', async () => {
    const edge = await startSite(path.join(FIXTURES, 'edge'));
    const dialogs: string[] = [];
    const onDialog = (d: import('playwright-core').Dialog): void => {
      dialogs.push(d.message());
      void d.dismiss();
    };
    page.on('dialog', onDialog);
    try {
      watched.errors.length = 0;
      await page.goto(`${edge.url}/d/edge_labels?measure=047,plus,eq`);
      await waitForChart(page, 3);
      assert.equal(await page.textContent('h1'), `<script>alert(1)</script> "Quoted" & 'single' prices`);
      const legend = await page.locator('.u-legend .u-series').allTextContents();
      assert.ok(
        legend.some((t) => t.includes('<script>alert(1)</script>')),
        legend.join(' | '),
      );
      assert.ok(
        legend.some((t) => t.includes(`+1 "double" & 'single'`)),
        legend.join(' | '),
      );
      await page.goto(`${edge.url}/it/d/edge_labels`);
      await waitForChart(page);
      assert.equal(await page.textContent('h1'), 'Prezzi "demo" & <i>co</i>');
      assert.equal(await page.locator('h1 i, h1 script').count(), 0);
      assert.deepEqual(dialogs, []);
      assert.deepEqual(watched.errors, []);
    } finally {
      page.off('dialog', onDialog);
      await edge.close();
    }
  });
});
