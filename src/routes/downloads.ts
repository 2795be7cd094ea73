import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { LANGS, type Lang } from '../data/model.js';
import { registerGet } from '../http/get-route.js';
import { etagMatches } from '../http/representation.js';
import { computeView } from '../query/compute-view.js';
import { buildDownloadMetadata } from '../query/download-metadata.js';
import { assertFitsXlsx, encodeXlsx } from '../query/encode-xlsx.js';
import { parseSelection, type SelectionQuery } from '../query/parse-selection.js';
import type { Selection } from '../query/view.js';
import { errorResponses, selectionProperties } from './schemas.js';
import { selectionEtag } from './selection-etag.js';
import { downloadFileName } from '../render/pages/download-names.js';

export { downloadFileName };

/**
 * Downloads of a selection with its transform applied, computed by the same
 * code as `/series`: `/series.xlsx`, and the `download=1` switch of `/series`
 * and `/series.csv` that only adds `Content-Disposition`.
 */

/** The `download` parameter of a selection route. */
export interface DownloadQuery {
  download?: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Bump when the workbook's layout changes, so ETags of old files stop matching. */
const XLSX_LAYOUT_VERSION = 'x2';

/** True when a `download` parameter asks for an attachment. */
export function isDownload(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/** The Content-Disposition header of a download. */
export function attachmentHeaders(selection: Selection, ext: 'csv' | 'json' | 'xlsx'): Record<string, string> {
  return { 'content-disposition': `attachment; filename="${downloadFileName(selection, ext)}"` };
}

interface XlsxQuery extends SelectionQuery {
  lang?: Lang;
}

const xlsxQuerySchema = {
  type: 'object',
  required: ['dataset'],
  properties: {
    ...selectionProperties,
    lang: { type: 'string', enum: [...LANGS], default: 'en', description: 'Language of the labels and of the metadata sheet.' },
  },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

/** /series.xlsx: the selection as an Excel workbook (data + metadata sheets). */
export function registerDownloadRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGet<XlsxQuery>(app, ctx, {
    url: '/series.xlsx',
    format: 'json',
    schema: {
      summary: 'Observations of a selection (Excel)',
      description:
        'Same parameters as /series, plus `lang`. Sheet `data`: per dimension its code and label, the date as an Excel date, the value as a number (missing: empty). Sheet `metadata`: title, source, license, units, the selection, URLs that reproduce it, dates and a citation. Served as an attachment.',
      tags: ['data'],
      querystring: xlsxQuerySchema,
      response: errorResponses,
    },
    handler: (query, snapshot, req) => {
      const { dataset, selection } = parseSelection(query, snapshot);
      const lang = query.lang ?? 'en';
      const etag = selectionEtag('xlsx', dataset.version, selection, `${lang}|${XLSX_LAYOUT_VERSION}|${ctx.config.baseUrl}`);
      const headers = attachmentHeaders(selection, 'xlsx');
      if (etagMatches(req.headers['if-none-match'], etag)) return { etag, type: XLSX_TYPE, headers, build: () => '' };
      // Computed here, not in build(): a selection too large for a sheet must still be answered with a 400.
      const view = computeView(dataset, selection);
      assertFitsXlsx(view);
      return { etag, type: XLSX_TYPE, headers, build: () => encodeXlsx(view, lang, buildDownloadMetadata(view, snapshot, ctx.config.baseUrl, lang)) };
    },
  });
}
