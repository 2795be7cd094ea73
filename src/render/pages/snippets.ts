/**
 * The code card and the embed snippet of the dataset page: code that reads
 * the current selection in R and Python (through the client libraries'
 * `ds()`, a conversion to a lower frequency as its arguments), and in Stata, MATLAB, Julia, Excel (Power Query), SAS and curl
 * (through the `/series.csv` URL), and as SDMX (the SDMX data URL, read by rsdmx). Shared by the server and the bundle.
 */
import { boundIsoDate, isRelativeBound } from '../../query/date-bound.js';
import { sdmxDataUrl } from '../../sdmx/key.js';
import { apiUrl, type UrlSelection } from '../../urls.js';
import { urlParams } from '../../selection/params.js';
import { escapeHtml } from '../html.js';
import { statePageUrl, toUrlSelection, type ExplorerMeta, type ExplorerState } from '../../selection/state.js';

/** The tools of the code card, in display order. */
export const SNIPPET_TOOLS = ['r', 'python', 'stata', 'matlab', 'julia', 'excel', 'sas', 'curl', 'sdmx'] as const;
export type SnippetTool = (typeof SNIPPET_TOOLS)[number];

/** Display names of the tools (the same in every language). */
export const TOOL_NAMES: Record<SnippetTool, string> = {
  r: 'R',
  python: 'Python',
  stata: 'Stata',
  matlab: 'MATLAB',
  julia: 'Julia',
  excel: 'Excel / Power Query',
  sas: 'SAS',
  curl: 'curl',
  sdmx: 'SDMX',
};

/** What every snippet needs: where the server is, the selection, words for comments. */
export interface SnippetInput {
  baseUrl: string;
  meta: ExplorerMeta;
  state: ExplorerState;
  /** the transform in words, for the R/Python comment when it is not `level` */
  transformName: string;
  /** comment text: `{transform}` is replaced */
  transformNote: string;
  csvNote: string;
  /** where Excel keeps Power Query's editor */
  excelHint: string;
}

/** A double-quoted string literal (R, Python, Julia, MATLAB, Stata). */
function quote(text: string): string {
  return '"' + text.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
}

/** The CSV URL of the selection; `'` is percent-encoded so the URL fits in single quotes too. */
export function csvUrl(input: Pick<SnippetInput, 'baseUrl' | 'meta' | 'state'>): string {
  const order = input.meta.dims.map((d) => d.id);
  return apiUrl(input.baseUrl, 'series.csv', toUrlSelection(input.meta, input.state), order).replace(/'/g, '%27');
}

/**
 * The SDMX data URL of the selection (src/sdmx/key.ts): its codes as an SDMX
 * key, its dates as startPeriod and endPeriod. SDMX has no window that rolls
 * forward, so a relative bound is written as the date it stands for now;
 * transforms and conversions are not SDMX's: the URL reads the published values.
 * @example sdmxUrl(input) // 'https://x.org/sdmx/2.1/data/ch_x/real..csa?startPeriod=2000-01-01'
 */
export function sdmxUrl(input: Pick<SnippetInput, 'baseUrl' | 'meta' | 'state'>): string {
  const { meta, state } = input;
  const sel = toUrlSelection(meta, state);
  // the vintage as the table writes as_of (our extension of the SDMX data route)
  const asOf = urlParams(sel).find(([name]) => name === 'as_of')?.[1];
  const query = { startPeriod: boundIsoDate(state.from, meta.end), endPeriod: boundIsoDate(state.to, meta.end), as_of: asOf };
  return sdmxDataUrl(input.baseUrl, meta, sel.dims, query).replace(/'/g, '%27');
}

const R_RESERVED = new Set([
  'dataset',
  'from',
  'to',
  'as',
  'if',
  'else',
  'repeat',
  'while',
  'function',
  'for',
  'in',
  'next',
  'break',
  'TRUE',
  'FALSE',
  'NULL',
  'Inf',
  'NaN',
  'NA',
]);
const PY_RESERVED = new Set(
  'dataset start end False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/** Lays out a call on one line, or one argument per line when it is long. */
function call(head: string, args: string[], close = ')'): string {
  const line = `${head}${args.join(', ')}${close}`;
  if (line.length <= 88) return line;
  return `${head.trimEnd()}\n${args.map((a) => `  ${a}`).join(',\n')}\n${close}`;
}

/** The columns of every `/series.csv`: one per dimension (codes, text), then `date`, then `value`. */
function codeColumns(input: SnippetInput): string[] {
  return input.meta.dims.map((d) => d.id);
}

/**
 * Whether the snippet reads the CSV URL rather than calling `ds()`: a
 * relative window (`from=-5y`; `ds()` takes dates only, the URL rolls
 * forward).
 */
function isRolling(input: SnippetInput): boolean {
  return isRelativeBound(input.state.from) || isRelativeBound(input.state.to);
}

// utils::read.csv: colClasses gives each column its class (codes stay text, "Date" goes through as.Date);
// na.strings = "" so that a code "NA" stays a code and an empty value is missing.
function rReadCsv(input: SnippetInput, name: string): string {
  const n = codeColumns(input).length;
  const classes = `c(${n ? `rep("character", ${n}), ` : ''}"Date", "numeric")`;
  return call(`${name} <- read.csv(`, [quote(csvUrl(input)), `colClasses = ${classes}`, 'na.strings = ""', 'check.names = FALSE', 'encoding = "UTF-8"']);
}

/** The arguments `ds()` takes under the server's names (a conversion, and the vintage `as_of`), as the table writes them: defaults left out. */
const CONVERSION_ARGS = ['frequency', 'aggregation', 'partial', 'as_of'];

/** The conversion's arguments of `ds()` in R and Python, which take the server's names; `partial` is a logical there. */
function conversionArgs(sel: UrlSelection, lang: 'r' | 'python'): string[] {
  return urlParams(sel)
    .filter(([name]) => CONVERSION_ARGS.includes(name))
    .map(([name, text]) => {
      const value = name === 'partial' ? (lang === 'r' ? 'TRUE' : 'True') : quote(text);
      return lang === 'r' ? `${name} = ${value}` : `${name}=${value}`;
    });
}

function rSnippet(input: SnippetInput): string {
  if (isRolling(input)) return [`# ${input.csvNote}`, rReadCsv(input, 'df')].join('\n');
  const sel = toUrlSelection(input.meta, input.state);
  const args = [quote(input.meta.id)];
  for (const [dim, codes] of Object.entries(sel.dims ?? {})) {
    const name = /^[A-Za-z][A-Za-z0-9._]*$/.test(dim) && !R_RESERVED.has(dim) ? dim : '`' + dim.replace(/`/g, '\\`') + '`';
    args.push(`${name} = ${codes.length === 1 ? quote(codes[0]) : `c(${codes.map(quote).join(', ')})`}`);
  }
  if (sel.from) args.push(`from = ${quote(sel.from)}`);
  if (sel.to) args.push(`to = ${quote(sel.to)}`);
  args.push(...conversionArgs(sel, 'r'));
  const lines = ['library(dataseries)', '', call('df <- ds(', args)];
  if (input.state.transform !== 'level') {
    lines.push('', `# ${input.transformNote.replace('{transform}', input.transformName)}`, rReadCsv(input, `df_${input.state.transform}`));
  }
  return lines.join('\n');
}

// pandas.read_csv: dtype per column (codes str, value float64), parse_dates for date,
// keep_default_na=False so that a code "NA" stays a code, round_trip for exact numbers.
function pythonReadCsv(input: SnippetInput, name: string): string {
  const dtypes = [...codeColumns(input).map((c) => `${quote(c)}: str`), '"value": "float64"'];
  return call(`${name} = pd.read_csv(`, [
    quote(csvUrl(input)),
    `dtype={${dtypes.join(', ')}}`,
    'keep_default_na=False',
    'na_values={"value": [""]}',
    'parse_dates=["date"]',
    'float_precision="round_trip"',
  ]);
}

function pythonSnippet(input: SnippetInput): string {
  if (isRolling(input)) return ['import pandas as pd', '', `# ${input.csvNote}`, pythonReadCsv(input, 'df')].join('\n');
  const sel = toUrlSelection(input.meta, input.state);
  const args = [quote(input.meta.id)];
  const odd: string[] = [];
  for (const [dim, codes] of Object.entries(sel.dims ?? {})) {
    const value = codes.length === 1 ? quote(codes[0]) : `[${codes.map(quote).join(', ')}]`;
    if (/^[\p{L}_][\p{L}\p{N}_]*$/u.test(dim) && !PY_RESERVED.has(dim)) args.push(`${dim}=${value}`);
    else odd.push(`${quote(dim)}: ${value}`);
  }
  if (odd.length) args.push(`**{${odd.join(', ')}}`);
  if (sel.from) args.push(`start=${quote(sel.from)}`);
  if (sel.to) args.push(`end=${quote(sel.to)}`);
  args.push(...conversionArgs(sel, 'python'));
  const lines = ['from dataseries import ds', '', call('df = ds(', args)];
  if (input.state.transform !== 'level') {
    lines.push(
      '',
      'import pandas as pd',
      '',
      `# ${input.transformNote.replace('{transform}', input.transformName)}`,
      pythonReadCsv(input, `df_${input.state.transform}`),
    );
  }
  return lines.join('\n');
}

// Stata [D] import delimited: stringcols() and numericcols() force a column's
// type, encoding() names the file's encoding; [FN] date(s, "YMD") reads ISO dates.
// https://www.stata.com/manuals/dimportdelimited.pdf
function stataSnippet(input: SnippetInput): string {
  const n = codeColumns(input).length;
  const strings = n > 0 ? ` stringcols(1/${n})` : '';
  return [
    `* ${input.csvNote}`,
    `import delimited ${quote(csvUrl(input))}, clear varnames(1) encoding(utf-8)${strings} numericcols(${n + 2})`,
    '* codes are text (047 is not 47); date becomes a Stata date, value is numeric',
    'generate double day = date(date, "YMD")',
    'format day %td',
    'drop date',
    'rename day date',
  ].join('\n');
}

/** A MATLAB string literal: "..." with " doubled. */
const matlabQuote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

// MATLAB: websave downloads; detectImportOptions + setvartype/setvaropts
// state each variable's type (string, datetime with InputFormat, double)
// before readtable reads, so nothing is guessed.
// https://www.mathworks.com/help/matlab/ref/matlab.io.text.delimitedtextimportoptions.setvartype.html
// https://www.mathworks.com/help/matlab/import_export/import-formatted-dates-and-times.html
function matlabSnippet(input: SnippetInput): string {
  const n = codeColumns(input).length;
  return [
    `% ${input.csvNote}`,
    `url = ${matlabQuote(csvUrl(input))};`,
    'file = websave(tempname + ".csv", url, weboptions("Timeout", 60));',
    'opts = detectImportOptions(file, "FileType", "text", "Delimiter", ",", "Encoding", "UTF-8", "VariableNamingRule", "preserve");',
    ...(n > 0 ? [`opts = setvartype(opts, opts.VariableNames(1:${n}), "string");  % codes stay text`] : []),
    'opts = setvartype(opts, "date", "datetime");',
    'opts = setvaropts(opts, "date", "InputFormat", "yyyy-MM-dd");',
    'opts = setvartype(opts, "value", "double");',
    'data = readtable(file, opts);',
  ].join('\n');
}

/** A Julia string literal: \, " and $ (interpolation) escaped. */
const juliaQuote = (text: string): string => `"${text.replace(/[\\"$]/g, (c) => `\\${c}`)}"`;

// Julia CSV.jl: CSV.File(source; types = Dict(name => type), dateformat)
// gives each column its type instead of detecting it.
// https://github.com/JuliaData/CSV.jl/blob/main/docs/src/reading.md
function juliaSnippet(input: SnippetInput): string {
  const types = [...codeColumns(input).map((c) => `${juliaQuote(c)} => String`), '"date" => Date', '"value" => Union{Missing, Float64}'];
  return [
    `# ${input.csvNote}`,
    'using CSV, DataFrames, Dates, Downloads',
    '',
    `url = ${juliaQuote(csvUrl(input))}`,
    `types = Dict(${types.join(', ')})`,
    'df = DataFrame(CSV.File(Downloads.download(url); types = types, dateformat = "yyyy-mm-dd", missingstring = ""))',
  ].join('\n');
}

/** A Power Query M text literal: "..." with " doubled. */
const mQuote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

// Power Query M: Csv.Document reads text; Table.TransformColumnTypes gives
// each column its type (text, date, number) with a fixed culture.
// https://learn.microsoft.com/en-us/powerquery-m/table-transformcolumntypes
function excelSnippet(input: SnippetInput): string {
  const n = codeColumns(input).length;
  const types = [...codeColumns(input).map((c) => `{${mQuote(c)}, type text}`), '{"date", type date}', '{"value", type number}'];
  return [
    `// ${input.csvNote} ${input.excelHint}`,
    'let',
    `    Source = Csv.Document(Web.Contents(${mQuote(csvUrl(input))}), [Delimiter = ",", Columns = ${n + 2}, Encoding = 65001, QuoteStyle = QuoteStyle.Csv]),`,
    '    Data = Table.PromoteHeaders(Source, [PromoteAllScalars = true]),',
    '    Missing = Table.ReplaceValue(Data, "", null, Replacer.ReplaceValue, {"value"}),',
    `    Typed = Table.TransformColumnTypes(Missing, {${types.join(', ')}}, "en-US")`,
    'in',
    '    Typed',
  ].join('\n');
}

/** SAS names: letters, digits and _, not starting with a digit, at most 32 characters, unique. */
function sasNames(columns: string[]): string[] {
  const used = new Set(['date', 'value']);
  return columns.map((c) => {
    const base = (/^[0-9]/.test(c) ? `_${c}` : c).replace(/[^A-Za-z0-9_]/g, '_').slice(0, 32) || '_';
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, 30)}_${i}`;
    used.add(name.toLowerCase());
    return name;
  });
}

const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

// SAS: PROC HTTP downloads to a temporary fileref (a URL fileref is not
// available everywhere); a DATA step reads it with INFILE DSD and states
// every type: $ codes with their longest length, YYMMDD10. for the date,
// a numeric informat for the value. Single quotes: SAS resolves & and %
// macro references inside double quotes.
// https://support.sas.com/documentation/cdl/en/proc/65145/HTML/default/n0t7v16eitluu2n15ffpfeafqszs.htm (PROC HTTP)
// https://support.sas.com/documentation/cdl/en/lrdict/61724/HTML/default/a000197982.htm (YYMMDDw. informat)
function sasSnippet(input: SnippetInput): string {
  const columns = codeColumns(input);
  const names = sasNames(columns);
  const lengths = input.meta.dims.map((d) => Math.max(1, ...d.levels.map((l) => utf8Length(l.code))));
  const labels = columns.flatMap((c, i) => (names[i] === c ? [] : [`${names[i]} = '${c.replace(/'/g, "''")}'`]));
  return [
    `/* ${input.csvNote} */`,
    'filename src temp;',
    `proc http url='${csvUrl(input)}' method='GET' out=src;`,
    'run;',
    '',
    'data work.series;',
    "  infile src dsd firstobs=2 truncover encoding='utf-8';",
    ...(columns.length ? [`  length ${names.map((n, i) => `${n} $ ${lengths[i]}`).join(' ')};`] : []),
    `  input ${[...names.map((n) => `${n} $`), 'date :yymmdd10.', 'value :best32.'].join(' ')};`,
    '  format date yymmdd10.;',
    ...(labels.length ? [`  label ${labels.join(' ')};`] : []),
    'run;',
  ].join('\n');
}

// rsdmx: readSDMX reads an SDMX-ML answer from its URL, as.data.frame makes the observations a data frame.
// https://cran.r-project.org/package=rsdmx
function sdmxSnippet(input: SnippetInput): string {
  return ['library(rsdmx)', '', `url <- ${quote(sdmxUrl(input))}`, 'df <- as.data.frame(readSDMX(url))'].join('\n');
}

function curlSnippet(input: SnippetInput): string {
  return `curl -sSL '${csvUrl(input)}' -o ${input.meta.id}.csv`;
}

const BUILDERS: Record<SnippetTool, (input: SnippetInput) => string> = {
  r: rSnippet,
  python: pythonSnippet,
  stata: stataSnippet,
  matlab: matlabSnippet,
  julia: juliaSnippet,
  excel: excelSnippet,
  sas: sasSnippet,
  curl: curlSnippet,
  sdmx: sdmxSnippet,
};

/**
 * The code of every tool for the current selection, and for the series of
 * other datasets compared on the same chart: one block per dataset, i.e.
 * one `ds()` call (R, Python) or one CSV URL (the other tools) each.
 * @example buildSnippets(input).r // 'library(dataseries)\n\ndf <- ds("ch_seco_concon", type = "index", …)'
 */
export function buildSnippets(input: SnippetInput, compared: SnippetInput[] = []): Record<SnippetTool, string> {
  return Object.fromEntries(
    SNIPPET_TOOLS.map((t) => [t, [BUILDERS[t](input), ...compared.map((c, i) => asCompared(t, BUILDERS[t](c), i + 2))].join('\n\n')]),
  ) as Record<SnippetTool, string>;
}

/** R, Python and Julia statements that set up a session (the first block has them). */
const SETUP_LINE = /^(library\(dataseries\)|library\(rsdmx\)|from dataseries import ds|import pandas as pd|using CSV, DataFrames, Dates, Downloads)$/;

/** Drops the set-up lines and the blank lines they leave. */
function withoutSetup(code: string): string[] {
  const lines = code.split('\n').filter((line) => !SETUP_LINE.test(line));
  while (lines[0] === '') lines.shift();
  return lines.filter((line, i) => !(line === '' && lines[i - 1] === ''));
}

/**
 * The block of the n-th dataset of a chart, so that it keeps the datasets
 * before it: without the set-up lines the first block has, its data named
 * `df{n}` (R, Python, Julia: also `df{n}_{transform}`), `data{n}` (MATLAB),
 * `work.series{n}` (SAS), and in Stata its own frame `df{n}` (Stata 16 or
 * later; `import delimited …, clear` clears only the current frame) with the
 * first dataset's frame current again at the end. Excel and curl blocks are
 * separate queries and files already.
 */
function asCompared(tool: SnippetTool, code: string, n: number): string {
  switch (tool) {
    case 'r':
    case 'python':
    case 'julia':
      return withoutSetup(code)
        .map((line) => line.replace(/^df(_[a-z]+)? (<-|=) /, `df${n}$1 $2 `))
        .join('\n');
    case 'sdmx':
      return withoutSetup(code)
        .map((line) => line.replace(/^(url|df) <- /, `$1${n} <- `).replace('readSDMX(url)', `readSDMX(url${n})`))
        .join('\n');
    case 'matlab':
      return code.replace(/^data = /m, `data${n} = `);
    case 'sas':
      return code.replace(/^data work\.series;$/m, `data work.series${n};`);
    case 'stata':
      return [`* Stata 16 or later: dataset ${n} in its own frame`, `frame create df${n}`, `frame change df${n}`, code, 'frame change default'].join('\n');
    case 'excel':
    case 'curl':
      return code;
    default: {
      const never: never = tool;
      return never;
    }
  }
}

/** Height of the embedded chart in px (DESIGN §4). */
export const EMBED_HEIGHT = 580;

/**
 * The one markup of an embedded chart (DESIGN §4), of the page's Embed tab and
 * of /oembed: full width, no border, rounded corners, lazy loading, a title;
 * `maxWidth` caps the width. The title is the selection's (naming.ts
 * captionTitle); src/discovery/oembed.test.ts checks a page's code equals /oembed's.
 * @example embedSnippet({ src: 'https://x.org/d/ch_fso_ppi?embed=1', title: 'Producer prices', height: 580 })
 */
export function embedSnippet(o: { src: string; title: string; height: number; maxWidth?: number }): string {
  const style = `border:0;border-radius:8px;overflow:hidden${o.maxWidth ? `;max-width:${o.maxWidth}px` : ''}`;
  return `<iframe src="${escapeHtml(o.src)}" title="${escapeHtml(o.title)}" width="100%" height="${o.height}" style="${style}" loading="lazy" allowfullscreen></iframe>`;
}

/** The embed code of the current selection: its page with `?embed=1`, 580 px high. */
export function buildEmbedSnippet(input: { baseUrl: string; meta: ExplorerMeta; state: ExplorerState; title: string }): string {
  const src = statePageUrl(input.baseUrl, input.meta.lang, input.meta, input.state, [['embed', '1']]);
  return embedSnippet({ src, title: input.title, height: EMBED_HEIGHT });
}
