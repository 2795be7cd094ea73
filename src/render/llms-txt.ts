import { formatIsoDate } from '../data/dates.js';
import { isRelativeBound } from '../query/date-bound.js';
import type { Dataset, Dimension, Labels, Snapshot } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import { lowerFrequencies } from '../data/frequency.js';
import type { Selection } from '../query/view.js';
import { conversionOf, paramSpec, paramsTakenBy } from '../selection/params.js';
import { apiUrl, datasetMetaUrl, formatDims, pageUrl, serviceUrl, urlPartsOf, type UrlSelection } from '../urls.js';
import { sdmxDataUrl, sdmxStructureUrl } from '../sdmx/key.js';
import { sdmxNames } from '../sdmx/names.js';

/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org): what the service is and how
 * to call it, for language models and their users. H1 title, a blockquote
 * summary, then sections of link lists; every URL is absolute on the base URL
 * and every example is a real selection of the loaded data.
 */

/** The opening selection of a dataset (its page's default view). */
export type OpeningSelection = (dataset: Dataset) => Selection;

/** Markdown-safe one-line text: no line breaks, brackets escaped. */
function md(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([[\]])/g, '\\$1');
}

function span(ds: Dataset): string {
  const { start, end } = ds.store;
  return Number.isNaN(start) ? 'no observations' : `${formatIsoDate(start)} to ${formatIsoDate(end)}`;
}

/** The dataset the examples use: the first with dimensions and a default view, else the first. */
function exampleDataset(snapshot: Snapshot): Dataset | null {
  const all = [...snapshot.datasets.values()];
  return all.find((d) => d.meta.dimensions.length > 1 && Object.keys(d.meta.defaultSelection).length > 0) ?? all[0] ?? null;
}

function header(snapshot: Snapshot): string[] {
  const sources = [...new Set([...snapshot.datasets.values()].map((d) => pickLabel(d.meta.source.name, 'en')).filter(Boolean))];
  return [
    '# dataseries',
    '',
    `> Official statistics as time series: ${snapshot.datasets.size} datasets, ${snapshot.series} series and ${snapshot.observations} observations` +
      `${sources.length ? ` from ${sources.slice(0, 6).map(md).join(', ')}${sources.length > 6 ? ' and others' : ''}` : ''}, ` +
      'served read-only as JSON, CSV and Excel by an HTTP API without keys, with web pages in English, German, French and Italian and chart images. ' +
      'Every route reads the same published files, so a number is the same whichever route serves it.',
    '',
    'A selection is these query parameters, the same on /series, /series.csv, /series.xlsx, /chart.svg and /chart.png (the dataset page /d/{id} takes them too, its dataset in the path):',
    '',
    ...selectionParamLines(),
    '',
    'Dates are the first day of the period. Codes are strings. Missing values are empty in CSV and null in JSON. ' +
      'Errors are RFC 9457 problem details (`application/problem+json`, message in `error`, with the valid dimensions or codes); CSV routes answer a one-column `error` CSV with the same status.',
    '',
  ];
}

/**
 * The selection parameters, one line each, from the table (selection/params.ts):
 * its description, its values and its default.
 * @example selectionParamLines()[0] // '- `dataset`: Dataset id (see GET /catalog).'
 */
export function selectionParamLines(): string[] {
  return paramsTakenBy('series')
    .map(paramSpec)
    .filter((spec) => spec.part === 'selection' && spec.api === 'param')
    .map((spec) => {
      const values = Array.isArray(spec.schema.enum) ? ` Values: ${(spec.schema.enum as string[]).map((v) => `\`${v}\``).join(', ')}.` : '';
      const fallback = spec.default === null ? '' : ` Default: \`${spec.default}\`.`;
      // one line, brackets kept: the descriptions write them in code spans, where an escape would show
      return `- \`${spec.name}\`: ${String(spec.schema.description ?? '')
        .replace(/\s+/g, ' ')
        .trim()}${values}${fallback}`;
    });
}

function apiSection(snapshot: Snapshot, baseUrl: string, opening: OpeningSelection): string[] {
  const ex = exampleDataset(snapshot);
  const lines = ['## API', ''];
  lines.push(`- [Catalog](${serviceUrl(baseUrl, '/catalog')}): every dataset as JSON: id, title, source, license, frequency, start, end, n_series, updated.`);
  if (ex) {
    const order = ex.meta.dimOrder;
    const sel: UrlSelection = { ...urlPartsOf(opening(ex)), last: 12 };
    const yoy: UrlSelection = { ...sel, transform: 'yoy' };
    const annual = lowerFrequencies(ex.meta.frequency).includes('annual');
    lines.push(
      `- [Metadata of a dataset](${datasetMetaUrl(baseUrl, ex.meta.id)}): dimensions with their codes, labels (en, de, fr, it) and hierarchy, units, defaults.`,
      `- [Observations as CSV](${apiUrl(baseUrl, 'series.csv', sel, order)}): tidy CSV, one row per observation: dimension columns, date, value.`,
      `- [Observations as JSON](${apiUrl(baseUrl, 'series', sel, order)}): columnar JSON, one array per column.`,
      `- [Year-on-year change as CSV](${apiUrl(baseUrl, 'series.csv', yoy, order)}): the same selection with transform=yoy.`,
      ...(annual
        ? [
            `- [Annual means as CSV](${apiUrl(baseUrl, 'series.csv', { ...sel, convert: conversionOf('annual') }, order)}): the same selection converted to annual (\`frequency=annual\`; \`aggregation\`, \`partial\`), complete years only by default.`,
          ]
        : []),
      `- [Observations as Excel](${apiUrl(baseUrl, 'series.xlsx', sel, order)}): a data sheet with labels and real dates, and a metadata sheet with source, license and citation; \`lang=de|fr|it\` for labels.`,
      `- [Chart as SVG](${apiUrl(baseUrl, 'chart.svg', sel, order)}): the chart of a selection; also /chart.png, with \`lang\`, \`width\`, \`height\`.`,
      `- [Dataset page](${pageUrl(baseUrl, 'en', sel, order)}): the interactive page of the same selection; \`/de\`, \`/fr\`, \`/it\` for other languages.`,
      ...sdmxLines(ex, baseUrl, sel),
    );
  }
  lines.push(
    `- [Categories](${serviceUrl(baseUrl, '/categories')}): the topic groups with their datasets.`,
    `- [Search index](${serviceUrl(baseUrl, '/search-index.json')}): one record per selectable code: dataset, dimension, code, label, path.`,
    `- [OpenAPI description](${serviceUrl(baseUrl, '/openapi.json')}): every route and parameter (OpenAPI 3.1).`,
    `- [Interactive API docs](${serviceUrl(baseUrl, '/__docs__/')}): try the routes in a browser.`,
    '',
  );
  return lines;
}

/** The SDMX 2.1 face (issue 22): the dataflows, a data structure, the data of a selection by its SDMX key. */
function sdmxLines(ds: Dataset, baseUrl: string, sel: UrlSelection): string[] {
  const flow = sdmxNames(ds).flowId;
  const source = { id: ds.meta.id, dims: ds.meta.dimensions };
  return [
    `- [SDMX 2.1 dataflows](${sdmxStructureUrl(baseUrl, 'dataflow')}): every dataset as an SDMX dataflow (SDMX-ML 2.1), for SDMX clients such as R rsdmx, Python sdmx1, Stata sdmxuse.`,
    `- [SDMX data structure](${sdmxStructureUrl(baseUrl, 'datastructure', flow, 'children')}): dimensions, codelists (four languages, hierarchy as parent codes) and concepts; ids SDMX forbids are mapped, the original text is kept as an annotation.`,
    `- [SDMX data](${sdmxDataUrl(baseUrl, source, sel.dims, { startPeriod: isRelativeBound(sel.from) ? null : sel.from })}): the selection by its SDMX key (one position per dimension, codes joined by +, empty for all), with startPeriod, endPeriod, lastNObservations; SDMX-ML, SDMX-JSON or SDMX-CSV by Accept or format=; revisions with updatedAfter and includeHistory.`,
  ];
}

function datasetLine(ds: Dataset, baseUrl: string): string {
  const m = ds.meta;
  const dims = m.dimOrder.length ? `dimensions ${m.dimOrder.map((d) => `\`${d}\``).join(', ')}` : 'a single series';
  return (
    `- [${md(pickLabel(m.title, 'en'))}](${pageUrl(baseUrl, 'en', { datasetId: m.id })}): \`${m.id}\`, ${m.frequency}, ${span(ds)}, ` +
    `${ds.store.count} series, ${dims}; [CSV](${apiUrl(baseUrl, 'series.csv', { datasetId: m.id })}), [metadata](${datasetMetaUrl(baseUrl, m.id)}).`
  );
}

/**
 * The short llms.txt: what the service is, how to call it, one line per dataset.
 * @example renderLlmsTxt(snapshot, 'https://x.org', defaultSelection)
 */
export function renderLlmsTxt(snapshot: Snapshot, baseUrl: string, opening: OpeningSelection): string {
  return [
    ...header(snapshot),
    ...apiSection(snapshot, baseUrl, opening),
    '## Datasets',
    '',
    ...[...snapshot.datasets.values()].map((ds) => datasetLine(ds, baseUrl)),
    '',
    '## Optional',
    '',
    `- [Every dataset with its dimensions and codes](${serviceUrl(baseUrl, '/llms-full.txt')}): the catalog in full, with example URLs.`,
    `- [Sitemap](${serviceUrl(baseUrl, '/sitemap.xml')}): every page in every language.`,
    '',
  ].join('\n');
}

/** The codes of a dimension, one per line, indented by hierarchy depth; grouping codes say they have no series. */
function dimensionLines(dim: Dimension): string[] {
  return [
    `- \`${dim.id}\`: ${md(pickLabel(dim.label, 'en'))} (${dim.levels.length} codes)`,
    ...dim.levels.map((l) => `${'  '.repeat(l.depth + 1)}- \`${l.code}\`: ${md(pickLabel(l.label, 'en'))}${l.data ? '' : ' (group, no series of its own)'}`),
  ];
}

/** Units keyed by one dimension's codes, as `dim` code: label pairs. */
function unitsByLevel(dim: string, labels: Record<string, Labels>): string {
  return `by \`${dim}\`: ${Object.entries(labels)
    .map(([code, label]) => `\`${code}\` ${md(pickLabel(label, 'en'))}`)
    .join('; ')}`;
}

function datasetSection(snapshot: Snapshot, ds: Dataset, baseUrl: string, opening: OpeningSelection): string[] {
  const m = ds.meta;
  const license = snapshot.licenses.get(m.license);
  const order = m.dimOrder;
  const sel = urlPartsOf(opening(ds));
  const units = m.units === null ? null : m.units.kind === 'single' ? md(pickLabel(m.units.label, 'en')) : unitsByLevel(m.units.dim, m.units.labels);
  const lines = [
    `## ${md(pickLabel(m.title, 'en'))} (\`${m.id}\`)`,
    '',
    `- Source: ${md(pickLabel(m.source.name, 'en'))}${m.source.url ? ` (${m.source.url})` : ''}`,
    `- License: ${md(license ? pickLabel(license.name, 'en') : m.license)}${license?.url ? ` (${license.url})` : ''}`,
    `- Frequency: ${m.frequency}; ${span(ds)}; ${ds.store.count} series, ${ds.store.observations} observations${m.updated ? `; updated ${m.updated}` : ''}`,
    ...(units ? [`- Units: ${units}`] : []),
    `- Page: ${pageUrl(baseUrl, 'en', { datasetId: m.id })}`,
    `- Metadata: ${datasetMetaUrl(baseUrl, m.id)}`,
    `- Whole dataset as CSV: ${apiUrl(baseUrl, 'series.csv', { datasetId: m.id })}`,
    `- Default view${sel.dims && formatDims(sel.dims, order) ? ` (dims=${formatDims(sel.dims, order)})` : ''}, last 12 observations: ${apiUrl(baseUrl, 'series.csv', { ...sel, last: 12 }, order)}`,
  ];
  if (m.description) lines.push('', md(pickLabel(m.description, 'en')));
  lines.push('', order.length ? 'Dimensions and codes:' : 'A single series: no dimensions, leave out `dims`.');
  if (order.length) lines.push('', ...m.dimensions.flatMap(dimensionLines));
  lines.push('');
  return lines;
}

/**
 * The full llms-full.txt: the short file's introduction and API, then every
 * dataset with its source, license, span, dimensions and codes (labels in
 * English) and example URLs.
 */
export function renderLlmsFullTxt(snapshot: Snapshot, baseUrl: string, opening: OpeningSelection): string {
  return [
    ...header(snapshot),
    ...apiSection(snapshot, baseUrl, opening),
    ...[...snapshot.datasets.values()].flatMap((ds) => datasetSection(snapshot, ds, baseUrl, opening)),
  ].join('\n');
}
