// parseSeriesCsv: every row of every real published CSV read back as an
// independent RFC 4180 reader reads it (codes, date, value), and the edges
// of the one dialect on tiny fixtures: BOM, CRLF, quotes, missing values,
// a file cut short, and each refusal with its line.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { fixtureDimension, parseCsvText, REAL_DATA } from '../../test/helpers.js';
import { formatIsoDate } from './dates.js';
import { loadSnapshot } from './load-snapshot.js';
import type { Dimension, Snapshot } from './model.js';
import { CsvError, parseSeriesCsv, type ParsedRows } from './parse-csv.js';

const DIMS = [fixtureDimension('sex', ['m', 'f']), fixtureDimension('age', ['young', 'old'])];

/** The rows as text: codes, ISO date, value (`NaN` for missing). */
function rowsOf(parsed: ParsedRows, dims: Dimension[]): string[][] {
  return Array.from({ length: parsed.rows }, (_, r) => [
    ...dims.map((d, k) => d.levels[parsed.seriesCodes[parsed.rowSeries[r]][k]].code),
    formatIsoDate(parsed.rowDates[r]),
    String(parsed.rowValues[r]),
  ]);
}

/** The CsvError `text` gets, as [line, message]. */
function refusal(text: string, dims: Dimension[] = DIMS): [number, string, boolean] {
  try {
    parseSeriesCsv(Buffer.from(text), dims);
  } catch (e) {
    assert.ok(e instanceof CsvError, String(e));
    return [e.line, e.message, e.retry];
  }
  assert.fail(`parsed: ${text}`);
}

describe('parseSeriesCsv on the real published files', () => {
  let snapshot: Snapshot;
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
  });

  it('reads every row of every dataset as written: codes, date and value', async () => {
    assert.ok(snapshot.datasets.size >= 45);
    for (const ds of snapshot.datasets.values()) {
      const bytes = await readFile(path.join(REAL_DATA, ds.files.data));
      const [header, ...lines] = parseCsvText(bytes.toString('utf8').replace(/^\uFEFF/, '')).filter((row) => row.join('') !== '');
      assert.deepEqual(header, [...ds.meta.dimensions.map((d) => d.id), 'date', 'value'], ds.meta.id);
      const expected = lines.map((row) => [...row.slice(0, -1), String(row.at(-1) === '' || row.at(-1) === 'NA' ? NaN : Number(row.at(-1)))]);
      assert.deepEqual(rowsOf(parseSeriesCsv(bytes, ds.meta.dimensions), ds.meta.dimensions), expected, ds.meta.id);
    }
  });
});

describe('parseSeriesCsv on tiny files', () => {
  it('groups rows by series in order of first appearance, and keeps file order of rows', () => {
    const parsed = parseSeriesCsv(Buffer.from('sex,age,date,value\nf,old,2020-01-01,1\nm,young,2020-01-01,2\nf,old,2019-01-01,3\n'), DIMS);
    assert.deepEqual(
      parsed.seriesCodes.map((c) => [...c]),
      [
        [1, 1],
        [0, 0],
      ],
    );
    assert.deepEqual([...parsed.rowSeries.subarray(0, parsed.rows)], [0, 1, 0]);
    assert.deepEqual(rowsOf(parsed, DIMS), [
      ['f', 'old', '2020-01-01', '1'],
      ['m', 'young', '2020-01-01', '2'],
      ['f', 'old', '2019-01-01', '3'],
    ]);
  });

  it('reads a BOM, CRLF line ends, quoted fields and blank lines; empty and NA are missing', () => {
    const text = '\uFEFFsex,age,date,value\r\n"m","old",2020-01-01,"1.5"\r\n\r\nm,old,2020-02-01,\r\nm,old,2020-03-01,NA\r\n';
    assert.deepEqual(rowsOf(parseSeriesCsv(Buffer.from(text), DIMS), DIMS), [
      ['m', 'old', '2020-01-01', '1.5'],
      ['m', 'old', '2020-02-01', 'NaN'],
      ['m', 'old', '2020-03-01', 'NaN'],
    ]);
  });

  it('keeps the text of a value the shortest number text would not write again', () => {
    const parsed = parseSeriesCsv(Buffer.from('date,value\n2020-01-01,1.50\n2020-02-01,2\n2020-03-01,"3.10"\n'), []);
    assert.deepEqual(
      [...parsed.texts],
      [
        [0, '1.50'],
        [2, '3.10'],
      ],
    );
  });

  it('refuses each kind of mistake with its line', () => {
    assert.deepEqual(refusal('sex,date,value\nm,2020-01-01,1\n'), [
      1,
      'header is "sex,date,value", expected "sex,age,date,value" (dim_order, then date, value)',
      false,
    ]);
    assert.deepEqual(refusal('sex,age,date,value\nm,old,2020-01-01,1\nx,old,2020-02-01,1\n').slice(0, 1), [3]);
    assert.match(refusal('sex,age,date,value\nm,old,2020-01-01,1\nx,old,2020-02-01,1\n')[1], /"x" is not a level of dimension "sex"/);
    assert.deepEqual(refusal('sex,age,date,value\nm,old,2020-02-30,1\n'), [2, 'date "2020-02-30" is not a calendar date', false]);
    assert.deepEqual(refusal('sex,age,date,value\nm,old,2020-1-01,1\n'), [2, 'date "2020-1-01" is not an ISO date YYYY-MM-DD', false]);
    assert.deepEqual(refusal('sex,age,date,value\nm,old,2020-01-01,1,5\n'), [2, 'expected 4 fields, found 5', false]);
    assert.match(refusal('sex,age,date,value\nm,old,2020-01-01,one\n')[1], /^value "one" is not a number/);
    assert.deepEqual(refusal('sex,age,date,value\n'), [1, 'has a header but no rows (a dataset needs at least one observation)', false]);
  });

  it('asks to read again a file that is empty or ends without a newline (still being written)', () => {
    assert.deepEqual(refusal(''), [1, 'is empty (expected a header line and rows)', true]);
    const [line, message, retry] = refusal('sex,age,date,value\nm,old,2020-01-01,1\nm,old,2020-02');
    assert.deepEqual([line, retry], [3, true]);
    assert.match(message, /ends without a final newline/);
  });
});
