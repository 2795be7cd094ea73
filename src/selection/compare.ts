/**
 * Compare: series of other datasets drawn on a dataset page's chart (FRED's
 * "Add line"). A page URL carries each as a repeated parameter
 * `compare=<dataset>:<dim>=<code>,<code>;<dim>=<code>` (the `dims` grammar
 * after the dataset id; `compare=<dataset>` alone opens that dataset's
 * default series). The page's period and transform apply to every series.
 *
 * This module reads the parameter (syntax only: which datasets exist is the
 * server's to say) and names the series of several datasets so they are told
 * apart. Pure code without Node imports: `client/` bundles it.
 */
import { lowerFrequencies } from '../data/frequency.js';
import type { MessageFacts } from '../errors/catalogue.js';
import type { DateUnit } from '../i18n/chart-text.js';
import type { CompareDropReason } from '../i18n/compare-text.js';
import { labelSeries, type ExplorerUnits, type LabelledSeries, type SeriesData } from './naming.js';
import type { ExplorerMeta, ExplorerState } from './state.js';
import type { CompareRef } from './dims-text.js';
import { MAX_COMPARE, paramSpec, selectionProblem } from './params.js';

export { parseCompare, type CompareRef } from './dims-text.js';

/** Most compared selections a page shows (more are dropped with a note). */
export { MAX_COMPARE };
/** Most `compare` values a page reads (a link with some that no longer exist still shows MAX_COMPARE). */
const MAX_COMPARE_READ = 4 * MAX_COMPARE;

export type { CompareDropReason };

/** A compared selection the page could not show, and why. */
export interface CompareDrop {
  /** the parameter's value as written */
  value: string;
  reason: CompareDropReason;
  /** the reader's own words (English), for the page's details */
  detail: string;
}

/** A key that is equal for two refs selecting the same codes. */
export function compareKey(ref: CompareRef): string {
  const dims = Object.keys(ref.dims)
    .sort()
    .map((d) => `${d}=${[...ref.dims[d]].sort().join(',')}`);
  return [ref.datasetId, ...dims].join('\u001f');
}

/**
 * A compared selection left out, in the catalogue's words (bad_parameter's `compare…` templates).
 * @example compareDrop('ch_x', 'duplicate', 'compareDuplicate').detail // "compare 'ch_x' is already on the chart."
 */
export function compareDrop(value: string, reason: CompareDropReason, mistake: string, words: MessageFacts = {}): CompareDrop {
  return { value, reason, detail: selectionProblem('bad_parameter', 'compare', { value, reason }, { most: MAX_COMPARE, ...words }, mistake).message };
}

/**
 * Reads the `compare` values of a page query: well-formed refs (each once,
 * at most MAX_COMPARE_READ; the page shows the first MAX_COMPARE that exist)
 * and what was left out.
 */
export function readCompareValues(values: string[]): { refs: CompareRef[]; drops: CompareDrop[] } {
  const refs: CompareRef[] = [];
  const drops: CompareDrop[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    if (value.trim() === '') continue;
    // the grammar is the table's (params.ts): the problem of a malformed value is its words
    const read = paramSpec('compare').read!(value, null);
    if ('problem' in read) {
      drops.push({ value, reason: 'malformed', detail: read.problem.message });
      continue;
    }
    const ref = read.value as CompareRef;
    if (seen.has(compareKey(ref))) drops.push(compareDrop(value, 'duplicate', 'compareDuplicate'));
    else if (refs.length >= MAX_COMPARE_READ) drops.push(compareDrop(value, 'too_many', 'compareTooMany'));
    else {
      seen.add(compareKey(ref));
      refs.push(ref);
    }
  }
  return { refs, drops };
}

/** A labelled series with what tells it apart on a chart of several datasets. */
export interface ComparedSeries extends LabelledSeries {
  /** the dataset's title first, when the chart holds several datasets */
  label: string;
  /** the frequency in words ("Monthly") */
  frequency: string;
  dateUnit: DateUnit;
  /** 0 = the left axis, 1 = the right axis (a second unit) */
  axis: 0 | 1;
  /** which dataset of the chart it belongs to (0 = the page's) */
  dataset: number;
}

/** One dataset's part of a chart: its title, frequency in words and its labelled series. */
export interface DatasetSeries {
  title: string;
  frequency: string;
  dateUnit: DateUnit;
  series: LabelledSeries[];
}

/**
 * The series of the page's dataset and of the compared ones, on one chart:
 * with compared datasets every label starts with its dataset's title; the
 * first unit goes on the left axis, a second one on the right, and with three
 * units or more all share the left axis (the legend and the note say each
 * series' unit). A series without a unit counts as a unit of its own ('' in
 * `units`): it is not known to be comparable.
 * @example combineSeries([primary, compared]).series[1].label // 'Unemployment rate: Switzerland'
 */
export function combineSeries(parts: DatasetSeries[]): { series: ComparedSeries[]; units: string[]; frequencies: string[] } {
  const several = parts.length > 1;
  const units = [...new Set(parts.flatMap((p) => p.series.map((s) => s.unit ?? '')))];
  const frequencies = [...new Set(parts.map((p) => p.frequency))];
  const series = parts.flatMap((p, dataset) =>
    p.series.map((s): ComparedSeries => {
      const label = !several || s.label === p.title ? s.label : `${p.title}: ${s.label}`;
      const axis = units.length === 2 && (s.unit ?? '') === units[1] ? 1 : 0;
      return { ...s, label, frequency: p.frequency, dateUnit: p.dateUnit, axis, dataset };
    }),
  );
  return { series, units, frequencies };
}

/**
 * The legend's name of a series on a chart of several datasets: its label, its unit and frequency.
 * @example legendLabel({ label: 'CPI: Total', unit: '%', frequency: 'Monthly' }) // 'CPI: Total (%, Monthly)'
 */
export function legendLabel(s: Pick<ComparedSeries, 'label' | 'unit' | 'frequency'>): string {
  const facts = [s.unit, s.frequency].filter((f): f is string => !!f);
  return facts.length ? `${s.label} (${facts.join(', ')})` : s.label;
}

/** The series of a chart with their legend names and the units of its two value axes. */
export interface ChartAxes<S extends ComparedSeries = ComparedSeries> {
  series: (S & { legend?: string })[];
  /** the unit written on the left axis */
  unit: string | null;
  /** the unit of the right axis (the second unit of compared series), null when there is none */
  unit2: string | null;
}

/**
 * How a chart draws named series (the page's chart and the chart images
 * alike): alone, the page's own unit (`ownUnit`, the naming model's caption
 * unit) on the axis; with compared datasets each legend entry names its unit
 * and frequency, a second unit goes on the right axis, and three or more
 * share the left one.
 * @example chartAxes(combineSeries([primary, compared]), null).unit2 // '%'
 */
export function chartAxes<S extends ComparedSeries>(named: { series: S[]; units: string[] }, ownUnit: string | null, compared: boolean): ChartAxes<S> {
  if (!compared) return { series: named.series, unit: ownUnit, unit2: null };
  const two = named.units.length === 2;
  return {
    series: named.series.map((s) => ({ ...s, legend: legendLabel(s) })),
    unit: (two ? named.units[0] : named.units.filter((u) => u !== '').join(' / ')) || null,
    unit2: two ? named.units[1] || null : null,
  };
}

/** What naming a dataset's series needs (as the page embeds it for its bundle), and its frequency in words. */
export interface NamedDataset {
  meta: ExplorerMeta;
  title: string;
  units: ExplorerUnits | null;
  percentLevels: string[];
  fractions: string[];
  /** the frequency in words ("Monthly") */
  frequencyName: string;
  dateUnit: DateUnit;
}

/** A compared selection as the page embeds it: the dataset's naming, its reconciled codes and its series. */
export interface ComparedData extends NamedDataset {
  /** the selection as the URL writes it (dimensions without a choice left out) */
  ref: CompareRef;
  /** every dimension's codes (the compared dataset's explorer state) */
  dims: Record<string, string[]>;
  series: SeriesData[];
  /** true when the page inlined only the leading series (the bundle loads the rest) */
  seriesDeferred: boolean;
  /** the compared dataset's version the page shows (a publish of it refreshes the chart) */
  version: string;
}

/**
 * The explorer state of a compared selection: its own codes, the page's
 * period, transform and frequency conversion. A compared dataset converts
 * where the page's frequency is lower than its own; one already at or below
 * it is drawn as published (it has nothing to aggregate).
 * @example comparedState(state, compared).transform === state.transform // true
 */
export function comparedState(page: ExplorerState, compared: Pick<ComparedData, 'dims'> & { meta: { frequency: string } }): ExplorerState {
  const state: ExplorerState = { dims: compared.dims, from: page.from, to: page.to, transform: page.transform, base: page.base };
  if (page.convert && lowerFrequencies(compared.meta.frequency).includes(page.convert.frequency)) state.convert = page.convert;
  return state;
}

/**
 * Names the series of the page's dataset and of the compared ones (the
 * naming model per dataset, then `combineSeries`): what the chart, the
 * headline and the table show.
 */
export function nameCompared(
  parts: { dataset: NamedDataset; series: SeriesData[] }[],
  transform: string,
  base: string | null,
): ReturnType<typeof combineSeries> {
  return combineSeries(
    parts.map(({ dataset, series }) => ({
      title: dataset.title,
      frequency: dataset.frequencyName,
      dateUnit: dataset.dateUnit,
      series: labelSeries({ ...dataset, transform, base }, series).series,
    })),
  );
}
