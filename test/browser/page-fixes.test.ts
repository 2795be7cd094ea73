// The fixes of issue 15's "What was seen", in real Chromium on the real data,
// in two or more languages, at desktop width and at 390 px: one server and one
// browser for the whole file.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LANGS, type Lang } from '../../src/data/model.js';
import { uiStrings } from '../../src/i18n/strings.js';
import { parseCsvText, REAL_DATA } from '../helpers.js';
import { addMonths, formatIsoDate, parseIsoDate } from '../../src/data/dates.js';
import { chartWords } from '../../src/i18n/chart-text.js';
import { axeViolations } from './checkers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '390 px', width: 390, height: 844 },
] as const;

/** A number as the chart writes it in a language (grouping marks dropped, any minus sign). */
function parseShown(text: string, lang: Lang): number {
  const decimal = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : `${lang}-CH`).formatToParts(1.5).find((p) => p.type === 'decimal')!.value;
  const plain = text
    .replace(/[\u2212\u2012\u2013]/g, '-')
    .split(decimal)
    .map((part) => part.replace(/[^0-9-]/g, ''))
    .join('.');
  return Number(plain);
}

describe('issue 15: what was seen, fixed (real data, Chromium)', { skip: SKIP_BROWSER }, () => {
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

  for (const size of WIDTHS) {
    for (const lang of ['en', 'de'] as const) {
      it(`${lang}, ${size.name}: y-axis labels are exact multiples of the step (steps of 2.5 keep their decimal)`, async () => {
        await page.setViewportSize(size);
        const q = 'Grossregion=4,7&Wirtschaftssektor=TOT&Besch%C3%A4ftigungsgrad=1&Geschlecht=1,2&from=2015-01-01&transform=yoy';
        await page.goto(`${site.url}${prefix(lang)}/d/ch_fso_jobs_sex?${q}`);
        await waitForChart(page);
        const labels = (await page.getAttribute('[data-chart] .uplot', 'data-y-ticks'))!.split('|');
        assert.ok(labels.length >= 3, labels.join(' '));
        const values = labels.map((l) => parseShown(l, lang));
        assert.equal(new Set(labels).size, labels.length, `distinct labels: ${labels.join(' ')}`);
        const step = Math.abs(values[1] - values[0]);
        for (let i = 1; i < values.length; i++) assert.ok(Math.abs(Math.abs(values[i] - values[i - 1]) - step) < 1e-9, `evenly spaced: ${labels.join(' ')}`);
      });
    }
  }

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: filtering a picker by a group's name shows the group's selectable levels`, async () => {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma`);
      await waitForChart(page);
      const filter = page.locator('[data-level-filter]').first();
      const list = page.locator('.level-filter + ul').first();
      for (const word of ['saron', 'libor']) {
        await filter.fill(word);
        const selectable = await list.locator('li.level:visible input[type=checkbox]').count();
        assert.ok(selectable > 0, `${word}: ${selectable} checkboxes visible`);
      }
      await filter.fill('');
      assert.equal(await list.locator('li[hidden]').count(), 0);
    });
  }

  it('the home search finds datasets in all four languages, whatever the page language (server and as you type)', async () => {
    await page.setViewportSize(WIDTHS[0]);
    for (const [lang, words] of [
      ['en', ['chômage', 'Arbeitslosenquote', 'Franken']],
      ['de', ['unemployment', 'chômage']],
      ['it', ['Arbeitslosenquote']],
    ] as const) {
      for (const word of words) {
        await page.goto(`${site.url}${prefix(lang)}/`);
        await Promise.all([
          page.waitForURL(/datasets/),
          page
            .locator('.hero input[type=search]')
            .fill(word)
            .then(() => page.keyboard.press('Enter')),
        ]);
        assert.ok((await page.locator('.dataset-row:visible').count()) > 0, `${lang} ${word}: results after submitting`);
        // typing on /datasets asks /search too
        await page.fill('#filter-q', '');
        await page.locator('#filter-q').pressSequentially(word, { delay: 5 });
        await page.waitForFunction(() => document.querySelectorAll('.dataset-row:not([hidden])').length > 0);
      }
    }
  });

  for (const lang of ['en', 'fr'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: a single-series page has no empty selection box and no blank chart header`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/d/ch_kof_barometer`);
        await waitForChart(page, 1);
        assert.equal(await page.locator('.explorer-side').count(), 0);
        const caption = page.locator('.chart-caption');
        if (await caption.isVisible()) assert.notEqual((await caption.innerText()).trim(), '');
        // the period and transform still submit without JavaScript
        assert.equal(await page.locator('form[data-explorer] button.apply').count(), 1);
      });
    }
  }

  for (const size of WIDTHS) {
    it(`${size.name}: the Embed tab's code wraps inside its box and starts below the Copy button`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${site.url}/de/d/ch_seco_concon`);
      await waitForChart(page);
      await page.click('label[for="out-embed"]');
      const pre = page.locator('pre.code-embed');
      const { scroll, client } = await pre.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      assert.ok(scroll <= client + 1, `no sideways scrolling: ${scroll} > ${client}`);
      const button = (await page.locator('[data-copy="embed-snippet"]').boundingBox())!;
      const firstLine = await page.locator('#embed-snippet').evaluate((el) => el.getClientRects()[0].top);
      assert.ok(firstLine >= button.y + button.height, `code starts at ${firstLine}, button ends at ${button.y + button.height}`);
      assert.equal(await page.locator('iframe[data-embed-preview]').getAttribute('width'), null);
      assert.match((await page.textContent('#embed-snippet'))!, /width="100%"/);
    });
  }

  for (const lang of ['en', 'it'] as const) {
    it(`${lang}: PNG and SVG downloads are named after the dataset and transform, also after a change`, async () => {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(`${site.url}${prefix(lang)}/d/ch_fso_ppi`);
      await waitForChart(page);
      await page.click('label[for="out-download"]');
      for (const kind of ['png', 'svg']) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.click(`a[data-download="${kind}"]`)]);
        assert.match(download.suggestedFilename(), new RegExp(`^ch_fso_ppi_\\w+\\.${kind}$`));
        await download.cancel();
      }
      await page.click('.transform-switch label:has(input[value="yoy"])');
      await waitForChart(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[data-download="png"]')]);
      assert.equal(download.suggestedFilename(), 'ch_fso_ppi_yoy.png');
      await download.cancel();
    });
  }

  it('/favicon.ico answers the site icon', async () => {
    const res = await page.request.get(`${site.url}/favicon.ico`);
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'], /^image\/svg\+xml/);
  });

  for (const lang of ['de', 'fr', 'it'] as const) {
    it(`${lang}: the 404 of a mistyped dataset says so in ${lang} and links what was meant`, async () => {
      const res = await page.goto(`${site.url}/${lang}/d/ch_fso_job`);
      assert.equal(res?.status(), 404);
      const detail = (await page.textContent('.error-detail'))!;
      assert.ok(detail.includes(uiStrings(lang).errors.didYouMean), detail);
      assert.ok(!/Unknown dataset|GET \/catalog/.test(detail), detail);
      assert.equal(await page.locator(`.error-detail a[href="/${lang}/d/ch_fso_jobs_sex"]`).count(), 1);
      await page.goto(`${site.url}/${lang}/no-such-page`);
      assert.ok(!/No route|API routes/.test(await page.innerText('main')));
    });
  }

  for (const size of WIDTHS) {
    it(`${size.name}: the language switch on /datasets keeps the words and topic, also typed ones`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${site.url}/datasets?q=price&topic=prices`);
      assert.equal(await page.getAttribute('.lang-switch a[data-lang="de"]', 'href'), '/de/datasets?q=price&topic=prices');
      await page.fill('#filter-q', 'wage');
      await Promise.all([page.waitForURL(/\/fr\/datasets/), page.click('.lang-switch a[data-lang="fr"]')]);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('q'), 'wage');
      assert.equal(await page.inputValue('#filter-q'), 'wage');
    });
  }

  it('home cards: kickers in the page language; the featured grid has no hole (desktop and 390 px)', async () => {
    const kickers: Partial<Record<Lang, string[]>> = {};
    for (const lang of ['en', 'de', 'it'] as const) {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(`${site.url}${prefix(lang)}/`);
      kickers[lang] = await page.locator('.feature-card .eyebrow').allTextContents();
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        const { items, columns } = await page.locator('.card-grid').evaluate((el) => ({
          items: el.children.length,
          columns: getComputedStyle(el).gridTemplateColumns.split(' ').length,
        }));
        assert.equal(items % columns, 0, `${lang} ${size.name}: ${items} cards in ${columns} columns`);
      }
    }
    // a kicker names the card's series (the naming model); a part may read as in English only where the data has no translation of it
    const hrefs = await page.locator('.feature-card .eyebrow').evaluateAll((els) => els.map((e) => e.closest('a')?.getAttribute('href') ?? ''));
    const untranslated = async (id: string, lang: Lang, part: string): Promise<boolean> => {
      const meta = (await (await fetch(`${site.url}/dataset/${id}/meta`)).json()) as {
        dimensions: Record<string, { levels: Record<string, { label: Record<string, string> }> }>;
      };
      return Object.values(meta.dimensions).some((d) => Object.values(d.levels).some((l) => l.label.en === part && (l.label[lang] ?? part) === part));
    };
    for (const lang of ['de', 'it'] as const) {
      const english: string[] = [];
      for (const [i, k] of kickers[lang]!.entries()) {
        if (!kickers.en!.includes(k)) continue;
        const id = /\/d\/([a-z0-9_]+)/.exec(hrefs[i])?.[1] ?? '';
        for (const part of k.split(' · ')) if (!(await untranslated(id, lang, part))) english.push(k);
      }
      assert.deepEqual(english, [], `${lang}: ${kickers[lang]!.join(', ')}`);
    }
  });

  for (const lang of ['en', 'de'] as const) {
    it(`${lang}, 390 px: the chart comes before the long description and the facts; the main navigation is not cut`, async () => {
      await page.setViewportSize(WIDTHS[1]);
      watched.errors.length = 0;
      await page.goto(`${site.url}${prefix(lang)}/d/ch_seco_concon`);
      await waitForChart(page);
      const top = async (sel: string): Promise<number> => (await page.locator(sel).first().boundingBox())!.y;
      const chart = await top('.chart-card');
      assert.ok(chart < (await top('.dataset-head .lede')), 'chart above the description');
      assert.ok(chart < (await top('.dataset-head .facts')), 'chart above the facts');
      assert.ok((await top('.dataset-head h1')) < chart, 'title first');
      for (const link of await page.locator('.main-nav a').all()) {
        const box = (await link.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 390, `${await link.textContent()} inside the screen`);
        assert.equal(await link.evaluate((el) => el.scrollWidth <= el.clientWidth), true);
      }
      assert.deepEqual(watched.errors, []);
    });
  }

  for (const lang of ['en', 'fr'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: the home search suggests datasets as you type, in every language, and the keyboard opens one`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/`);
        const box = page.locator('#home-q');
        await box.pressSequentially('Arbeitslosen', { delay: 5 });
        const options = page.locator('#home-q-suggestions [role=option]');
        // the answer to the whole word, not to a prefix typed on the way (a later answer replaces the list)
        await page.locator('#home-q-suggestions[data-query="Arbeitslosen"] [role=option]').first().waitFor();
        assert.equal(await box.getAttribute('aria-expanded'), 'true');
        await box.press('ArrowDown');
        assert.equal(await box.getAttribute('aria-activedescendant'), 'home-q-suggestions-0');
        await Promise.all([page.waitForURL(/\/d\//), box.press('Enter')]);
        assert.equal(new URL(page.url()).pathname.startsWith(`${prefix(lang)}/d/`), true, page.url());
        await page.goto(`${site.url}${prefix(lang)}/`);
        await page.locator('#home-q').pressSequentially('chômage', { delay: 5 });
        await options.first().waitFor();
        await page.locator('#home-q').press('Escape');
        assert.equal(await page.locator('#home-q-suggestions').isVisible(), false);
      });
    }
  }

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: suggestions leading to different series read differently (Zurich the greater region and the canton)`, async () => {
      await page.setViewportSize(WIDTHS[1]);
      await page.goto(`${site.url}${prefix(lang)}/about`);
      await page.locator('#site-q').pressSequentially('gdp zurich', { delay: 5 });
      const options = page.locator('#site-q-suggestions[data-query="gdp zurich"] [role=option]');
      await options.first().waitFor();
      const texts = await options.allTextContents();
      assert.ok(texts.length >= 2, texts.join(' | '));
      assert.equal(new Set(texts).size, texts.length, texts.join(' | '));
    });
  }

  for (const lang of ['en', 'it'] as const) {
    for (const leave of ['Escape', 'Tab'] as const) {
      it(`${lang}: a suggestion answer still on its way after ${leave} does not open the list again`, async () => {
        // its own page: every answer of /search is held after its headers (in reading the body) until the user has left the list
        const held = await chrome.context.newPage();
        try {
          await held.addInitScript(() => {
            const json = Response.prototype.json;
            const gate = new Promise<void>((resolve) => Object.assign(window, { releaseAnswers: resolve }));
            Response.prototype.json = async function (this: Response) {
              await gate;
              return json.call(this);
            };
          });
          await held.setViewportSize(WIDTHS[0]);
          await held.goto(`${site.url}${prefix(lang)}/`);
          const box = held.locator('#home-q');
          const last = held.waitForResponse((r) => r.url().includes('q=ch%C3%B4mage'));
          await box.pressSequentially('chômage', { delay: 5 });
          await last;
          await box.press(leave);
          // past the list's own closing on blur (150 ms)
          await held.waitForTimeout(300);
          await held.evaluate(() => (window as unknown as { releaseAnswers: () => void }).releaseAnswers());
          await held.waitForTimeout(300);
          assert.equal(await held.locator('#home-q-suggestions').isVisible(), false);
          assert.equal(await box.getAttribute('aria-expanded'), 'false');
        } finally {
          await held.close();
        }
      });
    }
  }

  for (const lang of ['de', 'it'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: the header search suggests as you type on other pages, keyboard-navigable`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}/${lang}/about`);
        const box = page.locator('#site-q');
        await box.pressSequentially('chômage', { delay: 5 });
        await page.locator('#site-q-suggestions[data-query="chômage"] [role=option]').first().waitFor();
        await box.press('ArrowDown');
        await box.press('ArrowDown');
        await box.press('ArrowUp');
        assert.equal(await box.getAttribute('aria-activedescendant'), 'site-q-suggestions-0');
        await Promise.all([page.waitForURL(/\/d\//), box.press('Enter')]);
        assert.ok(new URL(page.url()).pathname.startsWith(`/${lang}/d/`), page.url());
      });
    }
  }

  for (const lang of ['en', 'de'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: an index on a base value of 0, below 0 or missing warns instead of drawing, offering the change and the base field`, async () => {
        await page.setViewportSize(size);
        const t = uiStrings(lang).dataset;
        // the template with the series' label left open
        const pattern = (template: string): string => `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{series}', '.+')}$`;
        const expectWarning = async (template: string): Promise<void> => {
          await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('[data-zero-text]')?.textContent?.trim() ?? ''), pattern(template));
          assert.equal(await page.locator('[data-zero-warning]').isVisible(), true);
          assert.equal(await page.locator('[data-chart-card]').isVisible(), false);
          assert.equal(await page.getAttribute('[data-zero-fix="base"]', 'href'), '#index-base');
          assert.equal(await page.locator('#index-base').count(), 1);
          assert.match((await page.getAttribute('[data-zero-fix="diff"]', 'href'))!, /transform=diff/);
        };
        // the server, with and without JavaScript: Jan 1972 is 0, Jan 2020 is -0.85, there is no value in Jan 1960
        for (const [query, template] of [
          ['', t.indexBaseZero],
          ['&base=2020-01-01', t.indexBaseNegative],
          ['&base=1960-01-01', t.indexBaseMissing],
        ] as const) {
          await page.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma?D0=1TGT&transform=index${query}`);
          await expectWarning(template);
          const context = await chrome.browser.newContext({ javaScriptEnabled: false, viewport: size });
          try {
            const noJs = await context.newPage();
            await noJs.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma?D0=1TGT&transform=index${query}`);
            assert.match((await noJs.textContent('[data-zero-text]'))!.trim(), new RegExp(pattern(template)));
            assert.equal(await noJs.locator('[data-chart-card]').isVisible(), false);
          } finally {
            await context.close();
          }
        }
        // the bundle: from the level, the switch to index and a typed base follow the same rule
        await page.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma?D0=1TGT`);
        await waitForChart(page, 1);
        assert.equal(await page.locator('[data-zero-warning]').isVisible(), false);
        await page.click('.transform-switch label:has(input[value="index"])');
        await expectWarning(t.indexBaseZero);
        await page.fill('#index-base', '2020-01-01');
        await page.waitForURL(/base=2020-01-01/);
        await expectWarning(t.indexBaseNegative);
        // a positive base draws the index
        await page.fill('#index-base', '2008-01-01');
        await page.waitForURL(/base=2008-01-01/);
        await page.locator('[data-chart-card]').waitFor({ state: 'visible' });
        await waitForChart(page, 1);
        assert.equal(await page.locator('[data-zero-warning]').isVisible(), false);
        assert.notEqual((await page.textContent('[data-headline] .headline-value'))!.trim(), '');
      });
    }
  }

  for (const lang of LANGS) {
    it(`${lang}, 390 px: with the table open the page is never wider than the screen; the table scrolls in its own box, reachable by keyboard`, async () => {
      await page.setViewportSize(WIDTHS[1]);
      // four columns of long labels are wider than the screen; the others fit once their headers wrap
      for (const [path, wide] of [
        ['/d/ch_fso_jobs_sex?Grossregion=0,1,2,3&from=-5y&transform=yoy', true],
        ['/d/ch_snb_zimoma?compare=ch_kof_barometer:', false],
        ['/d/ch_seco_concon', false],
      ] as const) {
        await page.goto(`${site.url}${prefix(lang)}${path}`);
        await waitForChart(page);
        await page.click('[data-table] summary');
        const table = page.locator('[data-table] .table-scroll');
        await table.waitFor({ state: 'visible' });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `${path}: the page is ${width} px wide`);
        const box = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, tab: el.tabIndex }));
        if (wide) assert.ok(box.scroll > box.client, `${path}: a wide table scrolls in its box (${box.scroll} in ${box.client})`);
        assert.ok(box.client <= 390, `${path}: the table's box is ${box.client} px wide`);
        assert.equal(box.tab, 0);
        for (const v of await axeViolations(page)) assert.fail(`${path}: ${v}`);
      }
    });
  }

  /** The headline's changes of each series beside the numbers of /series.csv: latest minus previous period, latest minus a year earlier. */
  async function checkHeadlineChanges(p: Page, lang: Lang, unit: string): Promise<number> {
    const href = (await p.getAttribute('a[data-download="api"]', 'href'))!.replace('/series?', '/series.csv?');
    const rows = parseCsvText(await (await p.request.get(`${site.url}${href}`)).text());
    const series = new Map<string, Map<string, number>>();
    for (const r of rows.slice(1)) {
      const key = r.slice(0, -2).join('.');
      if (!series.has(key)) series.set(key, new Map());
      series.get(key)!.set(r.at(-2)!, r.at(-1) === '' ? NaN : Number(r.at(-1)));
    }
    const items = p.locator('[data-headline] .headline-item');
    const n = await items.count();
    assert.ok(n >= 2, `${n} headline items`);
    const words = uiStrings(lang).dataset;
    const csv = [...series.values()];
    for (let i = 0; i < n; i++) {
      const values = csv[i];
      const dates = [...values.keys()].sort();
      const at = dates.findLastIndex((d) => !Number.isNaN(values.get(d)));
      const last = dates[at];
      const seen = (v: number | undefined): number | undefined => (v === undefined || Number.isNaN(v) ? undefined : v);
      const previous = at > 0 ? seen(values.get(dates[at - 1])) : undefined;
      const yearAgo = seen(values.get(formatIsoDate(addMonths(parseIsoDate(last)!, -12))));
      const changes = await items.nth(i).locator('.headline-change').allInnerTexts();
      for (const [change, other, phrase] of [
        [changes.find((c) => c.endsWith(words.changeOnPrevious)), previous, words.changeOnPrevious],
        [changes.find((c) => c.endsWith(words.changeOnYear)), yearAgo, words.changeOnYear],
      ] as const) {
        if (other === undefined) continue;
        assert.ok(change, `a change ${phrase} beside ${other}`);
        const text = change.slice(0, -phrase.length).trim();
        assert.ok(text.endsWith(` ${unit}`), `${change}: in ${unit}`);
        const number = text.slice(0, -unit.length).trim();
        const expected = values.get(last)! - other;
        const decimals = /[.,](\d+)/.exec(number)?.[1].length ?? 0;
        assert.ok(Math.abs(parseShown(number, lang) - expected) <= 0.5 * 10 ** -decimals + 1e-9, `${change} vs ${expected}`);
      }
    }
    return n;
  }

  for (const lang of LANGS) {
    it(`${lang}: the headline's changes of a % change are in percentage points, as /series.csv has them (server and bundle)`, async () => {
      await page.setViewportSize(lang === 'de' || lang === 'it' ? WIDTHS[1] : WIDTHS[0]);
      const pp = chartWords(lang).percentagePointsShort;
      const q = 'Grossregion=0,1&from=-5y';
      // the server, without JavaScript
      const context = await chrome.browser.newContext({ javaScriptEnabled: false });
      try {
        const noJs = await context.newPage();
        await noJs.goto(`${site.url}${prefix(lang)}/d/ch_fso_jobs_sex?${q}&transform=yoy`);
        await checkHeadlineChanges(noJs, lang, pp);
        assert.equal(await noJs.getAttribute('[data-headline] abbr.headline-unit', 'title'), chartWords(lang).percentagePoints);
      } finally {
        await context.close();
      }
      // the bundle: from the level (changes in its unit) to % changes (in percentage points)
      await page.goto(`${site.url}${prefix(lang)}/d/ch_fso_jobs_sex?${q}&transform=level`);
      await waitForChart(page);
      const changes = (await page.locator('[data-headline] .headline-change').allInnerTexts()).join(' | ');
      assert.ok(!changes.includes(` ${pp} `), changes);
      for (const transform of ['yoy', 'pct']) {
        await page.click(`.transform-switch label:has(input[value="${transform}"])`);
        await page.waitForURL(new RegExp(`transform=${transform}`));
        await waitForChart(page);
        await checkHeadlineChanges(page, lang, pp);
      }
    });
  }

  for (const size of WIDTHS) {
    it(`${size.name}, without JavaScript: the chart image is drawn near the width it is shown at, its texts 10 px or more`, async () => {
      const context = await chrome.browser.newContext({ javaScriptEnabled: false, viewport: size });
      try {
        const noJs = await context.newPage();
        for (const path of ['/d/ch_kof_barometer?embed=1', '/fr/d/ch_seco_concon', '/de/d/ch_fso_jobs_sex?Grossregion=0,1&from=-5y&transform=yoy']) {
          await noJs.goto(`${site.url}${path}`);
          const img = noJs.locator('[data-chart] img');
          await img.waitFor({ state: 'visible' });
          await noJs.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-chart] img')?.complete);
          assert.equal(await noJs.locator('[data-chart] > svg').isVisible(), false);
          const shown = await img.evaluate((el: HTMLImageElement) => ({ width: el.getBoundingClientRect().width, src: el.currentSrc }));
          assert.ok(shown.width <= size.width, `${path}: ${shown.width} px wide`);
          const svg = await (await noJs.request.get(shown.src)).text();
          // the width the chosen image is drawn at
          const drawn = Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]);
          const ratio = shown.width / drawn;
          assert.ok(ratio > 0.8 && ratio < 1.25, `${path}: drawn at ${drawn} px, shown at ${shown.width} px`);
          const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
          assert.ok(sizes.length > 0, `${path}: texts in ${shown.src}`);
          assert.ok(Math.min(...sizes) * ratio >= 9.5, `${path}: the smallest text is ${(Math.min(...sizes) * ratio).toFixed(1)} px`);
        }
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: the Stata code of a compare view reads each dataset into its own frame; the other tools name each dataset's data`, async () => {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(`${site.url}${prefix(lang)}/d/ch_kof_barometer?from=-5y&transform=yoy&compare=ch_snb_zimoma:D0=SARON`);
      await waitForChart(page, 2);
      await page.click('label[for="out-code"]');
      const check = async (transform: string): Promise<void> => {
        const stata = ((await page.textContent('[data-snippet="stata"]')) ?? '').split('\n');
        const imports = stata.flatMap((l, i) => (l.startsWith('import delimited') ? [i] : []));
        assert.equal(imports.length, 2, stata.join('\n'));
        assert.match(stata[imports[0]], new RegExp(`dataset=ch_kof_barometer&.*transform=${transform}.*, clear`));
        assert.match(stata[imports[1]], new RegExp(`dataset=ch_snb_zimoma&.*transform=${transform}.*, clear`));
        // the second import clears the frame it made, not the first dataset
        assert.deepEqual(
          stata.slice(imports[0], imports[1]).filter((l) => l.startsWith('frame ')),
          ['frame create df2', 'frame change df2'],
        );
        assert.equal(stata.at(-1), 'frame change default');
        const matlab = (await page.textContent('[data-snippet="matlab"]')) ?? '';
        assert.match(matlab, /^data = readtable/m);
        assert.match(matlab, /^data2 = readtable/m);
        const sas = (await page.textContent('[data-snippet="sas"]')) ?? '';
        assert.match(sas, /^data work\.series2;$/m);
        const julia = (await page.textContent('[data-snippet="julia"]')) ?? '';
        assert.match(julia, /^df2 = DataFrame\(/m);
      };
      await check('yoy');
      // the bundle rewrites the code with the same rule
      await page.click('.transform-switch label:has(input[value="pct"])');
      await page.waitForURL(/transform=pct/);
      await waitForChart(page, 2);
      await check('pct');
    });
  }
});
