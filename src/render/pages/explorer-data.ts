/**
 * The inline JSON of a dataset page: what the browser bundle needs to redraw
 * the chart and rewrite the snippets and links after each change, without
 * asking the server about the dataset again. Types only (the bundle imports it).
 */
import type { UiStrings } from '../../i18n/strings.js';
import type { DateUnit } from '../../i18n/chart-text.js';
import type { ExplorerUnits, SeriesData } from '../../selection/naming.js';
import type { ExplorerMeta, ExplorerState } from '../../selection/state.js';
import type { ComparedData } from '../../selection/compare.js';
import type { CompareWords } from '../../i18n/compare-text.js';

/** What the bundle reads from the page (inline JSON): enough to redraw without asking the server about the dataset. */
export interface ExplorerData {
  meta: ExplorerMeta;
  title: string;
  units: ExplorerUnits | null;
  percentLevels: string[];
  fractions: string[];
  /** public base URL, for the snippets and the embed code */
  baseUrl: string;
  dateUnit: DateUnit;
  /** first date of the dataset and its last (ISO), or under conversion the last converted period, which relative bounds count back from */
  span: { start: string | null; end: string | null };
  state: ExplorerState;
  series: SeriesData[];
  /** true when the selection is larger than a page inlines: `series` holds its leading series and the bundle loads all from /series */
  seriesDeferred: boolean;
  strings: UiStrings['dataset'];
  embed: boolean;
  /** the dataset's version the page shows (live updates refresh the chart when it changes) */
  version: string;
  /** the frequency in words, for the legend when other datasets are compared */
  frequencyName: string;
  /** the series of other datasets on the same chart (`state.compare`, checked and computed) */
  compare: ComparedData[];
  /** the Compare card's words, when there are compared series */
  compareWords?: CompareWords;
  /** per earlier vintage (newest first, as `as_of` writes it): the points of `series` revised since, [seriesKey of the codes, ISO date]; absent: one vintage */
  revised?: { vintage: string; points: [string, string][] }[];
}
