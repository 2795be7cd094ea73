// The R and Python clients, in real R and real Python, against the real
// server started on a free port with the real data; their READMEs' examples
// run inside their suites. `R CMD check` runs without a server. Missing R or
// Python fails the suite (set DS_SKIP_CLIENT_TESTS=1 to skip it on purpose).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PYTHON, REAL_DATA, ROOT, run, startServer, works, type CommandResult, type RunningServer } from './harness.js';

const skip = process.env.DS_SKIP_CLIENT_TESTS === '1' ? 'DS_SKIP_CLIENT_TESTS=1' : false;
const DEBIAN_PACKAGES = 'r-base-core r-cran-jsonlite r-cran-testthat python3-pandas python3-pytest python3-pip python3-setuptools';

/**
 * The environment of a client process: UTF-8 and the server; no data folder
 * (the client tests take their reference values from the server).
 */
function clientEnv(server: RunningServer | null, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...extra };
  delete env.DS_DATA_DIR;
  if (server) env.DATASERIES_API = server.url;
  else if (extra.DATASERIES_API === undefined) delete env.DATASERIES_API;
  return env;
}

/**
 * The commands of a README's "## Tests" section that run the tests, as
 * written: every `sh` block but the one that starts the server.
 */
function readmeTestCommands(readme: string): string {
  const section = readFileSync(join(ROOT, readme), 'utf8').split(/^## Tests$/m)[1] ?? '';
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((found) => found[1].trim());
  const commands = blocks.filter((block) => !block.includes('npm start'));
  assert.ok(commands.length > 0, `no test command in ${readme}'s Tests section`);
  return commands.join('\n');
}

/** A copy of `clients/` alone in a new folder: a fresh clone's, with no data folder beside it. */
function freshCopy(tmp: string, name: string): string {
  const root = join(tmp, name);
  cpSync(join(ROOT, 'clients'), join(root, 'clients'), { recursive: true, filter: (p) => !p.includes('__pycache__') });
  return root;
}

function succeeded(result: CommandResult, what: string): void {
  assert.equal(result.code, 0, `${what} failed (exit ${result.code}):\n${result.output.slice(-6000)}`);
}

describe('R and Python clients', { skip }, () => {
  let server: RunningServer;
  let tmp: string;
  let lib: string;

  before(async () => {
    const missing: string[] = [];
    if (!(await works('Rscript', ['-e', 'library(jsonlite); library(testthat)']))) missing.push('R with jsonlite and testthat');
    if (!(await works(PYTHON, ['-c', 'import setuptools, pip, pandas, pytest']))) missing.push(`${PYTHON} with pandas, pytest, pip and setuptools`);
    assert.deepEqual(missing, [], `missing: ${missing.join(', ')}; install with apt-get install ${DEBIAN_PACKAGES} (or set DS_SKIP_CLIENT_TESTS=1)`);
    tmp = mkdtempSync(join(tmpdir(), 'ds-clients-'));
    server = await startServer(REAL_DATA);
    lib = join(tmp, 'rlib');
    mkdirSync(lib);
    cpSync(join(ROOT, 'clients/r'), join(tmp, 'r'), { recursive: true });
    succeeded(await run('R', ['CMD', 'INSTALL', `--library=${lib}`, join(tmp, 'r')], { env: clientEnv(null, { R_LIBS: lib }) }), 'R CMD INSTALL');
  });

  after(async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  // Both suites run through their README's command, verbatim, in a copy of
  // clients/ alone (no data folder beside it, no DS_DATA_DIR).
  it("Python: the README's test command, as written, passes against the real server, nothing skipped", async () => {
    const command = readmeTestCommands('clients/python/README.md');
    const result = await run('sh', ['-ec', command], { cwd: freshCopy(tmp, 'fresh-python'), env: clientEnv(server, { PYTHONDONTWRITEBYTECODE: '1' }) });
    succeeded(result, command);
    assert.match(result.output, /\b\d+ passed\b/);
    assert.doesNotMatch(result.output, /skipped|deselected/, result.output);
  });

  it("R: the README's test commands, as written, pass against the real server, nothing skipped", async () => {
    const command = readmeTestCommands('clients/r/README.md');
    const readmeLib = join(tmp, 'rlib-readme');
    mkdirSync(readmeLib);
    const result = await run('sh', ['-ec', command], { cwd: freshCopy(tmp, 'fresh-r'), env: clientEnv(server, { R_LIBS: readmeLib }) });
    succeeded(result, command);
    assert.match(result.output, /\[ FAIL 0 \| WARN \d+ \| SKIP 0 \| PASS [1-9]\d* \]/, result.output.slice(-4000));
  });

  it('R: ds() gives the published doubles exactly, for every value of every real dataset', async () => {
    // R prints each value with 17 significant digits (exact for a double);
    // Node reads both that and the published text with a correctly rounded parser.
    const out = join(tmp, 'r-values.txt');
    const script = [
      'library(dataseries)',
      `con <- file(${JSON.stringify(out)}, "w")`,
      'for (id in ds_catalog()$id) writeLines(paste(id, sprintf("%.17g", ds(id)$value)), con)',
      'close(con)',
    ].join('\n');
    succeeded(await run('Rscript', ['-e', script], { env: clientEnv(server, { R_LIBS: lib }) }), 'Rscript');
    const got = new Map<string, string[]>();
    for (const line of readFileSync(out, 'utf8').trimEnd().split('\n')) {
      const [id, value] = line.split(' ');
      got.set(id, [...(got.get(id) ?? []), value]);
    }
    const ids = (JSON.parse(readFileSync(join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string }[]).map((e) => e.id);
    assert.deepEqual([...got.keys()].sort(), [...ids].sort());
    let compared = 0;
    for (const id of ids) {
      const published = readFileSync(join(REAL_DATA, `${id}.csv`), 'utf8').trimEnd().split('\n').slice(1);
      const values = got.get(id) ?? [];
      assert.equal(values.length, published.length, id);
      published.forEach((row, i) => {
        const text = row.slice(row.lastIndexOf(',') + 1).replace(/\r$/, '');
        const want = text === '' || text === 'NA' ? 'NA' : Number(text);
        const value = values[i] === 'NA' ? 'NA' : Number(values[i]);
        assert.equal(value, want, `${id} row ${i + 2}: R ${values[i]}, published ${text}`);
        compared += 1;
      });
    }
    assert.ok(compared > 190_000, `${compared} values compared`);
  });

  // The page's R and Python snippets, run as they are (with the server's address), for
  // selections whose codes are all digits and a transform: codes come back as text,
  // dates as dates, values as numbers, in ds()'s answer and in the transformed CSV.
  const SNIPPET_PAGES = [
    { path: '/d/ch_fso_ppi?dims=base=2020&transform=yoy', df: 'df_yoy', dim: 'base', codes: ['2020'] },
    {
      path: '/d/ch_fso_jobs_sex?Grossregion=0,1&Wirtschaftssektor=TOT&Besch%C3%A4ftigungsgrad=TOT&Geschlecht=TOT&transform=pct',
      df: 'df_pct',
      dim: 'Grossregion',
      codes: ['0', '1'],
    },
  ];

  async function pageSnippet(path: string, tool: 'r' | 'python'): Promise<string> {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const code = new RegExp(`<code id="snippet-${tool}" data-snippet="${tool}">([\\s\\S]*?)</code>`).exec(html)?.[1];
    assert.ok(code, `no ${tool} snippet on ${path}`);
    const text = code.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    return text.replace(/"https?:\/\/[^/"]+\/series\.csv/g, `"${server.url}/series.csv`);
  }

  it('R: the page snippets run and type every column (all-digit codes, a transform)', async () => {
    for (const page of SNIPPET_PAGES) {
      const check = [
        `for (d in list(df, ${page.df})) {`,
        `  stopifnot(nrow(d) > 0, is.character(d[[${JSON.stringify(page.dim)}]]), inherits(d$date, "Date"), is.numeric(d$value))`,
        `  stopifnot(setequal(unique(d[[${JSON.stringify(page.dim)}]]), c(${page.codes.map((c) => JSON.stringify(c)).join(', ')})))`,
        '}',
        'cat("snippet ok\\n")',
      ].join('\n');
      const result = await run('Rscript', ['-e', `${await pageSnippet(page.path, 'r')}\n${check}`], { env: clientEnv(server, { R_LIBS: lib }) });
      succeeded(result, `R snippet of ${page.path}`);
      assert.match(result.output, /snippet ok/);
    }
  });

  it('Python: the page snippets run and type every column (all-digit codes, a transform)', async () => {
    for (const page of SNIPPET_PAGES) {
      const check = [
        `for d in (df, ${page.df}):`,
        '    assert len(d) > 0',
        `    assert d[${JSON.stringify(page.dim)}].map(type).eq(str).all(), d.dtypes`,
        `    assert set(d[${JSON.stringify(page.dim)}]) == {${page.codes.map((c) => JSON.stringify(c)).join(', ')}}`,
        '    assert str(d["date"].dtype).startswith("datetime64"), d.dtypes',
        '    assert str(d["value"].dtype) == "float64", d.dtypes',
        'print("snippet ok")',
      ].join('\n');
      const result = await run(PYTHON, ['-c', `${await pageSnippet(page.path, 'python')}\n${check}`], {
        env: clientEnv(server, { PYTHONPATH: join(ROOT, 'clients/python/src') }),
      });
      succeeded(result, `Python snippet of ${page.path}`);
      assert.match(result.output, /snippet ok/);
    }
  });

  it('R CMD check passes without errors or warnings, with no server', async () => {
    const dir = join(tmp, 'check');
    cpSync(join(ROOT, 'clients/r'), join(dir, 'src'), { recursive: true });
    // A closed port, not the default localhost:8080 (where some other server may listen): the server tests skip.
    const env = clientEnv(null, { _R_CHECK_FORCE_SUGGESTS_: 'false', DATASERIES_API: 'http://127.0.0.1:9' });
    succeeded(await run('R', ['CMD', 'build', '--no-build-vignettes', 'src'], { cwd: dir, env }), 'R CMD build');
    const check = await run('R', ['CMD', 'check', '--no-manual', 'dataseries_0.1.0.tar.gz'], { cwd: dir, env });
    succeeded(check, 'R CMD check');
    const status = /^Status: (.*)$/m.exec(check.output)?.[1] ?? '';
    assert.ok(status === 'OK' || /^\d+ NOTEs?$/.test(status), `R CMD check status: ${status}\n${check.output.slice(-4000)}`);
  });

  it('pip installs the Python package from its folder, and it imports', async () => {
    const source = join(tmp, 'python-src');
    const target = join(tmp, 'site');
    cpSync(join(ROOT, 'clients/python'), source, { recursive: true, filter: (p) => !p.includes('__pycache__') });
    const install = await run(PYTHON, ['-m', 'pip', 'install', '--no-build-isolation', '--no-deps', '--no-index', '--target', target, source], {
      env: clientEnv(null),
    });
    succeeded(install, 'pip install');
    const imported = await run(PYTHON, ['-c', 'import dataseries; print(dataseries.__file__, dataseries.base_url())'], {
      cwd: tmp,
      env: clientEnv(null, { PYTHONPATH: target }),
    });
    succeeded(imported, 'import dataseries');
    assert.ok(imported.output.startsWith(join(target, 'dataseries')), imported.output);
    assert.match(imported.output, /http:\/\/localhost:8080/);
  });
});
