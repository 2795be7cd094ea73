// The dataset page's revisions card (issue 21), server-rendered from a data
// directory of three real publishes (test/vintage-fixture.ts): the shown
// series' values revised since each earlier vintage, the last publish's
// revisions, the points the bundle marks, in every language.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, startApp } from '../../../test/helpers.js';
import { publishVintages, VINTAGE_IDS, VINTAGE_STAMPS as PAGE_STAMPS } from '../../../test/vintage-fixture.js';
import path from 'node:path';
import { LANGS } from '../../data/model.js';
import { stampFileName } from '../../data/vintage-stamp.js';
import { uiStrings } from '../../i18n/strings.js';
import { formatVintage } from '../../i18n/format.js';
import type { ExplorerData } from './explorer-data.js';
import { revisedBetween } from './revisions.js';

/** The rows of the revised-values table inside the element that starts with `start`: series index, date, cells. */
function rowsAfter(page: string, start: string): string[][] {
  const from = page.indexOf(start);
  assert.ok(from >= 0, start);
  const block = page.slice(from, page.indexOf('</table>', from));
  return [
    ...block.matchAll(
      /<tr data-revised-point="(-?\d+)" data-date="([\d-]+)">\s*<th scope="row">([^<]*)<\/th>\s*<td>([^<]*)<\/td>\s*<td>([^<]*)<\/td>\s*<td>([^<]*)<\/td>/g,
    ),
  ].map((m) => m.slice(1));
}

function explorerData(page: string): ExplorerData {
  const json = /<script type="application\/json" id="explorer-data">([^]*?)<\/script>/.exec(page);
  assert.ok(json);
  return JSON.parse(json[1]) as ExplorerData;
}

describe('the revisions card of a dataset page', () => {
  let app: FastifyInstance;
  let remove: () => Promise<void>;
  const get = async (url: string): Promise<string> => {
    const res = await app.inject({ url });
    assert.equal(res.statusCode, 200, url);
    return res.body;
  };

  before(async () => {
    const built = await publishVintages();
    remove = built.remove;
    app = await startApp(built.dir);
  });
  after(async () => {
    await app?.close();
    await remove?.();
  });

  it('lists the values of the shown series revised since each earlier vintage, newest first, and marks them in the explorer data', async () => {
    const page = await get('/d/ch_fso_wage_idx?breakdown=bf1,f&adjustment=nominal');
    const [v1, v2] = PAGE_STAMPS.map(stampFileName);
    // since the second publish: the 1995 value revised again (103.5 → 104)
    assert.deepEqual(
      rowsAfter(page, `data-revised-since="${v2}"`).map((r) => [r[1], r[4], r[5]]),
      [['1995-01-01', '103.5', '104']],
    );
    // since the first: the real value it had then (102.8623 → 104)
    assert.deepEqual(
      rowsAfter(page, `data-revised-since="${v1}"`).map((r) => [r[1], r[4], r[5]]),
      [['1995-01-01', '102.8623', '104']],
    );
    assert.ok(page.indexOf(`data-revised-since="${v2}"`) < page.indexOf(`data-revised-since="${v1}"`), 'newest first');
    assert.match(page, new RegExp(`data-revised-since="${v1}"\\s+hidden`), 'only the newest earlier vintage shows without JavaScript');
    const data = explorerData(page);
    const bf1 = data.series.findIndex((s) => s.codes.join() === 'bf1,nominal');
    assert.ok(bf1 >= 0);
    assert.deepEqual(data.revised, [
      { vintage: v2, points: [['bf1\u001fnominal', '1995-01-01']] },
      { vintage: v1, points: [['bf1\u001fnominal', '1995-01-01']] },
    ]);
  });

  it("tables the last publish's revisions over the whole dataset, whatever the selection", async () => {
    const page = await get('/d/ch_fso_wage_idx?breakdown=f&adjustment=real');
    const last = rowsAfter(page, 'id="last-revisions-heading"');
    assert.deepEqual(
      last.map((r) => [r[0], r[1], r[4], r[5]]),
      [['-1', '1995-01-01', '103.5', '104']],
    );
    assert.match(last[0][2], /Nominal/i);
    assert.match(page, /data-last-count="1"/);
    // the barometer's observation added at the second publish and revised at the third: revised since the second, not since the first (absent then)
    const baro = await get('/d/ch_kof_barometer');
    const added = rowsAfter(baro, `data-revised-since="${stampFileName(PAGE_STAMPS[1])}"`);
    assert.deepEqual(
      added.map((r) => [r[4], r[5]]),
      [['101.5', '100.75']],
    );
    assert.match(baro, new RegExp(`data-revised-since="${stampFileName(PAGE_STAMPS[0])}"[^>]*>\\s*<p data-revised-count="0"`));
  });

  it("counts the last publish's revisions as /dataset/{id}/vintages does (values_revised of the last vintage: one rule)", async () => {
    for (const id of VINTAGE_IDS) {
      const vintages = (await app.inject({ url: `/dataset/${id}/vintages` })).json() as { vintage: string; values_revised: number }[];
      const lastVintage = vintages.reduce((a, b) => (a.vintage > b.vintage ? a : b));
      const count = /data-last-count="(\d+)"/.exec(await get(`/d/${id}`));
      assert.ok(count, id);
      assert.equal(Number(count[1]), lastVintage.values_revised, id);
    }
  });

  it('is in the words of every language', async () => {
    for (const lang of LANGS) {
      const words = uiStrings(lang).dataset.vintages;
      const page = await get(`${lang === 'en' ? '' : `/${lang}`}/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal`);
      assert.ok(page.includes(`<h2 id="revisions-heading">${words.heading}</h2>`), lang);
      assert.ok(page.includes(words.compareWith), lang);
      // each count names its vintage
      assert.ok(page.includes(formatVintage(PAGE_STAMPS[0], lang)), lang);
      assert.match(page, new RegExp(`data-revised-count="1">[^<]*${formatVintage(PAGE_STAMPS[0], lang)}`), lang);
    }
  });

  it('is left out for a dataset of one vintage (a directory without history)', async () => {
    const tiny = await startApp(path.join(FIXTURES, 'tiny'));
    try {
      const res = await tiny.inject({ url: '/d/tiny_cube' });
      assert.equal(res.statusCode, 200);
      assert.doesNotMatch(res.body, /data-revisions/);
      assert.equal(explorerData(res.body).revised, undefined);
    } finally {
      await tiny.close();
    }
  });
});

describe('revisedBetween', () => {
  it('gives the dates with a value in both publishes whose values differ, within the bounds', () => {
    const before = { vintage: 'a', dates: [1, 2, 3, 4], values: [1, 2, NaN, 4] };
    const after = { vintage: 'b', dates: [2, 3, 4, 5], values: [2.5, NaN, 4, 6] };
    assert.deepEqual(revisedBetween(before, after), [{ date: 2, old: 2, new: 2.5 }]);
    assert.deepEqual(revisedBetween(before, after, 3), []);
  });
});
