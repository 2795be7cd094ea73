// /series.zip (issue 21) on the real data: a standard zip reader (Python's
// zipfile) opens it; its CSV is byte for byte /series.csv?labels=true of the
// same selection, its JSON the dataset's metadata, and its README names the
// title, source, license and terms, the selection's URL, the vintage and a
// citation. The page's downloads offer it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PYTHON } from '../../clients/harness.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';

/** What Python's zipfile reads of a zip: its entries' names and texts, and the first bad entry (null when all CRCs match). */
interface Unzipped {
  names: string[];
  texts: Record<string, string>;
  bad: string | null;
}

function unzip(file: string): Promise<Unzipped> {
  const script = `import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"names": z.namelist(), "bad": z.testzip(), "texts": {n: z.read(n).decode("utf-8") for n in z.namelist()}}))`;
  return new Promise((resolve, reject) =>
    execFile(PYTHON, ['-c', script, file], { maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout) as Unzipped),
    ),
  );
}

describe('GET /series.zip', () => {
  let app: FastifyInstance;
  let tmp: string;
  before(async () => {
    app = await startApp(REAL_DATA);
    tmp = await mkdtemp(path.join(tmpdir(), 'ds-zip-'));
  });
  after(async () => {
    await app?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** The zip of a query, as an attachment, opened by the standard reader. */
  const fetchZip = async (query: string): Promise<Unzipped> => {
    const res = await app.inject(`/series.zip?${query}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/zip');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="ch_fso_ppi_[a-z]+\.zip"$/);
    const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.zip`);
    await writeFile(file, res.rawPayload);
    const unzipped = await unzip(file);
    assert.equal(unzipped.bad, null);
    return unzipped;
  };

  for (const [what, query, lang] of [
    ['a selection in English', 'dataset=ch_fso_ppi&dims=base=2020&from=2021-01-01&transform=yoy', 'en'],
    ['the whole dataset in German', 'dataset=ch_fso_ppi&lang=de', 'de'],
  ] as const) {
    it(`holds the CSV of /series.csv?labels=true, the metadata JSON and a README: ${what}`, async () => {
      const zip = await fetchZip(query);
      assert.deepEqual(zip.names, ['ch_fso_ppi.csv', 'ch_fso_ppi.json', 'README.md']);
      const selection = query.replace(/&lang=de$/, '');
      const csv = await app.inject(`/series.csv?${selection}&labels=true&lang=${lang}`);
      assert.equal(csv.statusCode, 200);
      assert.equal(zip.texts['ch_fso_ppi.csv'], csv.body);
      assert.deepEqual(JSON.parse(zip.texts['ch_fso_ppi.json']), (await app.inject('/dataset/ch_fso_ppi/meta')).json());
    });
  }

  it('writes in the README the title, source, license and its terms, the selection URL, the vintage and a citation', async () => {
    const zip = await fetchZip('dataset=ch_fso_ppi&dims=base=2020&from=2021-01-01');
    const readme = zip.texts['README.md'];
    const meta = (await app.inject('/dataset/ch_fso_ppi/meta')).json() as { title: { en: string }; source: { name: { en: string } | string }; license: string };
    const vintage = ((await app.inject('/dataset/ch_fso_ppi/vintages')).json() as { vintage: string }[])[0].vintage;
    const license = ((await app.inject('/catalog')).json() as { id: string; license: string }[]).find((e) => e.id === 'ch_fso_ppi')!.license;
    assert.ok(readme.startsWith(`# ${meta.title.en}\n`), readme.slice(0, 200));
    const source = typeof meta.source.name === 'string' ? meta.source.name : meta.source.name.en;
    assert.ok(readme.includes(source), 'source');
    assert.ok(readme.includes(license) || readme.includes('License'), 'license');
    assert.match(readme, /Commercial use|Non-commercial use/);
    assert.ok(readme.includes('/d/ch_fso_ppi?dims=base=2020&from=2021-01-01'), 'page URL');
    assert.ok(readme.includes('/series.zip?dataset=ch_fso_ppi&dims=base=2020&from=2021-01-01'), 'zip URL');
    assert.ok(readme.includes(`Vintage: ${vintage}`), 'vintage');
    assert.match(readme, /## Suggested citation\n\n.+ch_fso_ppi/);
    assert.match(readme, /@misc\{ch_fso_ppi_/);
  });

  it('holds bytes that are a function of the data and the selection only: no day of access in the README', async () => {
    const query = 'dataset=ch_fso_ppi&dims=base=2020&from=2021-01-01';
    const zip = await fetchZip(query);
    const today = new Date().toISOString().slice(0, 10);
    assert.ok(!zip.texts['README.md'].includes(today), `the README names today (${today})`);
    assert.doesNotMatch(zip.texts['README.md'], /urldate|accessed/i);
    // the same bytes from another app
    const other = await startApp(REAL_DATA);
    try {
      assert.deepEqual((await other.inject(`/series.zip?${query}`)).rawPayload, (await app.inject(`/series.zip?${query}`)).rawPayload);
    } finally {
      await other.close();
    }
  });

  it('is bounded by the heavy pool: beyond its one thread and empty queue, 503 overloaded', async () => {
    const bounded = await startApp(REAL_DATA, { heavyThreads: 1, heavyQueue: 0 });
    try {
      // distinct selections, so no answer comes from the response cache
      const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => bounded.inject(`/series.zip?dataset=ch_fso_ppi&from=${2001 + i}-01-01`)));
      const refused = burst.filter((r) => r.statusCode === 503);
      assert.ok(refused.length > 0, `6 at once on one thread, none refused: ${burst.map((r) => r.statusCode).join(' ')}`);
      for (const r of refused) assert.equal(r.json().code, 'overloaded');
      assert.ok(burst.some((r) => r.statusCode === 200));
    } finally {
      await bounded.close();
    }
  });

  it('refuses a bad selection with the one error shape', async () => {
    const res = await app.inject('/series.zip?dataset=ch_fso_ppi&dims=nope=1');
    assert.equal(res.statusCode, 400);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.equal(res.json().code, 'unknown_dimension');
  });

  it("is offered by the dataset page's downloads, with the page's language", async () => {
    const page = (await app.inject('/de/d/ch_fso_ppi')).body;
    assert.match(page, /href="[^"]*\/series\.zip\?dataset=ch_fso_ppi[^"]*lang=de"[^>]*data-download="zip"/);
  });
});
