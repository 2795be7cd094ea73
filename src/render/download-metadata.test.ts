// The metadata of a download, on real selections: its rows in order, in the
// language, empty rows left out, URLs linked; the URLs it gives reproduce the
// selection (asked of the real app); units by level, relative bounds and the
// index base are written as the sheet promises.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, selectionOf, startApp } from '../../test/helpers.js';
import { parseIsoDate } from '../data/dates.js';
import type { Snapshot } from '../data/model.js';
import { ALL_LEVELS, FIRST_DATE } from '../i18n/download-text.js';
import { computeView } from '../query/compute-view.js';
import { buildDownloadMetadata, type MetadataRow } from './download-metadata.js';
import type { Selection } from '../query/view.js';

const BASE = 'https://x.org';
const day = (iso: string): number => parseIsoDate(iso)!;
const valueOf = (rows: MetadataRow[], key: string): string | undefined => rows.find((r) => r.key === key)?.value;

describe('download metadata of real selections', () => {
  let app: FastifyInstance;
  let snapshot: Snapshot;
  before(async () => {
    app = await startApp(REAL_DATA);
    snapshot = app.ds.data.current!;
  });
  after(() => app.close());

  const metadata = (over: Partial<Selection> & { datasetId: string }, lang: 'en' | 'de' = 'en') => {
    const view = computeView(snapshot.datasets.get(over.datasetId)!, selectionOf(over.datasetId, over));
    return { view, rows: buildDownloadMetadata(view, snapshot, BASE, lang) };
  };

  it('writes its rows in order, in the language, leaving out empty ones and linking every URL', () => {
    const { view, rows } = metadata(
      { datasetId: 'ch_fso_ppi', dims: { base: ['2020'] }, from: day('2021-01-01'), transform: 'index', base: day('2021-01-01') },
      'de',
    );
    assert.deepEqual(
      rows.map((r) => r.key),
      [
        'title',
        'dataset',
        'description',
        'source',
        'source_url',
        'license',
        'license_url',
        'frequency',
        'dims',
        'from',
        'transform',
        'base',
        'series',
        'observations',
      ].concat(['csv_url', 'json_url', 'xlsx_url', 'page_url', 'updated', 'fetched', 'version', 'citation']),
    );
    assert.equal(valueOf(rows, 'title'), 'Produzenten- und Importpreise');
    assert.equal(rows[0].name, 'Titel');
    assert.equal(valueOf(rows, 'frequency'), 'Monatlich');
    assert.equal(valueOf(rows, 'transform'), 'index: Index');
    assert.equal(valueOf(rows, 'base'), '2021-01-01');
    assert.equal(valueOf(rows, 'observations'), String(view.observations));
    assert.equal(valueOf(rows, 'xlsx_url'), `${BASE}/series.xlsx?dataset=ch_fso_ppi&dims=base=2020&from=2021-01-01&transform=index&base=2021-01-01&lang=de`);
    for (const row of rows) assert.equal(row.url, /^https?:\/\//.test(row.value) ? row.value : undefined, row.key);
    assert.match(
      valueOf(rows, 'citation')!,
      /^Bundesamt für Statistik \(BFS\) \(\d{4}\): Produzenten- und Importpreise \[ch_fso_ppi\]\. Datenversion \d{4}-\d{2}-\d{2}\. https:\/\/x\.org\/de\/d\/ch_fso_ppi\?/,
    );
  });

  it('gives CSV and JSON URLs that reproduce the selection on the real app', async () => {
    for (const over of [
      { datasetId: 'ch_fso_ppi', dims: { base: ['2020', '1963'] }, from: day('2020-01-01'), transform: 'yoy' as const },
      { datasetId: 'ch_seco_concon', dims: { type: ['index'], seas_adj: ['csa'] }, last: 8 },
    ]) {
      const { view, rows } = metadata(over);
      const csv = await app.inject(valueOf(rows, 'csv_url')!.slice(BASE.length));
      assert.equal(csv.statusCode, 200, csv.body);
      assert.equal(csv.body.trimEnd().split('\n').length - 1, view.observations, over.datasetId);
      const json = JSON.parse((await app.inject(valueOf(rows, 'json_url')!.slice(BASE.length))).body) as { date: string[]; value: (number | null)[] };
      assert.equal(json.date.length, view.observations);
      assert.deepEqual(
        json.value.map((v) => v ?? NaN),
        view.series.flatMap((s) => [...s.values]),
      );
    }
  });

  it('names the units of each selected code where units go by level, and all series for no dims', () => {
    const { rows } = metadata({ datasetId: 'ch_seco_concon' });
    assert.equal(valueOf(rows, 'units'), 'index: Index; sd: Standard deviation');
    assert.equal(valueOf(rows, 'dims'), ALL_LEVELS.en);
  });

  it('writes a relative bound with the date it stands for, and an index on the first date as such', () => {
    const view = metadata({ datasetId: 'ch_fso_ppi', dims: { base: ['2020'] } }).view;
    const lastDate = view.series[0].dates.at(-1)!;
    const from = lastDate - 365;
    const { rows } = metadata({ datasetId: 'ch_fso_ppi', dims: { base: ['2020'] }, from, transform: 'index', relative: { from: '-1y', to: null } });
    assert.match(valueOf(rows, 'from')!, /^-1y \(\d{4}-\d{2}-\d{2}\)$/);
    assert.match(valueOf(rows, 'csv_url')!, /&from=-1y&/);
    assert.equal(valueOf(rows, 'base'), FIRST_DATE.en);
    assert.doesNotMatch(valueOf(rows, 'xlsx_url')!, /lang=/, 'English is the default language');
  });
});
