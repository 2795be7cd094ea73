/**
 * SDMX 2.1's history questions on the data route (issue 22 meets issue 21),
 * on three vintages of real datasets published by the real publish code
 * (test/vintage-fixture.ts): `includeHistory=true` holds every value each
 * observation has had, one data set per validity interval, exactly the rows
 * of `/series.csv?vintages=all`; `updatedAfter` holds what later publishes
 * changed (Replace) and removed (Delete), and 404 (SDMX 100) when nothing
 * changed; the SDMX-ML answers are well-formed (xmllint) and rsdmx reads them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { run } from '../../clients/harness.js';
import { parseCsvText, startApp } from '../../test/helpers.js';
import { publishVintages, VINTAGE_IDS, type VintageFixture } from '../../test/vintage-fixture.js';
import { xmlProblems, xpath } from '../../test/xmllint.js';
import { parseIsoDate } from '../data/dates.js';
import type { Dataset } from '../data/model.js';
import { sdmxNames } from '../sdmx/names.js';
import { formatPeriod } from '../sdmx/period.js';

/** An SDMX-JSON data set as written. */
interface JsonSet {
  action: string;
  validFrom?: string;
  validTo?: string;
  series: Record<string, { observations: Record<string, [number | null]> }>;
}

/** The values of an SDMX-JSON answer as `key|period|value|validFrom|validTo|action` texts, sorted. */
function jsonVersions(body: string): string[] {
  const msg = JSON.parse(body) as { dataSets: JsonSet[]; structure: { dimensions: Record<string, { values: { id: string }[] }[]> } };
  const { series, observation } = msg.structure.dimensions;
  const out: string[] = [];
  for (const set of msg.dataSets) {
    for (const [key, s] of Object.entries(set.series)) {
      const codes = key.split(':').map((i, d) => series[d].values[Number(i)].id);
      for (const [t, [v]] of Object.entries(s.observations)) {
        const period = observation[0].values[Number(t)].id;
        out.push([codes.join('.'), period, v === null ? '' : String(v), set.validFrom ?? '', set.validTo ?? '', set.action].join('|'));
      }
    }
  }
  return out.sort();
}

describe('SDMX updatedAfter and includeHistory answer from the vintages', () => {
  let fx: VintageFixture;
  let app: FastifyInstance;
  let base: string;
  let tmp: string;
  const get = (url: string, accept?: string) => app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
  const dataset = (id: string): Dataset => app.ds.data.current!.datasets.get(id)!;

  /** The rows of /series.csv?vintages=all as `key|period|value|validFrom|validTo|Replace` texts (SDMX ids and periods), sorted. */
  async function vintageRows(id: string): Promise<string[]> {
    const res = await get(`/series.csv?dataset=${id}&vintages=all`);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const [head, ...rows] = parseCsvText(res.body);
    const ds = dataset(id);
    const names = sdmxNames(ds);
    const nd = head.indexOf('date');
    return rows
      .map((r) => {
        const key = names.synthetic ? names.codeId(0, 0) : ds.meta.dimensions.map((dim, d) => names.codeId(d, dim.index.get(r[d])!)).join('.');
        const value = r[nd + 1] === '' ? '' : String(Number(r[nd + 1]));
        return [key, formatPeriod(parseIsoDate(r[nd])!, ds.meta.frequency), value, r[nd + 2], r[nd + 3], 'Replace'].join('|');
      })
      .sort();
  }

  before(async () => {
    fx = await publishVintages();
    app = await startApp(fx.dir);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    tmp = mkdtempSync(join(tmpdir(), 'ds-sdmx-history-'));
  });
  after(async () => {
    await app.close();
    await fx.remove();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('includeHistory=true holds every value with its validity, one data set per interval: the rows of /series.csv?vintages=all', async () => {
    for (const id of VINTAGE_IDS) {
      const url = `/sdmx/2.1/data/${id}/all?includeHistory=true&format=jsondata`;
      const res = await get(url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
      assert.deepEqual(jsonVersions(res.body), await vintageRows(id), url);
    }
    // the value revised twice: three versions, each valid from the publish that made it current to the one that superseded it
    const { revised } = fx.changes;
    const res = await get(`/sdmx/2.1/data/ch_fso_wage_idx/${revised.codes.join('.')}?includeHistory=true&format=jsondata&startPeriod=1995&endPeriod=1995`);
    const versions = jsonVersions(res.body).filter((v) => v.startsWith(`${revised.codes.join('.')}|1995|`));
    assert.deepEqual(versions, [
      `bf1.nominal|1995|${Number(revised.values[0])}|${fx.stamps[0]}|${fx.stamps[1]}|Replace`,
      `bf1.nominal|1995|${Number(revised.values[1])}|${fx.stamps[1]}|${fx.stamps[2]}|Replace`,
      `bf1.nominal|1995|${Number(revised.values[2])}|${fx.stamps[2]}||Replace`,
    ]);
  });

  it('updatedAfter holds the values later publishes made current (Replace) and the observations they removed (Delete); nothing changed is 404, SDMX 100', async () => {
    const { added, removed, revised } = fx.changes;
    // after the second publish: only what the third changed
    const after1 = jsonVersions((await get(`/sdmx/2.1/data/ch_kof_barometer/all?updatedAfter=${fx.stamps[1]}&format=jsondata`)).body);
    const period = formatPeriod(parseIsoDate(added.date)!, dataset('ch_kof_barometer').meta.frequency);
    assert.deepEqual(after1, [`_Z|${period}|${Number(added.values[2])}|||Replace`]);
    const wage = jsonVersions((await get(`/sdmx/2.1/data/ch_fso_wage_idx/all?updatedAfter=${fx.stamps[0]}&format=jsondata`)).body);
    assert.ok(wage.includes(`${revised.codes.join('.')}|1995|${Number(revised.values[2])}|||Replace`), 'the revised value, as it is now');
    const deleted = wage.filter((v) => v.endsWith('|Delete'));
    const removedRows = fx.csv[0].ch_fso_wage_idx.filter((r) => r[0] === removed.codes[0] && r[1] === removed.codes[1]);
    assert.equal(deleted.length, removedRows.length, 'every observation of the removed series');
    assert.ok(
      deleted.every((v) => v.startsWith(`${removed.codes.join('.')}|`) && v.split('|')[2] === ''),
      'deleted observations: the removed series, without value',
    );
    assert.equal(wage.length, deleted.length + 1, 'nothing else changed after the first publish');
    // a date means its start: the day of the second publish includes it
    assert.equal(jsonVersions((await get(`/sdmx/2.1/data/ch_kof_barometer/all?updatedAfter=${fx.stamps[1].slice(0, 10)}&format=jsondata`)).body).length, 1);
    assert.equal((await get(`/sdmx/2.1/data/ch_kof_barometer/all?updatedAfter=${fx.stamps[1].slice(0, 10)}T09:00:00%2B01:00&format=jsondata`)).statusCode, 200);
    // nothing changed after the last publish: SDMX's "no results"
    const none = await get(`/sdmx/2.1/data/ch_kof_barometer/all?updatedAfter=${fx.stamps[2]}`);
    assert.equal(none.statusCode, 404, none.body.slice(0, 300));
    assert.match(none.body, /<message:ErrorMessage code="100">/);
  });

  it('answers a bad updatedAfter or includeHistory with 400 (SDMX 140), and what SDMX-CSV 1.0 cannot write with 501', async () => {
    for (const url of ['/sdmx/2.1/data/ch_kof_barometer?updatedAfter=yesterday', '/sdmx/2.1/data/ch_kof_barometer?includeHistory=maybe']) {
      const res = await get(url);
      assert.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 300)}`);
      assert.match(res.body, /<message:ErrorMessage code="140">/, url);
    }
    for (const url of [
      '/sdmx/2.1/data/ch_kof_barometer?includeHistory=true&format=csv',
      '/sdmx/2.1/data/ch_kof_barometer?updatedAfter=2026-01-01&lastNObservations=1',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 501, `${url}: ${res.body.slice(0, 300)}`);
      assert.match(res.body, /<message:ErrorMessage code="501">/, url);
    }
  });

  it('writes the versions as SDMX-ML data sets with validFromDate and validToDate that xmllint finds well-formed, and rsdmx reads every version', async () => {
    const url = '/sdmx/2.1/data/ch_fso_wage_idx/bf1.nominal?includeHistory=true&startPeriod=1995&endPeriod=1996';
    const ss = await get(url);
    const generic = await get(`${url}&format=genericdata`);
    const json = jsonVersions((await get(`${url}&format=jsondata`)).body);
    for (const res of [ss, generic]) {
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      assert.equal(await xmlProblems(res.body), '');
      assert.equal(Number(await xpath(res.body, "count(//*[local-name()='Obs'])")), json.length);
      assert.equal(Number(await xpath(res.body, "count(//*[local-name()='DataSet'])")), new Set(json.map((v) => v.split('|').slice(3, 5).join('|'))).size);
    }
    assert.equal(await xpath(ss.body, "string((//*[local-name()='DataSet'])[1]/@*[local-name()='validFromDate'])"), fx.stamps[0]);
    assert.equal(await xpath(generic.body, "string((//*[local-name()='DataSet'])[1]/@validToDate)"), fx.stamps[1]);
    // rsdmx reads each data set's series: every version's value, in both SDMX-ML forms
    const r = await run('Rscript', [join('test', 'sdmx', 'read-sdmx.R'), tmp, 'ss', `${base}${url}`, 'generic', `${base}${url}&format=genericdata`], {
      env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    });
    assert.equal(r.code, 0, r.output.slice(-4000));
    const want = json.map((v) => String(Number(v.split('|')[2]))).sort();
    for (const name of ['ss', 'generic']) {
      const [head, ...rows] = parseCsvText(readFileSync(join(tmp, `${name}.csv`), 'utf8'));
      const col = head.findIndex((h) => h === 'OBS_VALUE' || h === 'obsValue');
      assert.deepEqual(rows.map((row) => String(Number(row[col]))).sort(), want, name);
    }
  });
});
