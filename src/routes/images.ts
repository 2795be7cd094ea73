import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { LANGS, type Dataset, type Lang, type Snapshot } from '../data/model.js';
import { registerGet, type Answer } from '../http/get-route.js';
import { etagMatches } from '../http/representation.js';
import { pickLabel } from '../i18n/labels.js';
import { computeView } from '../query/compute-view.js';
import { findDataset, parseSelection, type SelectionQuery } from '../query/parse-selection.js';
import { TRANSFORMS, type Selection, type SelectionView, type Transform } from '../query/view.js';
import { CHART_REFERENCE, CHART_SIZE_LIMITS, CHART_STYLE_VERSION } from '../render/chart-style.js';
import { datasetIdSchema, errorResponses, selectionProperties } from './schemas.js';
import { selectionEtag } from './selection-etag.js';

/** Query of a chart image: a selection plus language and size. */
interface ChartQuery extends SelectionQuery {
  lang?: Lang;
  width?: number;
  height?: number;
}

const langSchema = { type: 'string', enum: [...LANGS], default: 'en', description: 'Language of the labels.' } as const;

const sizeSchema = (name: string, fallback: number) =>
  ({
    type: 'integer',
    minimum: CHART_SIZE_LIMITS.min,
    maximum: CHART_SIZE_LIMITS.max,
    default: fallback,
    description: `Image ${name} in px (${CHART_SIZE_LIMITS.min}–${CHART_SIZE_LIMITS.max}).`,
  }) as const;

const chartQuerySchema = {
  type: 'object',
  required: ['dataset'],
  properties: {
    ...selectionProperties,
    lang: langSchema,
    width: sizeSchema('width', CHART_REFERENCE.width),
    height: sizeSchema('height', CHART_REFERENCE.height),
  },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

const ogQuerySchema = {
  type: 'object',
  properties: { dataset: { ...datasetIdSchema, description: 'Dataset id; without it, the preview of the site.' }, lang: langSchema },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

/** Images change more slowly than their cost: let caches keep them a little longer than data. */
const IMAGE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

/** The display name of a dataset's license, from the vocabulary when it has one. */
function licenseName(snapshot: Snapshot, dataset: Dataset, lang: Lang): string | null {
  const license = snapshot.licenses.get(dataset.meta.license);
  return license ? pickLabel(license.name, lang) : null;
}

/** Renders only when the client's ETag does not match (a 304 costs no rendering). */
async function answerImage(req: FastifyRequest, etag: string, type: string, render: () => Promise<Buffer | string>): Promise<Answer> {
  if (etagMatches(req.headers['if-none-match'], etag)) return { etag, type, cacheControl: IMAGE_CACHE_CONTROL, build: () => '' };
  const body = await render();
  return { etag, type, cacheControl: IMAGE_CACHE_CONTROL, build: () => body };
}

/** Chart images of a selection (/chart.svg, /chart.png) and the link preview (/og.jpg). */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const format of ['svg', 'png'] as const) {
    registerGet<ChartQuery>(app, ctx, {
      url: `/chart.${format}`,
      format: 'json',
      schema: {
        summary: `Chart of a selection (${format.toUpperCase()})`,
        description:
          'The line chart of a selection (same parameters as /series) with title, subtitle, units, legend and source, in the language `lang`, at `width`×`height` px. Missing values are drawn as gaps.',
        tags: ['images'],
        querystring: chartQuerySchema,
        response: errorResponses,
      },
      handler: (query, snapshot, req) => {
        const { dataset, selection } = parseSelection(query, snapshot);
        const opts = {
          lang: query.lang ?? 'en',
          width: query.width ?? CHART_REFERENCE.width,
          height: query.height ?? CHART_REFERENCE.height,
          licenseName: licenseName(snapshot, dataset, query.lang ?? 'en'),
        };
        const extra = `${opts.lang}|${opts.width}x${opts.height}|${CHART_STYLE_VERSION}`;
        const etag = selectionEtag(`chart-${format}`, dataset.version, selection, extra);
        // drawn in a worker thread: a large chart's SVG alone costs a hundred milliseconds
        return format === 'svg'
          ? answerImage(req, etag, 'image/svg+xml; charset=utf-8', () => ctx.heavy.chartSvg(computeView(dataset, selection), opts))
          : answerImage(req, etag, 'image/png', () => ctx.heavy.chartPng(computeView(dataset, selection), opts));
      },
    });
  }

  registerGet<{ dataset?: string; lang?: Lang }>(app, ctx, {
    url: '/og.jpg',
    format: 'json',
    schema: {
      summary: 'Link preview image (1200×630 JPEG)',
      description:
        'For a dataset: its title, source, span and the chart of its default selection; without `dataset`: the preview of the site. Dataset pages point og:image here.',
      tags: ['images'],
      querystring: ogQuerySchema,
      response: { 400: errorResponses[400], 404: errorResponses[404], 503: errorResponses[503] },
    },
    handler: (query, snapshot, req) => {
      const lang = query.lang ?? 'en';
      const site = { name: 'dataseries', datasets: snapshot.datasets.size, series: snapshot.series };
      if (query.dataset === undefined) {
        const etag = `W/"og-site-${snapshot.version}-${lang}-${CHART_STYLE_VERSION}"`;
        return answerImage(req, etag, 'image/jpeg', () => ctx.heavy.ogJpeg({ lang, view: null, site }));
      }
      const dataset = findDataset(snapshot, query.dataset);
      const selection = defaultSelection(dataset);
      const etag = selectionEtag('og', dataset.version, selection, `${lang}|${CHART_STYLE_VERSION}`);
      return answerImage(req, etag, 'image/jpeg', () =>
        ctx.heavy.ogJpeg({ lang, view: defaultView(dataset, selection), site, licenseName: licenseName(snapshot, dataset, lang) }),
      );
    },
  });
}

/** The opening selection of a dataset page: its meta's `default` codes (those that exist) and default transform. */
export function defaultSelection(dataset: Dataset): Selection {
  const { meta } = dataset;
  const dims: Record<string, string[]> = {};
  for (const dim of meta.dimensions) {
    const codes = (meta.defaultSelection[dim.id] ?? []).filter((c) => dim.index.has(c));
    if (codes.length > 0) dims[dim.id] = codes;
  }
  const transform = (TRANSFORMS as readonly string[]).includes(meta.defaultTransform) ? (meta.defaultTransform as Transform) : 'level';
  return { datasetId: meta.id, dims, from: null, to: null, last: null, transform, base: null };
}

/** The default selection computed, at most a handful of series so the preview stays legible. */
function defaultView(dataset: Dataset, selection: Selection): SelectionView {
  const view = computeView(dataset, selection);
  const series = view.series.slice(0, 6);
  return { ...view, series, observations: series.reduce((n, s) => n + s.dates.length, 0) };
}
