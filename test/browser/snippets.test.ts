// The R and Python snippets a dataset page shows, copied from the page in
// Chromium after choosing a selection, run in real R and Python against the
// real server: they return the selection's rows, equal to /series. Needs R
// (jsonlite) and Python (pandas) as the client tests do.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PYTHON, ROOT, run, works } from '../../clients/harness.js';
import { REAL_DATA } from '../helpers.js';
import { launchChromium, SKIP_BROWSER, startSite, waitForChart, type Chrome, type Site } from './harness.js';

const skip = SKIP_BROWSER || (process.env.DS_SKIP_CLIENT_TESTS === '1' ? 'DS_SKIP_CLIENT_TESTS=1' : false);

interface Rows {
  structure: string[];
  date: string[];
  value: (number | null)[];
}

const R_OUTPUT = (frame: string) =>
  `\ncat(jsonlite::toJSON(list(structure = ${frame}$structure, date = format(as.Date(${frame}$date)), value = ${frame}$value), digits = NA, na = "null"))\n`;
const PY_OUTPUT = (frame: string) =>
  `\nimport json\nprint(json.dumps({"structure": ${frame}["structure"].tolist(), "date": [str(d)[:10] for d in ${frame}["date"]], "value": [None if v != v else v for v in ${frame}["value"].tolist()]}))\n`;

function sameRows(actual: Rows, expected: Rows, what: string): void {
  assert.deepEqual(actual.structure, expected.structure, what);
  assert.deepEqual(actual.date, expected.date, what);
  assert.equal(actual.value.length, expected.value.length, what);
  actual.value.forEach((v, i) => {
    const e = expected.value[i];
    if (e === null || v === null) assert.equal(v, e, `${what} row ${i}`);
    else assert.ok(Math.abs(v - e) <= Math.abs(e) * 1e-14, `${what} row ${i}: ${v} vs ${e}`);
  });
}

describe('the R and Python snippets of a page run against the real server', { skip }, () => {
  let site: Site;
  let chrome: Chrome;
  let page: Page;
  let tmp: string;
  let rLib: string;

  before(async () => {
    const missing: string[] = [];
    if (!(await works('Rscript', ['-e', 'library(jsonlite)']))) missing.push('R with jsonlite');
    if (!(await works(PYTHON, ['-c', 'import pandas']))) missing.push(`${PYTHON} with pandas`);
    assert.deepEqual(missing, [], `missing: ${missing.join(', ')} (apt-get install r-base-core r-cran-jsonlite python3-pandas, or set DS_SKIP_CLIENT_TESTS=1)`);
    tmp = mkdtempSync(join(tmpdir(), 'ds-snippets-'));
    rLib = join(tmp, 'rlib');
    mkdirSync(rLib);
    cpSync(join(ROOT, 'clients/r'), join(tmp, 'r'), { recursive: true });
    const install = await run('R', ['CMD', 'INSTALL', `--library=${rLib}`, join(tmp, 'r')], { env: { ...process.env, R_LIBS: rLib } });
    assert.equal(install.code, 0, install.output);
    site = await startSite(REAL_DATA);
    chrome = await launchChromium();
    page = await chrome.context.newPage();
  });
  after(async () => {
    await chrome?.close();
    await site?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const env = () => ({
    ...process.env,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    DATASERIES_API: site.url,
    R_LIBS: rLib,
    PYTHONPATH: join(ROOT, 'clients/python/src'),
    PYTHONDONTWRITEBYTECODE: '1',
  });
  const runR = async (code: string): Promise<Rows> => {
    const result = await run('Rscript', ['-e', code], { env: env() });
    assert.equal(result.code, 0, `${code}\n${result.output}`);
    return JSON.parse(result.output.slice(result.output.indexOf('{'))) as Rows;
  };
  const runPython = async (code: string): Promise<Rows> => {
    const result = await run(PYTHON, ['-c', code], { env: env() });
    assert.equal(result.code, 0, `${code}\n${result.output}`);
    return JSON.parse(result.output.slice(result.output.indexOf('{'))) as Rows;
  };
  const api = async (query: string): Promise<Rows> => (await (await fetch(`${site.url}/series?${query}`)).json()) as Rows;
  const snippet = async (tool: string): Promise<string> => (await page.textContent(`[data-snippet="${tool}"]`)) ?? '';

  it('a selection made in the page: several levels, a start date', async () => {
    await page.goto(`${site.url}/d/ch_seco_concon`);
    await waitForChart(page, 1);
    await page.check('input[name="structure"][value="ks_i21_price_hist_q"]');
    await waitForChart(page, 2);
    await page.fill('input[name="from"]', '2010-01-01');
    await waitForChart(page, 2);
    const expected = await api('dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q,ks_i21_price_hist_q;seas_adj=csa&from=2010-01-01');
    assert.ok(expected.value.length > 50);
    const r = await snippet('r');
    assert.match(r, /ds\(/);
    sameRows(await runR(r + R_OUTPUT('df')), expected, 'R');
    const py = await snippet('python');
    assert.match(py, /ds\(/);
    sameRows(await runPython(py + PY_OUTPUT('df')), expected, 'Python');
  });

  it('with a transform: ds() returns the levels, the CSV line the transformed values', async () => {
    await page.click('.transform-switch label:has(input[value="yoy"])');
    await waitForChart(page, 2);
    const sel = 'dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q,ks_i21_price_hist_q;seas_adj=csa&from=2010-01-01';
    const [levels, yoy] = [await api(sel), await api(`${sel}&transform=yoy`)];
    const r = await snippet('r');
    sameRows(await runR(r + R_OUTPUT('df')), levels, 'R levels');
    sameRows(await runR(r + R_OUTPUT('df_yoy')), yoy, 'R yoy');
    const py = await snippet('python');
    sameRows(await runPython(py + PY_OUTPUT('df')), levels, 'Python levels');
    sameRows(await runPython(py + PY_OUTPUT('df_yoy')), yoy, 'Python yoy');
  });

  it('a conversion chosen with the frequency control: R and Python ds() get the annual sums of /series (issue 20)', async () => {
    await page.goto(`${site.url}/d/ch_seco_concon?type=index&structure=ks_i63_index_q,ks_i21_price_hist_q&seas_adj=csa&from=2010-01-01`);
    await waitForChart(page, 2);
    await page.selectOption('[data-convert="frequency"]', 'annual');
    await page.waitForFunction(() => document.querySelector('[data-snippet="r"]')?.textContent?.includes('frequency = "annual"'));
    await page.selectOption('[data-convert="aggregation"]', 'sum');
    await page.waitForFunction(() => document.querySelector('[data-snippet="r"]')?.textContent?.includes('aggregation = "sum"'));
    const expected = await api(
      'dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q,ks_i21_price_hist_q;seas_adj=csa&from=2010-01-01&frequency=annual&aggregation=sum',
    );
    assert.ok(expected.value.length > 20);
    assert.ok(
      expected.date.every((d) => d.endsWith('-01-01')),
      'annual dates',
    );
    sameRows(await runR((await snippet('r')) + R_OUTPUT('df')), expected, 'R');
    const py = await snippet('python');
    assert.match(py, /frequency="annual"/);
    sameRows(await runPython(py + PY_OUTPUT('df')), expected, 'Python');
  });

  it('a rolling window (the 5-year button): R and Python read the CSV URL with from=-5y and get its rows', async () => {
    await page.goto(`${site.url}/d/ch_seco_concon?type=index&structure=ks_i63_index_q,ks_i21_price_hist_q&seas_adj=csa`);
    await waitForChart(page, 2);
    await page.click('[data-period] a.chip[data-from="-5y"]');
    await page.waitForFunction(() => document.querySelector('[data-snippet="r"]')?.textContent?.includes('from=-5y'));
    const expected = await api('dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q,ks_i21_price_hist_q;seas_adj=csa&from=-5y');
    assert.ok(expected.value.length >= 40, `${expected.value.length} rows`);
    const r = await snippet('r');
    assert.match(r, /read\.csv\([\s\S]*from=-5y/);
    sameRows(await runR(r + R_OUTPUT('df')), expected, 'R');
    const py = await snippet('python');
    assert.match(py, /pd\.read_csv\([\s\S]*from=-5y/);
    sameRows(await runPython(py + PY_OUTPUT('df')), expected, 'Python');
  });

  it('a dimension whose name is not an identifier (ch_fso_vacancies: "Offene Stellen")', async () => {
    await page.goto(`${site.url}/d/ch_fso_vacancies`);
    await waitForChart(page);
    const r = await snippet('r');
    const py = await snippet('python');
    assert.match(r, /`Offene Stellen` = "1"/);
    assert.match(py, /\*\*\{"Offene Stellen": "1"\}/);
    const expected = (await (await fetch(`${site.url}/series?dataset=ch_fso_vacancies&dims=Offene%20Stellen=1;Wirtschaftsabteilung=5-96`)).json()) as Rows & {
      Wirtschaftsabteilung: string[];
    };
    const out = (frame: string, lang: 'r' | 'py') =>
      lang === 'r'
        ? `\ncat(jsonlite::toJSON(list(structure = ${frame}$Wirtschaftsabteilung, date = format(as.Date(${frame}$date)), value = ${frame}$value), digits = NA, na = "null"))\n`
        : `\nimport json\nprint(json.dumps({"structure": ${frame}["Wirtschaftsabteilung"].tolist(), "date": [str(d)[:10] for d in ${frame}["date"]], "value": [None if v != v else v for v in ${frame}["value"].tolist()]}))\n`;
    const want = { structure: expected.Wirtschaftsabteilung, date: expected.date, value: expected.value };
    sameRows(await runR(r + out('df', 'r')), want, 'R');
    sameRows(await runPython(py + out('df', 'py')), want, 'Python');
  });

  it('with a compared series of another dataset: one ds() per dataset, each equal to /series', async () => {
    await page.goto(`${site.url}/d/ch_seco_concon?transform=yoy&compare=ch_fso_unemp_rate`);
    await waitForChart(page, 2);
    const data = JSON.parse((await page.textContent('#explorer-data')) ?? '{}') as {
      compare: { ref: { datasetId: string; dims: Record<string, string[]> } }[];
    };
    const ref = data.compare[0].ref;
    const dims = Object.entries(ref.dims)
      .map(([d, codes]) => `${d}=${codes.join(',')}`)
      .join(';');
    const sel = `dataset=${ref.datasetId}${dims ? `&dims=${dims}` : ''}`;
    const [levels, yoy] = [await api(sel), await api(`${sel}&transform=yoy`)];
    // the compared dataset has its own dimensions: compare dates and values
    const plain = (rows: Rows): Rows => ({ structure: rows.date.map(() => ''), date: rows.date, value: rows.value });
    const out = (frame: string, lang: 'r' | 'py') =>
      lang === 'r'
        ? `\ncat(jsonlite::toJSON(list(structure = rep("", nrow(${frame})), date = format(as.Date(${frame}$date)), value = ${frame}$value), digits = NA, na = "null"))\n`
        : `\nimport json\nprint(json.dumps({"structure": [""] * len(${frame}), "date": [str(d)[:10] for d in ${frame}["date"]], "value": [None if v != v else v for v in ${frame}["value"].tolist()]}))\n`;
    const r = await snippet('r');
    const py = await snippet('python');
    assert.match(r, /df2 <- ds\("ch_fso_unemp_rate"/);
    assert.match(py, /df2 = ds\("ch_fso_unemp_rate"/);
    sameRows(await runR(r + out('df2', 'r')), plain(levels), 'R compared levels');
    sameRows(await runR(r + out('df2_yoy', 'r')), plain(yoy), 'R compared yoy');
    sameRows(await runPython(py + out('df2', 'py')), plain(levels), 'Python compared levels');
    sameRows(await runPython(py + out('df2_yoy', 'py')), plain(yoy), 'Python compared yoy');
  });
});
