// Issue 23's dataset-page items in real Chromium on the real data: the
// warning's fixes, the table (even decimals, sorting), the log switch's
// state, coinciding lines and the copy-link button. One server and one
// browser for the file.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Lang } from '../../src/data/model.js';
import { uiStrings } from '../../src/i18n/strings.js';
import { REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, watchErrors, type Chrome, type Site } from './harness.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);

/** Waits until the explorer has wired every control (`data-ready`) and no request is in flight (a suppressed chart draws nothing). */
async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-chart]');
    return !!el && el.hasAttribute('data-ready') && el.getAttribute('aria-busy') === null;
  });
}

describe('issue 23: the dataset page in Chromium', { skip: SKIP_BROWSER }, () => {
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

  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: % change across zero offers the change and the values, never a base date; the headline hides with the chart`, async () => {
      const t = uiStrings(lang).dataset;
      const check = async (): Promise<void> => {
        assert.equal(await page.locator('[data-zero-warning]').isVisible(), true);
        assert.equal(await page.locator('[data-chart-card]').isVisible(), false);
        assert.equal(await page.locator('[data-headline]').isVisible(), false, 'the headline of a suppressed chart');
        const visible = await page.locator('[data-zero-warning] a:visible').allTextContents();
        assert.deepEqual(
          visible.map((s) => s.trim()),
          [t.pctUseChange, t.useLevel],
        );
      };
      // as the server drew it
      await page.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma?D0=SARON,1TGT,SOFR,ESTR&transform=yoy`);
      await waitReady(page);
      await check();
      // as the bundle redraws it: from the values to yoy, and the values link back
      await page.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma?D0=SARON,1TGT,SOFR,ESTR`);
      await waitReady(page);
      assert.equal(await page.locator('[data-headline]').isVisible(), true);
      await page.click('.transform-switch label:has(input[value="yoy"])');
      await page.locator('[data-zero-warning]').waitFor({ state: 'visible' });
      await waitReady(page);
      await check();
      await Promise.all([page.waitForURL((u) => !u.search.includes('transform=')), page.click('[data-zero-fix="level"]')]);
      await waitReady(page);
      assert.equal(await page.locator('[data-chart-card]').isVisible(), true);
      assert.deepEqual(watched.errors, []);
    });
  }

  it('a log scale the values cannot take leaves the URL and the switch (unchecked, disabled), from the server and after a change', async () => {
    const logBox = page.locator('[data-log]');
    await page.goto(`${site.url}/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=yoy&scale=log`);
    await waitReady(page);
    assert.ok(!page.url().includes('scale=log'), page.url());
    assert.equal(await logBox.isChecked(), false);
    assert.equal(await logBox.isDisabled(), true);
    await page.goto(`${site.url}/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=level&scale=log`);
    await waitReady(page);
    assert.equal(await logBox.isChecked(), true);
    await page.click('.transform-switch label:has(input[value="yoy"])');
    await page.waitForURL((u) => u.search.includes('transform=yoy'));
    await waitReady(page);
    await page.waitForURL((u) => !u.search.includes('scale=log'));
    assert.equal(await logBox.isChecked(), false);
    assert.equal(await logBox.isDisabled(), true);
    // the language links and the downloads name the same state
    for (const href of await page.locator('.lang-switch a[data-lang]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      assert.ok(!href.includes('scale=log'), href);
    }
    assert.deepEqual(watched.errors, []);
  });

  it("without JavaScript, Apply lands on the page's one URL: each name once, no empty values", async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`${site.url}/d/ch_snb_zimoma?D0=SARON&transform=yoy`);
      await noJs.locator('input[name="D0"][value="1TGT"]').check();
      await Promise.all([noJs.waitForURL((u) => u.search.includes('1TGT')), noJs.click('button.apply')]);
      const search = new URL(noJs.url()).searchParams;
      const names = [...search.keys()];
      assert.equal(names.length, new Set(names).size, noJs.url());
      assert.ok(![...search.values()].includes(''), noJs.url());
      assert.deepEqual(search.get('D0')?.split(',').sort(), ['1TGT', 'SARON']);
      assert.equal(search.get('transform'), 'yoy');
    } finally {
      await context.close();
    }
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: the table's columns read with one number of decimals and sort by a header button (mouse and keyboard), with aria-sort`, async () => {
      await page.goto(`${site.url}${prefix(lang)}/d/ch_seco_concon?type=sd&structure=ks_i63_index_q,ks_i12_econ_exp_q&seas_adj=na`);
      await waitReady(page);
      await page.click('#table summary');
      const point = lang === 'fr' ? ',' : '.';
      const column = async (k: number): Promise<string[]> =>
        (await page.locator(`[data-table-body] tbody tr td:nth-of-type(${k + 1})`).allTextContents()).map((c) => c.trim()).filter((c) => c !== '');
      const number = (c: string): number =>
        Number(
          c
            .replace(/[\u2212]/g, '-')
            .replace(/[^0-9,.-]/g, '')
            .replace(point, '.')
            .replace(/,/g, ''),
        );
      for (const k of [0, 1]) {
        const cells = await column(k);
        const decimals = new Set(cells.map((c) => (c.includes(point) ? c.length - c.indexOf(point) - 1 : 0)));
        assert.equal(decimals.size, 1, `column ${k}: ${cells.join(' ')}`);
      }
      const periodHead = page.locator('[data-table-body] thead th').first();
      assert.equal(await periodHead.getAttribute('aria-sort'), 'descending');
      // by the first series, largest first
      await page.click('[data-table-body] button[data-table-sort="0"]');
      const head = page.locator('[data-table-body] thead th').nth(1);
      assert.equal(await head.getAttribute('aria-sort'), 'descending');
      assert.equal(await periodHead.getAttribute('aria-sort'), null);
      const down = (await column(0)).map(number);
      assert.deepEqual(
        down,
        [...down].sort((a, b) => b - a),
      );
      // the keyboard: the button keeps the focus and turns the order round
      assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.tableSort), '0');
      await page.keyboard.press('Enter');
      assert.equal(await head.getAttribute('aria-sort'), 'ascending');
      const up = (await column(0)).map(number);
      assert.deepEqual(
        up,
        [...up].sort((a, b) => a - b),
      );
      assert.deepEqual(watched.errors, []);
    });
  }

  for (const lang of ['en', 'it'] as const) {
    it(`${lang}: "copy link" copies the address of the whole state, from the keyboard, and says so`, async () => {
      const t = uiStrings(lang).dataset;
      await chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
      await page.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma?D0=SARON`);
      await waitReady(page);
      // a change the URL takes: the link copied names it
      await page.click('.transform-switch label:has(input[value="diff"])');
      await page.waitForURL((u) => u.search.includes('transform=diff'));
      await waitReady(page);
      const button = page.getByRole('button', { name: t.copyLink });
      assert.equal(await button.isVisible(), true);
      await button.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((done) => document.querySelector('[data-copy-link]')?.textContent === done, t.linkCopied);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, page.url());
      assert.match(copied, /D0=SARON.*transform=diff/);
      assert.deepEqual(watched.errors, []);
    });
  }

  it('without JavaScript there is no copy button to press', async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`${site.url}/d/ch_snb_zimoma`);
      assert.equal(await noJs.locator('[data-copy-link]').count(), 1);
      assert.equal(await noJs.locator('[data-copy-link]').isVisible(), false);
      // nor any other copy button: a hidden .btn stays hidden (the R snippet's Copy showed, as the warning's base link did)
      assert.deepEqual(await noJs.locator('button[data-copy]:visible').evaluateAll((bs) => bs.map((b) => b.outerHTML)), []);
    } finally {
      await context.close();
    }
  });

  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: switching ch_fso_ppi's bases to index or yoy says that their lines coincide, back to levels drops the note`, async () => {
      await page.goto(`${site.url}${prefix(lang)}/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=level`);
      await waitReady(page);
      const note = page.locator('[data-coincide]');
      assert.equal(await note.isVisible(), false);
      for (const transform of ['index', 'yoy']) {
        await page.click(`.transform-switch label:has(input[value="${transform}"])`);
        await note.waitFor({ state: 'visible' });
        const text = (await note.textContent()) ?? '';
        for (const year of ['1963', '1993', '2020']) assert.ok(text.includes(year), text);
      }
      await page.click('.transform-switch label:has(input[value="level"])');
      await note.waitFor({ state: 'hidden' });
      assert.deepEqual(watched.errors, []);
    });
  }
});
