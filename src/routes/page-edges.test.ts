// Issue 23's dataset-page items as the server renders them, without
// JavaScript (Fastify inject, real data): the warning's fixes, signs of
// numbers that round to zero, the log switch, the canonical URL of a form
// submission, fallback texts' language, coinciding lines.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { LANGS, type Lang } from '../data/model.js';
import { uiStrings } from '../i18n/strings.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REAL_DATA, startApp } from '../../test/helpers.js';

const HTML = { accept: 'text/html' };
const prefix = (lang: Lang): string => (lang === 'en' ? '' : `/${lang}`);

/** The element of a page that starts with `open` (to its matching close, for elements without nesting of the same tag). */
function element(body: string, open: RegExp, tag: string): string {
  const m = open.exec(body);
  assert.ok(m, `no ${open}`);
  const end = body.indexOf(`</${tag}>`, m.index);
  return body.slice(m.index, end + tag.length + 3);
}

describe('issue 23: the dataset page without JavaScript', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  const get = async (url: string): Promise<string> => {
    const res = await app.inject({ url, headers: HTML });
    assert.equal(res.statusCode, 200, url);
    return res.body;
  };

  for (const lang of LANGS) {
    it(`${lang}: % change across zero offers the change and the values, no base date; the headline's meaningless values are hidden`, async () => {
      const t = uiStrings(lang).dataset;
      const body = await get(`${prefix(lang)}/d/ch_snb_zimoma?D0=SARON,1TGT,SOFR,ESTR&transform=yoy`);
      const box = element(body, /<div class="chart-warning"[^>]*>/, 'div');
      assert.doesNotMatch(box.slice(0, box.indexOf('>')), /hidden/);
      assert.ok(!box.includes(t.indexUseOtherBase), box);
      assert.ok(!box.includes('#index-base'), box);
      assert.match(box, /href="[^"]*transform=diff"[^>]*>[^<]*</);
      assert.ok(box.includes(t.useLevel), box);
      assert.match(box, /href="\/[^"]*D0=SARON,1TGT,SOFR,ESTR"/, 'the values: transform=level is the default, left out');
      assert.match(body, /<ul class="headline" data-headline\s+hidden>/);
    });
  }

  it('a headline change that rounds to zero reads without a minus sign (ch_seco_concon sd)', async () => {
    const body = await get('/d/ch_seco_concon?type=sd&structure=ks_i63_index_q,ks_i12_econ_exp_q,ks_i22_price_exp_q,ks_i32_unemp_exp_q&seas_adj=na');
    const headline = element(body, /<ul class="headline"[^>]*>/, 'ul');
    assert.doesNotMatch(headline, /[-\u2212+]0[.,]0+ </, headline);
  });

  it('a log scale the values cannot take leaves the state: no scale=log in any URL or the inline data, the switch unchecked and disabled', async () => {
    const body = await get('/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=yoy&scale=log');
    assert.ok(!body.includes('scale=log'), 'a URL of the page keeps scale=log');
    assert.ok(!body.includes('"scale":"log"'), 'the inline state keeps the log scale');
    const box = /<input type="checkbox" name="scale"[^>]*>/.exec(body)?.[0] ?? '';
    assert.doesNotMatch(box, /checked/);
    assert.match(box, /disabled/);
    // where it applies, it stays
    const level = await get('/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=level&scale=log');
    assert.ok(level.includes('scale=log'));
    const on = /<input type="checkbox" name="scale"[^>]*>/.exec(level)?.[0] ?? '';
    assert.match(on, /checked/);
    assert.doesNotMatch(on, /disabled/);
  });

  for (const lang of LANGS) {
    it(`${lang}: the form sent without JavaScript is redirected (303) to the page's one URL, which renders`, async () => {
      const path = `${prefix(lang)}/d/ch_snb_zimoma`;
      const res = await app.inject({ url: `${path}?D0=SARON&D0=1TGT&transform=yoy&from=&to=`, headers: HTML });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `${path}?D0=SARON,1TGT&transform=yoy`);
      const target = await app.inject({ url: String(res.headers.location), headers: HTML });
      assert.equal(target.statusCode, 200, 'the canonical URL renders, no second redirect');
      // the opening view has no parameters at all; a form's embed stays an embed
      const opening = await app.inject({ url: `${path}?transform=level&from=&to=`, headers: HTML });
      assert.equal(opening.headers.location, path);
      const embed = await app.inject({ url: `${path}?D0=SARON&D0=1TGT&from=&embed=1`, headers: HTML });
      assert.equal(embed.headers.location, `${path}?D0=SARON,1TGT&embed=1`);
    });
  }

  it('a query the reading corrects is not redirected: the page shows what it left out', async () => {
    const res = await app.inject({ url: '/d/ch_snb_zimoma?D0=SARON&D0=NOPE&from=&to=', headers: HTML });
    assert.equal(res.statusCode, 200);
  });

  for (const lang of ['de', 'fr', 'it'] as const) {
    it(`${lang}: texts that fall back to English carry lang="en" (description, dimension and level labels), the others none`, async () => {
      type Labels = Partial<Record<Lang, string>>;
      const meta = JSON.parse(readFileSync(path.join(REAL_DATA, 'ch_snb_zimoma.json'), 'utf8')) as {
        description: Labels;
        dimensions: Record<string, { label: Labels; levels: Record<string, { label: Labels; data: boolean }> }>;
      };
      const body = (await get(`/${lang}/d/ch_snb_zimoma`)).replace(/<script[\s\S]*?<\/script>/g, '');
      const tagged = (open: string): boolean => / lang="en"/.test(open);
      const lede = /<p class="lede"[^>]*>/.exec(body)?.[0] ?? '';
      assert.equal(tagged(lede), meta.description[lang] === undefined, lede);
      const dim = meta.dimensions.D0;
      const legend = /<span class="picker-label"[^>]*>/.exec(body)?.[0] ?? '';
      assert.equal(tagged(legend), dim.label[lang] === undefined, legend);
      let fallbacks = 0;
      for (const [code, level] of Object.entries(dim.levels)) {
        if (!level.data) continue;
        const span = new RegExp(`value="${code}"[^>]*/><span[^>]*>`).exec(body)?.[0] ?? '';
        assert.ok(span, code);
        assert.equal(tagged(span), level.label[lang] === undefined, `${code}: ${span}`);
        if (level.label[lang] === undefined) fallbacks++;
      }
      if (lang === 'it') assert.ok(fallbacks > 0, 'the Italian page has English level labels to mark');
    });
  }

  it('it: the dataset list marks descriptions that fall back to English', async () => {
    const meta = JSON.parse(readFileSync(path.join(REAL_DATA, 'ch_snb_zimoma.json'), 'utf8')) as { description: Partial<Record<Lang, string>> };
    assert.equal(meta.description.it, undefined, 'the real data still has no Italian description here');
    const body = await get('/it/datasets');
    const row = body.slice(body.indexOf('href="/it/d/ch_snb_zimoma"'));
    const desc = /<p class="row-desc"[^>]*>/.exec(row)?.[0] ?? '';
    assert.match(desc, / lang="en"/);
  });

  for (const lang of LANGS) {
    it(`${lang}: ch_fso_ppi's bases under yoy and index say that their lines coincide; as levels they do not`, async () => {
      const t = uiStrings(lang).dataset;
      const lead = t.linesCoincide.slice(0, t.linesCoincide.indexOf('{series}'));
      for (const transform of ['yoy', 'index']) {
        const body = await get(`${prefix(lang)}/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=${transform}`);
        const note = element(body, /<p class="chart-note" data-coincide[^>]*>/, 'p');
        assert.doesNotMatch(note.slice(0, note.indexOf('>')), /hidden/, note);
        assert.ok(note.includes(lead), note);
        for (const year of ['1963', '1993', '2020']) assert.ok(note.includes(year), `${transform}: ${year} in ${note}`);
      }
      const level = await get(`${prefix(lang)}/d/ch_fso_ppi?dims=base=1963,1993,2020&transform=level`);
      assert.match(level, /<p class="chart-note" data-coincide\s+hidden>/);
    });
  }
});
