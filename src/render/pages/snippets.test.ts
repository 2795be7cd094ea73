import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExplorerMeta, ExplorerState } from '../../selection/state.js';
import { buildEmbedSnippet, buildSnippets, csvUrl, embedTitle, SNIPPET_TOOLS } from './snippets.js';

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
    assert.match(s.stata, /^import delimited ".*", clear varnames\(1\) encoding\(utf-8\) stringcols\(1\/4\)$/m);
    assert.match(s.sas, /^filename src url '.*';$/m);
    assert.match(s.curl, /^curl -sSL '.*' -o demo_x\.csv$/);
    assert.match(s.excel, /Csv\.Document\(Web\.Contents\(".*"\)/);
    const quoted = csvUrl(input({ ...STATE, dims: { ...STATE.dims, structure: ["it's"] } }));
    assert.ok(!quoted.includes("'"));
  });

  it('with a transform, R and Python add the transformed CSV under a comment', () => {
    const s = buildSnippets(input({ ...STATE, transform: 'yoy' }));
    assert.match(
      s.r,
      /# ds\(\) returns levels; the chart shows Year-on-year %, as in this CSV:\ndf_yoy <- read\.csv\(".*transform=yoy", colClasses = "character"\)/,
    );
    assert.match(s.python, /df_yoy = pd\.read_csv\(".*transform=yoy", dtype=str, keep_default_na=False\)/);
    assert.match(buildSnippets(input({ ...STATE, transform: 'yoy' })).curl, /transform=yoy/);
  });

  it('every tool has code', () => {
    const s = buildSnippets(input());
    for (const tool of SNIPPET_TOOLS) assert.ok(s[tool].length > 20, tool);
  });
});

describe('embed snippet', () => {
  it('is the iframe of DESIGN §4: embed=1, full width, 580 px, no border, rounded, lazy, a title', () => {
    const title = embedTitle(META, STATE, 'Demo & "x"');
    assert.equal(title, 'Demo & "x": L real, L 1');
    assert.equal(
      buildEmbedSnippet({ baseUrl: 'https://data.example.org', meta: META, state: STATE, title }),
      '<iframe src="https://data.example.org/d/demo_x?type=real&amp;Offene%20Stellen=1&amp;structure=gdp,047&amp;from=2000-01-01&amp;embed=1"' +
        ' title="Demo &amp; &quot;x&quot;: L real, L 1" width="100%" height="580" style="border:0;border-radius:8px;overflow:hidden" loading="lazy" allowfullscreen></iframe>',
    );
  });
});
