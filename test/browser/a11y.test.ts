// Accessibility and valid HTML of every page type in every language, in real
// Chromium on the real data: axe (WCAG 2.x A and AA rules) finds no violation
// with each tab of the dataset page open, and html-validate's recommended
// rules find no error in the HTML the server sends. One server, one browser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LANGS, type Lang } from '../../src/data/model.js';
import { REAL_DATA } from '../helpers.js';
import { axeViolations, validator } from './checkers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, type Chrome, type Site } from './harness.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);

/** Every page type: site pages, a cube, a single series, the embed, a 404 (an unknown dataset and an unknown path). */
const PAGES = [
  '/',
  '/datasets',
  '/datasets?q=price',
  '/about',
  '/libraries',
  '/licenses',
  '/d/ch_seco_concon',
  '/d/ch_snb_zimoma',
  '/d/ch_kof_barometer',
  '/d/ch_seco_concon?embed=1',
  '/d/ch_kof_barometer?from=-5y',
  // the frequency control with a conversion chosen (issue 20)
  '/d/ch_snb_zavesic?D0=149990&frequency=annual&aggregation=sum',
  '/d/ch_fso_job',
  '/no-such-page',
];
const DATASET_TABS = ['code', 'embed', 'download'];

describe('accessibility (axe) and valid HTML (html-validate) of every page type, in every language', { skip: SKIP_BROWSER }, () => {
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

  for (const lang of LANGS) {
    it(`${lang}: axe finds no violation on any page type (each tab of the dataset page open)`, async () => {
      const found: string[] = [];
      for (const path of PAGES) {
        await page.goto(`${site.url}${prefix(lang)}${path}`);
        if (path.startsWith('/d/ch_') && !path.includes('ch_fso_job')) await waitForChart(page);
        const tabs = path.startsWith('/d/ch_') && !path.includes('embed') && !path.includes('ch_fso_job') ? DATASET_TABS : [null];
        for (const tab of tabs) {
          if (tab) await page.click(`label[for="out-${tab}"]`);
          for (const v of await axeViolations(page)) found.push(`${path}${tab ? ` [${tab}]` : ''} ${v}`);
        }
      }
      assert.deepEqual(found, []);
    });

    it(`${lang}: the HTML of every page type passes html-validate`, async () => {
      const found: string[] = [];
      for (const path of PAGES) {
        const res = await fetch(`${site.url}${prefix(lang)}${path}`, { headers: { accept: 'text/html' } });
        const report = await validator.validateString(await res.text());
        for (const m of report.results.flatMap((r) => r.messages)) found.push(`${path} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`);
      }
      assert.deepEqual(found, []);
    });
  }
});
