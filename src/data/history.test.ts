// The history of a dataset in the store, on a tiny hand-written history with
// the edges: a value revised twice, a series removed, an observation removed
// and added again, observations added later. valuesAsOf gives each vintage's
// series, the counts say what each vintage changed, and a broken history file
// is a load error of its dataset with the file and the line.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyDataDir, FIXTURES } from '../../test/helpers.js';
import { formatIsoDate } from './dates.js';
import { valuesAsOf } from './history.js';
import { loadSnapshot } from './load-snapshot.js';
import type { Dataset } from './model.js';
import { formatStamp, nextStamp, parseStamp } from './vintage-stamp.js';

const [T0, T1, T2, T3] = ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T12:00:00Z', '2026-04-01T00:00:00Z'];

const HISTORY = [
  'kind,region,date,value,valid_from,valid_to',
  `a,n,2019-01-01,90,${T0},${T1}`,
  `a,n,2019-01-01,95,${T1},${T2}`,
  `a,s,2019-07-01,54,${T0},${T1}`,
  `b,s,2019-01-01,7,${T0},${T2}`,
  `b,s,2019-04-01,8,${T1},${T2}`,
];

const INDEX = {
  dataset: 'tiny_cube',
  vintages: [
    { vintage: T0, added: [] },
    { vintage: T1, added: [['b', 's', '2019-04-01']] },
    { vintage: T2, added: [] },
    {
      vintage: T3,
      added: [
        ['a', 's', '2019-07-01'],
        ['a', 's', '2020-07-01'],
      ],
    },
  ],
};

describe('history in the store', () => {
  let dir: string;
  let remove: () => Promise<void>;

  async function load(csv: string[], index: unknown = INDEX) {
    await writeFile(path.join(dir, 'tiny_cube.vintages.csv'), csv.join('\n') + '\n');
    await writeFile(path.join(dir, 'tiny_cube.vintages.json'), typeof index === 'string' ? index : JSON.stringify(index));
    return loadSnapshot(dir);
  }

  before(async () => {
    ({ dir, remove } = await copyDataDir(path.join(FIXTURES, 'tiny')));
  });
  after(() => remove());

  describe('a well-formed history', () => {
    let ds: Dataset;
    before(async () => {
      const snapshot = await load(HISTORY);
      assert.deepEqual(
        snapshot.issues.filter((i) => i.severity === 'error'),
        [],
      );
      ds = snapshot.datasets.get('tiny_cube')!;
    });

    const asOf = (kind: string, region: string, stamp: string): string[] | null => {
      const dims = ds.meta.dimensions;
      const got = valuesAsOf(ds.store, ds.history!, [dims[0].index.get(kind)!, dims[1].index.get(region)!], stamp);
      return got && got.dates.map((d, i) => `${formatIsoDate(d)}=${got.values[i]}`);
    };

    it('swaps superseded values back in, leaves later additions out and restores removed observations and series', () => {
      assert.deepEqual(asOf('a', 'n', T0)!.slice(0, 2), ['2019-01-01=90', '2019-04-01=110']);
      assert.deepEqual(asOf('a', 'n', '2026-02-15T00:00:00Z')![0], '2019-01-01=95');
      assert.deepEqual(asOf('a', 'n', T2)![0], '2019-01-01=100');
      assert.deepEqual(asOf('b', 's', T0), ['2019-01-01=7']);
      assert.deepEqual(asOf('b', 's', T1), ['2019-01-01=7', '2019-04-01=8']);
      assert.deepEqual(asOf('b', 's', T2), []);
      assert.deepEqual(asOf('a', 's', T0), ['2019-01-01=50', '2019-07-01=54', '2020-01-01=60']);
      assert.deepEqual(asOf('a', 's', T1), ['2019-01-01=50', '2020-01-01=60']);
      assert.deepEqual(asOf('a', 's', T3), ['2019-01-01=50', '2019-07-01=55', '2020-01-01=60', '2020-07-01=0.1']);
      assert.equal(asOf('a', 'n', '2025-12-31T23:59:59Z'), null);
    });

    it('counts per vintage the series and observations added and removed and the values revised', () => {
      const zero = { seriesAdded: 0, seriesRemoved: 0, observationsAdded: 0, observationsRemoved: 0, valuesRevised: 0 };
      assert.deepEqual(ds.history!.counts, [
        { ...zero, seriesAdded: 4, observationsAdded: 13 },
        { ...zero, observationsAdded: 1, observationsRemoved: 1, valuesRevised: 1 },
        { ...zero, seriesRemoved: 1, observationsRemoved: 2, valuesRevised: 1 },
        { ...zero, observationsAdded: 2 },
      ]);
    });

    it('holds only the superseded values in typed arrays, not a copy per vintage', () => {
      const h = ds.history!;
      assert.equal(h.rowValues.length, HISTORY.length - 1);
      assert.ok(h.rowFrom instanceof Uint16Array && h.rowDates instanceof Int32Array);
      assert.equal(ds.store.observations, 13);
    });
  });

  const broken: [string, string[], unknown, string, number | undefined, RegExp][] = [
    ['a wrong header', ['kind,region,date,value,valid_from', ...HISTORY.slice(1)], INDEX, 'tiny_cube.vintages.csv', 1, /header is/],
    [
      'an unknown code',
      [...HISTORY.slice(0, 2), `zz,n,2019-01-01,95,${T1},${T2}`],
      INDEX,
      'tiny_cube.vintages.csv',
      3,
      /"zz" is not a level of dimension "kind"/,
    ],
    ['a date that is not one', [...HISTORY.slice(0, 2), `a,n,2019-02-30,95,${T1},${T2}`], INDEX, 'tiny_cube.vintages.csv', 3, /not an ISO date/],
    ['a value that is not a number', [...HISTORY.slice(0, 2), `a,n,2019-04-01,0x1F,${T1},${T2}`], INDEX, 'tiny_cube.vintages.csv', 3, /not a number/],
    [
      'a stamp of no vintage',
      [HISTORY[0], `a,n,2019-01-01,90,${T0},2026-01-09T00:00:00Z`],
      INDEX,
      'tiny_cube.vintages.csv',
      2,
      /not a time stamp of one of the dataset's vintages/,
    ],
    ['a stamp with milliseconds', [HISTORY[0], `a,n,2019-01-01,90,2026-01-01T00:00:00.000Z,${T1}`], INDEX, 'tiny_cube.vintages.csv', 2, /not a time stamp/],
    ['an empty interval', [HISTORY[0], `a,n,2019-01-01,90,${T1},${T1}`], INDEX, 'tiny_cube.vintages.csv', 2, /is not before valid_to/],
    ['rows out of order', [HISTORY[0], HISTORY[3], HISTORY[1]], INDEX, 'tiny_cube.vintages.csv', 3, /not sorted/],
    ['overlapping intervals', [HISTORY[0], `a,n,2019-01-01,90,${T0},${T2}`, `a,n,2019-01-01,95,${T1},${T3}`], INDEX, 'tiny_cube.vintages.csv', 3, /overlaps/],
    ['an index that is not JSON', HISTORY, '{"vintages": [', 'tiny_cube.vintages.json', undefined, /invalid JSON/],
    ['vintages out of order', HISTORY, { vintages: [{ vintage: T1 }, { vintage: T0 }] }, 'tiny_cube.vintages.json', undefined, /is not after the one before/],
  ];
  for (const [what, csv, index, file, line, message] of broken) {
    it(`refuses a history with ${what}: a load error of that dataset with file and line`, async () => {
      const snapshot = await load(csv, index);
      const errors = snapshot.issues.filter((i) => i.severity === 'error');
      assert.equal(errors.length, 1, JSON.stringify(errors));
      assert.deepEqual([errors[0].dataset, errors[0].file, errors[0].line], ['tiny_cube', file, line]);
      assert.match(errors[0].message, message);
      assert.ok(!snapshot.datasets.has('tiny_cube') && snapshot.datasets.has('tiny_single'));
    });
  }
});

describe('vintage stamps', () => {
  it('names a publish by its UTC second, and two publishes in one second (or a clock behind) by distinct ordered stamps', () => {
    assert.equal(nextStamp(new Date('2026-05-01T10:20:30.999Z'), null), '2026-05-01T10:20:30Z');
    assert.equal(nextStamp(new Date('2026-05-01T10:20:30.999Z'), '2026-05-01T10:20:30Z'), '2026-05-01T10:20:31Z');
    assert.equal(nextStamp(new Date('2026-05-01T10:00:00Z'), '2026-05-01T10:20:31Z'), '2026-05-01T10:20:32Z');
  });

  it('reads only well-formed stamps of real times', () => {
    assert.equal(formatStamp(parseStamp('2024-02-29T23:59:59Z')!), '2024-02-29T23:59:59Z');
    for (const bad of ['2026-02-30T00:00:00Z', '2026-01-01T00:00:00.000Z', '2026-01-01 00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T00:00:00+01:00']) {
      assert.equal(parseStamp(bad), null, bad);
    }
  });
});
