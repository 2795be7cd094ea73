// Issue 20 on the page: a dimension named like a parameter (ch_fso_ppi's
// `base`) no longer takes the parameter's place, so the page offers every
// control, the index-base picker included (real Chromium); and on every real
// dataset's page every in-page #fragment link has its target (the HTML as
// served: no JavaScript is involved).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { REAL_DATA, startApp } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, watchErrors, type Chrome, type Site } from './harness.js';

describe('every in-page #fragment link of every real dataset page has its target', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  it('opening view and transform=index, each dataset, on the page and in its embed', async () => {
    const catalog = (await app.inject('/catalog')).json() as { datasets: { id: string }[] } | { id: string }[];
    const ids = (Array.isArray(catalog) ? catalog : catalog.datasets).map((d) => d.id);
    assert.ok(ids.length >= 40, `${ids.length} datasets`);
    for (const id of ids) {
      for (const url of [`/d/${id}`, `/d/${id}?transform=index`, `/d/${id}?embed=1`, `/d/${id}?embed=1&transform=index`]) {
        const res = await app.inject({ url, headers: { accept: 'text/html' } });
        assert.equal(res.statusCode, 200, url);
        const ids = new Set([...res.body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
        for (const [, target] of res.body.matchAll(/href="#([^"]+)"/g)) assert.ok(ids.has(target), `${url}: href="#${target}" has no element with that id`);
      }
    }
  });
});

describe("ch_fso_ppi's page offers every control, the index-base picker included (Chromium)", { skip: SKIP_BROWSER }, () => {
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

  it('under transform=index the index-base picker is shown and sets base; the dimension base is picked through dims', async () => {
    await page.goto(`${site.url}/d/ch_fso_ppi?transform=index`);
    await waitForChart(page);
    const picker = page.locator('#index-base');
    assert.equal(await picker.isVisible(), true, 'the index-base date field is shown');
    assert.equal(await picker.isEnabled(), true);
    await picker.fill('2021-01-01');
    await picker.dispatchEvent('change');
    await page.waitForURL(/[?&]base=2021-01-01/);
    await waitForChart(page);
    // the dimension named base is its own control: its levels are sent and written as dims=base=…
    const level = page.locator('fieldset[data-dim="base"] input:not(:checked):not([disabled])').first();
    const value = await level.getAttribute('value');
    assert.match(String(value), /^base=/);
    await level.check();
    await page.waitForURL((u) => new URL(u).searchParams.get('dims')?.includes(String(value).slice('base='.length)) ?? false);
    await waitForChart(page);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('transform'), 'index');
    assert.equal(url.searchParams.get('base'), '2021-01-01', 'the index base stays beside the dimension');
    assert.deepEqual(watched.errors, []);
  });
});
