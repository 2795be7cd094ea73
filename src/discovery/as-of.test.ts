// /resolve and /oembed of a page URL or a series key with `as_of` (issue 21):
// the selection is checked against the dataset as published at that vintage
// (a code removed since is found, a label changed since is that vintage's),
// the URLs of the answer keep the `as_of`, and an `as_of` before the first
// vintage is refused. On the three vintages of test/vintage-fixture.ts and a
// fourth publish, made here, that drops every series of a level and marks it
// as having none (`data: false`): today the code is unknown, then it was not.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { parseCsvText, startApp } from '../../test/helpers.js';
import { publishVintages, type VintageFixture } from '../../test/vintage-fixture.js';
import { stampFileName } from '../data/vintage-stamp.js';
import { publish } from '../publish/publish.js';
import { resolveTarget } from './resolve.js';

const BASE = 'http://localhost:0';

/** The level of ch_fso_wage_idx whose series the fourth publish removes. */
const GONE = 'f41';

/** Publishes a fourth vintage of the fixture in which the level GONE of ch_fso_wage_idx's breakdown has no series and cannot be selected. */
async function publishWithoutLevel(fx: VintageFixture): Promise<void> {
  const csv = path.join(fx.src, 'ch_fso_wage_idx.csv');
  const lines = (await readFile(csv, 'utf8')).split('\n');
  await writeFile(csv, lines.filter((l) => !l.startsWith(`${GONE},`)).join('\n'));
  // a level without series of its own is no longer selectable (`data: false`); it stays in the metadata, as the history's rows name it
  const file = path.join(fx.src, 'ch_fso_wage_idx.json');
  const meta = JSON.parse(await readFile(file, 'utf8')) as { dimensions: Record<string, { levels: Record<string, { data: boolean }> }> };
  meta.dimensions.breakdown.levels[GONE].data = false;
  await writeFile(file, JSON.stringify(meta, null, 2));
  const report = await publish({ src: fx.src, out: fx.dir, keep: 10, now: () => new Date('2026-04-05T08:00:00Z') });
  assert.equal(report.aborted, null, JSON.stringify(report.issues));
}

describe('/resolve and /oembed with as_of', () => {
  let fx: VintageFixture;
  let app: FastifyInstance;
  before(async () => {
    fx = await publishVintages();
    await publishWithoutLevel(fx);
    app = await startApp(fx.dir);
  });
  after(async () => {
    await app.close();
    await fx.remove();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const resolve = (q: string) => get(`/resolve?${new URLSearchParams({ q })}`);
  const oembed = (url: string) => get(`/oembed?${new URLSearchParams({ url })}`);
  /** how the answers' URLs write the first vintage */
  const first = () => `as_of=${stampFileName(fx.stamps[0])}`;

  it("resolves a page URL with as_of against that vintage: a code removed since selects that vintage's series, and every URL of the answer keeps the as_of", async () => {
    const page = `/d/ch_fso_wage_idx?breakdown=${GONE}&adjustment=real`;
    const res = await resolve(`${page}&as_of=${fx.stamps[0]}`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(body.dims, { breakdown: [GONE], adjustment: ['real'] });
    for (const url of [...Object.values(body.page as Record<string, string>), body.embed, body.api.json, body.api.csv, body.api.chart]) {
      assert.ok(url.includes(first()), url);
    }
    // the API URL of the answer serves that vintage's rows of the series
    const csv = await get(body.api.csv.slice(BASE.length));
    const published = fx.csv[0].ch_fso_wage_idx.filter((r) => r[0] === GONE && r[1] === 'real');
    assert.deepEqual(parseCsvText(csv.body).slice(1), published);
    // today the level is gone
    const latest = await resolve(page);
    assert.equal(latest.statusCode, 400, latest.body);
    assert.equal(latest.json().code, 'unknown_code');
  });

  it('reads a target without as_of at once, as before, and only one with as_of against a vintage view (a promise)', async () => {
    const snapshot = app.ds.data.current!;
    for (const q of ['/d/ch_fso_wage_idx?breakdown=tot', 'ch_fso_wage_idx/breakdown=tot', '/d/ch_fso_wage_idx?as_of=', 'ch_fso_wage_idx.tot.real']) {
      const target = resolveTarget(snapshot, q, 'en', BASE);
      assert.ok(!(target instanceof Promise), q);
      assert.equal(target.dataset, snapshot.datasets.get('ch_fso_wage_idx'), q);
    }
    for (const q of [`/d/ch_fso_wage_idx?as_of=${fx.stamps[0]}`, `ch_fso_wage_idx/breakdown=tot?as_of=${fx.stamps[0]}`]) {
      const target = resolveTarget(snapshot, q, 'en', BASE);
      assert.ok(target instanceof Promise, q);
      assert.equal((await target).dataset.vintage?.stamp, fx.stamps[0], q);
    }
  });

  it('says which vintage the answer is as of: the stamp of the vintage the as_of resolved to, null for the latest data', async () => {
    const asOf = async (q: string) => (await resolve(q)).json().as_of;
    assert.equal(await asOf(`/d/ch_fso_wage_idx?as_of=${fx.stamps[0]}`), fx.stamps[0]);
    // a date between two publishes is the vintage published last before it, as the URLs write it
    assert.equal(await asOf('ch_fso_wage_idx/breakdown=tot?as_of=2026-02-20'), fx.stamps[1]);
    assert.equal(await asOf('/d/ch_fso_wage_idx'), null);
    assert.equal(await asOf('ch_fso_wage_idx.tot.real'), null);
  });

  it('resolves a series key with as_of against that vintage, in both ways a key writes its dimensions', async () => {
    for (const key of [`ch_fso_wage_idx/breakdown=${GONE};adjustment=real`, `ch_fso_wage_idx?dims=breakdown=${GONE};adjustment=real`]) {
      const glue = key.includes('?') ? '&' : '?';
      const res = await resolve(`${key}${glue}as_of=${fx.stamps[0]}`);
      assert.equal(res.statusCode, 200, `${key}: ${res.body}`);
      const body = res.json();
      assert.deepEqual(body.dims, { breakdown: [GONE], adjustment: ['real'] }, key);
      assert.ok(body.api.json.includes(first()), body.api.json);
      const latest = await resolve(key);
      assert.equal(latest.statusCode, 400, key);
      assert.equal(latest.json().code, 'unknown_code', key);
    }
  });

  it("answers the vintage's title and labels, not today's", async () => {
    const { titles, level } = fx.changes.relabelled;
    for (let k = 0; k < 2; k++) {
      for (const q of [`/d/ch_fso_vacant_dwellings?measure=PC&as_of=${fx.stamps[k]}`, `ch_fso_vacant_dwellings/measure=PC?as_of=${fx.stamps[k]}`]) {
        const body = (await resolve(q)).json();
        assert.equal(body.title?.en, titles[k], q);
        assert.equal(body.labels?.[level.dim]?.[level.code]?.en, level.labels[k], q);
      }
    }
  });

  it("embeds a page URL with as_of: that vintage's selection and title, its as_of kept in the embed and the thumbnail", async () => {
    const { titles } = fx.changes.relabelled;
    const res = await oembed(`${BASE}/d/ch_fso_vacant_dwellings?as_of=${fx.stamps[0]}`);
    assert.equal(res.statusCode, 200, res.body);
    const o = res.json();
    assert.ok(o.title.startsWith(titles[0]), o.title);
    assert.ok(!o.title.includes(titles[1]), o.title);
    assert.ok(o.html.includes(first()), o.html);
    assert.ok(o.thumbnail_url.includes(first()), o.thumbnail_url);
    // a code removed since: embeddable at that vintage, not today
    const removed = `${BASE}/d/ch_fso_wage_idx?breakdown=${GONE}&adjustment=real`;
    assert.equal((await oembed(`${removed}&as_of=${fx.stamps[0]}`)).statusCode, 200);
    const latest = await oembed(removed);
    assert.equal(latest.statusCode, 404);
    assert.equal(latest.json().reason, 'unknown_code');
  });

  it('refuses an as_of before the first vintage: 400 before_first_vintage on /resolve, and no embed (404, oEmbed §2.3.5) saying why', async () => {
    const asked = '2025-12-31';
    for (const q of [`/d/ch_fso_wage_idx?as_of=${asked}`, `ch_fso_wage_idx/breakdown=tot?as_of=${asked}`]) {
      const res = await resolve(q);
      assert.equal(res.statusCode, 400, q);
      assert.equal(res.json().code, 'before_first_vintage', q);
      assert.equal(res.json().first_vintage, fx.stamps[0], q);
    }
    const res = await oembed(`${BASE}/d/ch_fso_wage_idx?as_of=${asked}`);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_embeddable');
    assert.equal(res.json().reason, 'before_first_vintage');
    assert.match(res.json().detail, /before the first vintage of ch_fso_wage_idx \(2026-01-05T08:00:00Z\)/);
  });
});
