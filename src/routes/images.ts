import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { LANGS, type Dataset, type Lang, type Snapshot } from '../data/model.js';
import { registerGet, type Answer } from '../http/get-route.js';
import { conditionalStatus } from '../http/representation.js';
import { pickLabel } from '../i18n/labels.js';
import { computeView } from '../query/compute-view.js';
import { findDataset } from '../query/parse-selection.js';
import type { Selection, SelectionView } from '../query/view.js';
import { CHART_STYLE_VERSION } from '../render/chart-style.js';
import { datasetIdSchema } from './schemas.js';
import { openingSelection } from '../selection/from-dataset.js';
import { selectionEtag } from './selection-etag.js';
import { IMAGE_CACHE_CONTROL } from './selection-outputs.js';

const langSchema = { type: 'string', enum: [...LANGS], default: 'en', description: 'Language of the labels.' } as const;

const ogQuerySchema = {
  type: 'object',
  properties: { dataset: { ...datasetIdSchema, description: 'Dataset id; without it, the preview of the site.' }, lang: langSchema },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

/** The display name of a dataset's license, from the vocabulary when it has one. */
function licenseName(snapshot: Snapshot, dataset: Dataset, lang: Lang): string | null {
  const license = snapshot.licenses.get(dataset.meta.license);
  return license ? pickLabel(license.name, lang) : null;
}

/** Renders only when the answer has a body (a 304 or 412 costs no rendering). */
async function answerImage(req: FastifyRequest, etag: string, type: string, render: () => Promise<Buffer | string>): Promise<Answer> {
  if (conditionalStatus(req.headers, etag) !== 200) return { etag, type, cacheControl: IMAGE_CACHE_CONTROL, build: () => '' };
  const body = await render();
  return { etag, type, cacheControl: IMAGE_CACHE_CONTROL, build: () => body };
}

/** The link preview (/og.jpg); the chart images of a selection are outputs of the registry (selection-outputs.ts). */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGet<{ dataset?: string; lang?: Lang }>(app, ctx, {
    url: '/og.jpg',
    format: 'json',
    schema: {
      summary: 'Link preview image (1200×630 JPEG)',
      description:
        'For a dataset: its title, source, span and the chart of its default selection; without `dataset`: the preview of the site. Dataset pages point og:image here.',
      tags: ['images'],
      querystring: ogQuerySchema,
    },
    handler: (query, snapshot, req) => {
      const lang = query.lang ?? 'en';
      const site = { name: 'dataseries', datasets: snapshot.datasets.size, series: snapshot.series };
      if (query.dataset === undefined) {
        const etag = `W/"og-site-${snapshot.version}-${lang}-${CHART_STYLE_VERSION}"`;
        return answerImage(req, etag, 'image/jpeg', () => ctx.heavy.ogJpeg({ lang, view: null, site }));
      }
      const dataset = findDataset(snapshot, query.dataset);
      const selection = openingSelection(dataset);
      const etag = selectionEtag('og', dataset.version, selection, `${lang}|${CHART_STYLE_VERSION}`);
      return answerImage(req, etag, 'image/jpeg', () =>
        ctx.heavy.ogJpeg({ lang, view: defaultView(dataset, selection), site, licenseName: licenseName(snapshot, dataset, lang) }),
      );
    },
  });
}

/** The default selection computed, at most a handful of series so the preview stays legible. */
function defaultView(dataset: Dataset, selection: Selection): SelectionView {
  const view = computeView(dataset, selection);
  const series = view.series.slice(0, 6);
  return { ...view, series, observations: series.reduce((n, s) => n + s.dates.length, 0) };
}
