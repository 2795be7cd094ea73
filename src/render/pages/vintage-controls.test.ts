// The dataset page's "as of" control and banner (issue 21), server-rendered
// from three real publishes (test/vintage-fixture.ts): the control lists the
// vintages newest first with the latest data by default, a form sent without
// JavaScript reads back as `as_of`, the page of a past vintage says so in a
// banner with a link to the latest data, and the page's URLs keep `as_of`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, startApp } from '../../../test/helpers.js';
import { publishVintages, VINTAGE_STAMPS } from '../../../test/vintage-fixture.js';
import { LANGS, type Lang } from '../../data/model.js';
import { stampFileName } from '../../data/vintage-stamp.js';
import { formatVintage } from '../../i18n/format.js';
import { fillTemplate } from '../../i18n/chart-text.js';
import { uiStrings } from '../../i18n/strings.js';

const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);
const [V1, V2, V3] = VINTAGE_STAMPS.map(stampFileName);

/** The options of the as-of control: value, selected, text. */
function asOfOptions(page: string): [string, boolean, string][] {
  const select = /<select name="as_of"[^>]*>([^]*?)<\/select>/.exec(page);
  assert.ok(select, 'the as-of control');
  return [...select[1].matchAll(/<option value="([^"]*)"\s*(selected)?\s*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2] === 'selected', m[3].trim()]);
}

describe('the as-of control and banner of a dataset page', () => {
  let app: FastifyInstance;
  let remove: () => Promise<void>;
  const get = async (url: string): Promise<string> => {
    const res = await app.inject({ url });
    assert.equal(res.statusCode, 200, url);
    return res.body;
  };

  before(async () => {
    const fx = await publishVintages();
    remove = fx.remove;
    app = await startApp(fx.dir);
  });
  after(async () => {
    await app?.close();
    await remove?.();
  });

  it('lists the latest data (selected) then every vintage newest first, in the words of every language, and shows no banner', async () => {
    for (const lang of LANGS) {
      const words = uiStrings(lang).dataset.vintages;
      const page = await get(`${prefix(lang)}/d/ch_fso_wage_idx`);
      assert.deepEqual(asOfOptions(page), [
        ['', true, words.latest],
        [V3, false, formatVintage(VINTAGE_STAMPS[2], lang)],
        [V2, false, formatVintage(VINTAGE_STAMPS[1], lang)],
        [V1, false, formatVintage(VINTAGE_STAMPS[0], lang)],
      ]);
      assert.ok(page.includes(words.asOf), lang);
      assert.doesNotMatch(page, /data-as-of-banner/);
    }
  });

  it('is a field of the form: sent without JavaScript it reads back as as_of (the latest data sent empty)', async () => {
    const form = /<form[^>]*method="get"[^>]*data-explorer[^>]*>([^]*?)<\/form>/.exec(await get('/d/ch_fso_wage_idx'));
    assert.ok(form?.[1].includes('name="as_of"'), 'inside the explorer form');
    const past = await get(`/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal&as_of=${V2}`);
    assert.deepEqual(
      asOfOptions(past).filter((o) => o[1]),
      [[V2, true, formatVintage(VINTAGE_STAMPS[1], 'en')]],
    );
    // the form's latest data is sent empty: the page sends the form to its clean URL, as for its other fields
    const sent = await app.inject({ url: '/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal&as_of=' });
    assert.equal(sent.statusCode, 303);
    assert.equal(sent.headers.location, '/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal');
    const latest = await get(sent.headers.location);
    assert.equal(asOfOptions(latest)[0][1], true);
    assert.doesNotMatch(latest, /data-as-of-banner/);
  });

  it('the page of a past vintage says so in a banner linking to the latest data, in every language; its URLs keep as_of', async () => {
    for (const lang of LANGS) {
      const words = uiStrings(lang).dataset.vintages;
      // a date stands for the end of that day: the second vintage
      const page = await get(`${prefix(lang)}/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal&as_of=2026-02-20`);
      const banner = /<div class="as-of-banner" data-as-of-banner>([^]*?)<\/div>/.exec(page);
      assert.ok(banner, lang);
      assert.ok(banner[1].includes(fillTemplate(words.banner, { vintage: formatVintage(VINTAGE_STAMPS[1], lang) })), lang);
      const link = /<a href="([^"]*)" data-latest>([^<]*)<\/a>/.exec(banner[1]);
      assert.deepEqual([link?.[1].replace(/&amp;/g, '&'), link?.[2]], [`${prefix(lang)}/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal`, words.toLatest]);
      // the language links and the period shortcuts write as_of (through the table's writers)
      assert.match(page, new RegExp(`href="/de/d/ch_fso_wage_idx\\?[^"]*as_of=${V2}"`));
      // the revisions are of the latest data: none on a past vintage's page
      assert.doesNotMatch(page, /data-revisions/);
    }
  });

  it('a page whose as_of is before the first vintage opens the latest data, without a banner (the page reads leniently)', async () => {
    const page = await get('/d/ch_fso_wage_idx?breakdown=bf1&adjustment=nominal&as_of=1900-01-01');
    assert.doesNotMatch(page, /data-as-of-banner/);
    // the latest data: the control selects it, and the revisions of the latest publish are shown
    assert.equal(asOfOptions(page).find((o) => o[1])?.[0], '');
    assert.match(page, /data-revisions/);
  });

  it('is left out for a dataset of one vintage (a directory without history)', async () => {
    const tiny = await startApp(path.join(FIXTURES, 'tiny'));
    try {
      const res = await tiny.inject({ url: '/d/tiny_cube' });
      assert.equal(res.statusCode, 200);
      assert.doesNotMatch(res.body, /name="as_of"/);
    } finally {
      await tiny.close();
    }
  });
});
