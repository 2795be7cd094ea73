// Relative periods on the dataset page (issue 15), in real Chromium on the
// real data, in two languages, at desktop width and at 390 px: the period
// buttons write `from=-5y` into the URL, a URL with it opens the same window,
// the language switch, the snippets, the downloads and the Embed tab keep it,
// and custom dates still work. One server and one browser for the file.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Lang } from '../../src/data/model.js';
import { REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '390 px', width: 390, height: 844 },
] as const;
const DATASET = 'ch_seco_concon';
const SELECTION = 'type=index&structure=ks_i63_index_q&seas_adj=csa';

/** An ISO date (first of a month) minus whole years, by hand. */
const yearsBefore = (iso: string, years: number): string => `${Number(iso.slice(0, 4)) - years}${iso.slice(4)}`;

describe('relative periods on the dataset page (real data, Chromium)', { skip: SKIP_BROWSER }, () => {
  let site: Site;
  let chrome: Chrome;
  let page: Page;
  let watched: { errors: string[] };
  let end: string;

  before(async () => {
    site = await startSite(REAL_DATA);
    chrome = await launchChromium();
    page = await chrome.context.newPage();
    watched = watchErrors(page);
    const catalog = (await (await fetch(`${site.url}/catalog`)).json()) as { id: string; end: string }[];
    end = catalog.find((c) => c.id === DATASET)!.end;
  });
  after(async () => {
    await chrome?.close();
    await site?.close();
  });

  const search = (): URLSearchParams => new URL(page.url()).searchParams;
  const fromField = (): Promise<string> => page.inputValue('input[type=date][name=from]');
  /** The window of the shortcut marked current, or null when none is. */
  const activeChip = (): Promise<string | null> =>
    page.$$eval('[data-period] a.chip[aria-current="true"]', (chips) => (chips.length === 1 ? (chips[0] as HTMLElement).dataset.from! : null));

  /** Everything that names the selection carries the window `from`. */
  async function assertEverywhere(from: string, lang: Lang): Promise<void> {
    for (const l of ['en', 'de', 'fr', 'it'] as const) {
      const href = (await page.getAttribute(`.lang-switch a[data-lang="${l}"]`, 'href'))!;
      assert.equal(new URL(href, site.url).searchParams.get('from'), from, `language link ${l} from ${lang}`);
    }
    // ds() takes dates: with a fixed date R and Python call it, with a window they read the CSV URL (which rolls forward)
    const rolling = from.startsWith('-');
    for (const tool of rolling ? ['r', 'python', 'stata', 'curl'] : ['stata', 'curl']) {
      const code = (await page.textContent(`[data-snippet="${tool}"]`)) ?? '';
      assert.match(code, new RegExp(`/series\\.csv\\?dataset=${DATASET}&[^"' ]*from=${from}(&|"|'|$)`), `${tool} snippet: ${code}`);
    }
    if (!rolling) {
      assert.match((await page.textContent('[data-snippet="r"]')) ?? '', new RegExp(`from = "${from}"`));
      assert.match((await page.textContent('[data-snippet="python"]')) ?? '', new RegExp(`start="${from}"`));
    }
    for (const kind of ['csv', 'xlsx', 'json', 'png', 'svg']) {
      const href = (await page.getAttribute(`a[data-download="${kind}"]`, 'href'))!;
      assert.equal(new URL(href, site.url).searchParams.get('from'), from, `${kind} download`);
    }
    await page.click('label[for="out-embed"]');
    const embed = (await page.textContent('[data-embed-snippet]')) ?? '';
    const src = /src="([^"]+)"/.exec(embed)![1].replace(/&amp;/g, '&');
    assert.equal(new URL(src).searchParams.get('from'), from, `embed snippet: ${embed}`);
    assert.equal(new URL(src).searchParams.get('embed'), '1');
    const preview = (await page.getAttribute('[data-embed-preview]', 'src'))!;
    assert.equal(new URL(preview, site.url).searchParams.get('from'), from, 'embed preview');
  }

  for (const size of WIDTHS) {
    for (const lang of ['en', 'de'] as const) {
      it(`${lang}, ${size.name}: the 5-year button writes from=-5y; links, snippets, downloads and the embed keep it`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/d/${DATASET}?${SELECTION}`);
        await waitForChart(page, 1);
        const fetched = page.waitForResponse((r) => r.url().includes('/series?') && new URL(r.url()).searchParams.get('from') === '-5y');
        await page.click('[data-period] a.chip[data-from="-5y"]');
        assert.equal((await fetched).status(), 200);
        await waitForChart(page, 1);
        assert.equal(search().get('from'), '-5y');
        assert.equal(await activeChip(), '-5y');
        assert.equal(await fromField(), yearsBefore(end, 5), 'the date field shows the date the window stands for');
        await assertEverywhere('-5y', lang);
      });

      it(`${lang}, ${size.name}: a URL with from=-10y opens that window, and the language switch keeps it`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/d/${DATASET}?${SELECTION}&from=-10y`);
        await waitForChart(page, 1);
        assert.equal(search().get('from'), '-10y', 'the URL is not rewritten to a fixed date');
        assert.equal(await activeChip(), '-10y');
        assert.equal(await fromField(), yearsBefore(end, 10));
        const other: Lang = lang === 'en' ? 'fr' : 'it';
        await page.click(`.lang-switch a[data-lang="${other}"]`);
        await waitForChart(page, 1);
        assert.equal(new URL(page.url()).pathname, `/${other}/d/${DATASET}`);
        assert.equal(search().get('from'), '-10y');
        assert.equal(await activeChip(), '-10y');
        assert.equal(await fromField(), yearsBefore(end, 10));
      });

      it(`${lang}, ${size.name}: a custom date is still a fixed date, and "All" clears the window`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/d/${DATASET}?${SELECTION}&from=-5y`);
        await waitForChart(page, 1);
        await page.fill('input[type=date][name=from]', '2010-01-01');
        await page.waitForFunction(() => new URL(location.href).searchParams.get('from') === '2010-01-01');
        await waitForChart(page, 1);
        assert.equal(await activeChip(), null, 'no shortcut is active for a fixed date');
        await assertEverywhere('2010-01-01', lang);
        await page.click('[data-period] a.chip[data-from=""]');
        await waitForChart(page, 1);
        assert.equal(search().get('from'), null);
        assert.equal(await fromField(), '');
      });
    }
  }

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}, without JavaScript: Apply keeps a rolling window, and a typed date replaces it`, async () => {
      const context = await chrome.browser.newContext({ javaScriptEnabled: false, viewport: WIDTHS[1] });
      try {
        const plain = await context.newPage();
        await plain.goto(`${site.url}${prefix(lang)}/d/${DATASET}?${SELECTION}&from=-5y&to=-1y`);
        // another seasonal adjustment, then Apply: the form is sent as it stands
        await plain.check('input[name="seas_adj"]:not(:checked)');
        await Promise.all([plain.waitForURL((u) => u.searchParams.get('seas_adj') !== 'csa'), plain.click('button.apply')]);
        const picked = new URL(plain.url()).searchParams.get('seas_adj')!;
        for (const kind of ['csv', 'png']) {
          const href = new URL((await plain.getAttribute(`a[data-download="${kind}"]`, 'href'))!, site.url).searchParams;
          assert.deepEqual([href.get('from'), href.get('to'), href.get('dims')?.includes(`seas_adj=${picked}`)], ['-5y', '-1y', true], `${kind} download`);
        }
        const canonical = new URL((await plain.getAttribute('link[rel=canonical]', 'href'))!).searchParams;
        assert.deepEqual([canonical.get('from'), canonical.get('to'), canonical.has('from_rel')], ['-5y', '-1y', false]);
        assert.equal(await plain.inputValue('input[type=date][name=from]'), yearsBefore(end, 5));
        // a date typed into the field is a fixed date
        await plain.fill('input[type=date][name=from]', '2010-01-01');
        await Promise.all([plain.waitForURL((u) => u.searchParams.get('from') === '2010-01-01'), plain.click('button.apply')]);
        const csv = new URL((await plain.getAttribute('a[data-download="csv"]', 'href'))!, site.url).searchParams;
        assert.deepEqual([csv.get('from'), csv.get('to')], ['2010-01-01', '-1y']);
      } finally {
        await context.close();
      }
    });
  }

  it('no console error, failed request or error status on the way', () => {
    assert.deepEqual(watched.errors, []);
  });
});
