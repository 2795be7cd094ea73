/**
 * The code card and the embed snippet of the dataset page: code that reads
 * the current selection in R and Python (through the client libraries'
 * `ds()`), and in Stata, MATLAB, Julia, Excel (Power Query), SAS and curl
 * (through the `/series.csv` URL). Shared by the server and the bundle.
 */
import { apiUrl } from '../../urls.js';
import { statePageUrl, toUrlSelection, type ExplorerMeta, type ExplorerState } from '../../selection/state.js';

/** The tools of the code card, in display order. */
export const SNIPPET_TOOLS = ['r', 'python', 'stata', 'matlab', 'julia', 'excel', 'sas', 'curl'] as const;
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

function rSnippet(input: SnippetInput): string {
  const sel = toUrlSelection(input.meta, input.state);
  const args = [quote(input.meta.id)];
  for (const [dim, codes] of Object.entries(sel.dims ?? {})) {
    const name = /^[A-Za-z][A-Za-z0-9._]*$/.test(dim) && !R_RESERVED.has(dim) ? dim : '`' + dim.replace(/`/g, '\\`') + '`';
    args.push(`${name} = ${codes.length === 1 ? quote(codes[0]) : `c(${codes.map(quote).join(', ')})`}`);
  }
  if (sel.from) args.push(`from = ${quote(sel.from)}`);
  if (sel.to) args.push(`to = ${quote(sel.to)}`);
  const lines = ['library(dataseries)', '', call('df <- ds(', args)];
  if (input.state.transform !== 'level') {
    lines.push(
      '',
      `# ${input.transformNote.replace('{transform}', input.transformName)}`,
      `df_${input.state.transform} <- read.csv(${quote(csvUrl(input))}, colClasses = "character")`,
      `df_${input.state.transform}$value <- as.numeric(df_${input.state.transform}$value)`,
    );
  }
  return lines.join('\n');
}

function pythonSnippet(input: SnippetInput): string {
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
  const lines = ['from dataseries import ds', '', call('df = ds(', args)];
  if (input.state.transform !== 'level') {
    lines.push(
      '',
      'import pandas as pd',
      '',
      `# ${input.transformNote.replace('{transform}', input.transformName)}`,
      `df_${input.state.transform} = pd.read_csv(${quote(csvUrl(input))}, dtype=str, keep_default_na=False)`,
      `df_${input.state.transform}["value"] = pd.to_numeric(df_${input.state.transform}["value"])`,
    );
  }
  return lines.join('\n');
}

function stataSnippet(input: SnippetInput): string {
  const n = input.meta.dims.length;
  // codes stay text (047 is not 47); the date column is ISO text, turned into a Stata date
  const strings = n > 0 ? ` stringcols(1/${n})` : '';
  return [
    `* ${input.csvNote}`,
    `import delimited ${quote(csvUrl(input))}, clear varnames(1) encoding(utf-8)${strings}`,
    'generate period = date(date, "YMD")',
    'format period %td',
  ].join('\n');
}

function matlabSnippet(input: SnippetInput): string {
  return [
    `% ${input.csvNote}`,
    `url = ${quote(csvUrl(input))};`,
    'options = weboptions("ContentType", "table", "Timeout", 60);',
    'data = webread(url, options);',
    'data.date = datetime(data.date, "InputFormat", "yyyy-MM-dd");',
  ].join('\n');
}

function juliaSnippet(input: SnippetInput): string {
  return [
    `# ${input.csvNote}`,
    'using CSV, DataFrames, Downloads',
    '',
    `url = ${quote(csvUrl(input))}`,
    'df = CSV.read(Downloads.download(url), DataFrame)',
  ].join('\n');
}

function excelSnippet(input: SnippetInput): string {
  const url = csvUrl(input).replace(/"/g, '""');
  return [
    `// ${input.csvNote} ${input.excelHint}`,
    'let',
    `    Source = Csv.Document(Web.Contents("${url}"), [Delimiter = ",", Encoding = 65001, QuoteStyle = QuoteStyle.Csv]),`,
    '    Data = Table.PromoteHeaders(Source, [PromoteAllScalars = true]),',
    '    Typed = Table.TransformColumnTypes(Data, {{"date", type date}, {"value", type number}}, "en-US")',
    'in',
    '    Typed',
  ].join('\n');
}

function sasSnippet(input: SnippetInput): string {
  // single quotes: SAS resolves &name macro references inside double quotes
  return [
    `/* ${input.csvNote} */`,
    `filename src url '${csvUrl(input)}';`,
    'proc import datafile=src out=work.series dbms=csv replace;',
    '  getnames=yes;',
    '  guessingrows=max;',
    'run;',
  ].join('\n');
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
};

/**
 * The code of every tool for the current selection.
 * @example buildSnippets(input).r // 'library(dataseries)\n\ndf <- ds("ch_seco_concon", type = "index", …)'
 */
export function buildSnippets(input: SnippetInput): Record<SnippetTool, string> {
  return Object.fromEntries(SNIPPET_TOOLS.map((t) => [t, BUILDERS[t](input)])) as Record<SnippetTool, string>;
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const attr = (text: string): string => text.replace(/[&<>"']/g, (c) => ATTR_ESCAPES[c]);

/** Height of the embedded chart in px (DESIGN §4). */
export const EMBED_HEIGHT = 580;

/**
 * The iframe of the current selection (DESIGN §4): `?embed=1`, full width,
 * 580 px high, no border, rounded corners, lazy, with a title. The same
 * markup as the /oembed answer (src/discovery/oembed.ts), which a test checks.
 */
export function buildEmbedSnippet(input: { baseUrl: string; meta: ExplorerMeta; state: ExplorerState; title: string }): string {
  const src = statePageUrl(input.baseUrl, input.meta.lang, input.meta, input.state, [['embed', '1']]);
  return `<iframe src="${attr(src)}" title="${attr(input.title)}" width="100%" height="${EMBED_HEIGHT}" style="border:0;border-radius:8px;overflow:hidden" loading="lazy" allowfullscreen></iframe>`;
}

/**
 * The title of an embedded chart: the dataset title, then the levels of the
 * dimensions narrowed to one code (the rule of the /oembed title).
 */
export function embedTitle(meta: ExplorerMeta, state: ExplorerState, title: string): string {
  const sel = toUrlSelection(meta, state).dims ?? {};
  const labels = meta.dims.filter((d) => sel[d.id]?.length === 1).map((d) => d.levels.find((l) => l.code === sel[d.id][0])?.label ?? sel[d.id][0]);
  return labels.length ? `${title}: ${labels.join(', ')}` : title;
}
