// Downloads: the Excel workbook holds exactly the numbers and dates of /series
// for the same selection (transform applied), with labels and a metadata sheet
// that reproduces the selection; download=1 only adds Content-Disposition.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { FIXTURES, parseCsvText, REAL_DATA, startApp } from '../../test/helpers.js';

type Columns = Record<string, (string | number | null)[]>;
type Meta = { dim_order: string[]; dimensions: Record<string, { levels: Record<string, { label: Record<string, string> }> }> };

const SEL = 'dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q,ks_i11_econ_hist_q,ks_i12_econ_exp_q;seas_adj=csa&transform=yoy';

/** Excel serial (1900 system, after 1900-02-28) → ISO date. */
const serialToIso = (serial: number): string => new Date((serial - 25569) * 86400000).toISOString().slice(0, 10);

function readBook(body: Buffer): XLSX.WorkBook {
  return XLSX.read(body, { type: 'buffer' });
}

/** The metadata sheet as name → cell. */
function metadataOf(wb: XLSX.WorkBook): Map<string, XLSX.CellObject> {
  const ws = wb.Sheets.metadata;
  const out = new Map<string, XLSX.CellObject>();
  const range = XLSX.utils.decode_range(ws['!ref']!);
  for (let r = range.s.r; r <= range.e.r; r++) out.set(String(ws[XLSX.utils.encode_cell({ r, c: 0 })].v), ws[XLSX.utils.encode_cell({ r, c: 1 })]);
  return out;
}

/** The raw XML of a part of the workbook (the zip). */
function partXml(body: Buffer, name: string): string {
  const cfb = XLSX.CFB.read(body, { type: 'buffer' });
  const i = (cfb.FullPaths as string[]).findIndex((p) => p.endsWith(`/${name}`));
  assert.ok(i >= 0, `${name} in the workbook`);
  return Buffer.from(cfb.FileIndex[i].content).toString('utf8');
}

/** Every row of the data sheet as cells (header first). */
function dataRows(wb: XLSX.WorkBook): XLSX.CellObject[][] {
  const ws = wb.Sheets.data;
  const range = XLSX.utils.decode_range(ws['!ref']!);
  const rows: XLSX.CellObject[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: XLSX.CellObject[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) row.push(ws[XLSX.utils.encode_cell({ r, c })]);
    rows.push(row);
  }
  return rows;
}

describe('/series.xlsx on the real data', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  /** Asserts the workbook's data sheet equals /series of the same query, label for label in `lang`. */
  async function assertSameAsSeries(query: string, lang: string): Promise<XLSX.CellObject[][]> {
    const res = await app.inject(`/series.xlsx?${query}${lang === 'en' ? '' : `&lang=${lang}`}`);
    assert.equal(res.statusCode, 200, res.body);
    const cols = JSON.parse((await app.inject(`/series?${query}`)).body) as Columns;
    const id = new URLSearchParams(query).get('dataset')!;
    const m = JSON.parse((await app.inject(`/dataset/${id}/meta`)).body) as Meta;
    const rows = dataRows(readBook(res.rawPayload));
    const header = rows[0].map((c) => c.v);
    assert.deepEqual(header, [...m.dim_order.flatMap((d) => [d, `${d}_label`]), 'label', 'date', 'value']);
    assert.equal(rows.length - 1, cols.date.length, 'one row per observation');
    const nd = m.dim_order.length;
    rows.slice(1).forEach((row, i) => {
      m.dim_order.forEach((d, k) => {
        assert.deepEqual([row[2 * k].t, row[2 * k].v], ['s', cols[d][i]], `code ${d} row ${i}`);
        const label = m.dimensions[d].levels[cols[d][i] as string].label;
        assert.equal(row[2 * k + 1].v, label[lang] ?? label.en, `label ${d} row ${i}`);
      });
      const date = row[2 * nd + 1];
      if (date.t === 'n') {
        assert.equal(serialToIso(date.v as number), cols.date[i], `date row ${i}`);
        assert.equal(date.w, cols.date[i], 'shown as yyyy-mm-dd');
      } else assert.equal(date.v, cols.date[i], `text date row ${i}`);
      const value = row[2 * nd + 2];
      if (cols.value[i] === null) assert.equal(value, undefined, `missing value row ${i} is an empty cell`);
      else assert.deepEqual([value.t, value.v], ['n', cols.value[i]], `value row ${i}`);
    });
    return rows;
  }

  it('every code, label, date and value equals /series (yoy, several series, English)', async () => {
    const rows = await assertSameAsSeries(SEL, 'en');
    assert.ok(rows.length > 300, `${rows.length} rows`);
    assert.ok(
      rows.some((r) => r[8] === undefined),
      'yoy leaves the first year missing: empty cells',
    );
    assert.ok(
      rows.slice(1).every((r) => r[7].t === 'n'),
      'dates are real Excel dates',
    );
  });

  it('labels follow lang (German, Italian) and the numbers stay the same', async () => {
    await assertSameAsSeries(SEL, 'de');
    await assertSameAsSeries('dataset=ch_fso_ppi&from=2019-01-01&transform=index&base=2020-01-01', 'it');
    await assertSameAsSeries('dataset=ch_kof_barometer&last=24&transform=pct', 'fr');
  });

  it('a whole dataset of 41k observations round-trips', async () => {
    const res = await app.inject('/series?dataset=ch_fso_jobs_sex');
    const n = (JSON.parse(res.body) as Columns).date.length;
    assert.ok(n > 40000);
    await assertSameAsSeries('dataset=ch_fso_jobs_sex', 'en');
  });

  it('dates before 1900-03-01 (outside Excel dates) are ISO text, later ones real dates', async () => {
    const rows = await assertSameAsSeries('dataset=ch_fso_pop&dims=item=pop_stock_jan&to=1910-01-01', 'en');
    const dates = rows.slice(1).map((r) => r[3]);
    assert.deepEqual([dates[0].t, dates[0].v], ['s', '1861-01-01']);
    assert.ok(dates.filter((d) => d.t === 's').every((d) => String(d.v) < '1900-03-01'));
    assert.ok(dates.filter((d) => d.t === 'n').length >= 10);
  });

  it('the metadata sheet describes the selection and links its CSV, JSON and page', async () => {
    const res = await app.inject(`/series.xlsx?${SEL}`);
    const md = metadataOf(readBook(res.rawPayload));
    assert.equal(md.get('Field')?.v, 'Value', 'a header row, so the sheet reads as a table');
    const base = app.ds.config.baseUrl;
    const dims = 'type=index;structure=ks_i63_index_q,ks_i11_econ_hist_q,ks_i12_econ_exp_q;seas_adj=csa';
    assert.equal(md.get('Title')?.v, 'Consumer confidence');
    assert.equal(md.get('Dataset')?.v, 'ch_seco_concon');
    assert.equal(md.get('Source')?.v, 'State Secretariat for Economic Affairs (SECO)');
    assert.equal(md.get('Source URL')?.v, 'https://www.seco.admin.ch/de/konsumentenstimmung');
    assert.equal(md.get('Source URL')?.l?.Target, 'https://www.seco.admin.ch/de/konsumentenstimmung');
    assert.equal(md.get('License')?.v, 'quarterly', 'a key missing from the vocabulary is shown as it is');
    assert.equal(md.get('Frequency')?.v, 'Quarterly');
    assert.equal(md.get('Selection (dims)')?.v, dims);
    assert.equal(
      md.get('Transform')?.v,
      'yoy: % change on same period of previous year',
      'the long name of src/i18n/transform-names.ts, as in the chart caption',
    );
    assert.equal(md.get('Series')?.v, '3');
    assert.equal(md.get('Last updated by the source')?.v, '2026-08-04 11:54:52');
    assert.equal(md.get('CSV of this selection')?.v, `${base}/series.csv?dataset=ch_seco_concon&dims=${dims}&transform=yoy`);
    assert.equal(md.get('JSON of this selection')?.v, `${base}/series?dataset=ch_seco_concon&dims=${dims}&transform=yoy`);
    assert.equal(md.get('This file')?.v, `${base}/series.xlsx?dataset=ch_seco_concon&dims=${dims}&transform=yoy`);
    const page = `${base}/d/ch_seco_concon?type=index&structure=ks_i63_index_q,ks_i11_econ_hist_q,ks_i12_econ_exp_q&seas_adj=csa&transform=yoy`;
    assert.equal(md.get('Web page of this selection')?.v, page);
    assert.equal(md.get('Web page of this selection')?.l?.Target, page);
    assert.equal(
      md.get('Citation')?.v,
      `State Secretariat for Economic Affairs (SECO) (2026): Consumer confidence [ch_seco_concon]. Data version 2026-08-04. ${page}. quarterly.`,
    );
    assert.match(String(md.get('Data version')?.v), /^[0-9a-f]{6,}/);

    // The CSV URL written in the file answers the same observations as the file.
    const csv = await app.inject(String(md.get('CSV of this selection')?.v).slice(base.length));
    assert.equal(csv.statusCode, 200);
    assert.equal(csv.body.trim().split('\n').length - 1, Number(md.get('Observations')?.v));
  });

  it('license names come from the vocabulary, in the language, with units and the index base', async () => {
    const res = await app.inject('/series.xlsx?dataset=ch_fso_ppi&dims=base=2020&transform=index&base=2021-01-01&lang=fr');
    const md = metadataOf(readBook(res.rawPayload));
    assert.equal(md.get('Champ')?.v, 'Valeur');
    assert.equal(md.get('Licence')?.v, "Office fédéral de la statistique (OFS), conditions d'utilisation");
    assert.match(String(md.get('URL de la licence')?.l?.Target), /^https:\/\/www\.bfs\.admin\.ch\//);
    assert.equal(md.get("Date de base de l'indice")?.v, '2021-01-01');
    assert.equal(md.get('Fréquence')?.v, 'Mensuelle', 'the frequency in the language, as the page says it');
    assert.match(String(md.get('Ce fichier')?.v), /series\.xlsx\?dataset=ch_fso_ppi&dims=base=2020&transform=index&base=2021-01-01&lang=fr$/);
    assert.match(String(md.get('Page web de cette sélection')?.v), /\/fr\/d\/ch_fso_ppi\?dims=base=2020&transform=index&base=2021-01-01$/);
  });

  it('is an attachment with a file name, the xlsx type, CORS, and an ETag honoured on GET and HEAD', async () => {
    const res = await app.inject(`/series.xlsx?${SEL}`);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="ch_seco_concon_yoy.xlsx"');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.rawPayload.subarray(0, 4).toString('latin1'), 'PK\x03\x04', 'a zip');
    const etag = String(res.headers.etag);
    const again = await app.inject(`/series.xlsx?${SEL}`);
    assert.equal(Buffer.compare(again.rawPayload, res.rawPayload), 0, 'the same bytes every time');
    const head = await app.inject({ method: 'HEAD', url: `/series.xlsx?${SEL}` });
    assert.equal(head.statusCode, 200);
    assert.equal(head.rawPayload.length, 0);
    assert.equal(head.headers.etag, etag);
    assert.equal(head.headers['content-disposition'], res.headers['content-disposition']);
    assert.equal(head.headers['content-length'], res.headers['content-length']);
    const cached = await app.inject({ url: `/series.xlsx?${SEL}`, headers: { 'if-none-match': etag } });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.rawPayload.length, 0);
    const fresh = await app.inject({ url: `/series.xlsx?${SEL}&_=1`, headers: { 'if-none-match': etag } });
    assert.equal(fresh.statusCode, 304, 'a cache buster does not change the answer');
    const german = await app.inject(`/series.xlsx?${SEL}&lang=de`);
    assert.notEqual(german.headers.etag, etag, 'another language is another file');
    const plain = await app.inject(`/series.xlsx?dataset=ch_kof_barometer`);
    assert.equal(plain.headers['content-disposition'], 'attachment; filename="ch_kof_barometer_level.xlsx"');
  });

  it('answers the same 400s and 404s as /series, as problem+json', async () => {
    const bad = [
      'dataset=ch_nope',
      'dataset=ch_fso_pp',
      'dataset=ch_seco_concon&dims=kind=index',
      'dataset=ch_seco_concon&dims=type=idx',
      'dataset=ch_seco_concon&dims=type',
      'dataset=ch_fso_ppi&from=2020-02-30',
      'dataset=ch_fso_ppi&from=2021-01-01&to=2020-01-01',
      'dataset=ch_fso_ppi&transform=growth',
      'dataset=ch_fso_ppi&base=2020-01-01',
      'dataset=ch_fso_ppi&last=0',
      'dims=base=2020',
      'dataset=ch_fso_ppi&form=2020-01-01',
    ];
    for (const q of bad) {
      const api = await app.inject(`/series?${q}`);
      const xlsx = await app.inject(`/series.xlsx?${q}`);
      assert.equal(xlsx.statusCode, api.statusCode, q);
      assert.ok([400, 404].includes(xlsx.statusCode), q);
      assert.match(String(xlsx.headers['content-type']), /^application\/problem\+json/, q);
      const a = JSON.parse(api.body) as Record<string, unknown>;
      const x = JSON.parse(xlsx.body) as Record<string, unknown>;
      delete a.instance;
      delete x.instance;
      if (q.includes('&form=')) {
        // the list of known parameters differs: /series.xlsx also takes lang, /series also takes download
        assert.match(String(x.error), /^Unknown parameter 'form' in the query\. Did you mean 'from'\? Known parameters: .*lang/);
        continue;
      }
      assert.deepEqual(x, a, q);
    }
    const badLang = await app.inject(`/series.xlsx?${SEL}&lang=es`);
    assert.equal(badLang.statusCode, 400);
    assert.match(JSON.parse(badLang.body).error, /Invalid lang 'es': use one of en, de, fr, it/);
    const post = await app.inject({ method: 'POST', url: `/series.xlsx?${SEL}` });
    assert.equal(post.statusCode, 405);
  });

  it('a selection with no observation is a workbook with the header alone', async () => {
    const res = await app.inject('/series.xlsx?dataset=ch_fso_ppi&from=2100-01-01');
    assert.equal(res.statusCode, 200);
    const rows = dataRows(readBook(res.rawPayload));
    assert.deepEqual(
      rows.map((r) => r.map((c) => c.v)),
      [['base', 'base_label', 'label', 'date', 'value']],
    );
  });

  it('is described in /openapi.json', async () => {
    const doc = JSON.parse((await app.inject('/openapi.json')).body) as { paths: Record<string, { get: { parameters: { name: string }[] } }> };
    const names = doc.paths['/series.xlsx'].get.parameters.map((p) => p.name);
    for (const n of ['dataset', 'dims', 'from', 'to', 'last', 'transform', 'base', 'lang']) assert.ok(names.includes(n), n);
    assert.ok(doc.paths['/series.csv'].get.parameters.some((p) => p.name === 'download'));
  });
});

describe('download=1 on /series and /series.csv', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  for (const [route, name] of [
    ['/series', 'ch_seco_concon_yoy.json'],
    ['/series.csv', 'ch_seco_concon_yoy.csv'],
  ] as const) {
    it(`${route}: same bytes and type, plus Content-Disposition; its own ETag`, async () => {
      const plain = await app.inject(`${route}?${SEL}`);
      const down = await app.inject(`${route}?${SEL}&download=1`);
      assert.equal(down.statusCode, 200);
      assert.equal(Buffer.compare(down.rawPayload, plain.rawPayload), 0, 'byte-identical body');
      assert.equal(down.headers['content-type'], plain.headers['content-type']);
      assert.equal(plain.headers['content-disposition'], undefined);
      assert.equal(down.headers['content-disposition'], `attachment; filename="${name}"`);
      assert.match(String(down.headers['access-control-expose-headers']), /Content-Disposition/);
      assert.notEqual(down.headers.etag, plain.headers.etag, 'the attachment is another representation');
      const again = await app.inject({ url: `${route}?${SEL}&download=true`, headers: { 'if-none-match': String(down.headers.etag) } });
      assert.equal(again.statusCode, 304);
      const head = await app.inject({ method: 'HEAD', url: `${route}?${SEL}&download=1` });
      assert.equal(head.headers['content-disposition'], `attachment; filename="${name}"`);
      // a repeated request is served from the response cache: it must keep its own headers
      const cachedPlain = await app.inject(`${route}?${SEL}`);
      assert.equal(cachedPlain.headers['content-disposition'], undefined);
      const cachedDown = await app.inject(`${route}?${SEL}&download=1`);
      assert.equal(cachedDown.headers['content-disposition'], `attachment; filename="${name}"`);
      const off = await app.inject(`${route}?${SEL}&download=0`);
      assert.equal(off.headers['content-disposition'], undefined);
      assert.equal(off.headers.etag, plain.headers.etag);
    });
  }

  it('any other download value is a 400 that lists the valid ones; CSV errors stay CSV', async () => {
    const res = await app.inject(`/series?${SEL}&download=yes`);
    assert.equal(res.statusCode, 400);
    assert.match(JSON.parse(res.body).error, /Invalid download 'yes': use one of 1, true, 0, false/);
    const csv = await app.inject('/series.csv?dataset=ch_nope&download=1');
    assert.equal(csv.statusCode, 404);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.equal(csv.headers['content-disposition'], undefined, 'an error is not offered as a file');
  });

  it('the CSV stays data: codes and values are never altered, even in a download', async () => {
    const published = parseCsvText(readFileSync(path.join(REAL_DATA, 'ch_fso_pop.csv'), 'utf8')).filter((r) => r.join('') !== '');
    const served = parseCsvText((await app.inject('/series.csv?dataset=ch_fso_pop&download=1')).body);
    assert.equal(served.length, published.length);
    served.forEach((row, i) => {
      const want = published[i];
      assert.deepEqual(row.slice(0, -1), want.slice(0, -1), `codes and date of row ${i}`);
      assert.ok(
        i === 0 ? row.at(-1) === 'value' : Number(row.at(-1)) === Number(want.at(-1)) && (row.at(-1) === '') === (want.at(-1) === ''),
        `value of row ${i}`,
      );
    });
  });
});

describe('/series.xlsx: labels that a spreadsheet would run as formulas', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(path.join(FIXTURES, 'edge'));
  });
  after(() => app.close());

  it('are plain string cells with the exact text, and the workbook holds no formula', async () => {
    const res = await app.inject('/series.xlsx?dataset=edge_labels');
    assert.equal(res.statusCode, 200, res.body);
    const wb = readBook(res.rawPayload);
    const labels = new Map(
      dataRows(wb)
        .slice(1)
        .map((r) => [r[0].v, r[1]]),
    );
    assert.deepEqual([labels.get('eq')?.t, labels.get('eq')?.v], ['s', '=SUM(1)']);
    assert.deepEqual([labels.get('at')?.t, labels.get('at')?.v], ['s', '@x']);
    assert.deepEqual([labels.get('minus')?.t, labels.get('minus')?.v], ['s', '-1']);
    assert.deepEqual([labels.get('plus')?.t, labels.get('plus')?.v], ['s', `+1 "double" & 'single'`]);
    assert.equal(labels.get('047')?.v, '<script>alert(1)</script>');
    assert.equal(dataRows(wb)[1][0].v, '047', 'a code with a leading zero stays text');
    const md = metadataOf(wb);
    assert.match(String(md.get('Description')?.v), /=SUM\(1\) \+1 -1 @x$/);
    for (const part of ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']) {
      const xml = partXml(res.rawPayload, part);
      assert.doesNotMatch(xml, /<f[ >]/, `${part} has no formula element`);
      assert.doesNotMatch(xml, /t="str"/, `${part} has no formula-result text cell`);
    }
    assert.match(partXml(res.rawPayload, 'xl/sharedStrings.xml'), /&lt;script&gt;/, 'markup is escaped in the XML');
  });
});
