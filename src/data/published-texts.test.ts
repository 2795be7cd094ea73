// The default CSV is the published file byte for byte (issue 15): a value the
// file writes otherwise than the shortest text of its double keeps its text,
// through a series sorted at load, quoted rows, windows and the streamed
// path; transforms and JSON still write numbers.
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, startApp } from '../../test/helpers.js';

const LONG = '0.000000000000000000000000012345678901234567890';
// [row as published, row as served]: a's first two rows are out of date order and are sorted at load
const ROWS: [string, string][] = [
  ['a,n,2019-04-01,1.50', 'a,n,2019-01-01,205.44041000000001'],
  ['a,n,2019-01-01,205.44041000000001', 'a,n,2019-04-01,1.50'],
  ['a,n,2019-07-01,+3', 'a,n,2019-07-01,+3'],
  ['a,n,2019-10-01,5.', 'a,n,2019-10-01,5.'],
  ['a,s,2019-01-01,-0', 'a,s,2019-01-01,-0'],
  ['a,s,2019-04-01,007', 'a,s,2019-04-01,007'],
  [`a,s,2019-07-01,${LONG}`, `a,s,2019-07-01,${LONG}`],
  ['"b",n,2020-01-01,"2.50"', 'b,n,2020-01-01,2.50'],
  ['b,n,2020-04-01,1e3', 'b,n,2020-04-01,1e3'],
  ['b,n,2020-07-01,2', 'b,n,2020-07-01,2'],
];
const HEADER = 'kind,region,date,value\n';
const csv = (rows: string[]): string => HEADER + rows.map((r) => r + '\n').join('');

describe('published value texts', () => {
  let dir: string;
  let app: FastifyInstance;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ds-texts-'));
    await cp(path.join(FIXTURES, 'tiny'), dir, { recursive: true });
    await writeFile(path.join(dir, 'tiny_cube.csv'), csv(ROWS.map(([p]) => p)));
    app = await startApp(dir);
  });
  after(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each value as published in the default CSV, whole, streamed and in a window', async () => {
    const want = csv(ROWS.map(([, s]) => s));
    assert.equal((await app.inject('/series.csv?dataset=tiny_cube')).body, want);
    const streamed = await startApp(dir, { streamRows: 1 });
    try {
      assert.equal((await streamed.inject('/series.csv?dataset=tiny_cube')).body, want, 'the streamed path');
    } finally {
      await streamed.close();
    }
    const window = await app.inject('/series.csv?dataset=tiny_cube&from=2019-04-01&to=2019-07-01');
    assert.equal(window.body, csv(['a,n,2019-04-01,1.50', 'a,n,2019-07-01,+3', 'a,s,2019-04-01,007', `a,s,2019-07-01,${LONG}`]));
    const one = await app.inject('/series.csv?dataset=tiny_cube&dims=kind=a;region=s&last=2');
    assert.equal(one.body, csv(['a,s,2019-04-01,007', `a,s,2019-07-01,${LONG}`]));
  });

  it('labels keep the published texts; transforms and JSON write numbers', async () => {
    const labelled = (await app.inject('/series.csv?dataset=tiny_cube&dims=kind=a;region=n&labels=true')).body.trim().split('\n');
    assert.deepEqual(
      labelled.slice(1).map((r) => r.split(',').at(-1)),
      ['205.44041000000001', '1.50', '+3', '5.'],
    );
    const diff = (await app.inject('/series.csv?dataset=tiny_cube&dims=kind=a;region=n&transform=diff')).body.trim().split('\n');
    assert.deepEqual(
      diff.slice(1).map((r) => r.split(',').at(-1)),
      ['', String(1.5 - 205.44041), '1.5', '2'],
    );
    const json = (await app.inject('/series?dataset=tiny_cube&dims=kind=a')).json() as { value: number[] };
    // JSON writes the numbers (-0 as 0, as JSON.stringify does)
    assert.deepEqual(json.value, [205.44041, 1.5, 3, 5, 0, 7, Number(LONG)]);
  });
});
