import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Lang, Snapshot } from '../data/model.js';
import { registerGet, type Answer, type RequestView } from '../http/get-route.js';
import { conditionalStatus } from '../http/representation.js';
import type { StreamedBody } from '../http/stream-answer.js';
import { pickLabel } from '../i18n/labels.js';
import { computeView } from '../query/compute-view.js';
import { buildDownloadMetadata } from '../render/download-metadata.js';
import { columnarJsonBytes, columnarJsonChunks, csvBytes, csvChunks } from '../query/encode.js';
import { buildXlsxInput } from '../query/encode-xlsx.js';
import { labelledLead } from '../query/encode-labelled-csv.js';
import { attachmentName, ROUTE_OUTPUT_IDS, SELECTION_OUTPUTS, type OutputId, type SelectionOutput } from '../query/selection-outputs.js';
import type { Selection, SelectionView } from '../query/view.js';
import { seriesLabels } from '../render/chart-content.js';
import { CHART_REFERENCE, CHART_SIZE_LIMITS, CHART_STYLE_VERSION } from '../render/chart-style.js';
import { isFlagOn, PARAMS, vintagesAllProblem, type ApiQuery } from '../selection/params.js';
import { vintageRows, vintageRowsCsv, vintageRowsJson } from '../query/vintage-rows.js';
import { problemError } from '../selection/read-selection.js';
import { selectionProperties, selectionQuerySchema } from './schemas.js';
import { comparesAny, computeCompared, readChartDisplay } from './chart-display.js';
import type { ChartOptions } from '../render/chart-svg.js';
import { selectionEtag } from './selection-etag.js';
import { zipFiles } from './series-zip.js';
import { asOfCacheControl, etagInputs, parseSelectionAsOf, type ParsedSelection } from './as-of.js';

/**
 * The routes of the registry of selection outputs (`query/selection-outputs.ts`):
 * one loop registers `/series`, `/series.csv`, `/series.xlsx`, `/chart.svg`
 * and `/chart.png`; they share the parsing, the ETag, the 304 that costs no
 * work, the attachment rule, and differ only in their encoder below.
 */

/** The query of any selection output: a selection plus the parameters its kind takes (the table's, selection/params.ts). */
export type OutputQuery = ApiQuery<'series' | 'series.csv' | 'series.xlsx' | 'series.zip' | 'chart.svg' | 'chart.png'>;

/** What an encoder gets besides the computed selection. */
interface EncodeInput {
  query: OutputQuery;
  snapshot: Snapshot;
  ctx: AppContext;
}

/** The server side of an output: what else its ETag depends on, and its encoder. */
interface OutputEncoder {
  /** prefix of the ETag (kept from before the registry, so caches stay valid) */
  etagKind: string;
  /** the inputs besides the selection and the data that change the bytes */
  etagExtra(query: OutputQuery, ctx: AppContext, snapshot: Snapshot, selection: Selection): string;
  /** false for work done in the heavy pool: it is refused (503) before any preparation when the pool is full */
  light: boolean;
  encode(view: SelectionView, input: EncodeInput): Buffer | string | StreamedBody | Promise<Buffer | string>;
  description: string;
}

/** Bump when the workbook's layout changes, so ETags of old files stop matching. */
const XLSX_LAYOUT_VERSION = 'x3';
/** Bump when the labelled CSV's columns change (l2: the series' `label` column), so ETags of old files stop matching. */
const LABELLED_CSV_LAYOUT_VERSION = 'l2';
/** Images change more slowly than their cost: let caches keep them a little longer than data. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

/** True when a `download` parameter asks for an attachment. */
export function isDownload(value: string | undefined): boolean {
  return isFlagOn(value);
}

const chartOptions = (query: OutputQuery, snapshot: Snapshot, view: SelectionView): ChartOptions => {
  const lang = query.lang ?? 'en';
  const license = snapshot.licenses.get(view.dataset.meta.license);
  const display = readChartDisplay(query, snapshot, lang, view.selection);
  return {
    lang,
    width: query.width ?? CHART_REFERENCE.width,
    height: query.height ?? CHART_REFERENCE.height,
    licenseName: license ? pickLabel(license.name, lang) : null,
    log: display.log,
    compared: computeCompared(display),
  };
};

const chartEtag = (query: OutputQuery, _ctx: AppContext, snapshot: Snapshot, selection: Selection): string =>
  `${query.lang ?? 'en'}|${query.width ?? CHART_REFERENCE.width}x${query.height ?? CHART_REFERENCE.height}|${CHART_STYLE_VERSION}|${readChartDisplay(query, snapshot, query.lang ?? 'en', selection).etag}`;

/** A large answer is streamed (memory bounded) and not cached; the same encoder makes both. */
function dataBody(
  view: SelectionView,
  ctx: AppContext,
  chunks: (v: SelectionView) => Iterable<string | Buffer>,
  whole: (v: SelectionView) => string | Buffer,
): string | Buffer | StreamedBody {
  return view.observations > ctx.config.streamRows ? { chunks: () => chunks(view) } : whole(view);
}

const CHART_DESCRIPTION =
  "The line chart of a selection (same parameters as /series) with title, subtitle, units, legend and source, in the language `lang`, at `width`×`height` px. Missing values are drawn as gaps. With the dataset page's `scale=log` and `compare=` it draws what the page's chart shows: a log axis, and compared series named by their dataset, a second unit on a right-hand axis.";

/** The language of the label columns a CSV query asks for, or null for the plain (published) CSV. */
const csvLabels = (q: OutputQuery): Lang | null => (isDownload(q.labels) ? (q.lang ?? 'en') : null);

/** The columns the labelled CSV (`labels=true`) puts before date, in a language: `/series.csv` and the zip's CSV write them so. */
export function labelledLeadOf(view: SelectionView, lang: Lang): ReturnType<typeof labelledLead> {
  return labelledLead(view, lang, seriesLabels(view, lang));
}

/** Throws the 400 of a `vintages=all` query that asks for what a published value is not (checked before any ETag or computing). */
function refuseVintagesAll(query: OutputQuery): void {
  const problem = query.vintages === 'all' ? vintagesAllProblem(query) : null;
  if (problem) throw problemError(problem);
}

/**
 * With `vintages=all`, every value each observation has had (query/vintage-rows.ts), in CSV or JSON;
 * null otherwise. Its refusals are the route's (refuseVintagesAll).
 */
function vintagesAnswer(view: SelectionView, query: OutputQuery, snapshot: Snapshot, format: 'csv' | 'json'): string | null {
  if (query.vintages !== 'all') return null;
  // the history is the latest data's: an as_of view is of the dataset at a vintage
  const latest = snapshot.datasets.get(view.dataset.meta.id) ?? view.dataset;
  const rows = vintageRows(latest, view.selection, snapshot.publishedAt);
  return format === 'csv' ? vintageRowsCsv(rows) : vintageRowsJson(rows);
}

/** The ETag part of `vintages=all`. */
const vintagesEtag = (q: OutputQuery): string => (q.vintages === 'all' ? '|vintages-all' : '');

const CSV_ENCODER: OutputEncoder = {
  etagKind: 'csv',
  etagExtra: (q) =>
    `${isDownload(q.download) ? 'attachment' : ''}${csvLabels(q) ? `|labels-${csvLabels(q)}-${LABELLED_CSV_LAYOUT_VERSION}` : ''}${vintagesEtag(q)}`,
  light: true,
  encode: (view, { query, snapshot, ctx }) => {
    const revisions = vintagesAnswer(view, query, snapshot, 'csv');
    if (revisions !== null) return revisions;
    const lang = csvLabels(query);
    // labels=true adds a label column after each code column (issue 15) and the series' label, as the xlsx; the default bytes stay the published file's
    if (!lang) return dataBody(view, ctx, csvChunks, csvBytes);
    const lead = labelledLeadOf(view, lang);
    return dataBody(
      view,
      ctx,
      (v) => csvChunks(v, lead),
      (v) => csvBytes(v, lead),
    );
  },
  description:
    "One row per observation: dimension columns in dim_order, then date, value; missing values are empty. With no filter it equals the published CSV. With `labels=true` a `{dim}_label` column (the level's name) follows each dimension column, and a `label` column (the series' name as the chart legend shows it, which tells series apart) comes before date, in the language `lang`, as in the Excel download.",
};

/** The encoder of every output: a record over the registry's ids, so a new format needs one here. */
export const OUTPUT_ENCODERS: Record<OutputId, OutputEncoder> = {
  json: {
    etagKind: 'json',
    etagExtra: (q) => `${isDownload(q.download) ? 'attachment' : ''}${vintagesEtag(q)}`,
    light: true,
    encode: (view, { query, snapshot, ctx }) => vintagesAnswer(view, query, snapshot, 'json') ?? dataBody(view, ctx, columnarJsonChunks, columnarJsonBytes),
    description: 'One object whose keys are the columns (dimensions in dim_order, then date, value), each an array of equal length; missing values are null.',
  },
  csv: CSV_ENCODER,
  csvLabels: CSV_ENCODER,
  xlsx: {
    etagKind: 'xlsx',
    etagExtra: (q, ctx) => `${q.lang ?? 'en'}|${XLSX_LAYOUT_VERSION}|${ctx.config.baseUrl}`,
    // the CSV is made on the main thread as /series.csv's; fflate deflates large files on its own worker threads
    light: true,
    encode: (view, { query, snapshot, ctx }) => {
      const lang = query.lang ?? 'en';
      return ctx.heavy.xlsx(buildXlsxInput(view, lang, buildDownloadMetadata(view, snapshot, ctx.config.baseUrl, lang), seriesLabels(view, lang)));
    },
    description:
      "Same parameters as /series, plus `lang`. Sheet `data`: per dimension its code and label, the series' label (`label`, as the chart legend names it), the date as an Excel date, the value as a number (missing: empty). Sheet `metadata`: title, source, license, units, the selection, URLs that reproduce it, dates and a citation. Served as an attachment.",
  },
  png: {
    etagKind: 'chart-png',
    etagExtra: chartEtag,
    light: false,
    encode: (view, { query, snapshot, ctx }) => ctx.heavy.chartPng(view, chartOptions(query, snapshot, view)),
    description: CHART_DESCRIPTION,
  },
  svg: {
    etagKind: 'chart-svg',
    etagExtra: chartEtag,
    light: false,
    encode: (view, { query, snapshot, ctx }) => ctx.heavy.chartSvg(view, chartOptions(query, snapshot, view)),
    description: CHART_DESCRIPTION,
  },
  zip: {
    etagKind: 'zip',
    // the bytes are a function of the data and the selection (no day of access in the README)
    etagExtra: (q, ctx) => `${q.lang ?? 'en'}|${ZIP_LAYOUT_VERSION}|${ctx.config.baseUrl}`,
    // the files are made on the main thread (the CSV as /series.csv's) once the heavy pool has room; the pool deflates them
    light: false,
    encode: (view, { query, snapshot, ctx }) => {
      const lang = query.lang ?? 'en';
      // exactly the bytes of /series.csv?labels=true&lang=… (its encoder's functions, not a copy)
      return ctx.heavy.zip(zipFiles({ view, snapshot, baseUrl: ctx.config.baseUrl, lang, csv: csvBytes(view, labelledLeadOf(view, lang)) }));
    },
    description:
      "Same parameters as /series, plus `lang`. A zip of three files: `{dataset}.csv`, the selection as `/series.csv?labels=true&lang=…` writes it (codes and labels), `{dataset}.json`, the dataset's metadata as `/dataset/{id}/meta`, and `README.md`: title, source, license and its terms, the selection's URLs, the vintage (the publish the data is from) and a suggested citation naming it. Served as an attachment.",
  },
};

/** Bump when the zip's files or README change, so ETags of old files stop matching. */
const ZIP_LAYOUT_VERSION = 'z2';

const langSchema = PARAMS.lang.schema;

const sizeSchema = (name: string, fallback: number) =>
  ({
    type: 'integer',
    minimum: CHART_SIZE_LIMITS.min,
    maximum: CHART_SIZE_LIMITS.max,
    default: fallback,
    description: `Image ${name} in px (${CHART_SIZE_LIMITS.min}–${CHART_SIZE_LIMITS.max}).`,
  }) as const;

/** The query schema of an output: the selection plus the parameters of its kind. */
export function outputQuerySchema(output: SelectionOutput): object {
  // issue 21: vintages=all on the routes the parameter table says take it
  const vintages = (PARAMS.vintages.takenBy as readonly string[]).includes(output.path) ? { vintages: PARAMS.vintages.schema } : {};
  if (output.params === 'download') return { ...selectionQuerySchema, properties: { ...selectionQuerySchema.properties, ...vintages } };
  const extra =
    output.params === 'csv'
      ? {
          ...selectionQuerySchema.properties,
          labels: PARAMS.labels.schema,
          lang: { ...langSchema, description: 'Language of the label columns (with labels=true).' },
        }
      : output.params === 'lang'
        ? { lang: { ...langSchema, description: 'Language of the labels and of the metadata sheet.' } }
        : {
            lang: langSchema,
            width: sizeSchema('width', CHART_REFERENCE.width),
            height: sizeSchema('height', CHART_REFERENCE.height),
            scale: PARAMS.scale.schema,
            compare: PARAMS.compare.schema,
          };
  return {
    type: 'object',
    required: ['dataset'],
    properties: { ...selectionProperties, ...extra, ...vintages },
    patternProperties: { '^_': {} },
    additionalProperties: false,
  };
}

/** The Content-Disposition of an answer, when it is an attachment. */
function attachment(id: OutputId, query: OutputQuery, datasetId: string, transform: string): Record<string, string> | undefined {
  const rule = SELECTION_OUTPUTS[id].attachment;
  if (rule === 'never' || (rule === 'on-request' && !isDownload(query.download))) return undefined;
  return { 'content-disposition': `attachment; filename="${attachmentName(id, datasetId, transform)}"` };
}

/** The answer of a selection output; a promise only when its encoder works off the main thread (the heavy pool; the zip's deflate) — a light one answers in the same task: issue 16. */
function answer(id: OutputId, query: OutputQuery, snapshot: Snapshot, req: RequestView, ctx: AppContext): Answer | Promise<Answer> {
  const parsed = parseSelectionAsOf(query, snapshot);
  // a promise only with as_of: the latest data answers in the same task (issue 16)
  return parsed instanceof Promise ? parsed.then((p) => answerOf(id, p, query, snapshot, req, ctx)) : answerOf(id, parsed, query, snapshot, req, ctx);
}

/** The answer of a parsed selection. */
function answerOf(
  id: OutputId,
  { dataset, selection }: ParsedSelection,
  query: OutputQuery,
  snapshot: Snapshot,
  req: RequestView,
  ctx: AppContext,
): Answer | Promise<Answer> {
  refuseVintagesAll(query);
  const output = SELECTION_OUTPUTS[id];
  const encoder = OUTPUT_ENCODERS[id];
  const tagged = etagInputs(dataset, selection);
  const etag = selectionEtag(encoder.etagKind, tagged.version, tagged.selection, encoder.etagExtra(query, ctx, snapshot, selection));
  const headers = attachment(id, query, dataset.meta.id, selection.transform);
  const cacheControl = asOfCacheControl(selection, output.group === 'chart' && comparesAny(query), output.group === 'chart' ? IMAGE_CACHE_CONTROL : undefined);
  // one literal of one shape (a spread of a head object cost a slow property definition per request: issue 16)
  const made = (body: Buffer | string | StreamedBody): Answer => ({ etag, type: output.mediaType, headers, cacheControl, build: () => body });
  // a 304 or 412 costs no computing, encoding or rendering
  if (conditionalStatus(req.headers, etag) !== 200) return made('');
  if (!encoder.light) ctx.heavy.assertRoom();
  const body = encoder.encode(computeView(dataset, selection), { query, snapshot, ctx });
  return body instanceof Promise ? body.then(made) : made(body);
}

/** Registers every output of the registry as a GET route. */
export function registerSelectionOutputs(app: FastifyInstance, ctx: AppContext): void {
  for (const id of ROUTE_OUTPUT_IDS) {
    const output: SelectionOutput = SELECTION_OUTPUTS[id];
    registerGet<OutputQuery>(app, ctx, {
      url: `/${output.path}`,
      format: output.errorFormat,
      schema: {
        summary: output.summary,
        description: OUTPUT_ENCODERS[id].description,
        tags: [output.group === 'chart' ? 'images' : 'data'],
        querystring: outputQuerySchema(output),
      },
      // a selection nobody asked for before is the busy path of these routes (issue 16)
      fastLane: true,
      handler: (query, snapshot, req) => answer(id, query, snapshot, req, ctx),
    });
  }
}
