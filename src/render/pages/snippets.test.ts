import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExplorerMeta, ExplorerState } from '../../selection/state.js';
import { buildEmbedSnippet, buildSnippets, csvUrl, SNIPPET_TOOLS, sdmxUrl } from './snippets.js';

const level = (code: string) => ({ code, label: `L ${code}`, data: true, depth: 0 });

/** A small meta: two dimensions with awkward names next to plain ones. */
const META: ExplorerMeta = {
  id: 'demo_x',
  lang: 'en',
  frequency: 'quarterly',
  dims: [
    { id: 'type', label: 'Type', mode: 'single', levels: [level('real'), level('nom')] },
    { id: 'Offene Stellen', label: 'Vacancies', mode: 'single', levels: [level('1'), level('2')] },
    { id: 'structure', label: 'Structure', mode: 'multi', levels: [level('gdp'), level('047'), level('a"b')] },
    { id: 'only', label: 'Only', mode: 'multi', levels: [level('x')] },
  ],
  combos: [],
  defaults: { dims: {}, transform: 'level' },
  transforms: ['level', 'pct', 'yoy', 'index', 'diff'],
};

const STATE: ExplorerState = {
  dims: { type: ['real'], 'Offene Stellen': ['1'], structure: ['gdp', '047'], only: ['x'] },
  from: '2000-01-01',
  to: null,
  transform: 'level',
  base: null,
};

const input = (state: ExplorerState = STATE) => ({
  baseUrl: 'https://data.example.org',
  meta: META,
  state,
  transformName: 'Year-on-year %',
  transformNote: 'ds() returns levels; the chart shows {transform}, as in this CSV:',
  csvNote: 'The current selection as CSV:',
  excelHint: 'Excel: Data › Get Data › From Other Sources › Blank Query › Advanced Editor',
});

describe('code snippets', () => {
  it('R: ds() with one named argument per dimension (backticks for odd names), c() for several codes, from', () => {
    assert.equal(
      buildSnippets(input()).r,
      [
        'library(dataseries)',
        '',
        'df <- ds(',
        '  "demo_x",',
        '  type = "real",',
        '  `Offene Stellen` = "1",',
        '  structure = c("gdp", "047"),',
        '  from = "2000-01-01"',
        ')',
      ].join('\n'),
    );
  });

  it('Python: keyword dimensions, a dict for names that are not identifiers, lists for several codes, start', () => {
    assert.equal(
      buildSnippets(input()).python,
      [
        'from dataseries import ds',
        '',
        'df = ds(',
        '  "demo_x",',
        '  type="real",',
        '  structure=["gdp", "047"],',
        '  **{"Offene Stellen": "1"},',
        '  start="2000-01-01"',
        ')',
      ].join('\n'),
    );
  });

  it('a conversion: R and Python pass frequency, aggregation and partial as ds() takes them (defaults left out); the other tools read the CSV URL that carries them', () => {
    const converted = buildSnippets(input({ ...STATE, convert: { frequency: 'annual', aggregation: 'sum', partial: true } }));
    assert.match(converted.r, /\n {2}frequency = "annual",\n {2}aggregation = "sum",\n {2}partial = TRUE\n\)/);
    assert.match(converted.python, /\n {2}frequency="annual",\n {2}aggregation="sum",\n {2}partial=True\n\)/);
    for (const tool of ['stata', 'matlab', 'julia', 'excel', 'sas', 'curl'] as const)
      assert.match(converted[tool], /&frequency=annual&aggregation=sum&partial=true/, tool);
    const mean = buildSnippets(input({ ...STATE, convert: { frequency: 'annual', aggregation: 'mean', partial: false } }));
    assert.match(mean.r, /frequency = "annual"\n\)/);
    assert.doesNotMatch(mean.r + mean.python, /aggregation|partial/);
  });

  it('as of a vintage: R and Python pass as_of to ds(); every other tool, SDMX included, reads a URL that carries it', () => {
    const asOf = { text: '2026-02-20', asked: '2026-02-20T23:59:59Z', vintage: '2026-02-05T08:00:00Z', final: true };
    const s = buildSnippets(input({ ...STATE, asOf }));
    assert.match(s.r, /ds\([^]*as_of = "20260205T080000Z"\n\)/);
    assert.match(s.python, /ds\([^]*as_of="20260205T080000Z"\n\)/);
    for (const tool of SNIPPET_TOOLS.filter((t) => t !== 'r' && t !== 'python')) assert.match(s[tool], /as_of=20260205T080000Z/, tool);
  });

  it('a dimension with a single level is left out; string literals are escaped', () => {
    const s = buildSnippets(input({ ...STATE, dims: { ...STATE.dims, structure: ['a"b'] } }));
    assert.doesNotMatch(s.r, /only/);
    assert.match(s.r, /structure = "a\\"b"/);
    assert.match(s.python, /structure="a\\"b"/);
  });

  it('the other tools read the CSV URL of the selection; single-quoted contexts get no raw quote', () => {
    const url = csvUrl(input());
    assert.equal(url, 'https://data.example.org/series.csv?dataset=demo_x&dims=type=real;Offene%20Stellen=1;structure=gdp,047&from=2000-01-01');
    const s = buildSnippets(input());
    for (const tool of ['stata', 'matlab', 'julia', 'excel', 'sas', 'curl'] as const) assert.ok(s[tool].includes(url), tool);
    assert.match(s.sas, /^proc http url='.*' method='GET' out=src;$/m);
    assert.match(s.curl, /^curl -sSL '.*' -o demo_x\.csv$/);
    assert.match(s.excel, /Csv\.Document\(Web\.Contents\(".*"\)/);
    const quoted = csvUrl(input({ ...STATE, dims: { ...STATE.dims, structure: ["it's"] } }));
    assert.ok(!quoted.includes("'"));
  });

  it('with a transform, R and Python add the transformed CSV under a comment', () => {
    const s = buildSnippets(input({ ...STATE, transform: 'yoy' }));
    const url = csvUrl(input({ ...STATE, transform: 'yoy' }));
    assert.ok(
      s.r.endsWith(
        [
          '# ds() returns levels; the chart shows Year-on-year %, as in this CSV:',
          'df_yoy <- read.csv(',
          `  "${url}",`,
          '  colClasses = c(rep("character", 4), "Date", "numeric"),',
          '  na.strings = "",',
          '  check.names = FALSE,',
          '  encoding = "UTF-8"',
          ')',
        ].join('\n'),
      ),
      s.r,
    );
    assert.ok(
      s.python.endsWith(
        [
          'df_yoy = pd.read_csv(',
          `  "${url}",`,
          '  dtype={"type": str, "Offene Stellen": str, "structure": str, "only": str, "value": "float64"},',
          '  keep_default_na=False,',
          '  na_values={"value": [""]},',
          '  parse_dates=["date"],',
          '  float_precision="round_trip"',
          ')',
        ].join('\n'),
      ),
      s.python,
    );
    assert.match(buildSnippets(input({ ...STATE, transform: 'yoy' })).curl, /transform=yoy/);
  });

  it('a relative window (from=-5y): every tool reads the CSV URL that carries it, so a copied snippet rolls forward', () => {
    for (const window of [
      { from: '-5y', to: null },
      { from: '2000-01-01', to: '-1q' },
    ]) {
      const state = { ...STATE, ...window, transform: 'yoy' };
      const url = csvUrl(input(state));
      assert.ok(url.endsWith(`&from=${window.from}${window.to ? `&to=${window.to}` : ''}&transform=yoy`), url);
      const s = buildSnippets(input(state));
      // SDMX has no relative window: its URL is the one snippet that does not roll (below)
      for (const tool of SNIPPET_TOOLS.filter((t) => t !== 'sdmx')) assert.ok(s[tool].includes(url), `${tool}: ${s[tool]}`);
      // ds() takes dates only: R and Python read the CSV instead, once (the CSV has the transform too)
      assert.ok(!/\bds\(|library\(dataseries\)|from dataseries/.test(s.r + s.python), s.r + s.python);
      assert.equal(s.r.split('\n')[0], '# The current selection as CSV:');
      assert.match(s.r, /^df <- read\.csv\(/m);
      assert.match(s.python, /^import pandas as pd\n\n# The current selection as CSV:\ndf = pd\.read_csv\(/);
      assert.match(buildEmbedSnippet({ baseUrl: 'https://x.org', meta: META, state, title: 'T' }), new RegExp(`from=${window.from}.*&amp;embed=1`));
    }
  });

  it('SDMX: the data URL of the selection (a key of SDMX codes, the dates as startPeriod and endPeriod) read by rsdmx', () => {
    const url = 'https://data.example.org/sdmx/2.1/data/demo_x/real.1.gdp+047.?startPeriod=2000-01-01';
    assert.equal(sdmxUrl(input()), url);
    assert.equal(buildSnippets(input()).sdmx, ['library(rsdmx)', '', `url <- "${url}"`, 'df <- as.data.frame(readSDMX(url))'].join('\n'));
    const all = { ...STATE, dims: { type: ['real', 'nom'], 'Offene Stellen': ['1', '2'], structure: ['gdp', '047', 'a"b'], only: ['x'] }, from: null };
    assert.equal(sdmxUrl(input(all)), 'https://data.example.org/sdmx/2.1/data/demo_x/real+nom.1+2.gdp+047+a_b_' + sdmxUrl(input(all)).split('a_b_')[1]);
    assert.match(sdmxUrl(input(all)), /\/real\+nom\.1\+2\.gdp\+047\+a_b_[0-9a-z]{5}\.$/, 'a code that is not an SDMX id is written mapped');
    // a relative window is written as the dates it stands for now: SDMX has no window that rolls forward
    const rolling = { ...input({ ...STATE, from: '-5y', to: '-1q' }), meta: { ...META, end: '2024-10-01' } };
    assert.match(sdmxUrl(rolling), /\?startPeriod=2019-10-01&endPeriod=2024-07-01$/);
  });

  it('every tool has code', () => {
    const s = buildSnippets(input());
    for (const tool of SNIPPET_TOOLS) assert.ok(s[tool].length > 20, tool);
  });
});

// Golden texts of the tools that read the CSV URL: every column's type is
// stated (codes text, date a date, value a number), never guessed. Each
// follows its tool's documentation, named beside its builder in snippets.ts:
// Stata [D] import delimited (stringcols, numericcols) and date(); MATLAB
// detectImportOptions + setvartype/setvaropts (InputFormat) + readtable;
// Julia CSV.jl CSV.File(; types, dateformat); Power Query M
// Table.TransformColumnTypes with a culture; SAS PROC HTTP OUT= then a DATA
// step with INFILE DSD, $ lengths and the YYMMDDw. informat.
const GOLDEN: Record<'stata' | 'matlab' | 'julia' | 'excel' | 'sas', string[]> = {
  stata: [
    '* The current selection as CSV:',
    'import delimited "https://data.example.org/series.csv?dataset=demo_x&dims=type=real;Offene%20Stellen=1;structure=gdp,047&from=2000-01-01", clear varnames(1) encoding(utf-8) stringcols(1/4) numericcols(6)',
    '* codes are text (047 is not 47); date becomes a Stata date, value is numeric',
    'generate double day = date(date, "YMD")',
    'format day %td',
    'drop date',
    'rename day date',
  ],
  matlab: [
    '% The current selection as CSV:',
    'url = "https://data.example.org/series.csv?dataset=demo_x&dims=type=real;Offene%20Stellen=1;structure=gdp,047&from=2000-01-01";',
    'file = websave(tempname + ".csv", url, weboptions("Timeout", 60));',
    'opts = detectImportOptions(file, "FileType", "text", "Delimiter", ",", "Encoding", "UTF-8", "VariableNamingRule", "preserve");',
    'opts = setvartype(opts, opts.VariableNames(1:4), "string");  % codes stay text',
    'opts = setvartype(opts, "date", "datetime");',
    'opts = setvaropts(opts, "date", "InputFormat", "yyyy-MM-dd");',
    'opts = setvartype(opts, "value", "double");',
    'data = readtable(file, opts);',
  ],
  julia: [
    '# The current selection as CSV:',
    'using CSV, DataFrames, Dates, Downloads',
    '',
    'url = "https://data.example.org/series.csv?dataset=demo_x&dims=type=real;Offene%20Stellen=1;structure=gdp,047&from=2000-01-01"',
    'types = Dict("type" => String, "Offene Stellen" => String, "structure" => String, "only" => String, "date" => Date, "value" => Union{Missing, Float64})',
    'df = DataFrame(CSV.File(Downloads.download(url); types = types, dateformat = "yyyy-mm-dd", missingstring = ""))',
  ],
  excel: [
    '// The current selection as CSV: Excel: Data › Get Data › From Other Sources › Blank Query › Advanced Editor',
    'let',
    '    Source = Csv.Document(Web.Contents("https://data.example.org/series.csv?dataset=demo_x&dims=type=real;Offene%20Stellen=1;structure=gdp,047&from=2000-01-01"), [Delimiter = ",", Columns = 6, Encoding = 65001, QuoteStyle = QuoteStyle.Csv]),',
    '    Data = Table.PromoteHeaders(Source, [PromoteAllScalars = true]),',
    '    Missing = Table.ReplaceValue(Data, "", null, Replacer.ReplaceValue, {"value"}),',
    '    Typed = Table.TransformColumnTypes(Missing, {{"type", type text}, {"Offene Stellen", type text}, {"structure", type text}, {"only", type text}, {"date", type date}, {"value", type number}}, "en-US")',
    'in',
    '    Typed',
  ],
  sas: [
    '/* The current selection as CSV: */',
    'filename src temp;',
    "proc http url='https://data.example.org/series.csv?dataset=demo_x&dims=type=real;Offene%20Stellen=1;structure=gdp,047&from=2000-01-01' method='GET' out=src;",
    'run;',
    '',
    'data work.series;',
    "  infile src dsd firstobs=2 truncover encoding='utf-8';",
    '  length type $ 4 Offene_Stellen $ 1 structure $ 3 only $ 1;',
    '  input type $ Offene_Stellen $ structure $ only $ date :yymmdd10. value :best32.;',
    '  format date yymmdd10.;',
    "  label Offene_Stellen = 'Offene Stellen';",
    'run;',
  ],
};

describe('typed snippets of the other tools (golden)', () => {
  for (const tool of Object.keys(GOLDEN) as (keyof typeof GOLDEN)[]) {
    it(tool, () => assert.equal(buildSnippets(input())[tool], GOLDEN[tool].join('\n')));
  }

  it('a single-series dataset has only date and value to type', () => {
    const single = { ...META, id: 'one', dims: [] };
    const s = buildSnippets({ ...input({ ...STATE, dims: {} }), meta: single });
    assert.match(s.stata, / encoding\(utf-8\) numericcols\(2\)$/m);
    assert.doesNotMatch(s.matlab, /VariableNames\(1:/);
    assert.match(s.julia, /types = Dict\("date" => Date, "value" => Union\{Missing, Float64\}\)/);
    assert.match(s.excel, /Columns = 2,/);
    assert.match(s.sas, /^ {2}input date :yymmdd10\. value :best32\.;$/m);
    assert.doesNotMatch(s.sas, /length/);
  });

  it('SAS names are valid and unique, labelled with the dimension; Julia and M literals are escaped', () => {
    const odd = {
      ...META,
      dims: [
        { id: '1st level', label: 'x', mode: 'multi' as const, levels: [level('Zürich')] },
        { id: 'Date', label: 'x', mode: 'multi' as const, levels: [level('a')] },
        { id: 'a$"b', label: 'x', mode: 'multi' as const, levels: [level('a')] },
      ],
    };
    const s = buildSnippets({ ...input({ ...STATE, dims: {} }), meta: odd });
    assert.match(s.sas, /^ {2}length _1st_level \$ 7 Date_2 \$ 1 a__b \$ 1;$/m);
    assert.match(s.sas, /^ {2}label _1st_level = '1st level' Date_2 = 'Date' a__b = 'a\$"b';$/m);
    assert.match(s.julia, /"a\\\$\\"b" => String/);
    assert.match(s.excel, /\{"a\$""b", type text\}/);
  });
});

describe('embed snippet', () => {
  it('is the iframe of DESIGN §4: embed=1, full width, 580 px, no border, rounded, lazy, a title', () => {
    const title = 'Demo & "x": L real · L 1';
    assert.equal(
      buildEmbedSnippet({ baseUrl: 'https://data.example.org', meta: META, state: STATE, title }),
      '<iframe src="https://data.example.org/d/demo_x?type=real&amp;Offene%20Stellen=1&amp;structure=gdp,047&amp;from=2000-01-01&amp;embed=1"' +
        ' title="Demo &amp; &quot;x&quot;: L real · L 1" width="100%" height="580" style="border:0;border-radius:8px;overflow:hidden" loading="lazy" allowfullscreen></iframe>',
    );
  });
});
