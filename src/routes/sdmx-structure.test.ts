/**
 * The SDMX structure routes (issue 22) on a real server (port 0) with the real
 * data, read by a real SDMX client, R's rsdmx (Debian's r-cran-rsdmx), and
 * checked with xmllint (Debian's libxml2-utils).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { xmlProblems, xpath } from '../../test/xmllint.js';
import { sdmxNames } from '../sdmx/names.js';

const run = promisify(execFile);
const NS = {
  message: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message',
  structure: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/structure',
  common: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common',
};
/** Real datasets: a hierarchy with grouping levels, German-named dimensions, a single series, the weekly one, the semi-annual one. */
const DATASETS = ['ch_seco_concon', 'ch_fso_jobs_sex', 'ch_kof_barometer', 'ch_seco_wwa', 'ch_fso_construction_prices'];

/** rsdmx reads the dataflows and, per dataset, its data structure with its codelists and concepts; prints them as JSON. */
const R_SCRIPT = `
suppressMessages({ library(rsdmx); library(jsonlite) })
args <- commandArgs(TRUE); base <- args[1]; ids <- args[-1]
flows <- as.data.frame(readSDMX(paste0(base, "/sdmx/2.1/dataflow")))
out <- list(flows = list(id = flows$id, en = flows$Name.en, de = flows$Name.de, dsd = flows$dsdRef))
for (id in ids) {
  s <- readSDMX(paste0(base, "/sdmx/2.1/datastructure/DATASERIES/", id, "?references=children"))
  dsd <- slot(slot(s, "datastructures"), "datastructures")[[1]]
  comps <- as.data.frame(slot(dsd, "Components"))
  lists <- lapply(slot(slot(s, "codelists"), "codelists"), function(cl) {
    d <- as.data.frame(slot(s, "codelists"), codelistId = slot(cl, "id"))
    list(id = slot(cl, "id"), codes = d$id, en = d$label.en, de = d$label.de)
  })
  concepts <- suppressWarnings(as.data.frame(slot(s, "concepts")))
  out[[id]] <- list(dsd = slot(dsd, "id"), kinds = comps$component, concepts = comps$conceptRef,
                    codelistRefs = comps$codelist, codelists = lists, conceptIds = concepts$id, conceptEn = concepts$Name.en)
}
cat(toJSON(out, auto_unbox = TRUE, na = "null"))
`;

interface RsdmxStructure {
  dsd: string;
  kinds: string[];
  concepts: string[];
  codelistRefs: (string | null)[];
  codelists: { id: string; codes: string[] | string; en: string[] | string; de: string[] | string | null }[];
  conceptIds: string[];
  conceptEn: string[];
}

/** One vector of R's toJSON with auto_unbox: a one-element vector comes as a scalar. */
const list = <T>(v: T | T[] | null | undefined): T[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);

let app: FastifyInstance;
let base: string;

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string; headers: Headers }> {
  const res = await fetch(base + path, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text(), headers: res.headers };
}

describe('SDMX structure routes', () => {
  before(async () => {
    app = await startApp(REAL_DATA);
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  });
  after(() => app?.close());

  it('rsdmx reads the dataflows and the data structures, codelists and labels of real datasets', async () => {
    const { stdout } = await run('Rscript', ['-e', R_SCRIPT, base, ...DATASETS], { maxBuffer: 64 << 20, env: { ...process.env, LANG: 'C.UTF-8' } });
    const out = JSON.parse(stdout) as { flows: { id: string[]; en: string[]; de: string[]; dsd: string[] } } & Record<string, RsdmxStructure>;
    const snapshot = app.ds.data.current!;
    assert.equal(out.flows.id.length, snapshot.datasets.size, 'one dataflow per dataset');
    const cpi = out.flows.id.indexOf('ch_seco_concon');
    assert.equal(out.flows.en[cpi], snapshot.datasets.get('ch_seco_concon')!.meta.title.en);
    assert.equal(out.flows.de[cpi], snapshot.datasets.get('ch_seco_concon')!.meta.title.de);
    for (const id of DATASETS) {
      const ds = snapshot.datasets.get(id)!;
      const names = sdmxNames(ds);
      const got = out[id];
      assert.equal(got.dsd, names.flowId, id);
      assert.deepEqual(list(got.concepts), [...names.dimIds, 'TIME_PERIOD', 'OBS_VALUE'], `${id}: dimensions in dim_order, then time and measure`);
      assert.deepEqual(list(got.kinds), [...names.dimIds.map(() => 'Dimension'), 'TimeDimension', 'PrimaryMeasure']);
      assert.deepEqual(list(got.conceptIds), [...names.dimIds, 'TIME_PERIOD', 'OBS_VALUE']);
      assert.equal(got.codelists.length, names.dimIds.length, `${id}: one codelist per dimension`);
      got.codelists.forEach((cl, d) => {
        assert.equal(list(got.codelistRefs)[d], cl.id, 'the dimension names its codelist');
        const dim = ds.meta.dimensions[d];
        if (!dim) return assert.deepEqual(list(cl.codes), ['_Z'], 'the synthetic dimension has one code');
        assert.deepEqual(
          list(cl.codes),
          dim.levels.map((_, l) => names.codeId(d, l)),
          `${id}: every level, grouping ones too`,
        );
        assert.deepEqual(
          list(cl.en),
          dim.levels.map((l) => l.label.en),
          'English labels, the original text',
        );
        if (dim.levels.every((l) => l.label.de))
          assert.deepEqual(
            list(cl.de),
            dim.levels.map((l) => l.label.de),
            'German labels',
          );
      });
    }
    const jobs = out.ch_fso_jobs_sex;
    assert.ok(list(jobs.conceptEn).includes('Employment rate'), 'the concept of Beschäftigungsgrad keeps its label');
  });

  it('writes the hierarchy as parent codes and keeps grouping levels as codes', async () => {
    const ds = app.ds.data.current!.datasets.get('ch_seco_concon')!;
    const d = ds.meta.dimOrder.indexOf('structure');
    const dim = ds.meta.dimensions[d];
    const names = sdmxNames(ds);
    const { body } = await get(`/sdmx/2.1/codelist/DATASERIES/CL_ch_seco_concon_structure`);
    for (const [l, level] of dim.levels.entries()) {
      const code = `//*[local-name()='Code'][@id='${names.codeId(d, l)}']`;
      const parent = await xpath(body, `string(${code}/*[local-name()='Parent']/Ref/@id)`);
      assert.equal(parent, level.parent === null ? '' : names.codeId(d, dim.index.get(level.parent)!), `parent of ${level.code}`);
      const grouping = await xpath(body, `count(${code}//*[local-name()='AnnotationType'][.='DS_GROUPING'])`);
      assert.equal(grouping, level.data ? '0' : '1', `${level.code} marked as grouping when it has no series`);
    }
    assert.ok(
      dim.levels.some((l) => !l.data),
      'ch_seco_concon has grouping levels',
    );
  });

  it('every answer is well-formed SDMX-ML 2.1 in its namespaces', async () => {
    const paths = [
      '/sdmx/2.1/dataflow',
      '/sdmx/2.1/dataflow/all/all/latest',
      '/sdmx/2.1/dataflow/DATASERIES/ch_fso_jobs_sex/1.0?references=all',
      '/sdmx/2.1/datastructure/DATASERIES/ch_kof_barometer?references=all',
      '/sdmx/2.1/datastructure/DATASERIES/ch_seco_wwa',
      '/sdmx/2.1/codelist/DATASERIES/all',
      '/sdmx/2.1/conceptscheme/DATASERIES/CS_ch_fso_construction_prices?references=parents',
    ];
    for (const path of paths) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.type, 'application/vnd.sdmx.structure+xml; version=2.1');
      assert.equal(await xmlProblems(res.body), '', path);
      assert.equal(await xpath(res.body, 'namespace-uri(/*)'), NS.message, `${path}: the root is message:Structure`);
      assert.equal(await xpath(res.body, 'local-name(/*)'), 'Structure');
      assert.equal(await xpath(res.body, `count(//*[namespace-uri()='${NS.structure}'])>0`), 'true');
      assert.equal(await xpath(res.body, `count(//*[local-name()='Name'][namespace-uri()!='${NS.common}'])`), '0', 'names are common:Name');
    }
  });

  it('honours references: none, children, descendants, parents, all', async () => {
    const kinds = async (path: string): Promise<string[]> => {
      const { body } = await get(path);
      const present: string[] = [];
      for (const kind of ['Dataflows', 'Codelists', 'Concepts', 'DataStructures']) {
        if ((await xpath(body, `count(//*[local-name()='Structures']/*[local-name()='${kind}'])`)) === '1') present.push(kind);
      }
      return present;
    };
    const dsd = '/sdmx/2.1/datastructure/DATASERIES/ch_fso_jobs_sex';
    assert.deepEqual(await kinds(dsd), ['DataStructures']);
    assert.deepEqual(await kinds(`${dsd}?references=none`), ['DataStructures']);
    assert.deepEqual(await kinds(`${dsd}?references=children`), ['Codelists', 'Concepts', 'DataStructures']);
    assert.deepEqual(await kinds(`${dsd}?references=parents`), ['Dataflows', 'DataStructures']);
    assert.deepEqual(await kinds(`${dsd}?references=all`), ['Dataflows', 'Codelists', 'Concepts', 'DataStructures']);
    const flow = '/sdmx/2.1/dataflow/DATASERIES/ch_fso_jobs_sex';
    assert.deepEqual(await kinds(`${flow}?references=children`), ['Dataflows', 'DataStructures']);
    assert.deepEqual(await kinds(`${flow}?references=descendants`), ['Dataflows', 'Codelists', 'Concepts', 'DataStructures']);
  });

  it('answers the same ETags, caching and compression as the other routes: 304 on If-None-Match, HEAD without a body', async () => {
    const path = '/sdmx/2.1/datastructure/DATASERIES/ch_seco_concon?references=children';
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^W\/"sdmxs-[0-9a-f]{16}-[A-Za-z0-9_-]{16}"$/);
    assert.equal(etag, (await get(path)).headers.get('etag'));
    assert.match(first.headers.get('cache-control')!, /max-age/);
    assert.equal(first.headers.get('access-control-allow-origin'), '*');
    assert.notEqual(etag, (await get('/sdmx/2.1/datastructure/DATASERIES/ch_seco_concon')).headers.get('etag'), 'another question, another ETag');
    assert.equal((await get(path, { 'if-none-match': etag })).status, 304);
    assert.equal((await get('/sdmx/2.1/dataflow', { 'accept-encoding': 'gzip' })).headers.get('content-encoding'), 'gzip', 'compressed as the other XML');
    const head = await fetch(base + path, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });

  it("the dataset page's SDMX snippet reads the selection: its flow, a key of SDMX codes in dim_order, the period", async () => {
    const unescape = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const cases: [string, string, Record<string, string[]>, string][] = [
      [
        'ch_fso_vacancies',
        'dims=Wirtschaftsabteilung=10-33,26;Offene%20Stellen=1&from=2020-01-01',
        { 'Offene Stellen': ['1'], Wirtschaftsabteilung: ['10-33', '26'] },
        '?startPeriod=2020-01-01',
      ],
      ['ch_kof_barometer', 'from=2020-01-01&to=2021-06-01', {}, '?startPeriod=2020-01-01&endPeriod=2021-06-01'],
    ];
    for (const [id, query, picked, period] of cases) {
      const page = await get(`/d/${id}?${query}`);
      assert.equal(page.status, 200);
      const code = unescape(/data-snippet="sdmx">([\s\S]*?)<\/code>/.exec(page.body)![1]);
      assert.match(code, /^library\(rsdmx\)\n\nurl <- "[^"]+"\ndf <- as\.data\.frame\(readSDMX\(url\)\)$/);
      const url = new URL(/url <- "([^"]+)"/.exec(code)![1]);
      assert.equal(url.search, period);
      const [flow, key] = url.pathname.split('/').slice(4);
      const ds = app.ds.data.current!.datasets.get(id)!;
      const names = sdmxNames(ds);
      assert.equal(flow, names.flowId);
      if (names.synthetic) assert.equal(key, 'all');
      else
        key.split('.').forEach((position, d) => {
          const codes = position ? position.split('+').map((c) => ds.meta.dimensions[d].levels[names.levelIndex(d, c)].code) : [];
          assert.deepEqual(codes, picked[ds.meta.dimOrder[d]] ?? [], `${id}: position ${d}`);
        });
      assert.equal((await get(`/sdmx/2.1/dataflow/DATASERIES/${flow}`)).status, 200, 'the flow the snippet names exists');
    }
  });

  it('/libraries, /llms.txt and /openapi.json describe the SDMX face with links that answer', async () => {
    for (const lang of ['', '/de', '/fr', '/it']) {
      const page = await get(`${lang}/libraries`);
      assert.match(page.body, /<h2>SDMX[^<]*<\/h2>/, `${lang}/libraries has an SDMX section`);
      assert.match(page.body, /library\(rsdmx\)/);
      assert.match(page.body, /href="\/sdmx\/2\.1\/dataflow"/);
    }
    const llms = (await get('/llms.txt')).body;
    const links = [...llms.matchAll(/\]\((https?:\/\/[^)]*\/sdmx\/2\.1\/[^)]+)\)/g)].map((m) => new URL(m[1]));
    assert.deepEqual(
      links.map((u) => u.pathname.split('/')[3]),
      ['dataflow', 'datastructure', 'data'],
      'llms.txt links the dataflows, a data structure and the data of a selection',
    );
    for (const url of links) assert.equal((await get(url.pathname + url.search)).status, 200, url.pathname);
    const doc = JSON.parse((await get('/openapi.json')).body) as { info: { description: string } };
    assert.match(doc.info.description, /SDMX 2\.1.*\/sdmx\/2\.1\/dataflow/s);
  });

  it('answers SDMX errors: unknown flow 100/404, bad path or parameter 140/400, stubs 501; JSON clients get problem+json; never a 500', async () => {
    const cases: [string, number, string][] = [
      ['/sdmx/2.1/dataflow/DATASERIES/no_such_flow', 404, '100'],
      ['/sdmx/2.1/datastructure/OTHER_AGENCY/ch_seco_concon', 404, '100'],
      ['/sdmx/2.1/datastructure/DATASERIES/ch_seco_concon/2.0', 404, '100'],
      ['/sdmx/2.1/codelist/DATASERIES/CL_nothing', 404, '100'],
      ['/sdmx/2.1/nonsense', 400, '140'],
      ['/sdmx/2.1/dataflow/a/b/c/d', 400, '140'],
      ['/sdmx/2.0/dataflow', 400, '140'],
      ['/sdmx/2.1/dataflow?references=cousins', 400, '140'],
      ['/sdmx/2.1/dataflow?color=blue', 400, '140'],
      ['/sdmx/2.1/dataflow?detail=allstubs', 501, '501'],
    ];
    for (const [path, status, code] of cases) {
      const res = await get(path);
      assert.equal(res.status, status, path);
      assert.equal(res.type, 'application/xml; charset=utf-8', path);
      assert.equal(await xmlProblems(res.body), '', path);
      assert.equal(await xpath(res.body, `string(/*[local-name()='Error']/*[local-name()='ErrorMessage']/@code)`), code, path);
      assert.equal(await xpath(res.body, 'namespace-uri(/*)'), NS.message);
      const json = await get(path, { accept: 'application/json' });
      assert.equal(json.status, status, `${path} as JSON`);
      assert.match(json.type, /^application\/problem\+json/);
      assert.equal((JSON.parse(json.body) as { status: number }).status, status);
    }
    const post = await fetch(`${base}/sdmx/2.1/dataflow`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.equal(await xpath(await post.text(), `string(//*[local-name()='ErrorMessage']/@code)`), '140', 'another method: a malformed request, not SDMX 500');
  });
});
