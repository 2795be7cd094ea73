// The dataset page's vintages in real Chromium (issue 21), in every language,
// on a data directory of three real publishes served by the real server: the
// revisions card lists the earlier vintages newest first, the chart marks the
// points revised since the chosen one (and the card lists and announces them
// in text); the as-of control opens a past vintage's page with its banner;
// axe finds no violation with them in use.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LANGS, type Lang } from '../../src/data/model.js';
import { stampFileName } from '../../src/data/vintage-stamp.js';
import { uiStrings } from '../../src/i18n/strings.js';
import { publishVintages, VINTAGE_STAMPS as PAGE_STAMPS } from '../vintage-fixture.js';
import { axeViolations, validator } from './checkers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);
const [V1, V2, V3] = PAGE_STAMPS.map(stampFileName);

/** Waits until the chart has drawn `n` revised-point marks. */
async function waitForMarks(page: Page, n: number): Promise<void> {
  await page.waitForFunction((want) => document.querySelector<HTMLElement>('[data-chart] .uplot')?.dataset.marks === String(want), n);
}

describe('the vintages of a dataset page in Chromium, in every language', { skip: SKIP_BROWSER }, () => {
  let site: Site;
  let chrome: Chrome;
  let page: Page;
  let remove: () => Promise<void>;

  before(async () => {
    const built = await publishVintages();
    remove = built.remove;
    site = await startSite(built.dir);
    chrome = await launchChromium();
    page = await chrome.context.newPage();
  });
  after(async () => {
    await chrome?.close();
    await site?.close();
    await remove?.();
  });

  for (const lang of LANGS) {
    it(`${lang}: the revisions view marks the points revised since the chosen vintage, lists and announces them; axe finds nothing`, async () => {
      const words = uiStrings(lang).dataset.vintages;
      const { errors } = watchErrors(page);
      // the barometer's observation added at the second publish and revised at the third: revised since the second, absent at the first
      await page.goto(`${site.url}${prefix(lang)}/d/ch_kof_barometer`);
      await waitForChart(page, 1);
      const pick = page.locator('[data-revisions-vintage]');
      assert.ok(await pick.isVisible(), 'the list of earlier vintages is shown with JavaScript');
      assert.deepEqual(await pick.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)), [V2, V1]);
      assert.ok((await page.locator('label.revisions-pick').innerText()).includes(words.compareWith));
      await waitForMarks(page, 1);
      const shown = page.locator(`[data-revised-since="${V2}"]`);
      // the revised point in text: its period, the value then and now (not by colour alone)
      const row = shown.locator('tr[data-revised-point]');
      assert.equal(await row.count(), 1);
      assert.match(await row.innerText(), /101[.,]5\s+100[.,]75/);

      await pick.selectOption(V1);
      await waitForMarks(page, 0);
      assert.ok(await page.locator(`[data-revised-since="${V1}"]`).isVisible());
      assert.ok(!(await shown.isVisible()));
      // the count of the chosen vintage is announced
      const announced = await page.locator('[data-revised-announce]').innerText();
      assert.equal(announced, await page.locator(`[data-revised-since="${V1}"] [data-revised-count]`).innerText());

      await pick.selectOption(V2);
      await waitForMarks(page, 1);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(errors, []);
    });
  }

  for (const lang of LANGS) {
    it(`${lang}: the as-of control lists the vintages, opens a past vintage's page with its banner (as_of in the URL), whose link goes back to the latest; axe finds nothing`, async () => {
      const words = uiStrings(lang).dataset.vintages;
      const { errors } = watchErrors(page);
      const latestUrl = `${prefix(lang)}/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal`;
      await page.goto(`${site.url}${latestUrl}`);
      await waitForChart(page);
      const control = page.locator('select[data-as-of]');
      assert.deepEqual(await control.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)), ['', V3, V2, V1]);
      assert.equal(await control.inputValue(), '');
      assert.equal(await page.locator('[data-as-of-banner]').count(), 0);

      await Promise.all([page.waitForURL((u) => u.searchParams.get('as_of') === V2), control.selectOption(V2)]);
      await waitForChart(page);
      const banner = page.locator('[data-as-of-banner]');
      assert.ok(await banner.isVisible());
      assert.ok((await banner.innerText()).includes(words.toLatest));
      assert.equal(await page.locator('select[data-as-of]').inputValue(), V2);
      assert.equal(await page.locator('[data-revisions]').count(), 0);
      assert.deepEqual(await axeViolations(page), []);

      await Promise.all([page.waitForURL((u) => !u.searchParams.has('as_of')), banner.locator('a[data-latest]').click()]);
      await waitForChart(page);
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, latestUrl);
      assert.equal(await page.locator('[data-as-of-banner]').count(), 0);
      assert.deepEqual(errors, []);
    });
  }

  it('a selection changed in the browser gets the revisions card and marks of the new selection', async () => {
    const { errors } = watchErrors(page);
    // the nominal index of breakdown f was never revised; bf1's 1995 value was, in both later publishes
    await page.goto(`${site.url}/d/ch_fso_wage_idx?breakdown=f&adjustment=nominal`);
    await waitForChart(page, 1);
    await waitForMarks(page, 0);
    assert.equal(await page.locator(`[data-revised-since="${V2}"] [data-revised-count]`).getAttribute('data-revised-count'), '0');
    await page.locator('input[name="breakdown"][value="bf1"]').check();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-revisions]')?.dataset.revisionsOf?.includes('bf1'));
    await waitForChart(page, 2);
    await waitForMarks(page, 1);
    assert.equal(await page.locator(`[data-revised-since="${V2}"] [data-revised-count]`).getAttribute('data-revised-count'), '1');
    // the new card's list of vintages is wired: the first vintage's list shows, the mark stays (revised since then too)
    await page.locator('[data-revisions-vintage]').selectOption(V1);
    assert.ok(await page.locator(`[data-revised-since="${V1}"]`).isVisible());
    await waitForMarks(page, 1);
    assert.deepEqual(errors, []);
  });

  it("the page with its revisions card, and a past vintage's page with its banner, pass html-validate in every language", async () => {
    const found: string[] = [];
    for (const lang of LANGS) {
      for (const query of ['breakdown=bf1,f&adjustment=nominal', `breakdown=bf1&adjustment=nominal&as_of=${V2}`]) {
        const res = await fetch(`${site.url}${prefix(lang)}/d/ch_fso_wage_idx?${query}`, { headers: { accept: 'text/html' } });
        const report = await validator.validateString(await res.text());
        for (const m of report.results.flatMap((r) => r.messages)) found.push(`${lang} ${query} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`);
      }
    }
    assert.deepEqual(found, []);
  });
});
