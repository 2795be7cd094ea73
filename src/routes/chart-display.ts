/**
 * How a chart image draws its selection: `scale` and `compare` (entries of
 * the parameter table, selection/params.ts, whose schemas the route
 * validates with), read with the dataset page's own readers
 * (readCompareValues, readComparedSelection), so that
 * /chart.svg and /chart.png draw what the page's chart shows (issue 23).
 * Where the page leaves a bad value out, an image answers 400.
 */
import type { Lang, Snapshot } from '../data/model.js';
import { BadParameterError } from '../errors/ds-error.js';
import { computeView } from '../query/compute-view.js';
import type { Selection, SelectionView } from '../query/view.js';
import { formatIsoDate } from '../data/dates.js';
import { readComparedSelection, type ComparedSelection } from '../render/pages/compare-view.js';
import { readCompareValues } from '../selection/compare.js';
import type { ApiQuery } from '../selection/params.js';
import { toSelection } from '../selection/from-dataset.js';
import type { QueryProblem } from '../selection/read-query.js';
import type { ExplorerState } from '../selection/state.js';
import { formatCompare } from '../urls.js';

/** The display parameters of a chart query, as they arrive (schema-checked; the table's types, selection/params.ts). */
export type ChartDisplayQuery = Pick<ApiQuery<'chart.svg'>, 'scale' | 'compare' | 'from' | 'to' | 'base'>;

/** What a chart image draws besides its selection. */
export interface ChartDisplay {
  log: boolean;
  /** the compared selections, read with the selection's period and transform */
  compared: ComparedSelection[];
  /** what of them changes the image: the scale, each compared selection and its dataset's version */
  etag: string;
}

function refused(p: { code: QueryProblem['code']; message: string; facts: Record<string, unknown> }): never {
  throw new BadParameterError(p.message, p.facts, p.code);
}

/** The `compare` values of a chart query, as a list. */
function compareValues(query: Pick<ChartDisplayQuery, 'compare'>): string[] {
  return query.compare === undefined ? [] : Array.isArray(query.compare) ? query.compare : [query.compare];
}

/**
 * True when a chart query draws compared series (which are read from the
 * latest data, whatever the selection's `as_of`).
 * @example comparesAny({ compare: 'demo_gdp' }) // true
 */
export function comparesAny(query: Pick<ChartDisplayQuery, 'compare'>): boolean {
  return readCompareValues(compareValues(query)).refs.length > 0;
}

/**
 * Reads `scale` and `compare` of a chart query against the data; the
 * compared selections take the period and transform of `selection`, as on the page.
 * @example readChartDisplay({ scale: 'log' }, snapshot, 'en', selection).log // true
 */
export function readChartDisplay(query: ChartDisplayQuery, snapshot: Snapshot, lang: Lang, selection: Selection): ChartDisplay {
  // the route's schema (the table's grammar: linear or log) has refused any other scale
  const log = query.scale === 'log';
  const { refs, drops } = readCompareValues(compareValues(query));
  if (drops.length)
    refused({ code: 'bad_parameter', message: drops[0].detail, facts: { parameter: 'compare', value: drops[0].value, reason: drops[0].reason } });
  const page: ExplorerState = {
    dims: {},
    from: query.from ?? null,
    to: query.to ?? null,
    transform: selection.transform,
    base: selection.base === null ? null : formatIsoDate(selection.base),
    // the compared series follow the selection's conversion (selection/compare.ts comparedState)
    ...(selection.convert ? { convert: selection.convert } : {}),
  };
  const compared: ComparedSelection[] = [];
  const tags: string[] = [];
  for (const ref of refs) {
    const read = readComparedSelection(snapshot, lang, page, ref);
    if ('reason' in read) refused({ code: 'bad_parameter', message: read.detail, facts: { parameter: 'compare', value: read.value, reason: read.reason } });
    compared.push(read);
    tags.push(`${formatCompare(ref)}@${read.ds.version}`);
  }
  return { log, compared, etag: [log ? 'log' : '', ...tags].join('|') };
}

/** The compared selections computed (what the chart draws of them). */
export function computeCompared(display: ChartDisplay): SelectionView[] {
  return display.compared.map((c) => computeView(c.ds, toSelection(c.ds, c.meta, c.state)));
}
