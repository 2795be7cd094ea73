// The vintage listing (issue 21) on three publishes of copies of real
// datasets (test/vintage-fixture.ts): every vintage, newest first, with the
// counts of what it changed; a directory without history has one vintage.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { stampFileName } from '../data/vintage-stamp.js';
import { PYTHON } from '../../clients/harness.js';
import { parseCsvText, REAL_DATA, startApp } from '../../test/helpers.js';
import { publishVintages, VINTAGE_STAMPS, type VintageFixture } from '../../test/vintage-fixture.js';

/** What Debian's python3-feedparser reads of a feed URL: its title, whether it was well-formed, and its entries. */
interface ParsedFeed {
  bozo: boolean;
  version: string;
  title: string;
  entries: { title: string; link: string; updated: string; summary: string }[];
}

/** Reads a feed with the real feed parser (Debian's python3: clients/harness.ts PYTHON). */
function parseFeed(url: string): Promise<ParsedFeed> {
  const script = `import feedparser, json, sys
f = feedparser.parse(sys.argv[1])
print(json.dumps({"bozo": bool(f.bozo), "version": f.version, "title": f.feed.get("title", ""),
  "entries": [{"title": e.title, "link": e.link, "updated": e.updated, "summary": e.summary} for e in f.entries]}))`;
  return new Promise((resolve, reject) =>
    execFile(PYTHON, ['-c', script, url], (error, stdout, stderr) =>
      error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout) as ParsedFeed),
    ),
  );
}

const [V1, V2, V3] = VINTAGE_STAMPS;
const none = { series_added: 0, series_removed: 0, observations_added: 0, observations_removed: 0, values_revised: 0 };

describe('GET /dataset/{id}/vintages', () => {
  let fixture: VintageFixture;
  let app: FastifyInstance;
  before(async () => {
    fixture = await publishVintages();
    app = await startApp(fixture.dir);
  });
  after(async () => {
    await app?.close();
    await fixture?.remove();
  });

  const list = async (id: string) => {
    const res = await app.inject(`/dataset/${id}/vintages`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.ok(res.headers.etag);
    return res.json() as Record<string, unknown>[];
  };

  it('lists every vintage newest first with series and observations added and removed and values revised', async () => {
    const rows = (await readFile(path.join(REAL_DATA, 'ch_fso_wage_idx.csv'), 'utf8')).trim().split('\n').slice(1);
    const f41 = rows.filter((r) => r.startsWith('f41,real,')).length;
    const series = new Set(rows.map((r) => r.split(',').slice(0, 2).join())).size;
    assert.deepEqual(await list('ch_fso_wage_idx'), [
      { vintage: V3, ...none, values_revised: 1 },
      { vintage: V2, ...none, series_removed: 1, observations_removed: f41, values_revised: 1 },
      { vintage: V1, ...none, series_added: series, observations_added: rows.length },
    ]);
  });

  it('counts an observation added, then revised', async () => {
    const rows = (await readFile(path.join(REAL_DATA, 'ch_kof_barometer.csv'), 'utf8')).trim().split('\n').length - 1;
    assert.deepEqual(await list('ch_kof_barometer'), [
      { vintage: V3, ...none, values_revised: 1 },
      { vintage: V2, ...none, observations_added: 1 },
      { vintage: V1, ...none, series_added: 1, observations_added: rows },
    ]);
  });

  it('lists a publish that changed only a label, and not the ones that left the dataset alone', async () => {
    const vintages = await list('ch_fso_vacant_dwellings');
    assert.deepEqual(
      vintages.map((v) => v.vintage),
      [V2, V1],
    );
    assert.deepEqual(vintages[0], { vintage: V2, ...none });
  });

  it("gives a dataset's vintages as an Atom feed that feedparser reads: the three publishes, newest first, saying what changed and linking the page as of then", async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const feed = await parseFeed(`${base}/dataset/ch_fso_wage_idx/vintages.atom`);
    assert.equal(feed.bozo, false);
    assert.equal(feed.version, 'atom10');
    assert.deepEqual(
      feed.entries.map((e) => Date.parse(e.updated)),
      [V3, V2, V1].map(Date.parse),
    );
    assert.match(feed.entries[0].summary, /^1 value revised\.$/);
    assert.match(feed.entries[1].summary, /^1 series removed, \d+ observations removed, 1 value revised\.$/);
    assert.ok(feed.entries[2].link.endsWith(`/d/ch_fso_wage_idx?as_of=${stampFileName(V1)}`), feed.entries[2].link);

    const updates = await parseFeed(`${base}/updates.atom`);
    assert.equal(updates.bozo, false);
    assert.deepEqual(
      updates.entries.map((e) => Date.parse(e.updated)),
      [V3, V3, V2, V2, V2, V1, V1, V1].map(Date.parse),
    );
    // newest first, then catalog order; the label-only publish says so
    const vacant = updates.entries.find((e) => e.link.includes('ch_fso_vacant_dwellings') && Date.parse(e.updated) === Date.parse(V2))!;
    assert.match(vacant.title, new RegExp(`^${fixture.changes.relabelled.titles[1]}: published ${V2}$`));
    assert.match(vacant.summary, /No value changed/);
  });

  it('dataset pages link their feed, and home pages the feed of every update, in every language', async () => {
    for (const prefix of ['', '/de', '/fr', '/it']) {
      const page = (await app.inject(`${prefix}/d/ch_kof_barometer`)).body;
      assert.match(page, /<link\s+rel="alternate"\s+type="application\/atom\+xml"\s+href="[^"]*\/dataset\/ch_kof_barometer\/vintages\.atom"/, prefix);
      const home = (await app.inject(`${prefix}/`)).body;
      assert.match(home, /<link\s+rel="alternate"\s+type="application\/atom\+xml"\s+href="[^"]*\/updates\.atom"/, prefix);
    }
  });

  it('vintages=all gives every value an observation has had, with its validity interval, in CSV and JSON', async () => {
    const q = 'dataset=ch_fso_wage_idx&dims=breakdown=bf1;adjustment=nominal&from=1995-01-01&to=1995-01-01&vintages=all';
    const csv = await app.inject(`/series.csv?${q}`);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.equal(
      csv.body,
      [
        'breakdown,adjustment,date,value,valid_from,valid_to',
        `bf1,nominal,1995-01-01,102.8623,${V1},${V2}`,
        `bf1,nominal,1995-01-01,103.5,${V2},${V3}`,
        `bf1,nominal,1995-01-01,104,${V3},`,
        '',
      ].join('\n'),
    );
    const json = await app.inject(`/series?${q}`);
    assert.equal(json.statusCode, 200, json.body);
    assert.deepEqual(json.json(), {
      breakdown: ['bf1', 'bf1', 'bf1'],
      adjustment: ['nominal', 'nominal', 'nominal'],
      date: ['1995-01-01', '1995-01-01', '1995-01-01'],
      value: [102.8623, 103.5, 104],
      valid_from: [V1, V2, V3],
      valid_to: [V2, V3, null],
    });
  });

  it('vintages=all with as_of gives the history as it was known then: nothing published later, and the value current then still open', async () => {
    const q = 'dataset=ch_fso_wage_idx&dims=breakdown=bf1;adjustment=nominal&from=1995-01-01&to=1995-01-01&vintages=all';
    const csv = await app.inject(`/series.csv?${q}&as_of=${stampFileName(V2)}`);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.equal(
      csv.body,
      ['breakdown,adjustment,date,value,valid_from,valid_to', `bf1,nominal,1995-01-01,102.8623,${V1},${V2}`, `bf1,nominal,1995-01-01,103.5,${V2},`, ''].join(
        '\n',
      ),
    );
    const first = await app.inject(`/series?${q}&as_of=${V1.slice(0, 10)}`);
    assert.deepEqual(first.json().valid_to, [null]);
    assert.deepEqual(first.json().value, [102.8623]);
  });

  it('vintages=all holds each vintage: the rows valid at the first are the first publish, at the last the latest data, and a removed series is there until its removal', async () => {
    const rows = parseCsvText((await app.inject('/series.csv?dataset=ch_fso_wage_idx&vintages=all')).body);
    assert.deepEqual(rows[0], ['breakdown', 'adjustment', 'date', 'value', 'valid_from', 'valid_to']);
    const at = (stamp: string) =>
      rows
        .slice(1)
        .filter((r) => r[4] <= stamp && (r[5] === '' || stamp < r[5]))
        .map((r) => r.slice(0, 4).join(','));
    const first = (await readFile(path.join(REAL_DATA, 'ch_fso_wage_idx.csv'), 'utf8')).trim().split('\n').slice(1);
    assert.deepEqual(at(V1), first);
    const latest = (await app.inject('/series.csv?dataset=ch_fso_wage_idx')).body.trim().split('\n').slice(1);
    assert.deepEqual(at(V3), latest);
    const removed = rows.filter((r) => r[0] === 'f41' && r[1] === 'real');
    assert.equal(removed.length, first.filter((r) => r.startsWith('f41,real,')).length);
    assert.ok(removed.every((r) => r[4] === V1 && r[5] === V2));
  });

  it('vintages=all refuses what would not be a published value (a transform, a conversion, last, labels) in the one error shape', async () => {
    for (const extra of ['transform=yoy', 'frequency=annual', 'last=2', 'labels=true']) {
      const res = await app.inject(`/series.csv?dataset=ch_kof_barometer&vintages=all&${extra}`);
      assert.equal(res.statusCode, 400, extra);
      assert.match(res.body, /^error\n.*Invalid vintages 'all': it gives the values as published: leave out /, extra);
    }
    const bad = await app.inject('/series?dataset=ch_kof_barometer&vintages=some');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'bad_parameter');
  });

  it('vintages=all refuses before any ETag: a conditional request it refuses gets the 400, never a 304', async () => {
    for (const route of ['series', 'series.csv']) {
      for (const extra of ['transform=yoy', 'labels=1']) {
        const url = `/${route}?dataset=ch_kof_barometer&vintages=all&${extra}`;
        const res = await app.inject({ url, headers: { 'if-none-match': '*' } });
        assert.equal(res.statusCode, 400, url);
      }
    }
    // the default transform, named, is what vintages=all gives
    assert.equal((await app.inject('/series.csv?dataset=ch_kof_barometer&vintages=all&transform=level')).statusCode, 200);
  });

  it('/series.zip with as_of holds the data as published then, and its README and citation name that vintage', async () => {
    const q = `dataset=ch_fso_wage_idx&dims=breakdown=bf1&as_of=${stampFileName(V1)}`;
    const res = await app.inject(`/series.zip?${q}`);
    assert.equal(res.statusCode, 200, res.body);
    const files = unzipSync(res.rawPayload);
    const csv = await app.inject(`/series.csv?${q}&labels=true`);
    assert.equal(strFromU8(files['ch_fso_wage_idx.csv']), csv.body);
    assert.ok(csv.body.includes('bf1,'), 'the rows of then');
    const readme = strFromU8(files['README.md']);
    assert.ok(readme.includes(`Vintage: ${V1}`), readme.slice(0, 300));
    assert.match(readme, new RegExp(`version ${V1}`));
  });

  it('answers an unknown dataset with 404 unknown_dataset', async () => {
    const res = await app.inject('/dataset/nope/vintages');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'unknown_dataset');
  });
});

describe('GET /dataset/{id}/vintages without history files', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app?.close());

  it('has exactly one vintage, which holds every series and observation', async () => {
    const ds = app.ds.data.current!.datasets.get('ch_fso_ppi')!;
    const res = await app.inject('/dataset/ch_fso_ppi/vintages');
    assert.equal(res.statusCode, 200, res.body);
    const vintages = res.json() as { observations_added: number; series_added: number }[];
    assert.equal(vintages.length, 1);
    assert.equal(vintages[0].observations_added, ds.store.observations);
    assert.equal(vintages[0].series_added, ds.store.count);
  });

  it('vintages=all gives each current value valid from the one vintage, until now', async () => {
    const stamp = ((await app.inject('/dataset/ch_kof_barometer/vintages')).json() as { vintage: string }[])[0].vintage;
    const all = parseCsvText((await app.inject('/series.csv?dataset=ch_kof_barometer&vintages=all')).body);
    const latest = parseCsvText((await app.inject('/series.csv?dataset=ch_kof_barometer')).body);
    assert.deepEqual(
      all,
      latest.map((r, i) => (i === 0 ? [...r, 'valid_from', 'valid_to'] : [...r, stamp ?? '', ''])),
    );
  });
});
