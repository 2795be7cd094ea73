// The SDMX data route in-process on the real data: every format holds the
// numbers of /series.csv for the same selection, Accept and format= pick the
// format, ETags and the response cache keep formats apart, and bad requests
// get SDMX's answers (never a 500).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { parseCsvText, REAL_DATA, startApp } from '../../test/helpers.js';
import { formatPeriod } from '../sdmx/period.js';
import { parseIsoDate } from '../data/dates.js';
import { sdmxNames } from '../sdmx/names.js';

let app: FastifyInstance;

/**
 * Observations as `key|period → value text` (missing: ''). Keyed by period, not
 * date: a period's observation may be dated in it otherwise than on its first
 * day (ch_fso_construction_prices dates its halves April and October).
 */
type Obs = Map<string, string>;

const num = (text: string): string => (text === '' || text === 'NaN' ? '' : String(Number(text)));

/** /series.csv's observations, each series' codes mapped to their SDMX ids. */
async function seriesCsv(id: string, query: string): Promise<Obs> {
  const ds = app.ds.data.current!.datasets.get(id)!;
  const names = sdmxNames(ds);
  const res = await app.inject(`/series.csv?dataset=${id}&${query}`);
  assert.equal(res.statusCode, 200, res.body);
  const [head, ...rows] = parseCsvText(res.body);
  const n = head.length - 2;
  const out: Obs = new Map();
  for (const row of rows) {
    const key = names.synthetic
      ? names.codeId(0, 0)
      : row
          .slice(0, n)
          .map((code, d) => names.codeId(d, ds.meta.dimensions[d].index.get(code)!))
          .join('.');
    out.set(`${key}|${formatPeriod(parseIsoDate(row[n])!, ds.meta.frequency)}`, num(row[n + 1]));
  }
  return out;
}

async function sdmx(url: string, accept?: string): Promise<{ status: number; type: string; body: string; etag: string; vary: string }> {
  const res = await app.inject({ url, headers: accept ? { accept } : {} });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body, etag: String(res.headers.etag), vary: String(res.headers.vary) };
}

/** The observations of an SDMX-CSV answer. */
function fromSdmxCsv(body: string): Obs {
  const [head, ...rows] = parseCsvText(body);
  assert.equal(head[0], 'DATAFLOW');
  assert.deepEqual(head.slice(-2), ['TIME_PERIOD', 'OBS_VALUE']);
  return new Map(rows.map((r) => [`${r.slice(1, -2).join('.')}|${r[r.length - 2]}`, num(r[r.length - 1])]));
}

/** The observations of an SDMX-JSON answer (series or flat). */
function fromSdmxJson(body: string): Obs {
  const msg = JSON.parse(body) as {
    dataSets: { series?: Record<string, { observations: Record<string, (number | null)[]> }>; observations?: Record<string, (number | null)[]> }[];
    structure: { dimensions: { series: { values: { id: string }[] }[]; observation: { id: string; values: { id: string }[] }[] } };
  };
  const { series, observation } = msg.structure.dimensions;
  const out: Obs = new Map();
  const value = (v: number | null): string => (v === null ? '' : String(v));
  for (const [key, s] of Object.entries(msg.dataSets[0].series ?? {})) {
    const codes = key.split(':').map((i, d) => series[d].values[Number(i)].id);
    for (const [t, [v]] of Object.entries(s.observations)) out.set(`${codes.join('.')}|${observation[0].values[Number(t)].id}`, value(v));
  }
  for (const [key, [v]] of Object.entries(msg.dataSets[0].observations ?? {})) {
    const at = key.split(':').map((i, d) => observation[d].values[Number(i)].id);
    out.set(`${at.slice(0, -1).join('.')}|${at[at.length - 1]}`, value(v));
  }
  return out;
}

/** The observations of a structure-specific SDMX-ML answer, read by its attributes (the real reader is rsdmx: test/sdmx-readers.test.ts). */
function fromStructureSpecific(body: string, dimIds: readonly string[]): Obs {
  const out: Obs = new Map();
  const attrs = (tag: string): Record<string, string> => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  let key: string[] = [];
  for (const [tag] of body.matchAll(/<(Series|Obs)\b[^>]*>/g)) {
    const a = attrs(tag);
    if (tag.startsWith('<Series')) key = dimIds.map((d) => a[d]);
    else out.set(`${(a[dimIds[0]] === undefined ? key : dimIds.map((d) => a[d])).join('.')}|${a.TIME_PERIOD}`, num(a.OBS_VALUE));
  }
  return out;
}

describe('SDMX data route', () => {
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(async () => {
    await app.close();
  });

  const cases = [
    // a hierarchy with grouping codes, several codes in a position and a period window
    {
      id: 'ch_seco_concon',
      key: 'index.ks_i63_index_q+ks_i11_econ_hist_q.',
      sdmxQuery: 'startPeriod=2019-Q3&endPeriod=2023',
      query: 'dims=type=index;structure=ks_i63_index_q,ks_i11_econ_hist_q&from=2019-07-01&to=2023-12-31',
    },
    { id: 'ch_kof_barometer', key: '_Z', sdmxQuery: 'startPeriod=2020-01&endPeriod=2020-06', query: 'from=2020-01-01&to=2020-06-30' },
    { id: 'ch_seco_wwa', key: 'all', sdmxQuery: 'startPeriod=2022-W50&endPeriod=2023-W02', query: 'from=2022-12-12&to=2023-01-15' },
    { id: 'ch_fso_construction_prices', key: '', sdmxQuery: 'lastNObservations=3', query: 'last=3' },
  ];

  it('answers the numbers of /series.csv in all four formats, chosen by Accept or format=', async () => {
    for (const c of cases) {
      const expected = await seriesCsv(c.id, c.query);
      assert.ok(expected.size > 0, c.id);
      const dimIds = sdmxNames(app.ds.data.current!.datasets.get(c.id)!).dimIds;
      const url = `/sdmx/2.1/data/${c.id}${c.key ? `/${c.key}` : ''}?${c.sdmxQuery}`;
      const csv = await sdmx(url, 'application/vnd.sdmx.data+csv;version=1.0.0');
      assert.match(csv.type, /^application\/vnd\.sdmx\.data\+csv; version=1\.0\.0/);
      assert.deepEqual(fromSdmxCsv(csv.body), expected, `${c.id} SDMX-CSV`);
      const json = await sdmx(url, 'application/vnd.sdmx.data+json;version=1.0.0');
      assert.deepEqual(fromSdmxJson(json.body), expected, `${c.id} SDMX-JSON`);
      const flat = await sdmx(`${url}&dimensionAtObservation=AllDimensions&format=jsondata`);
      assert.deepEqual(fromSdmxJson(flat.body), expected, `${c.id} SDMX-JSON, all dimensions at the observation`);
      const xml = await sdmx(url);
      assert.match(xml.type, /^application\/vnd\.sdmx\.structurespecificdata\+xml; version=2\.1/);
      assert.deepEqual(fromStructureSpecific(xml.body, dimIds), expected, `${c.id} structure-specific`);
      const flatXml = await sdmx(`${url}&dimensionAtObservation=AllDimensions`, 'application/xml');
      assert.deepEqual(fromStructureSpecific(flatXml.body, dimIds), expected, `${c.id} structure-specific, flat`);
    }
  });

  it('negotiates: standard and plain media types, q values, format= over Accept; Vary: Accept; an ETag and a cached answer per format', async () => {
    const url = '/sdmx/2.1/data/ch_fso_ppi?lastNObservations=1';
    const type = async (accept?: string, u = url) => (await sdmx(u, accept)).type.split(';')[0];
    assert.equal(await type(), 'application/vnd.sdmx.structurespecificdata+xml');
    assert.equal(await type('application/vnd.sdmx.genericdata+xml;version=2.1'), 'application/vnd.sdmx.genericdata+xml');
    assert.equal(await type('application/json'), 'application/vnd.sdmx.data+json');
    assert.equal(await type('text/csv'), 'application/vnd.sdmx.data+csv');
    assert.equal(await type('text/csv;q=0.5, application/json'), 'application/vnd.sdmx.data+json');
    assert.equal(await type('*/*;q=0.1, text/csv;q=0.2'), 'application/vnd.sdmx.data+csv', 'a named type beats a wildcard');
    assert.equal(await type('image/png'), 'application/vnd.sdmx.structurespecificdata+xml', 'nothing we write: the default');
    assert.equal(await type('text/csv', `${url}&format=genericdata`), 'application/vnd.sdmx.genericdata+xml');
    // the same URL asked in turn with two Accept headers: the response cache keeps both, apart
    const first = await sdmx(url, 'text/csv');
    const second = await sdmx(url, 'application/json');
    const again = await sdmx(url, 'text/csv');
    assert.equal(first.vary, 'Accept, Accept-Encoding');
    assert.notEqual(first.etag, second.etag);
    assert.equal(again.body, first.body);
    assert.match(second.body, /^\{"header"/);
    const revalidated = await app.inject({ url, headers: { accept: 'application/json', 'if-none-match': second.etag } });
    assert.equal(revalidated.statusCode, 304);
  });

  it('writes serieskeysonly without observations, firstNObservations with lastNObservations as both ends', async () => {
    const keys = await sdmx('/sdmx/2.1/data/ch_fso_ppi?detail=serieskeysonly');
    assert.ok(!keys.body.includes('<Obs'));
    assert.equal((keys.body.match(/<Series /g) ?? []).length, 7);
    const ends = fromSdmxCsv((await sdmx('/sdmx/2.1/data/ch_fso_ppi/2020?firstNObservations=2&lastNObservations=1&format=csv')).body);
    const all = await seriesCsv('ch_fso_ppi', 'dims=base=2020');
    const dates = [...all.keys()];
    assert.deepEqual([...ends.keys()], [dates[0], dates[1], dates[dates.length - 1]]);
  });

  it('answers bad keys, unknown flows and codes, empty windows and the unimplemented with SDMX errors, never a 500', async () => {
    const cases: [string, number, number][] = [
      // [url, HTTP status, SDMX code]
      ['/sdmx/2.1/data/ch_seco_concon/index', 400, 140],
      ['/sdmx/2.1/data/ch_seco_concon/index....', 400, 140],
      ['/sdmx/2.1/data/ch_seco_concon/in%20dex..', 400, 140],
      ['/sdmx/2.1/data/ch_seco_concon/index+..', 400, 140],
      ['/sdmx/2.1/data/ch_seco_concon/%3Cscript%3E..', 400, 140],
      [`/sdmx/2.1/data/ch_seco_concon/${'a.'.repeat(1500)}`, 400, 140],
      ['/sdmx/2.1/data/ch_seco_concon/colour..', 404, 100],
      ['/sdmx/2.1/data/ch_seco_concon/.grp_prices.', 404, 100],
      ['/sdmx/2.1/data/ch_kof_barometer/X', 404, 100],
      ['/sdmx/2.1/data/no_such_flow', 404, 100],
      ['/sdmx/2.1/data/OTHER,ch_fso_ppi,1.0', 404, 100],
      ['/sdmx/2.1/data/DATASERIES,ch_fso_ppi,9.9', 404, 100],
      ['/sdmx/2.1/data/a,b,c,d', 404, 100],
      ['/sdmx/2.1/data/ch_fso_ppi/all/OTHER', 404, 100],
      ['/sdmx/2.1/data/ch_fso_ppi?startPeriod=3000', 404, 100],
      ['/sdmx/2.1/data/ch_fso_ppi?endPeriod=1000-01', 404, 100],
      ['/sdmx/2.1/data/ch_fso_ppi?startPeriod=2024-Q5', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?startPeriod=2024-W54', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?endPeriod=%00', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?startPeriod=2024&endPeriod=2020', 400, 150],
      ['/sdmx/2.1/data/ch_fso_ppi?lastNObservations=0', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?lastNObservations=x', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?firstNObservations=-1', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?detail=everything', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?format=xlsx', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?colour=red', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?updatedAfter=yesterday', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?includeHistory=maybe', 400, 140],
      ['/sdmx/2.1/data/ch_fso_ppi?includeHistory=true&format=csv', 501, 501],
      ['/sdmx/2.1/data/ch_fso_ppi?updatedAfter=2024-01-01&firstNObservations=1', 501, 501],
      ['/sdmx/2.1/data/ch_fso_ppi?dimensionAtObservation=base', 501, 501],
    ];
    for (const [url, status, code] of cases) {
      const xml = await app.inject(url);
      assert.equal(xml.statusCode, status, `${url}: ${xml.body.slice(0, 300)}`);
      assert.match(String(xml.headers['content-type']), /^application\/xml/, url);
      assert.match(xml.body, new RegExp(`<message:ErrorMessage code="${code}">`), url);
      const json = await app.inject({ url, headers: { accept: 'application/json' } });
      assert.equal(json.statusCode, status, url);
      assert.match(String(json.headers['content-type']), /^application\/problem\+json/, url);
      assert.ok(JSON.parse(json.body).error, url);
    }
  });
});

describe('SDMX data: an answer too large to build whole', () => {
  // an SDMX message is built whole: above the streaming threshold (DS_STREAM_ROWS) it is refused
  // with a clear 400 naming /series.csv, which streams; never a heap built without bound (review, issue 22)
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA, { streamRows: 50 });
  });
  after(() => app.close());

  it('refuses a selection of more observations than DS_STREAM_ROWS with too_many_rows, in SDMX-ML and in problem+json', async () => {
    const url = '/sdmx/2.1/data/ch_fso_ppi/all';
    const xml = await app.inject(url);
    assert.equal(xml.statusCode, 400, xml.body.slice(0, 300));
    assert.match(xml.body, /<message:ErrorMessage code="1[45]0">/);
    assert.match(xml.body, /series\.csv/);
    const json = await app.inject({ url, headers: { accept: 'application/json' } });
    assert.equal(json.statusCode, 400);
    assert.equal(JSON.parse(json.body).code, 'too_many_rows');
    // a selection within the bound is answered
    assert.equal((await app.inject('/sdmx/2.1/data/ch_kof_barometer/all?lastNObservations=12&format=csv')).statusCode, 200);
  });
});
