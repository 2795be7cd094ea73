/**
 * /__docs__/ in Chromium (issue 14): every operation, executed with the
 * example its parameters are prefilled with, shows a documented 2xx in the
 * page. One page, one server on the real data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, type Chrome, type Site } from './harness.js';

interface Doc {
  paths: Record<string, { get: { operationId: string; tags: string[]; responses: Record<string, { content?: Record<string, unknown> }> } }>;
}

let site: Site;
let chrome: Chrome;
let page: Page;
let doc: Doc;

before(async () => {
  if (SKIP_BROWSER) return;
  site = await startSite(REAL_DATA);
  chrome = await launchChromium();
  page = await chrome.context.newPage();
  doc = (await (await fetch(`${site.url}/openapi.json`)).json()) as Doc;
});

after(async () => {
  await chrome?.close();
  await site?.close();
});

/** The status the page shows after pressing Execute on an operation. */
async function execute(tag: string, operationId: string): Promise<string> {
  const block = page.locator(`#operations-${tag}-${operationId}`);
  await block.locator('.opblock-summary').first().click();
  const tryIt = block.locator('button.try-out__btn');
  if ((await tryIt.count()) && (await tryIt.textContent())?.trim() === 'Try it out') await tryIt.click();
  await block.locator('button.execute').click();
  const status = block.locator('.live-responses-table .response .response-col_status').first();
  await status.waitFor({ timeout: 30_000 });
  const text = (await status.textContent())?.trim() ?? '';
  // folded again, the answer leaves the page: a page holding every answer slows down with each one
  await block.locator('.opblock-summary').first().click();
  return text;
}

describe('/__docs__/', { skip: SKIP_BROWSER }, () => {
  it('executes every operation with its prefilled example and shows a documented 2xx', async () => {
    await page.goto(`${site.url}/__docs__/`);
    await page.locator('.opblock').first().waitFor();
    const shown = await page.locator('.opblock').count();
    assert.equal(shown, Object.keys(doc.paths).length, 'one block per documented operation');
    const failures: string[] = [];
    for (const [pathName, item] of Object.entries(doc.paths)) {
      const { operationId, tags, responses } = item.get;
      // an event stream never ends, so the page waits for its body forever: its 2xx is seen on the wire
      if (pathName === '/events') {
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/events');
        void execute(tags[0], operationId).catch(() => undefined);
        const status = String((await answer).status());
        if (!(status in responses && status.startsWith('2'))) failures.push(`${pathName}: ${status}`);
        continue;
      }
      const status = await execute(tags[0], operationId);
      if (!(status in responses && status.startsWith('2'))) failures.push(`${pathName}: ${status}`);
    }
    assert.deepEqual(failures, []);
  });
});
