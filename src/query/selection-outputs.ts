/**
 * The one registry of selection outputs (issue 13, Datasette-style): every
 * format a selection can be answered in, with its route, media type, file
 * name rule and the parameters its download link carries. The server binds an
 * encoder to each entry (`routes/selection-outputs.ts`, a record keyed by
 * `OutputId`, so a format without an encoder does not compile), the page's
 * download card and links are generated from it, and the OpenAPI generator
 * can walk it. A new format is one entry here plus its encoder there.
 * No Node imports: the browser bundle uses it for the download links.
 */
import type { Lang } from '../data/model.js';

/** One output format of a selection. */
export interface SelectionOutput {
  /** route path without the leading slash, e.g. `series.csv` */
  readonly path: string;
  readonly mediaType: string;
  /** file extension of the attachment, and the badge of the download link */
  readonly ext: string;
  /** where the page lists it: the data downloads or the chart downloads */
  readonly group: 'data' | 'chart';
  /** an attachment always (xlsx), on `download=1` (json, csv), or never (images shown inline) */
  readonly attachment: 'always' | 'on-request' | 'never';
  /** the extra parameters of the route beside the selection: `download`, `download` + `labels` + `lang`, `lang`, or `lang` + `width`/`height` */
  readonly params: 'download' | 'csv' | 'lang' | 'chart';
  /** the page's link asks for a label column per dimension (`labels=true`, in the page's language); several outputs may share a route */
  readonly labels?: boolean;
  /** how errors of the route are rendered */
  readonly errorFormat: 'json' | 'csv';
  /** the OpenAPI summary */
  readonly summary: string;
}

/** Every selection output, in the order the page lists them. */
export const SELECTION_OUTPUTS = {
  csv: {
    path: 'series.csv',
    mediaType: 'text/csv; charset=utf-8',
    ext: 'csv',
    group: 'data',
    attachment: 'on-request',
    params: 'csv',
    errorFormat: 'csv',
    summary: 'Observations of a selection (tidy CSV)',
  },
  csvLabels: {
    path: 'series.csv',
    mediaType: 'text/csv; charset=utf-8',
    ext: 'csv',
    group: 'data',
    attachment: 'on-request',
    params: 'csv',
    labels: true,
    errorFormat: 'csv',
    summary: 'Observations of a selection (tidy CSV)',
  },
  xlsx: {
    path: 'series.xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
    group: 'data',
    attachment: 'always',
    params: 'lang',
    errorFormat: 'json',
    summary: 'Observations of a selection (Excel)',
  },
  json: {
    path: 'series',
    mediaType: 'application/json; charset=utf-8',
    ext: 'json',
    group: 'data',
    attachment: 'on-request',
    params: 'download',
    errorFormat: 'json',
    summary: 'Observations of a selection (columnar JSON)',
  },
  png: {
    path: 'chart.png',
    mediaType: 'image/png',
    ext: 'png',
    group: 'chart',
    attachment: 'never',
    params: 'chart',
    errorFormat: 'json',
    summary: 'Chart of a selection (PNG)',
  },
  svg: {
    path: 'chart.svg',
    mediaType: 'image/svg+xml; charset=utf-8',
    ext: 'svg',
    group: 'chart',
    attachment: 'never',
    params: 'chart',
    errorFormat: 'json',
    summary: 'Chart of a selection (SVG)',
  },
  // issue 21: the data, its metadata and a README with license, vintage and citation in one file
  zip: {
    path: 'series.zip',
    mediaType: 'application/zip',
    ext: 'zip',
    group: 'data',
    attachment: 'always',
    params: 'lang',
    errorFormat: 'json',
    summary: 'A selection with its metadata, license, vintage and citation (zip)',
  },
} as const satisfies Record<string, SelectionOutput>;

/** The id of a selection output. */
export type OutputId = keyof typeof SELECTION_OUTPUTS;

/** Every output id, in the page's order. */
export const OUTPUT_IDS = Object.keys(SELECTION_OUTPUTS) as OutputId[];

/** The outputs that own a route: the first of each path (`csvLabels` is a link to `csv`'s route with `labels=true`). */
export const ROUTE_OUTPUT_IDS = OUTPUT_IDS.filter(
  (id, i) => OUTPUT_IDS.findIndex((other) => SELECTION_OUTPUTS[other].path === SELECTION_OUTPUTS[id].path) === i,
);

/** Size of the chart images offered for download. */
export const DOWNLOAD_CHART_SIZE = { width: 1200, height: 675 } as const;

/**
 * The file name of an attachment: dataset id and transform (ids are `[a-z0-9_]`, so it needs no quoting rules).
 * @example attachmentName('csv', 'ch_fso_ppi', 'yoy') // 'ch_fso_ppi_yoy.csv'
 */
export function attachmentName(id: OutputId, datasetId: string, transform: string): string {
  return `${datasetId}_${transform}.${SELECTION_OUTPUTS[id].ext}`;
}

/**
 * The parameters a page's download link adds to the selection: `download=1`
 * where the attachment is on request, the page's language for labels, the
 * download size for charts.
 * @example downloadLinkParams('xlsx', 'de') // [['lang', 'de']]
 */
export function downloadLinkParams(id: OutputId, lang: Lang): [string, string][] {
  const output: SelectionOutput = SELECTION_OUTPUTS[id];
  switch (output.params) {
    case 'download':
      return [['download', '1']];
    case 'csv':
      return output.labels
        ? [
            ['download', '1'],
            ['labels', 'true'],
            ['lang', lang],
          ]
        : [['download', '1']];
    case 'lang':
      return lang === 'en' ? [] : [['lang', lang]];
    case 'chart':
      return [
        ['lang', lang],
        ['width', String(DOWNLOAD_CHART_SIZE.width)],
        ['height', String(DOWNLOAD_CHART_SIZE.height)],
      ];
    default: {
      const never: never = output.params;
      return never;
    }
  }
}
