// The xlsx encoder, read back with the xlsx reader: a real selection's data
// sheet holds its codes, labels, dates (real Excel dates) and values, missing
// values as empty cells; a formula-looking label stays text; dates before
// 1900-03-01 are ISO text; the metadata sheet links its URLs; a selection
// longer than a sheet is refused.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { REAL_DATA } from '../../test/helpers.js';
import { formatIsoDate, parseIsoDate } from '../data/dates.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import type { Dataset } from '../data/model.js';
import { DsError } from '../errors/ds-error.js';
import { computeView } from './compute-view.js';
import { assertFitsXlsx, buildXlsxInput, encodeXlsxInput, excelDateCell, XLSX_MAX_ROWS } from './encode-xlsx.js';
import type { SelectionView } from './view.js';

const day = (iso: string): number => parseIsoDate(iso)!;
const METADATA = [
  { key: 'title', name: 'Title', value: 'Producer prices' },
  { key: 'page_url', name: 'Page', value: 'https://x.org/d/ch_fso_ppi', url: 'https://x.org/d/ch_fso_ppi' },
];

/** The sheet's cells, row by row (null for an empty cell). */
function cellsOf(sheet: XLSX.WorkSheet): (XLSX.CellObject | null)[][] {
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  return Array.from({ length: range.e.r + 1 }, (_, r) => Array.from({ length: range.e.c + 1 }, (_, c) => sheet[XLSX.utils.encode_cell({ r, c })] ?? null));
}

describe('the xlsx encoder', () => {
  let ppi: Dataset;
  let view: SelectionView;
  before(async () => {
    ppi = (await loadSnapshot(REAL_DATA)).datasets.get('ch_fso_ppi')!;
    const selection = { datasetId: ppi.meta.id, dims: { base: ['2020', '1963'] }, from: day('2021-01-01'), to: day('2021-06-01'), last: null, base: null };
    view = computeView(ppi, { ...selection, transform: 'pct' });
  });

  it('writes the data sheet of a real selection: codes, labels, Excel dates, values', () => {
    const input = buildXlsxInput(view, 'de', METADATA, ['=SUM(1)', 'Basis 2020']);
    const book = XLSX.read(encodeXlsxInput(input), { type: 'buffer', cellDates: false });
    assert.deepEqual(book.SheetNames, ['data', 'metadata']);
    const rows = cellsOf(book.Sheets.data);
    assert.deepEqual(
      rows[0].map((c) => c?.v),
      ['base', 'base_label', 'label', 'date', 'value'],
    );
    assert.equal(rows.length - 1, view.observations);
    let r = 1;
    view.series.forEach((s, k) => {
      for (let i = 0; i < s.dates.length; i++, r++) {
        const [code, , label, date, value] = rows[r];
        assert.equal(code?.v, s.codes[0]);
        assert.equal(label?.t, 's', 'a formula-looking label is a text cell');
        assert.equal(label?.v, ['=SUM(1)', 'Basis 2020'][k]);
        assert.equal(label?.f, undefined, 'no cell carries a formula');
        assert.equal(date?.t, 'n');
        assert.equal(formatIsoDate(Number(date?.v) - 25569), formatIsoDate(s.dates[i]));
        if (Number.isNaN(s.values[i])) assert.equal(value, null, 'a missing value is an empty cell');
        else assert.equal(value?.v, s.values[i]);
      }
    });
    assert.ok(view.series.some((s) => s.values.some((v) => !Number.isNaN(v))));
  });

  it('links the URLs of the metadata sheet and names the workbook', () => {
    const book = XLSX.read(encodeXlsxInput(buildXlsxInput(view, 'en', METADATA, ['a', 'b'])), { type: 'buffer' });
    const rows = cellsOf(book.Sheets.metadata);
    assert.deepEqual(
      rows.map((row) => row.map((c) => c?.v)),
      [
        ['Field', 'Value'],
        ['Title', 'Producer prices'],
        ['Page', 'https://x.org/d/ch_fso_ppi'],
      ],
    );
    assert.equal(rows[2][1]?.l?.Target, 'https://x.org/d/ch_fso_ppi');
    assert.equal(rows[1][1]?.l, undefined);
    assert.equal(book.Props?.Title, 'Producer prices');
    assert.equal(book.Props?.Subject, 'ch_fso_ppi');
  });

  it('writes dates before 1900-03-01 as ISO text, later ones as date serials', () => {
    assert.deepEqual(excelDateCell(day('1900-02-28')), { t: 's', v: '1900-02-28' });
    assert.deepEqual(excelDateCell(day('1900-03-01')), { t: 'n', v: 61, z: 'yyyy-mm-dd' });
    assert.deepEqual(excelDateCell(day('2020-01-01')), { t: 'n', v: 43831, z: 'yyyy-mm-dd' });
  });

  it('refuses a selection longer than a sheet (too_many_rows), and takes one that fits', () => {
    assert.doesNotThrow(() => assertFitsXlsx({ ...view, observations: XLSX_MAX_ROWS - 1 }));
    assert.throws(
      () => assertFitsXlsx({ ...view, observations: XLSX_MAX_ROWS }),
      (e: unknown) => e instanceof DsError && e.code === 'too_many_rows' && e.status === 400,
    );
  });
});
