/**
 * The formats of an SDMX data answer, in one table (issue 22, docs/decisions.md
 * "Negotiation"): per format its `format=` name, the media types that ask for
 * it in `Accept`, the media type it is sent as and its encoder. One path
 * (`/sdmx/2.1/data/…`) serves them all; `negotiateSdmxFormat` is the one rule
 * that picks one.
 *
 * Pure code without Node imports.
 */
import type { SdmxData } from './data-message.js';
import { sdmxCsv } from './encode-csv.js';
import { sdmxJson } from './encode-json.js';
import { genericXml, structureSpecificXml } from './encode-xml.js';

/** One SDMX data format. */
export interface SdmxDataFormat {
  /** the media types (without parameters) whose presence in Accept asks for it, the standard one first */
  accepts: readonly string[];
  /** the Content-Type it is sent with */
  type: string;
  /** whether it writes a data set's action and validity (the history questions need them; SDMX-CSV 1.0 has no column for them) */
  history: boolean;
  encode(data: SdmxData): string;
}

/** Every SDMX data format, by its `format=` name; the first is the answer when Accept names none (or any). */
export const SDMX_DATA_FORMATS = {
  structurespecificdata: {
    accepts: ['application/vnd.sdmx.structurespecificdata+xml', 'application/xml', 'text/xml'],
    type: 'application/vnd.sdmx.structurespecificdata+xml; version=2.1; charset=utf-8',
    history: true,
    encode: structureSpecificXml,
  },
  genericdata: {
    accepts: ['application/vnd.sdmx.genericdata+xml'],
    type: 'application/vnd.sdmx.genericdata+xml; version=2.1; charset=utf-8',
    history: true,
    encode: genericXml,
  },
  jsondata: {
    accepts: ['application/vnd.sdmx.data+json', 'application/json'],
    type: 'application/vnd.sdmx.data+json; version=1.0.0; charset=utf-8',
    history: true,
    encode: sdmxJson,
  },
  csv: {
    accepts: ['application/vnd.sdmx.data+csv', 'text/csv'],
    type: 'application/vnd.sdmx.data+csv; version=1.0.0; charset=utf-8',
    history: false,
    encode: sdmxCsv,
  },
} as const satisfies Record<string, SdmxDataFormat>;

export type SdmxFormatName = keyof typeof SDMX_DATA_FORMATS;
/** The `format=` names, the default first. */
export const SDMX_FORMAT_NAMES = Object.keys(SDMX_DATA_FORMATS) as SdmxFormatName[];

/** One range of an Accept header: the media range and its q. */
interface AcceptRange {
  range: string;
  q: number;
}

/** The ranges of an Accept header in the order they are tried: the highest q first, then a named type before a wildcard, then the header's order. */
function acceptRanges(accept: string): AcceptRange[] {
  const ranges: AcceptRange[] = [];
  for (const part of accept.slice(0, 2000).split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (range.trim() && Number.isFinite(weight) && weight > 0) ranges.push({ range: range.trim(), q: weight });
  }
  const wild = (r: AcceptRange): number => (r.range.endsWith('/*') ? 1 : 0);
  return ranges.sort((a, b) => b.q - a.q || wild(a) - wild(b));
}

/** Whether a media range (`type/sub`, `type/*`, `*\/*`) covers a media type. */
function covers(range: string, type: string): boolean {
  if (range === '*/*' || range === type) return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}

/**
 * The format of an SDMX data answer: `format=` when given, else the format of
 * the first range of Accept that covers one (ranges tried by q, a named type
 * before a wildcard, then in the header's order), else the default
 * (structure-specific data: also what an absent Accept or `*\/*` gets; a
 * client naming only other types gets it too, as RFC 9110 §12.5.1 allows,
 * rather than a 406).
 * @example negotiateSdmxFormat('application/vnd.sdmx.data+csv;version=1.0.0', undefined) // 'csv'
 */
export function negotiateSdmxFormat(accept: string | undefined, format: SdmxFormatName | undefined): SdmxFormatName {
  if (format) return format;
  if (!accept) return SDMX_FORMAT_NAMES[0];
  for (const { range } of acceptRanges(accept)) {
    const name = SDMX_FORMAT_NAMES.find((n) => SDMX_DATA_FORMATS[n].accepts.some((t) => covers(range, t)));
    if (name) return name;
  }
  return SDMX_FORMAT_NAMES[0];
}

/**
 * Whether an error of an SDMX route is written as SDMX-ML (true) or as our
 * problem+json (false), read as the data answer reads the request: our shape
 * when `format=jsondata`, or when the first JSON or XML type of Accept (ranges
 * tried by q, as negotiateSdmxFormat tries them) is JSON; SDMX-ML otherwise.
 * @example wantsSdmxError('application/xml;q=0.1, application/json') // false
 * @example wantsSdmxError(undefined, 'jsondata') // false
 */
export function wantsSdmxError(accept: string | undefined, format?: unknown): boolean {
  if (format === 'jsondata') return false;
  if (!accept) return true;
  for (const { range } of acceptRanges(accept)) {
    if (/^application\/([\w.+-]*\+)?json$/.test(range)) return false;
    if (/^(application|text)\/([\w.+-]*\+)?xml$/.test(range)) return true;
  }
  return true;
}
