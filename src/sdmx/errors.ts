/**
 * SDMX errors (docs/decisions.md, "SDMX errors"): an error of the SDMX routes
 * is our DsError (one catalogue, one status), written as the SDMX-ML 2.1 error
 * message SDMX clients read, with the standard SDMX code. A client that asks
 * for JSON keeps our problem shape; that choice is `wantsSdmxError` (data-formats.ts, beside the data answer's).
 */
import { escapeMarkup } from '../markup.js';
import type { DsError } from '../errors/ds-error.js';

/** The SDMX 2.1 REST error codes we answer, with the HTTP status each goes with. */
export const SDMX_ERROR_CODES = {
  100: { status: 404, title: 'No results found' },
  140: { status: 400, title: 'Syntax error' },
  // The standard suggests 403 for a semantic error; we keep 400, the status our
  // own problem shape gives the same mistake, so one request has one status whatever it accepts.
  150: { status: 400, title: 'Semantic error' },
  500: { status: 500, title: 'Internal server error' },
  501: { status: 501, title: 'Not implemented' },
  503: { status: 503, title: 'Service unavailable' },
  510: { status: 413, title: 'Response size exceeds service limit' },
} as const;
export type SdmxErrorCode = keyof typeof SDMX_ERROR_CODES;

/** Our codes that name a well-formed request asking for what does not make sense (SDMX 150). */
const SEMANTIC = new Set<string>(['unknown_dimension', 'unknown_code', 'bad_date_range', 'base_without_index', 'frequency_not_lower', 'without_frequency']);

/**
 * The SDMX code of one of our errors, when the throw site does not name one:
 * 404 → 100, a semantic 400 → 150, another 400 → 140, 501 → 501, 503 and 429 → 503, 413/414 → 510,
 * any other 4xx → 140, else 500.
 * @example sdmxCodeOf(new NotFoundError('Unknown dataset', {}, 'unknown_dataset')) // 100
 */
export function sdmxCodeOf(error: DsError): SdmxErrorCode {
  if (error.status === 404) return 100;
  if (error.status === 400) return SEMANTIC.has(error.code) ? 150 : 140;
  if (error.status === 501) return 501;
  if (error.status === 503 || error.status === 429) return 503;
  if (error.status === 413 || error.status === 414) return 510;
  // another client error (405, 412…) is a request SDMX calls malformed, never our failure
  return error.status >= 400 && error.status < 500 ? 140 : 500;
}

/** The SDMX-ML 2.1 namespaces of a message. */
export const SDMX_NS = {
  message: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message',
  common: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common',
  structure: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/structure',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** The media type of SDMX-ML 2.1 error messages (and of the XML the structure routes write). */
export const SDMX_XML_TYPE = 'application/xml; charset=utf-8';

/** Text escaped for XML content and attribute values: the one escaper of markup (src/markup.ts). */
export const escapeXml: (text: string) => string = escapeMarkup;

/** An SDMX error answer: the HTTP status and the SDMX-ML body. */
export interface SdmxErrorAnswer {
  status: number;
  type: string;
  sdmxCode: SdmxErrorCode;
  body: string;
}

/**
 * The SDMX-ML 2.1 error message of one of our errors: `message:Error` holding
 * a `message:ErrorMessage code="…"` (SDMXMessage.xsd: its type is
 * common:CodedStatusMessageType) with our message as `common:Text`. The HTTP
 * status is our error's own (one request, one status, whatever the format).
 * @example renderSdmxError(new NotFoundError("Unknown dataset 'x'.", {}, 'unknown_dataset')).body // '<?xml …><message:Error …><message:ErrorMessage code="100">…'
 */
export function renderSdmxError(error: DsError, code: SdmxErrorCode = sdmxCodeOf(error)): SdmxErrorAnswer {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<message:Error xmlns:message="${SDMX_NS.message}" xmlns:common="${SDMX_NS.common}">\n` +
    `  <message:ErrorMessage code="${code}">\n` +
    `    <common:Text xml:lang="en">${escapeXml(`${SDMX_ERROR_CODES[code].title}: ${error.message}`)}</common:Text>\n` +
    '  </message:ErrorMessage>\n' +
    '</message:Error>\n';
  return { status: error.status, type: SDMX_XML_TYPE, sdmxCode: code, body };
}
