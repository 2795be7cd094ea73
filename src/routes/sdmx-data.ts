import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Dataset, Snapshot } from '../data/model.js';
import { errorMessage } from '../errors/catalogue.js';
import { BadParameterError, NotFoundError, NotImplementedError } from '../errors/ds-error.js';
import { registerGet, type Answer, type RequestView } from '../http/get-route.js';
import { conditionalStatus } from '../http/representation.js';
import { computeView } from '../query/compute-view.js';
import { findDataset } from '../query/parse-selection.js';
import { vintageRows } from '../query/vintage-rows.js';
import { buildSdmxData, isEmptyData, SDMX_DETAILS, SDMX_OBS_DIMENSIONS, type SdmxDetail, type SdmxObsDimension } from '../sdmx/data-message.js';
import { isOurs } from '../sdmx/structure-query.js';
import { SDMX_VERSION } from '../sdmx/structure-xml.js';
import { negotiateSdmxFormat, SDMX_DATA_FORMATS, SDMX_FORMAT_NAMES, type SdmxDataFormat, type SdmxFormatName } from '../sdmx/data-formats.js';
import { sdmxHistorySets, updatedAfterStamp, type SdmxHistoryAsk } from '../sdmx/history-message.js';
import { sdmxSelectionQuery } from '../sdmx/key-read.js';
import { SDMX_AGENCY, sdmxNames, type SdmxNames } from '../sdmx/names.js';
import { LAST_MAX, PARAMS } from '../selection/params.js';
import { asOfCacheControl, etagInputs, parseSelectionAsOf, type ParsedSelection } from './as-of.js';
import { preparedOf } from './sdmx-structure.js';
import { selectionEtag } from './selection-etag.js';

/**
 * The SDMX 2.1 REST data route (issue 22): `/sdmx/2.1/data/{flowRef}[/{key}[/{providerRef}]]`.
 * The key and periods are read into a selection (sdmx/key-read.ts, then the
 * one reader), computed by the code of `/series.csv`, named in SDMX
 * (sdmx/data-message.ts) and written in the format Accept or `format=` picks
 * (sdmx/data-formats.ts). Errors are SDMX-ML error messages, or problem+json
 * for a client that names JSON first.
 */

/** The query of an SDMX data request. */
export interface SdmxDataQuery {
  startPeriod?: string;
  endPeriod?: string;
  lastNObservations?: number;
  firstNObservations?: number;
  dimensionAtObservation?: string;
  detail?: SdmxDetail;
  format?: SdmxFormatName;
  updatedAfter?: string;
  includeHistory?: 'true' | 'false';
  /** our extension: the data as published at a vintage (the selection table's `as_of`, issue 21) */
  as_of?: string;
}

/** The path parameters. */
interface SdmxDataParams {
  flowRef: string;
  key?: string;
  providerRef?: string;
}

/** Bump when a format's layout changes, so ETags of old answers stop matching. */
const SDMX_LAYOUT_VERSION = 's1';
/** Periods as SDMX writes them: a year, a half, a quarter, a month, an ISO week or a day (the reader says which are valid). */
const PERIOD = { type: 'string', maxLength: 40 } as const;
const COUNT = { type: 'integer', minimum: 1, maximum: LAST_MAX } as const;

const QUERY_SCHEMA = {
  type: 'object',
  properties: {
    startPeriod: {
      ...PERIOD,
      description: 'First period, inclusive: 2024, 2024-S1, 2024-Q1, 2024-01, 2024-W05 or 2024-01-15 (its first day).',
      examples: ['2020-Q1'],
    },
    endPeriod: { ...PERIOD, description: 'Last period, inclusive, in the same forms (its last day).', examples: ['2024'] },
    lastNObservations: { ...COUNT, description: 'Only the last N observations of each series (after the periods).' },
    firstNObservations: {
      ...COUNT,
      description: 'Only the first N observations of each series (after the periods; with lastNObservations, the first N and the last M).',
    },
    dimensionAtObservation: {
      type: 'string',
      maxLength: 100,
      description: 'TIME_PERIOD (default: series of observations) or AllDimensions (flat observations); another dimension answers 501.',
    },
    detail: { type: 'string', enum: SDMX_DETAILS, description: 'full (default) or dataonly: observations; serieskeysonly or nodata: the series keys alone.' },
    format: {
      type: 'string',
      enum: SDMX_FORMAT_NAMES,
      description:
        'The format, instead of Accept: structurespecificdata (SDMX-ML 2.1, the default), genericdata (SDMX-ML 2.1), jsondata (SDMX-JSON 1.0), csv (SDMX-CSV 1.0).',
    },
    as_of: {
      ...PARAMS.as_of.schema,
      description: 'Not SDMX: our extension. The data as published at a vintage (a date or a time stamp), as `as_of` on /series: immutable answers.',
    },
    updatedAfter: {
      type: 'string',
      maxLength: 40,
      description:
        'Only what publishes after this time changed (a date, its start, or a date-time; no zone: UTC): the values made current since, in a data set with action Replace, and the observations removed since, in one with action Delete. Nothing changed: 404 (SDMX 100). Not with SDMX-CSV 1.0 (501), lastNObservations or firstNObservations (501).',
    },
    includeHistory: {
      type: 'string',
      enum: ['true', 'false'],
      description:
        'true: every value each observation has had, one data set per validity interval with validFromDate (the publish that made the values current) and validToDate (the one that superseded or removed them; absent while current), as GET /dataset/{id}/vintages lists the publishes. Not with SDMX-CSV 1.0 (501), lastNObservations or firstNObservations (501).',
    },
  },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

const PARAM = { type: 'string', minLength: 1, maxLength: 4000 } as const;
/** A key may be empty: the one position of a one-dimension flow, every code (`/data/flow/`). */
const KEY_PARAM = { type: 'string', maxLength: 4000 } as const;

/** The words and examples of the path parameters. */
const PATH_DOCS: Record<string, { description: string; examples: string[] }> = {
  flowRef: { description: 'The dataflow: a dataset id (see GET /catalog), or DATASERIES,id or DATASERIES,id,1.0.', examples: ['ch_fso_ppi'] },
  key: {
    description: 'The SDMX key: one position per dimension in dim_order, separated by . (codes joined by +, empty for every code), or all.',
    examples: ['2020+2015'],
  },
  providerRef: { description: 'The data provider: DATASERIES or all.', examples: ['all'] },
};

/** The dataset of a flow reference: `id`, `agency,id` or `agency,id,version` (agency and version as structure queries read them: isOurs). */
function flowDataset(snapshot: Snapshot, flowRef: string): Dataset {
  const parts = flowRef.split(',');
  const id = parts.length === 1 ? parts[0] : parts[1];
  const agency = parts.length > 1 ? parts[0] : SDMX_AGENCY;
  const version = parts.length > 2 ? parts[2] : SDMX_VERSION;
  const ok = parts.length <= 3 && isOurs(agency, version);
  // dataset ids are valid SDMX ids, so a flow's id is its dataset's (sdmx/names.ts keeps a valid id)
  const dataset = findDataset(snapshot, ok ? (id ?? '') : flowRef.slice(0, 200));
  return dataset;
}

/** What the request asks that the service does not do yet: 501 (SDMX 501). */
function refuseUnimplemented(query: SdmxDataQuery): SdmxObsDimension {
  const at = query.dimensionAtObservation ?? 'TIME_PERIOD';
  if (!(SDMX_OBS_DIMENSIONS as readonly string[]).includes(at))
    throw new NotImplementedError(`dimensionAtObservation=${at.slice(0, 100)} is not implemented: use TIME_PERIOD or AllDimensions.`, {
      parameter: 'dimensionAtObservation',
      valid: [...SDMX_OBS_DIMENSIONS],
    });
  return at as SdmxObsDimension;
}

/** The history questions a request asks (`updatedAfter`, `includeHistory`), or null when it asks neither. */
function historyAsk(query: SdmxDataQuery): SdmxHistoryAsk | null {
  const includeHistory = query.includeHistory === 'true';
  if (query.updatedAfter === undefined && !includeHistory) return null;
  let updatedAfter: string | null = null;
  if (query.updatedAfter !== undefined) {
    updatedAfter = updatedAfterStamp(query.updatedAfter);
    if (updatedAfter === null) {
      const facts = {
        parameter: 'updatedAfter',
        value: query.updatedAfter.slice(0, 100),
        rule: 'use a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:MM:SS, a zone optional)',
      };
      throw new BadParameterError(errorMessage('bad_parameter', facts, 'invalid'), facts);
    }
  }
  for (const name of ['lastNObservations', 'firstNObservations'] as const)
    if (query[name] !== undefined)
      throw new NotImplementedError(`${name} is not implemented with updatedAfter or includeHistory: leave one out.`, { parameter: name });
  return { updatedAfter, includeHistory };
}

/** The answer of an SDMX data request. */
function answer(params: SdmxDataParams, query: SdmxDataQuery, snapshot: Snapshot, req: RequestView, maxObservations: number): Answer | Promise<Answer> {
  const atObservation = refuseUnimplemented(query);
  const history = historyAsk(query);
  const ds = flowDataset(snapshot, params.flowRef);
  if (params.providerRef !== undefined && ![SDMX_AGENCY, 'all'].includes(params.providerRef)) {
    throw new NotFoundError(
      `The data provider of every flow is ${SDMX_AGENCY} (or write all).`,
      { providerRef: params.providerRef.slice(0, 100) },
      'no_results',
    );
  }
  const names = sdmxNames(ds);
  const firstN = query.firstNObservations ?? null;
  // with firstNObservations both ends are cut together after the window; else lastNObservations is the selection's own `last`
  const lastN = firstN === null ? null : (query.lastNObservations ?? null);
  const window = { startPeriod: query.startPeriod, endPeriod: query.endPeriod, lastNObservations: firstN === null ? query.lastNObservations : undefined };
  const selectionQuery = { ...sdmxSelectionQuery(ds, names, params.key ?? 'all', window), ...(query.as_of === undefined ? {} : { as_of: query.as_of }) };
  const parsed = parseSelectionAsOf(selectionQuery, snapshot);
  const rest = { params, query, snapshot, req, names, atObservation, firstN, lastN, history, latest: ds, maxObservations };
  return parsed instanceof Promise ? parsed.then((p) => answerParsed(p, rest)) : answerParsed(parsed, rest);
}

/** What answerParsed needs of the request besides the parsed selection. */
interface SdmxRequest {
  params: SdmxDataParams;
  query: SdmxDataQuery;
  snapshot: Snapshot;
  req: RequestView;
  names: SdmxNames;
  atObservation: SdmxObsDimension;
  firstN: number | null;
  lastN: number | null;
  /** the most observations a message is built with (DS_STREAM_ROWS: above it /series.csv streams) */
  maxObservations: number;
  /** the history questions asked, or null */
  history: SdmxHistoryAsk | null;
  /** the latest data of the flow, which holds its history (with as_of, `dataset` is a vintage's view) */
  latest: Dataset;
}

/**
 * An SDMX message is built whole (its series nest their observations): one
 * of more observations than the streaming threshold is refused, naming
 * /series.csv, which streams them.
 */
function assertBuildable(observations: number, max: number): void {
  if (observations <= max) return;
  throw new BadParameterError(
    `The selection has ${observations} observations, more than an SDMX message is built with here (${max}): narrow the key or the period, or use /series.csv, which streams.`,
    { parameter: 'key', observations, limit: max },
    'too_many_rows',
  );
}

/** The answer of a parsed SDMX data request (the dataset is the vintage's with `as_of`: its ETag and Cache-Control say so, as-of.ts). */
function answerParsed({ dataset, selection }: ParsedSelection, r: SdmxRequest): Answer {
  const { params, query, snapshot, req, names, atObservation, firstN, lastN, history } = r;
  const name = negotiateSdmxFormat(req.headers.accept, query.format);
  const format: SdmxDataFormat = SDMX_DATA_FORMATS[name];
  if (history && !format.history)
    throw new NotImplementedError(
      'updatedAfter and includeHistory are not implemented in SDMX-CSV 1.0, which has no column for validity: ask for SDMX-ML or SDMX-JSON (or /series.csv?vintages=all).',
      { parameter: query.updatedAfter === undefined ? 'includeHistory' : 'updatedAfter' },
    );
  const detail = query.detail ?? 'full';
  const inputs = etagInputs(dataset, selection);
  const etag = selectionEtag(
    `sdmx-${name}`,
    inputs.version,
    inputs.selection,
    `${detail}|${atObservation}|${firstN}|${lastN}|${historyTag(history)}|${SDMX_LAYOUT_VERSION}`,
  );
  const headers = { vary: 'Accept, Accept-Encoding' };
  const cacheControl = asOfCacheControl(selection, false, undefined);
  const made = (body: string): Answer => ({ etag, type: format.type, headers, cacheControl, build: () => body });
  if (conditionalStatus(req.headers, etag) !== 200) return made('');
  const prepared = preparedOf(snapshot);
  const sets = history ? sdmxHistorySets(r.latest, names, vintageRows(r.latest, selection, snapshot.publishedAt), history) : undefined;
  // the view's levels are indexed in its own metadata (a vintage's, with as_of): its names, which depend on the codes' text alone
  const view = computeView(dataset, selection);
  assertBuildable(view.observations, r.maxObservations);
  const data = buildSdmxData(view, sdmxNames(dataset), { detail, atObservation, firstN, lastN, prepared }, sets);
  if (isEmptyData(data)) {
    const facts = { flow: names.flowId, key: params.key ?? 'all' };
    const window = [query.startPeriod && ` from ${query.startPeriod}`, query.endPeriod && ` to ${query.endPeriod}`].filter(Boolean).join('');
    throw new NotFoundError(errorMessage('no_results', { ...facts, window }, 'empty'), facts, 'no_results');
  }
  return made(format.encode(data));
}

/** The ETag part of the history questions. */
const historyTag = (h: SdmxHistoryAsk | null): string => (h ? `after:${h.updatedAfter ?? ''}|history:${h.includeHistory}` : '');

const DESCRIPTION =
  'SDMX 2.1 REST data: the observations of a dataflow (one per dataset) for an SDMX key (`A+B..C`: one position per dimension in dim_order, codes joined by +, an empty position or `all` for every code; the SDMX ids of docs/decisions.md) and a period window, computed by the same code as /series.csv. Formats by Accept (`application/vnd.sdmx.structurespecificdata+xml;version=2.1`, `application/vnd.sdmx.genericdata+xml;version=2.1`, `application/vnd.sdmx.data+json;version=1.0.0`, `application/vnd.sdmx.data+csv;version=1.0.0`; `application/xml`, `application/json`, `text/csv`) or `format=`. Errors are SDMX-ML error messages (100 no results: HTTP 404; 140 syntax error: 400), or problem+json when Accept names JSON first.';

/** The three URL shapes of the data route. */
export const SDMX_DATA_URLS = ['/sdmx/2.1/data/:flowRef', '/sdmx/2.1/data/:flowRef/:key', '/sdmx/2.1/data/:flowRef/:key/:providerRef'] as const;

/** Registers the SDMX data route (its three URL shapes). */
export function registerSdmxDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const url of SDMX_DATA_URLS) {
    const names = url.match(/:(\w+)/g)!.map((n) => n.slice(1));
    registerGet<SdmxDataQuery>(app, ctx, {
      url,
      format: 'sdmx',
      schema: {
        summary: 'SDMX data of a dataflow',
        description: DESCRIPTION,
        tags: ['sdmx'],
        params: {
          type: 'object',
          required: names,
          properties: Object.fromEntries(names.map((n) => [n, { ...(n === 'key' ? KEY_PARAM : PARAM), ...PATH_DOCS[n] }])),
        },
        querystring: QUERY_SCHEMA,
      },
      handler: (query, snapshot, req) => answer(req.params as SdmxDataParams, query, snapshot, req, ctx.config.streamRows),
    });
  }
}
