// buildStore: the columnar store holds each real dataset's published rows,
// grouped by series in the order they first appear and ascending by date,
// with postings per level; on tiny fixtures, unsorted series are sorted (their
// published texts move with them) and a date given twice is refused.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fixtureDimension, parseCsvText, REAL_DATA } from '../../test/helpers.js';
import { buildStore } from './build-store.js';
import { formatIsoDate } from './dates.js';
import { loadSnapshot } from './load-snapshot.js';
import type { Dimension, SeriesStore } from './model.js';
import { CsvError, parseSeriesCsv } from './parse-csv.js';

const DIMS = [fixtureDimension('sex', ['m', 'f'])];

/** Per series of the store: its codes, then `date=value` per observation. */
function seriesOf(store: SeriesStore, dims: Dimension[]): string[][] {
  return Array.from({ length: store.count }, (_, s) => {
    const codes = dims.map((d, k) => d.levels[store.codes[k][s]].code);
    const obs = [];
    for (let i = store.offsets[s]; i < store.offsets[s + 1]; i++) obs.push(`${formatIsoDate(store.dates[i])}=${store.values[i]}`);
    return [...codes, ...obs];
  });
}

const storeOf = (text: string, dims = DIMS): SeriesStore => buildStore(parseSeriesCsv(Buffer.from(text), dims), dims);

describe('buildStore on the real published files', () => {
  it('holds every row, grouped by series in first-appearance order, ascending by date, with postings per level', async () => {
    const snapshot = await loadSnapshot(REAL_DATA);
    for (const ds of snapshot.datasets.values()) {
      const dims = ds.meta.dimensions;
      const text = (await readFile(path.join(REAL_DATA, ds.files.data), 'utf8')).replace(/^\uFEFF/, '');
      const groups = new Map<string, [string, number][]>();
      for (const row of parseCsvText(text)
        .slice(1)
        .filter((r) => r.join('') !== '')) {
        const key = row.slice(0, dims.length).join('\u0000');
        const value = row.at(-1) === '' || row.at(-1) === 'NA' ? NaN : Number(row.at(-1));
        groups.set(key, [...(groups.get(key) ?? []), [row[dims.length], value]]);
      }
      const expected = [...groups].map(([key, obs]) => [
        ...(dims.length ? key.split('\u0000') : []),
        ...obs.sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, value]) => `${date}=${value}`),
      ]);
      const store = buildStore(parseSeriesCsv(Buffer.from(text), dims), dims);
      assert.deepEqual(seriesOf(store, dims), expected, ds.meta.id);
      assert.equal(store.observations, ds.store.observations, ds.meta.id);
      dims.forEach((dim, d) =>
        dim.levels.forEach((_, i) => {
          const ids = Array.from({ length: store.count }, (_, s) => s).filter((s) => store.codes[d][s] === i);
          assert.deepEqual([...store.postings[d][i]], ids, `${ds.meta.id} ${dim.id}`);
        }),
      );
    }
  });
});

describe('buildStore on tiny files', () => {
  it('sorts a series the file gives out of order, and its published texts move with the values', () => {
    const store = storeOf('sex,date,value\nf,2020-03-01,3.10\nm,2020-01-01,1\nf,2020-01-01,1.50\nf,2020-02-01,2\n');
    assert.deepEqual(seriesOf(store, DIMS), [
      ['f', '2020-01-01=1.5', '2020-02-01=2', '2020-03-01=3.1'],
      ['m', '2020-01-01=1'],
    ]);
    assert.deepEqual([...(store.valueTexts?.byIndex ?? [])].sort(), [
      [0, '1.50'],
      [2, '3.10'],
    ]);
    assert.equal(store.valueTexts?.longest, 4);
    assert.deepEqual([formatIsoDate(store.start), formatIsoDate(store.end)], ['2020-01-01', '2020-03-01']);
    assert.deepEqual(
      store.postings[0].map((p) => [...p]),
      [[1], [0]],
    );
  });

  it('has no published texts where every value is written as the shortest text', () => {
    assert.equal(storeOf('sex,date,value\nm,2020-01-01,1.5\n').valueTexts, undefined);
  });

  it('refuses a date given twice in one series, naming the series', () => {
    assert.throws(
      () => storeOf('sex,date,value\nm,2020-01-01,1\nf,2020-01-01,1\nm,2020-01-01,2\n'),
      (e: unknown) => e instanceof CsvError && e.message === 'date 2020-01-01 appears twice in series sex=m',
    );
    assert.throws(
      () => storeOf('date,value\n2020-01-01,1\n2020-01-01,2\n', []),
      (e: unknown) => e instanceof CsvError && /in series \(the only series\)$/.test(e.message),
    );
  });
});
