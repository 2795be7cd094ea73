// The clients on three vintages (issue 21), in real R and real Python,
// against the real server started on the published fixture
// (test/vintage-fixture.ts): ds_vintages() lists them with their counts,
// typed; ds(..., as_of=) gives each vintage's exact published rows whatever
// form the vintage is given in (a date, a date-time, a vintage of
// ds_vintages()); an as_of before the first vintage is explained in words
// that name it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { publishVintages, type VintageFixture } from '../test/vintage-fixture.js';
import { PYTHON, ROOT, run, startServer, type CommandResult, type RunningServer } from './harness.js';

const skip = process.env.DS_SKIP_CLIENT_TESTS === '1' ? 'DS_SKIP_CLIENT_TESTS=1' : false;
const ID = 'ch_fso_wage_idx';

function succeeded(result: CommandResult, what: string): void {
  assert.equal(result.code, 0, `${what} failed (exit ${result.code}):\n${result.output.slice(-6000)}`);
}

/** The lines `codes…,date,value` a client wrote (value with 17 significant digits, NA for missing) against the published rows of a vintage. */
function assertRows(file: string, published: string[][], what: string): void {
  const got = readFileSync(file, 'utf8').trimEnd().split('\n');
  const want = published.slice(1);
  assert.equal(got.length, want.length, what);
  want.forEach((row, i) => {
    const fields = got[i].split(',');
    assert.deepEqual(fields.slice(0, -1), row.slice(0, -1), `${what} row ${i + 2}`);
    const value = fields.at(-1) === 'NA' || fields.at(-1) === 'nan' ? null : Number(fields.at(-1));
    assert.equal(value, row.at(-1) === '' ? null : Number(row.at(-1)), `${what} row ${i + 2}`);
  });
}

describe('R and Python clients on three vintages', { skip }, () => {
  let fixture: VintageFixture;
  let server: RunningServer;
  let tmp: string;
  let lib: string;
  const env = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', DATASERIES_API: server.url, ...extra });

  before(async () => {
    fixture = await publishVintages();
    server = await startServer(fixture.dir);
    tmp = mkdtempSync(join(tmpdir(), 'ds-client-vintages-'));
    lib = join(tmp, 'rlib');
    mkdirSync(lib);
    succeeded(await run('R', ['CMD', 'INSTALL', `--library=${lib}`, join(ROOT, 'clients/r')], { env: env({ R_LIBS: lib }) }), 'R CMD INSTALL');
  });
  after(async () => {
    await server?.stop();
    await fixture?.remove();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('R: ds_vintages() lists the vintages newest first with typed counts; ds(as_of=) gives each one as published; before the first, the error names it', async () => {
    const [v1, v2, v3] = fixture.stamps;
    const out = (k: number) => join(tmp, `r-${k}.csv`);
    const write = (k: number, asOf: string) =>
      `d <- ds("${ID}", as_of = ${asOf}); writeLines(paste(d$breakdown, d$adjustment, format(d$date), ifelse(is.na(d$value), "NA", sprintf("%.17g", d$value)), sep = ","), ${JSON.stringify(out(k))})`;
    const script = [
      'library(dataseries)',
      `v <- ds_vintages("${ID}")`,
      'stopifnot(inherits(v$vintage, "POSIXct"), is.integer(v$values_revised), is.integer(v$series_removed))',
      `stopifnot(identical(format(v$vintage, "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"), c("${v3}", "${v2}", "${v1}")))`,
      'stopifnot(identical(v$values_revised, c(1L, 1L, 0L)), identical(v$series_removed, c(0L, 1L, 0L)))',
      // a Date (the end of that day), a date-time, and a vintage as ds_vintages() gives it
      write(0, `as.Date("${v1.slice(0, 10)}")`),
      write(1, `as.POSIXct("${v2.replace('T', ' ').replace('Z', '')}", tz = "UTC")`),
      write(2, 'v$vintage[1]'),
      'e <- tryCatch(ds("ch_fso_wage_idx", as_of = as.Date("2025-12-31")), dataseries_error = function(e) e)',
      `stopifnot(inherits(e, "dataseries_error"), grepl("${v1}", conditionMessage(e), fixed = TRUE))`,
      'b <- tryCatch(ds("ch_fso_wage_idx", as_of = 5), dataseries_bad_argument = function(e) e)',
      'stopifnot(inherits(b, "dataseries_bad_argument"), grepl("as_of", conditionMessage(b)))',
      'cat("vintages ok\\n")',
    ].join('\n');
    const result = await run('Rscript', ['-e', script], { env: env({ R_LIBS: lib }) });
    succeeded(result, 'Rscript');
    assert.match(result.output, /vintages ok/);
    for (const k of [0, 1, 2]) assertRows(out(k), fixture.csv[k][ID], `R as_of vintage ${k + 1}`);
  });

  it('Python: ds_vintages() lists the vintages newest first with typed counts; ds(as_of=) gives each one as published; before the first, the error names it', async () => {
    const [v1, v2, v3] = fixture.stamps;
    const out = (k: number) => join(tmp, `py-${k}.csv`);
    const write = (k: number, asOf: string) =>
      `d = dts.ds("${ID}", as_of=${asOf})\nopen(${JSON.stringify(out(k))}, "w").write("".join(f"{b},{a},{t:%Y-%m-%d},{'NA' if v != v else repr(float(v))}\\n" for b, a, t, v in zip(d["breakdown"], d["adjustment"], d["date"], d["value"])))`;
    const script = [
      'import datetime, dataseries as dts',
      `v = dts.ds_vintages("${ID}")`,
      'assert str(v["vintage"].dtype) == "datetime64[ns, UTC]", v.dtypes',
      `assert [t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in v["vintage"]] == ["${v3}", "${v2}", "${v1}"], v`,
      'assert list(v["values_revised"]) == [1, 1, 0] and list(v["series_removed"]) == [0, 1, 0], v',
      'assert str(v["values_revised"].dtype) == "int64"',
      write(0, `datetime.date(${Number(v1.slice(0, 4))}, ${Number(v1.slice(5, 7))}, ${Number(v1.slice(8, 10))})`),
      write(1, `datetime.datetime.fromisoformat("${v2.replace('Z', '+00:00')}")`),
      write(2, `"${v3}"`),
      'try:\n    dts.ds("ch_fso_wage_idx", as_of=datetime.date(2025, 12, 31))\n    raise SystemExit("no error before the first vintage")',
      `except dts.InvalidSelectionError as e:\n    assert "${v1}" in str(e), str(e)`,
      'try:\n    dts.ds("ch_fso_wage_idx", as_of=5)\n    raise SystemExit("as_of=5 accepted")',
      'except dts.InvalidSelectionError as e:\n    assert "as_of" in str(e), str(e)',
      'print("vintages ok")',
    ].join('\n');
    const result = await run(PYTHON, ['-c', script], { env: env({ PYTHONPATH: join(ROOT, 'clients/python/src'), PYTHONDONTWRITEBYTECODE: '1' }) });
    succeeded(result, 'python');
    assert.match(result.output, /vintages ok/);
    for (const k of [0, 1, 2]) assertRows(out(k), fixture.csv[k][ID], `Python as_of vintage ${k + 1}`);
  });
});
