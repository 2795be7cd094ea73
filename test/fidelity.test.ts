// Fidelity on the real published files: with no filter, /series.csv equals
// each published CSV row for row and value for value, and /series carries the
// same numbers.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { parseCsvText, REAL_DATA, startApp } from './helpers.js';

const sameValue = (published: string, served: string): boolean =>
  published === '' || published === 'NA' ? served === '' : served !== '' && Number(published) === Number(served);

describe('fidelity with the real published files', () => {
  let app: FastifyInstance;
  let catalog: { id: string; data: string }[];
  before(async () => {
    app = await startApp(REAL_DATA);
    catalog = (await app.inject('/catalog')).json();
  });
  after(() => app.close());

  it('serves every dataset of the catalog', async () => {
    const published = JSON.parse(await readFile(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string }[];
    assert.deepEqual(catalog.map((c) => c.id).sort(), published.map((c) => c.id).sort());
    assert.equal(catalog.length, 45);
  });

  it('/series.csv without filters equals the published CSV, and /series the same numbers', async () => {
    let rowsChecked = 0;
    for (const { id, data } of catalog) {
      const publishedRows = parseCsvText(await readFile(path.join(REAL_DATA, data), 'utf8')).filter((r) => r.length > 1 || r[0] !== '');
      const csvRes = await app.inject(`/series.csv?dataset=${id}`);
      assert.equal(csvRes.statusCode, 200, id);
      const served = parseCsvText(csvRes.body);
      assert.deepEqual(served[0], publishedRows[0], `${id}: header`);
      assert.equal(served.length, publishedRows.length, `${id}: row count`);
      const json = (await app.inject(`/series?dataset=${id}`)).json() as Record<string, (string | number | null)[]>;
      const cols = publishedRows[0];
      for (let r = 1; r < publishedRows.length; r++) {
        const p = publishedRows[r];
        const s = served[r];
        for (let c = 0; c < cols.length - 1; c++) {
          assert.equal(s[c], p[c], `${id} line ${r + 1} column ${cols[c]}`);
          assert.equal(json[cols[c]][r - 1], p[c], `${id} JSON row ${r} column ${cols[c]}`);
        }
        const v = p[cols.length - 1];
        assert.ok(sameValue(v, s[cols.length - 1]), `${id} line ${r + 1}: published ${v}, served ${s[cols.length - 1]}`);
        const jv = json.value[r - 1];
        assert.ok(v === '' || v === 'NA' ? jv === null : jv === Number(v), `${id} JSON row ${r}: published ${v}, served ${jv}`);
        rowsChecked++;
      }
    }
    assert.ok(rowsChecked > 190_000, `checked ${rowsChecked} rows`);
  });

  it('/series.csv without filters is the published CSV byte for byte, on every dataset (issue 15)', async () => {
    const differ: string[] = [];
    for (const { id, data } of catalog) {
      const published = await readFile(path.join(REAL_DATA, data));
      const served = (await app.inject(`/series.csv?dataset=${id}`)).rawPayload;
      if (!served.equals(published)) differ.push(`${id} (${firstDifference(published, served)})`);
    }
    assert.deepEqual(differ, [], `not byte-equal: ${differ.join('; ')}`);
  });
});

/** Where two files first differ, as the line and the two texts there. */
function firstDifference(a: Buffer, b: Buffer): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const line = a.subarray(0, i).toString('latin1').split('\n').length;
  const around = (x: Buffer): string => JSON.stringify(x.subarray(Math.max(0, i - 20), i + 20).toString('latin1'));
  return `line ${line}: published ${around(a)}, served ${around(b)}`;
}
