import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import { convertByHand, readCsvSeries, type CsvSeries, type Target } from '../../test/hand-aggregates.js';
import { convertSeries, viewFrequency } from './convert-frequency.js';
import { AGGREGATIONS, type Aggregation } from './view.js';

/** A series of the CSV as the store holds it. */
function typed(series: CsvSeries): { dates: Int32Array; values: Float64Array } {
  return { dates: Int32Array.from(series.rows, (r) => parseIsoDate(r.date)!), values: Float64Array.from(series.rows, (r) => r.value) };
}

/** Rows of a converted series, for comparison with the hand's. */
function rowsOf(c: { dates: Int32Array; values: Float64Array }): { date: string; value: number }[] {
  return Array.from(c.dates, (d, i) => ({ date: formatIsoDate(d), value: c.values[i] }));
}

const CASES: { id: string; source: string; target: Target }[] = [
  { id: 'ch_snb_zavesic', source: 'monthly', target: 'quarterly' },
  { id: 'ch_snb_zavesic', source: 'monthly', target: 'annual' },
  { id: 'ch_fso_vacancies', source: 'quarterly', target: 'annual' },
  { id: 'ch_fso_construction_prices', source: 'semi-annual', target: 'annual' },
  { id: 'ch_seco_wwa', source: 'weekly', target: 'monthly' },
  { id: 'ch_seco_wwa', source: 'weekly', target: 'quarterly' },
  { id: 'ch_seco_wwa', source: 'weekly', target: 'annual' },
];

describe('frequency conversion equals the aggregates computed by hand from the published CSV (issue 20)', () => {
  for (const { id, source, target } of CASES) {
    it(`${id}: ${source} → ${target}, every aggregation, complete periods and partial`, () => {
      const all = readCsvSeries(id);
      assert.ok(all.length > 0);
      for (const series of all) {
        const { dates, values } = typed(series);
        for (const aggregation of AGGREGATIONS) {
          for (const partial of [false, true]) {
            const got = rowsOf(convertSeries(dates, values, source, { frequency: target, aggregation, partial }));
            assert.deepEqual(got, convertByHand(series, source, target, aggregation, partial), `${series.codes.join('.')} ${aggregation} partial=${partial}`);
          }
        }
      }
    });
  }

  it('weekly → monthly: a month is complete with every Monday it holds, 4 or 5 (ch_seco_wwa)', () => {
    const [series] = readCsvSeries('ch_seco_wwa');
    const { dates, values } = typed(series);
    const months = rowsOf(convertSeries(dates, values, 'weekly', { frequency: 'monthly', aggregation: 'sum', partial: false }));
    // March 2025 has 5 Mondays (3, 10, 17, 24, 31), February 2025 has 4
    const sumOf = (prefix: string) => series.rows.filter((r) => r.date.startsWith(prefix)).reduce((s, r) => s + r.value, 0);
    assert.equal(series.rows.filter((r) => r.date.startsWith('2025-03')).length, 5);
    assert.deepEqual(
      months.filter((m) => m.date === '2025-02-01' || m.date === '2025-03-01'),
      [
        { date: '2025-02-01', value: sumOf('2025-02') },
        { date: '2025-03-01', value: sumOf('2025-03') },
      ],
    );
    // the three gaps of two weeks in the file leave their months out
    const gaps = series.rows
      .filter((r, i) => i > 0 && parseIsoDate(r.date)! - parseIsoDate(series.rows[i - 1].date)! > 7)
      .map((r) => formatIsoDate(parseIsoDate(r.date)! - 7).slice(0, 7));
    assert.equal(gaps.length, 3);
    for (const month of gaps) assert.ok(!months.some((m) => m.date.startsWith(month)), `${month} lacks a week: left out`);
  });
});

describe('frequency conversion: missing values and partial periods', () => {
  const d = (iso: string) => parseIsoDate(iso)!;
  const monthly = {
    dates: Int32Array.from(['2020-01-01', '2020-02-01', '2020-03-01', '2020-04-01', '2020-05-01', '2020-06-01', '2020-07-01'], d),
    values: Float64Array.of(1, NaN, 3, 4, 5, 6, 7),
  };
  const quarters = (aggregation: Aggregation, partial: boolean) =>
    rowsOf(convertSeries(monthly.dates, monthly.values, 'monthly', { frequency: 'quarterly', aggregation, partial }));

  it('a period holding a missing value or lacking a sub-period is left out', () => {
    assert.deepEqual(quarters('mean', false), [{ date: '2020-04-01', value: 5 }]);
  });

  it('partial keeps them, aggregated over the values present', () => {
    assert.deepEqual(quarters('mean', true), [
      { date: '2020-01-01', value: 2 },
      { date: '2020-04-01', value: 5 },
      { date: '2020-07-01', value: 7 },
    ]);
    assert.deepEqual(
      quarters('first', true).map((r) => r.value),
      [1, 4, 7],
    );
    assert.deepEqual(
      quarters('last', true).map((r) => r.value),
      [3, 6, 7],
    );
    assert.deepEqual(
      quarters('sum', true).map((r) => r.value),
      [4, 15, 7],
    );
    assert.deepEqual(
      quarters('min', true).map((r) => r.value),
      [1, 4, 7],
    );
    assert.deepEqual(
      quarters('max', true).map((r) => r.value),
      [3, 6, 7],
    );
  });

  it('a kept period with no value present is missing; an empty series converts to nothing', () => {
    const got = convertSeries(Int32Array.of(d('2020-01-01')), Float64Array.of(NaN), 'monthly', { frequency: 'annual', aggregation: 'max', partial: true });
    assert.equal(got.dates.length, 1);
    assert.ok(Number.isNaN(got.values[0]));
    assert.equal(convertSeries(new Int32Array(0), new Float64Array(0), 'monthly', { frequency: 'annual', aggregation: 'mean', partial: true }).dates.length, 0);
  });

  it("a view's frequency is the converted one, else the dataset's", () => {
    const dataset = { meta: { frequency: 'monthly' } } as never;
    assert.equal(viewFrequency({}, dataset), 'monthly');
    assert.equal(viewFrequency({ convert: { frequency: 'annual', aggregation: 'mean', partial: false } }, dataset), 'annual');
  });
});
