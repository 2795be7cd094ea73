// Compare (issue 15): a series of another dataset on the same chart, in real
// Chromium on the real data, in English and French, at desktop width and at
// 390 px. It is added by typing a query in another language, drawn with a
// label that names its dataset, kept by a reload and by the language switch,
// removed again; snippets and downloads list both datasets; its numbers are
// /series's; bad compare values are left out with a note; the page passes
// axe and html-validate with a compared series and the picker open.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Lang } from '../../src/data/model.js';
import type { ExplorerData } from '../../src/render/pages/explorer-data.js';
import { MAX_COMPARE } from '../../src/selection/compare.js';
import { formatCompare } from '../../src/urls.js';
import { REAL_DATA } from '../helpers.js';
import { axeViolations, validator } from './checkers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

const PRIMARY = 'ch_fso_hicp';
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '390 px', width: 390, height: 844 },
];
/** A query in another language than the page's, and the page's language. */
const CASES: { lang: Lang; query: string; other: Lang }[] = [
  { lang: 'en', query: 'chômage', other: 'de' },
  { lang: 'fr', query: 'Arbeitslosenquote', other: 'it' },
];
const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);

async function pageData(page: Page): Promise<ExplorerData> {
  return JSON.parse((await page.locator('#explorer-data').textContent()) ?? '{}') as ExplorerData;
}

/** The legend's series names of the interactive chart (uPlot keeps them in the DOM; no row for the time axis, the legend is not live). */
async function legend(page: Page): Promise<string[]> {
  return page.locator('[data-chart] .u-legend .u-series .u-label').allTextContents();
}

/** Types a query into the compare box and picks the first suggestion with the keyboard. */
async function addByTyping(page: Page, query: string): Promise<void> {
  const box = page.locator('#compare-q');
  await box.scrollIntoViewIfNeeded();
  await box.click();
  await box.pressSequentially(query, { delay: 5 });
  await page.locator(`#compare-q-suggestions[data-query="${query}"] [role=option]`).first().waitFor();
  await box.press('ArrowDown');
  await Promise.all([page.waitForURL(/compare=/), box.press('Enter')]);
}

/** /series of a compared selection with the page's transform and period, as the API answers it. */
async function seriesOf(site: Site, data: ExplorerData, k: number): Promise<{ value: (number | null)[]; date: string[] }> {
  const c = data.compare[k];
  const dims = Object.entries(c.ref.dims)
    .map(([d, codes]) => `${d}=${codes.join(',')}`)
    .join(';');
  const q = new URLSearchParams({ dataset: c.ref.datasetId, transform: data.state.transform });
  if (dims) q.set('dims', dims);
  if (data.state.from) q.set('from', data.state.from);
  if (data.state.to) q.set('to', data.state.to);
  return (await (await fetch(`${site.url}/series?${q}`)).json()) as { value: (number | null)[]; date: string[] };
}

describe('compare a series of another dataset on the same chart', { skip: SKIP_BROWSER }, () => {
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

  for (const size of WIDTHS) {
    for (const { lang, query, other } of CASES) {
      it(`${lang}, ${size.name}: add by typing "${query}", reload, switch language, remove; snippets, downloads and numbers follow`, async () => {
        await page.setViewportSize(size);
        const { errors } = watchErrors(page);
        await page.goto(`${site.url}${prefix(lang)}/d/${PRIMARY}`);
        await waitForChart(page);
        const own = (await pageData(page)).series.length;
        const before = await legend(page);

        await addByTyping(page, query);
        await waitForChart(page, own + 1);
        let data = await pageData(page);
        assert.equal(data.compare.length, 1);
        const compared = data.compare[0];
        assert.notEqual(compared.ref.datasetId, PRIMARY);
        assert.match(page.url(), new RegExp(`compare=${compared.ref.datasetId}`));
        // the compared series is named by its dataset, with its unit and frequency; every name differs
        const names = await legend(page);
        assert.equal(names.length, own + compared.series.length);
        assert.ok(
          names.some((n) => n.startsWith(`${compared.title}: `) || n.startsWith(`${compared.title} (`)),
          names.join(' | '),
        );
        assert.ok(
          names.every((n) => n.includes(compared.frequencyName) || n.includes(data.frequencyName)),
          names.join(' | '),
        );
        assert.equal(new Set(names).size, names.length);
        assert.notDeepEqual(names, before);
        // its numbers are /series's for that selection
        const api = await seriesOf(site, data, 0);
        assert.deepEqual(
          compared.series.flatMap((s) => s.values),
          api.value,
        );
        // the table lists it without JavaScript too; the card lists it with its page and remove links
        assert.ok((await page.locator('[data-table] thead th').allTextContents()).some((h) => h.includes(compared.title)));
        await assert.doesNotReject(page.locator(`[data-compare-item="${compared.ref.datasetId}"] a[data-compare-remove]`).waitFor());

        // snippets: one ds() per dataset (R, Python), one URL per dataset (the others)
        const r = (await page.locator('[data-snippet="r"]').textContent()) ?? '';
        const py = (await page.locator('[data-snippet="python"]').textContent()) ?? '';
        const curl = (await page.locator('[data-snippet="curl"]').textContent()) ?? '';
        for (const id of [PRIMARY, compared.ref.datasetId]) {
          assert.match(r, new RegExp(`<- ds\\("${id}"`));
          assert.match(py, new RegExp(`= ds\\("${id}"`));
          assert.match(curl, new RegExp(`dataset=${id}`));
        }
        // downloads: the page's and the compared dataset's CSV and JSON
        await page.click('label[for="out-download"]');
        const hrefs = await page.locator('.outputs a.download').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        for (const id of [PRIMARY, compared.ref.datasetId]) {
          assert.ok(
            hrefs.some((h) => h.includes('/series.csv?') && h.includes(`dataset=${id}&`)),
            `csv of ${id}`,
          );
          assert.ok(
            hrefs.some((h) => h.includes('/series?') && h.includes(`dataset=${id}&`)),
            `json of ${id}`,
          );
        }

        // a change of transform in the browser refetches the compared series: its table column equals /series
        if (lang === 'en') {
          await page.locator('input[name=transform][value=yoy]').check({ force: true });
          await page.waitForURL(/transform=yoy/);
          await waitForChart(page, own + 1);
          assert.match(page.url(), /compare=/);
          data = await pageData(page);
          const yoy = await seriesOf(site, { ...data, state: { ...data.state, transform: 'yoy' } }, 0);
          const column = (await page.locator('[data-table] thead th').allTextContents()).findIndex((h) => h.includes(compared.title));
          const cells = await page
            .locator(`[data-table] tbody tr`)
            .evaluateAll((rows, col) => rows.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.children[col]?.textContent ?? '']), column);
          const newest = [...api.date.keys()].reverse().filter((i) => yoy.value[i] !== null);
          const texts = cells.filter(([, v]) => v !== '').map(([, v]) => v.replace(/,/g, ''));
          assert.ok(texts.length > 0);
          // the column's decimals (issue 23: one number of decimals per column): each cell is the value rounded to them
          const decimals = (texts[0].split('.')[1] ?? '').length;
          for (let i = 0; i < texts.length; i++) {
            assert.equal((texts[i].split('.')[1] ?? '').length, decimals, texts.join(' '));
            assert.ok(Math.abs(Number(texts[i]) - yoy.value[newest[i]]!) <= 0.5 * 10 ** -decimals + 1e-9, `${texts[i]} ≈ ${yoy.value[newest[i]]}`);
          }
          // its downloads (tab and card) and its snippet follow the transform
          const links = await page
            .locator(`a[data-compared-download], [data-compare-item] a.download`)
            .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
          assert.ok(links.length >= 4);
          for (const href of links) assert.match(href, new RegExp(`dataset=${compared.ref.datasetId}&.*transform=yoy`));
          assert.match((await page.locator('[data-snippet="r"]').textContent()) ?? '', /df2_yoy <- read\.csv\(/);
        }

        // reload: the same chart
        await page.reload();
        await waitForChart(page, own + 1);
        assert.deepEqual((await legend(page)).length, own + compared.series.length);

        // the language switch keeps it (the compared dataset named in the other language)
        await Promise.all([
          page.waitForURL(new RegExp(`/${other}/d/${PRIMARY}\\?.*compare=${compared.ref.datasetId}`)),
          page.locator(`.lang-switch a[data-lang="${other}"]`).click(),
        ]);
        await waitForChart(page, own + 1);
        const there = await pageData(page);
        assert.equal(there.compare[0].ref.datasetId, compared.ref.datasetId);
        assert.ok((await legend(page)).some((n) => n.startsWith(there.compare[0].title)));

        // remove: back to the page's own series
        await Promise.all([page.waitForURL((u) => !u.search.includes('compare=')), page.locator('[data-compare-remove]').first().click()]);
        await waitForChart(page, own);
        assert.equal((await pageData(page)).compare.length, 0);
        assert.equal(await page.locator('[data-compare-item]').count(), 0);
        assert.deepEqual(errors, []);
      });
    }
  }

  it('a second unit goes on a right axis, with a note; the legend names each unit and frequency', async () => {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${site.url}/d/${PRIMARY}?transform=level&compare=ch_seco_concon`);
    await waitForChart(page);
    const data = await pageData(page);
    const note = (await page.locator('[data-compare-units]').textContent()) ?? '';
    assert.ok(await page.locator('[data-compare-units]').isVisible());
    assert.match(note, /Different units/);
    assert.match(note, /Different frequencies/);
    const axes = await page.locator('[data-chart] .uplot').evaluate((el) => ({ y: (el as HTMLElement).dataset.yUnit, y2: (el as HTMLElement).dataset.y2Unit }));
    assert.ok(axes.y && axes.y2 && axes.y !== axes.y2, JSON.stringify(axes));
    const names = await legend(page);
    assert.ok(names.some((n) => n.includes(`${data.frequencyName})`)));
    assert.ok(names.some((n) => n.includes(`${data.compare[0].frequencyName})`)));
  });

  it('bad compare values are left out with a visible note, never a 500; at most MAX_COMPARE are shown', async () => {
    await page.setViewportSize(WIDTHS[1]);
    const ok = ['ch_fso_unemp_rate', 'ch_fso_pop', 'ch_kof_barometer', 'ch_seco_concon', 'ch_fso_ppi', 'ch_snb_zimoma'];
    const bad = ['no_such_dataset', 'ch_fso_unemp_rate:nope=1', 'ch_fso_pop:Jahr=x', 'Not an id!', '<img src=x onerror=alert(1)>', 'ch_fso_unemp_rate'];
    const query = [...ok.slice(0, 2), ...bad, ...ok.slice(2)].map((v) => `compare=${encodeURIComponent(v)}`).join('&');
    for (const lang of ['en', 'de'] as Lang[]) {
      const res = await page.goto(`${site.url}${prefix(lang)}/d/${PRIMARY}?${query}`);
      assert.equal(res?.status(), 200);
      await waitForChart(page);
      const data = await pageData(page);
      assert.equal(data.compare.length, MAX_COMPARE);
      const notes = await page.locator('.compare-drops li').allTextContents();
      // four bad values, the duplicate, and the sixth good one over the cap
      assert.equal(notes.length, bad.length + 1, notes.join('\n'));
      assert.ok(await page.locator('.compare-drops').isVisible());
      assert.equal(await page.locator('.compare-drops img').count(), 0, 'a hostile value is text');
      for (const v of ['no_such_dataset', 'nope=1', 'Not an id!', '<img src=x onerror=alert(1)>', 'ch_snb_zimoma'])
        assert.ok(
          notes.some((n) => n.includes(v)),
          v,
        );
      // the address bar keeps only what is shown, and the search box is gone at the cap
      const kept = new URL(page.url()).searchParams.getAll('compare');
      assert.deepEqual(
        kept,
        data.compare.map((c) => formatCompare(c.ref)),
      );
      assert.equal(await page.locator('#compare-q').isVisible(), false);
    }
    for (const path of [
      '/d/ch_fso_hicp?compare=',
      '/d/ch_fso_hicp?compare=%3A%3A',
      '/d/ch_fso_hicp?compare=x%3Ba%3D%3D',
      `/d/ch_fso_hicp?compare=ch_fso_pop&embed=1`,
    ]) {
      const res = await fetch(`${site.url}${path}`);
      assert.equal(res.status, 200, path);
    }
  });

  it('without JavaScript the table and the card show the compared series; the embed keeps them', async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`${site.url}/de/d/${PRIMARY}?compare=ch_fso_unemp_rate`);
      const data = await pageData(noJs);
      await noJs.locator('[data-table] summary').click();
      const heads = await noJs.locator('[data-table] thead th').allTextContents();
      assert.ok(
        heads.some((h) => h.includes(data.compare[0].title)),
        heads.join(' | '),
      );
      assert.equal(await noJs.locator('[data-compare-item] a[data-compare-remove]').count(), 1);
      assert.equal(await noJs.locator('#compare-q').isVisible(), false);
      // nothing to compare and no way to add without JavaScript: no card
      await noJs.goto(`${site.url}/de/d/${PRIMARY}`);
      assert.equal(await noJs.locator('[data-compare]').isVisible(), false);
    } finally {
      await context.close();
    }
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${site.url}/d/${PRIMARY}?compare=ch_fso_unemp_rate&embed=1`);
    const data = await pageData(page);
    await waitForChart(page, data.series.length + data.compare[0].series.length);
    assert.ok((await legend(page)).some((n) => n.startsWith(data.compare[0].title)));
    const snippet =
      (await (await fetch(`${site.url}/d/${PRIMARY}?compare=ch_fso_unemp_rate`)).text()).match(/<code id="embed-snippet"[^>]*>([^<]*)</)?.[1] ?? '';
    assert.match(snippet, /compare=ch_fso_unemp_rate/);
  });

  for (const lang of ['en', 'fr'] as Lang[]) {
    it(`${lang}: the chart images draw the compared series too: their links carry compare, and no note says otherwise (issue 23)`, async () => {
      await page.setViewportSize(WIDTHS[1]);
      await page.goto(`${site.url}${prefix(lang)}/d/${PRIMARY}?compare=ch_fso_unemp_rate`);
      await waitForChart(page);
      await page.click('label[for="out-download"]');
      assert.equal(await page.locator('[data-chart-downloads-note]').count(), 0);
      for (const kind of ['png', 'svg']) {
        const href = (await page.getAttribute(`a[data-download="${kind}"]`, 'href'))!;
        assert.match(href, /[?&]compare=ch_fso_unemp_rate(:|&|$)/, href);
      }
      const svg = await fetch(`${site.url}${(await page.getAttribute('a[data-download="svg"]', 'href'))!}`);
      assert.equal(svg.status, 200);
      const data = await pageData(page);
      assert.ok((await svg.text()).includes(data.compare[0].title.replace(/&/g, '&amp;')), 'the image names the compared dataset');
    });
  }

  for (const lang of ['en', 'it'] as Lang[]) {
    it(`${lang}: axe finds no violation with a compared series and the picker open; html-validate no error`, async () => {
      await page.setViewportSize(WIDTHS[0]);
      const url = `${site.url}${prefix(lang)}/d/${PRIMARY}?compare=ch_fso_pop`;
      await page.goto(url);
      await waitForChart(page);
      await page.locator('#compare-q').pressSequentially('unemployment', { delay: 5 });
      await page.locator('#compare-q-suggestions[data-query="unemployment"] [role=option]').first().waitFor();
      const found = await axeViolations(page);
      await page.locator('#compare-q').press('Escape');
      await page.click('label[for="out-download"]');
      found.push(...(await axeViolations(page)));
      assert.deepEqual(found, []);
      const report = await validator.validateString(await (await fetch(url)).text());
      assert.deepEqual(
        report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ''})`)),
        [],
      );
    });
  }
});
