// The numbers beside the chart (issue 15): headline, table, citation, index
// base, log scale, unit on the axis and the warning instead of a chart when
// % change meets a series crossing zero. Real data, real Chromium, two or
// more languages, desktop and 390 px; one server and one browser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Lang } from '../../src/data/model.js';
import { uiStrings } from '../../src/i18n/strings.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCsvText, REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, type Chrome, type Site } from './harness.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '390 px', width: 390, height: 844 },
] as const;

/** A number as a page writes it in a language. */
function parseShown(text: string, lang: Lang): number {
  const decimal = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : `${lang}-CH`).formatToParts(1.5).find((p) => p.type === 'decimal')!.value;
  return Number(
    text
      .replace(/[\u2212]/g, '-')
      .split(decimal)
      .map((part) => part.replace(/[^0-9-]/g, ''))
      .join('.'),
  );
}

/** The observations of the page's selection from /series (the API link of the page), per series and date. */
async function apiSeries(page: Page, site: Site): Promise<{ columns: Map<string, Map<string, number>>; dims: string[] }> {
  const href = (await page.getAttribute('a[data-download="api"]', 'href'))!;
  const body = (await (await page.request.get(`${site.url}${href}`)).json()) as Record<string, (string | number | null)[]>;
  const dims = Object.keys(body).filter((k) => k !== 'date' && k !== 'value');
  const columns = new Map<string, Map<string, number>>();
  body.date.forEach((d, i) => {
    const key = dims.map((k) => body[k][i]).join('.');
    if (!columns.has(key)) columns.set(key, new Map());
    if (body.value[i] !== null) columns.get(key)!.set(String(d), Number(body.value[i]));
  });
  return { columns, dims };
}

describe('issue 15: headline, table, cite, index base, log scale, axis unit, zero crossing (Chromium, real data)', { skip: SKIP_BROWSER }, () => {
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

  for (const lang of ['en', 'de'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: the headline shows each series' latest value with its period and changes, as /series has them`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/d/ch_fso_ppi?dims=base=2020&transform=level`);
        await waitForChart(page);
        const { columns } = await apiSeries(page, site);
        const [values] = [...columns.values()];
        const dates = [...values.keys()].sort();
        const last = values.get(dates.at(-1)!)!;
        const item = page.locator('[data-headline] .headline-item').first();
        const text = (await item.locator('.headline-value').innerText()).split(':').at(-1)!;
        const shown = parseShown(text, lang);
        // rounded to about four significant digits: within half a unit of the last digit shown
        const tolerance = (digits: string): number => 0.5 * 10 ** -(/[.,](\d+)/.exec(digits)?.[1].length ?? 0) + 1e-9;
        assert.ok(Math.abs(shown - last) <= tolerance(text), `${shown} vs ${last}`);
        const changes = await item.locator('.headline-change').allInnerTexts();
        assert.equal(changes.length, 2, changes.join(' | '));
        assert.ok(changes[0].includes(uiStrings(lang).dataset.changeOnPrevious));
        const prev = values.get(dates.at(-2)!)!;
        const change = changes[0].split(' ')[0];
        assert.ok(Math.abs(parseShown(change, lang) - (last - prev)) <= tolerance(change), `${changes[0]} vs ${last - prev}`);
        // a change of the selection redraws it
        await page.click('.transform-switch label:has(input[value="yoy"])');
        await waitForChart(page);
        await page.waitForFunction(() => document.querySelector('[data-headline] .headline-unit')?.textContent?.includes('%'));
      });
    }
  }

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: the table holds the numbers of /series, newest first, series as columns, in pages (with and without JavaScript)`, async () => {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma`);
      await waitForChart(page);
      await page.click('#table summary');
      const { columns } = await apiSeries(page, site);
      const headers = await page.locator('.data-table thead th').count();
      assert.equal(headers, columns.size + 1);
      const check = async (p: Page): Promise<string[]> => {
        const rows = await p.locator('.data-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
        const cells = rows.flatMap((r) => r.slice(1)).filter((c) => c !== '');
        const all = [...columns.values()].flatMap((m) => [...m.values()]);
        for (const c of cells)
          assert.ok(
            all.some((v) => Math.abs(v - parseShown(c, lang)) < 1e-6),
            `${c} is a value of /series`,
          );
        return rows.map((r) => r[0]);
      };
      const first = await check(page);
      assert.equal(first.length, 20);
      const dates = [...new Set([...columns.values()].flatMap((m) => [...m.keys()]))].sort().reverse();
      assert.equal(
        await page.locator('.table-pager span').first().innerText(),
        uiStrings(lang).dataset.tableRows.replace('{from}', '1').replace('{to}', '20').replace('{total}', String(dates.length)),
      );
      await page.click('.table-pager a[data-table-page="2"]');
      const second = await check(page);
      assert.notDeepEqual(second, first);
      assert.ok(page.url().includes('/d/ch_snb_zimoma'), 'paged in the page');
      // without JavaScript: the links page on the server
      const context = await chrome.browser.newContext({ javaScriptEnabled: false });
      try {
        const noJs = await context.newPage();
        await noJs.goto(`${site.url}${prefix(lang)}/d/ch_snb_zimoma?tp=2`);
        assert.equal(await noJs.locator('#table[open]').count(), 1);
        assert.deepEqual(await check(noJs), second);
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of ['en', 'it'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: the citation names source, dataset, the selection's URL, data version and access date, in three forms`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/d/ch_fso_ppi`);
        await waitForChart(page);
        const meta = (await (await page.request.get(`${site.url}/catalog`)).json()) as { id: string; version: string }[];
        const version = meta.find((d) => d.id === 'ch_fso_ppi')!.version;
        const today = new Date().toISOString().slice(0, 10);
        const title = (await page.textContent('h1'))!.trim();
        for (const form of ['plain', 'apa', 'bibtex']) {
          const text = (await page.textContent(`[data-cite="${form}"]`))!;
          for (const part of [title, version, today, `${site.url}${prefix(lang)}/d/ch_fso_ppi`]) assert.ok(text.includes(part), `${form}: ${part} in ${text}`);
        }
        assert.match((await page.textContent('[data-cite="bibtex"]'))!, /^@misc\{ch_fso_ppi_\d{4},/);
        await page.click('.transform-switch label:has(input[value="pct"])');
        await waitForChart(page);
        assert.match((await page.textContent('[data-cite="plain"]'))!, /transform=pct/);
      });
    }
  }

  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: the index base picker rebases the index at the chosen date (kept in the URL)`, async () => {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(`${site.url}${prefix(lang)}/d/ch_fso_wage_idx`);
      await waitForChart(page);
      assert.equal(await page.locator('[data-base-picker]').isVisible(), false);
      await page.click('.transform-switch label:has(input[value="index"])');
      await waitForChart(page);
      await page.fill('[data-base-picker] input', '2015-01-01');
      await page.waitForURL(/base=2015-01-01/);
      await waitForChart(page);
      const href = (await page.getAttribute('a[data-download="api"]', 'href'))!;
      assert.match(href, /base=2015-01-01/);
      const { columns } = await apiSeries(page, site);
      const [values] = [...columns.values()];
      assert.ok(Math.abs(values.get('2015-01-01')! - 100) < 1e-9, `index at the base: ${values.get('2015-01-01')}`);
    });
  }

  for (const size of WIDTHS) {
    it(`${size.name}: the log scale switch redraws on a log axis; the unit is written on the axis`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${site.url}/fr/d/ch_fso_ppi?dims=base=2020&transform=level`);
      await waitForChart(page);
      assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-log'), 'false');
      assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-unit'), (await page.textContent('[data-unit]'))!.trim());
      await page.check('[data-log]');
      await waitForChart(page);
      assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-log'), 'true');
      // % change goes below zero: no log axis offered
      await page.click('.transform-switch label:has(input[value="pct"])');
      await waitForChart(page);
      assert.equal(await page.isDisabled('[data-log]'), true);
    });
  }

  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: the log scale is kept in the URL: reload, the language switch, the embed and the back button keep it`, async () => {
      await page.setViewportSize(WIDTHS[1]);
      const path = `${prefix(lang)}/d/ch_fso_ppi`;
      await page.goto(`${site.url}${path}?base=2020&transform=level`);
      await waitForChart(page);
      await page.check('[data-log]');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('scale') === 'log');
      await waitForChart(page);
      assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-log'), 'true');
      await page.reload();
      await waitForChart(page);
      assert.equal(await page.isChecked('[data-log]'), true, 'checked after a reload');
      assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-log'), 'true', 'a log axis after a reload');
      for (const l of ['en', 'de', 'fr', 'it']) {
        const href = (await page.getAttribute(`.lang-switch a[data-lang="${l}"]`, 'href'))!;
        assert.equal(new URL(href, site.url).searchParams.get('scale'), 'log', `language link ${l}`);
      }
      const embed = (await page.textContent('[data-embed-snippet]')) ?? '';
      const src = new URL(/src="([^"]+)"/.exec(embed)![1].replace(/&amp;/g, '&'));
      assert.equal(src.searchParams.get('scale'), 'log', embed);
      await page.goBack();
      await waitForChart(page);
      assert.equal(new URL(page.url()).searchParams.get('scale'), null);
      assert.equal(await page.isChecked('[data-log]'), false, 'back: unchecked');
      assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-log'), 'false', 'back: a linear axis');
      await page.goto(`${site.url}${src.pathname}${src.search}`);
      await waitForChart(page);
      assert.equal(await page.getAttribute('[data-chart] .uplot', 'data-y-log'), 'true', 'the embed draws a log axis');
    });
  }

  for (const lang of ['en', 'fr'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: % change of a series that crosses zero shows a warning instead of a chart, offering the change`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}${prefix(lang)}/d/ch_seco_concon`);
        await waitForChart(page);
        assert.equal(await page.locator('[data-zero-warning]').isVisible(), false);
        await page.click('.transform-switch label:has(input[value="pct"])');
        await page.locator('[data-zero-warning]').waitFor({ state: 'visible' });
        assert.equal(await page.locator('[data-chart-card]').isVisible(), false);
        await Promise.all([page.waitForURL(/transform=diff/), page.click('[data-zero-fix="diff"]')]);
        await waitForChart(page);
        assert.equal(await page.locator('[data-chart-card]').isVisible(), true);
        // the server says the same without JavaScript
        const context = await chrome.browser.newContext({ javaScriptEnabled: false });
        try {
          const noJs = await context.newPage();
          await noJs.goto(`${site.url}${prefix(lang)}/d/ch_seco_concon?transform=pct`);
          assert.equal(await noJs.locator('[data-zero-warning]').isVisible(), true);
          assert.equal(await noJs.locator('[data-chart-card]').isVisible(), false);
        } finally {
          await context.close();
        }
      });
    }
  }

  it('/series.csv keeps the published rows; labels=true adds a label column after each code column and the series label in `lang`', async () => {
    const published = parseCsvText(await readFile(path.join(REAL_DATA, 'ch_seco_concon.csv'), 'utf8'));
    const plain = parseCsvText(await (await page.request.get(`${site.url}/series.csv?dataset=ch_seco_concon`)).text());
    // the published file writes 17 significant digits where JavaScript writes the shortest exact form: equal as numbers
    assert.deepEqual(
      plain.map((r) => r.map((c, i) => (i === r.length - 1 && c !== '' && c !== 'value' ? Number(c) : c))),
      published.map((r) => r.map((c, i) => (i === r.length - 1 && c !== '' && c !== 'value' ? Number(c) : c))),
    );
    const labelled = parseCsvText(await (await page.request.get(`${site.url}/series.csv?dataset=ch_seco_concon&labels=true&lang=fr`)).text());
    assert.deepEqual(labelled[0], ['type', 'type_label', 'structure', 'structure_label', 'seas_adj', 'seas_adj_label', 'label', 'date', 'value']);
    assert.equal(labelled.length, plain.length);
    // dropping the label columns gives the default CSV, character for character
    assert.deepEqual(
      labelled.map((r) => r.filter((_, i) => (i % 2 === 0 && i < 6) || i >= 7)),
      plain,
    );
    const bad = await page.request.get(`${site.url}/series.csv?dataset=ch_seco_concon&labels=true&lang=xx`);
    assert.equal(bad.status(), 400);
  });

  for (const lang of ['de', 'it'] as const) {
    for (const size of WIDTHS) {
      it(`${lang}, ${size.name}: the page offers the CSV with labels in its language, the same rows as the CSV`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${site.url}/${lang}/d/ch_seco_concon`);
        await waitForChart(page);
        await page.click('label[for="out-download"]');
        const read = async (kind: string): Promise<string[][]> => {
          const [download] = await Promise.all([page.waitForEvent('download'), page.click(`a[data-download="${kind}"]`)]);
          const text = await readFile((await download.path())!, 'utf8');
          return parseCsvText(text);
        };
        const labelled = await read('csvLabels');
        const plain = await read('csv');
        assert.equal(labelled[0][6], 'label', 'the series label follows the dimension columns');
        // dropping the label columns ({dim}_label, label) gives the plain CSV
        assert.deepEqual(
          labelled.map((r) => r.filter((_, i) => (i % 2 === 0 && i < 6) || i >= 7)),
          plain,
        );
        // the label of a picked level is the one the page shows
        const code = labelled[1][2];
        const shown = (await page.locator(`input[name="structure"][value="${code}"] + .level-label`).textContent())!.trim();
        assert.equal(labelled[1][3], shown);
      });
    }
  }
});
