/**
 * The SDMX face read by real SDMX readers (issue 22), on a real server (port
 * 0) with the real data: R's rsdmx reads the SDMX-ML data of a key with several
 * codes and a period window, as structure-specific and as generic data, and
 * `as.data.frame` of it equals /series.csv for the same selection value for
 * value; SDMX-CSV and SDMX-JSON hold the same observations; xmllint finds
 * every SDMX-ML answer (data and errors) well-formed and namespaced; the
 * response cache keeps one URL's formats apart (Vary: Accept).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { run, works } from '../clients/harness.js';
import { parseIsoDate } from '../src/data/dates.js';
import type { Dataset } from '../src/data/model.js';
import { sdmxNames } from '../src/sdmx/names.js';
import { formatPeriod } from '../src/sdmx/period.js';
import { parseCsvText, REAL_DATA, startApp } from './helpers.js';
import { xmlProblems, xpath } from './xmllint.js';

let app: FastifyInstance;
let base: string;
let tmp: string;

/** Observations as `SDMX key|period → value` (missing: ''). */
type Obs = Map<string, string>;
const num = (text: string | undefined): string => (text === undefined || text === '' || text === 'NaN' || text === 'NA' ? '' : String(Number(text)));

async function get(url: string, accept?: string): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(`${base}${url}`, { headers: accept ? { accept } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

const dataset = (id: string): Dataset => app.ds.data.current!.datasets.get(id)!;

/** /series.csv of a selection, keyed in SDMX (the codes' SDMX ids, the dates' periods). */
async function expected(id: string, query: string): Promise<Obs> {
  const ds = dataset(id);
  const names = sdmxNames(ds);
  const res = await get(`/series.csv?dataset=${id}&${query}`);
  assert.equal(res.status, 200, res.body);
  const [head, ...rows] = parseCsvText(res.body);
  const n = head.length - 2;
  const key = (row: string[]): string =>
    names.synthetic
      ? names.codeId(0, 0)
      : row
          .slice(0, n)
          .map((c, d) => names.codeId(d, ds.meta.dimensions[d].index.get(c)!))
          .join('.');
  return new Map(rows.map((r) => [`${key(r)}|${formatPeriod(parseIsoDate(r[n])!, ds.meta.frequency)}`, num(r[n + 1])]));
}

/** A data frame rsdmx wrote (dimension columns by SDMX id; time and value as TIME_PERIOD/OBS_VALUE or obsTime/obsValue). */
function fromDataFrame(file: string, dimIds: readonly string[]): Obs {
  const [head, ...rows] = parseCsvText(readFileSync(file, 'utf8'));
  const col = (...names: string[]): number => head.findIndex((h) => names.includes(h));
  const time = col('TIME_PERIOD', 'obsTime');
  const value = col('OBS_VALUE', 'obsValue');
  // rsdmx 0.6 names the column of a series key of one attribute `keydf` (its as.data.frame(xmlAttrs(x)) loses the name)
  const dims = dimIds.length === 1 && col(dimIds[0]) < 0 ? [col('keydf')] : dimIds.map((id) => col(id));
  assert.ok(time >= 0 && value >= 0 && dims.every((d) => d >= 0), `${file}: columns ${head.join(', ')}`);
  return new Map(rows.map((r) => [`${dims.map((d) => r[d]).join('.')}|${r[time]}`, num(r[value])]));
}

function fromSdmxCsv(body: string): Obs {
  const [, ...rows] = parseCsvText(body);
  return new Map(rows.map((r) => [`${r.slice(1, -2).join('.')}|${r[r.length - 2]}`, num(r[r.length - 1])]));
}

function fromSdmxJson(body: string): Obs {
  const msg = JSON.parse(body);
  const { series, observation } = msg.structure.dimensions as Record<string, { values: { id: string }[] }[]>;
  const out: Obs = new Map();
  for (const [key, s] of Object.entries(msg.dataSets[0].series as Record<string, { observations: Record<string, [number | null]> }>)) {
    const codes = key.split(':').map((i, d) => series[d].values[Number(i)].id);
    for (const [t, [v]] of Object.entries(s.observations)) out.set(`${codes.join('.')}|${observation[0].values[Number(t)].id}`, v === null ? '' : String(v));
  }
  return out;
}

/** The SDMX key of a selection: per dimension in dim_order, the SDMX ids of the codes given (empty: all). */
function keyOf(ds: Dataset, dims: Record<string, string[]>): string {
  const names = sdmxNames(ds);
  if (names.synthetic) return names.codeId(0, 0);
  return ds.meta.dimensions.map((dim, d) => (dims[dim.id] ?? []).map((c) => names.codeId(d, dim.index.get(c)!)).join('+')).join('.');
}

/** The datasets read: a hierarchy, German-named dimensions, a single series, the weekly and the semi-annual one; several codes and a window each. */
const CASES: { id: string; dims: Record<string, string[]>; start: string; end: string; from: string; to: string }[] = [
  {
    id: 'ch_seco_concon',
    dims: { structure: ['ks_i63_index_q', 'ks_i21_price_hist_q'], seas_adj: ['csa'] },
    start: '2015-Q2',
    end: '2020-Q1',
    from: '2015-04-01',
    to: '2020-03-31',
  },
  {
    id: 'ch_fso_jobs_sex',
    dims: { Grossregion: ['0', '1'], Beschäftigungsgrad: ['TOT', '4.1'], Geschlecht: ['2'] },
    start: '2019',
    end: '2021-Q2',
    from: '2019-01-01',
    to: '2021-06-30',
  },
  { id: 'ch_kof_barometer', dims: {}, start: '2020-01', end: '2020-12', from: '2020-01-01', to: '2020-12-31' },
  { id: 'ch_seco_wwa', dims: {}, start: '2021-W50', end: '2022-W03', from: '2021-12-13', to: '2022-01-23' },
  { id: 'ch_fso_construction_prices', dims: { worktype: ['hochbau', 'tiefbau'] }, start: '2018-S1', end: '2021-S2', from: '2018-01-01', to: '2021-12-31' },
];

describe('the SDMX face read by real SDMX readers', () => {
  before(async () => {
    app = await startApp(REAL_DATA);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    tmp = mkdtempSync(join(tmpdir(), 'ds-sdmx-'));
    assert.ok(await works('Rscript', ['-e', 'library(rsdmx)']), 'R with rsdmx is needed: apt-get install r-cran-rsdmx');
    assert.ok(await works('xmllint', ['--version']), 'xmllint is needed: apt-get install libxml2-utils');
  });
  after(async () => {
    await app?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('rsdmx reads structure-specific and generic data equal to /series.csv; SDMX-CSV and SDMX-JSON hold the same observations', async () => {
    const pairs: string[] = [];
    const urls = new Map<string, string>();
    for (const c of CASES) {
      const url = `/sdmx/2.1/data/${c.id}/${keyOf(dataset(c.id), c.dims)}?startPeriod=${c.start}&endPeriod=${c.end}`;
      urls.set(c.id, url);
      pairs.push(`${c.id}-ss`, `${base}${url}`, `${c.id}-generic`, `${base}${url}&format=genericdata`);
    }
    const r = await run('Rscript', [join('test', 'sdmx', 'read-sdmx.R'), tmp, ...pairs], { env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' } });
    assert.equal(r.code, 0, r.output.slice(-4000));
    for (const c of CASES) {
      const dims = Object.entries(c.dims)
        .map(([d, codes]) => `${d}=${codes.join(',')}`)
        .join(';');
      const want = await expected(c.id, `${dims ? `dims=${encodeURIComponent(dims)}&` : ''}from=${c.from}&to=${c.to}`);
      assert.ok(
        want.size > 3 && new Set([...want.keys()].map((k) => k.split('|')[0])).size >= (c.id.includes('kof') || c.id.includes('wwa') ? 1 : 2),
        `${c.id}: several series and observations`,
      );
      const dimIds = sdmxNames(dataset(c.id)).dimIds;
      assert.deepEqual(fromDataFrame(join(tmp, `${c.id}-ss.csv`), dimIds), want, `${c.id}: rsdmx, structure-specific`);
      assert.deepEqual(fromDataFrame(join(tmp, `${c.id}-generic.csv`), dimIds), want, `${c.id}: rsdmx, generic`);
      assert.deepEqual(fromSdmxCsv((await get(urls.get(c.id)!, 'application/vnd.sdmx.data+csv;version=1.0.0')).body), want, `${c.id}: SDMX-CSV`);
      assert.deepEqual(fromSdmxJson((await get(urls.get(c.id)!, 'application/vnd.sdmx.data+json;version=1.0.0')).body), want, `${c.id}: SDMX-JSON`);
    }
  });

  it('xmllint finds every SDMX-ML answer well-formed and namespaced: data of each kind and shape, and the error messages', async () => {
    const observations = (await expected('ch_fso_jobs_sex', 'last=2')).size;
    // [url, the root element, the number of observations a real XML parser counts in it]
    const answers: [string, string, number][] = [
      ['/sdmx/2.1/data/ch_fso_jobs_sex?lastNObservations=2', 'StructureSpecificData', observations],
      ['/sdmx/2.1/data/ch_fso_jobs_sex?lastNObservations=2&format=genericdata', 'GenericData', observations],
      ['/sdmx/2.1/data/ch_fso_jobs_sex?lastNObservations=2&dimensionAtObservation=AllDimensions', 'StructureSpecificData', observations],
      ['/sdmx/2.1/data/ch_fso_jobs_sex?lastNObservations=2&dimensionAtObservation=AllDimensions&format=genericdata', 'GenericData', observations],
      ['/sdmx/2.1/data/ch_kof_barometer?detail=serieskeysonly', 'StructureSpecificData', 0],
      ['/sdmx/2.1/data/ch_fso_ppi/a.b', 'Error', 0],
      ['/sdmx/2.1/data/ch_fso_ppi/nope', 'Error', 0],
      ['/sdmx/2.1/data/no_such_flow', 'Error', 0],
      ['/sdmx/2.1/data/ch_fso_ppi?includeHistory=maybe', 'Error', 0],
    ];
    const message = 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message';
    for (const [url, root, count] of answers) {
      const res = await get(url);
      assert.match(res.type, /xml/, url);
      assert.equal(await xmlProblems(res.body), '', url);
      assert.equal(await xpath(res.body, 'concat(namespace-uri(/*), " ", local-name(/*))'), `${message} ${root}`, url);
      assert.equal(Number(await xpath(res.body, "count(//*[local-name()='Obs'])")), count, url);
    }
  });

  it('keeps the formats of one URL apart in the response cache (Vary: Accept)', async () => {
    const url = '/sdmx/2.1/data/ch_fso_ppi?lastNObservations=1';
    const csv = await get(url, 'text/csv');
    const json = await get(url, 'application/json');
    const csvAgain = await get(url, 'text/csv');
    const xml = await get(url);
    assert.match(csv.type, /^application\/vnd\.sdmx\.data\+csv/);
    assert.match(json.type, /^application\/vnd\.sdmx\.data\+json/);
    assert.match(json.body, /^\{"header"/);
    assert.equal(csvAgain.body, csv.body);
    assert.match(xml.body, /^<\?xml/);
  });
});
