/**
 * Compare in the browser: the series of other datasets on the page's chart
 * (`state.compare`, embedded checked by the server) follow every change of
 * period and transform: they are fetched from /series, named with their
 * dataset's title, unit and frequency, put on a second axis when their unit
 * differs, and their card, downloads and the unit note are rewritten. Adding
 * one (search as you type, every language) and removing one are links to
 * the page with the new state, so a reload, a shared link and the page
 * without JavaScript show the same.
 */
import type { ExplorerData } from '../src/render/pages/explorer-data.js';
import { buildCompareCard, renderCompareItems } from '../src/render/pages/compare-card.js';
import { buildDownloadLinks } from '../src/render/pages/explorer-links.js';
import { chartAxes, comparedState, nameCompared, type ComparedSeries } from '../src/selection/compare.js';
import { labelSeries, type SeriesData } from '../src/selection/naming.js';
import { statePageUrl, toUrlSelection, type ExplorerState } from '../src/selection/state.js';
import { apiUrl } from '../src/urls.js';
import { frequencyUnit } from '../src/i18n/chart-text.js';
import { viewFrequency } from '../src/query/convert-frequency.js';
import type { ChartSeries } from './chart.js';
import { wireSuggest } from './search-suggest.js';
import { fetchSeries, type FetchedSeries } from './series-fetch.js';
import { withIndexBases } from './index-bases.js';

/** The series a chart of the page shows, the page's and the compared ones, with the units of its axes. */
export interface ComparedChart {
  series: (ComparedSeries & ChartSeries)[];
  unit: string | null;
  unit2: string | null;
}

/**
 * The chart's series: without compared series the naming model's own (unit
 * on the axis as the caption says); with them each labelled by its dataset,
 * its legend naming unit and frequency, a second unit on the right axis.
 */
export function compareChart(data: ExplorerData, state: ExplorerState, series: SeriesData[], compared: SeriesData[][]): ComparedChart {
  // the page's dates are named in the frequency the state shows: a conversion chosen on the page changes it (issue 20)
  const own = { ...data, dateUnit: frequencyUnit(viewFrequency(state, data)) };
  const parts = [{ dataset: own, series }, ...data.compare.map((c, i) => ({ dataset: c, series: compared[i] ?? [] }))];
  const named = nameCompared(parts, state.transform, state.base);
  const unit =
    data.compare.length === 0
      ? labelSeries({ ...data, transform: state.transform, base: state.base, ...(state.convert ? { convert: state.convert } : {}) }, series).unit
      : null;
  return chartAxes(named, unit, data.compare.length > 0);
}

/** Fetches the compared selections with the page's period and transform (in the embedded order). */
export async function fetchCompared(data: ExplorerData, state: ExplorerState, fresh: boolean): Promise<FetchedSeries[]> {
  return Promise.all(
    data.compare.map((c) => {
      const order = c.meta.dims.map((d) => d.id);
      const own = comparedState(state, c);
      return fetchSeries(apiUrl('', 'series', toUrlSelection(c.meta, own), order), c.ref.datasetId, order, fresh).then((f) =>
        withIndexBases(c.meta, own, f, fresh),
      );
    }),
  );
}

/** Rewrites the compare card (labels, units, links), the compared downloads and the unit note for a state. */
export function syncCompare(doc: Document, data: ExplorerData, state: ExplorerState, compared: SeriesData[][]): void {
  if (data.compare.length === 0 || !data.compareWords) return;
  const shown = { ...data, state, compare: data.compare.map((c, i) => ({ ...c, series: compared[i] ?? c.series })) };
  const card = buildCompareCard(shown, [], data.compareWords);
  const list = doc.querySelector('[data-compare-list]');
  if (list) list.innerHTML = renderCompareItems(card).value;
  const note = doc.querySelector<HTMLElement>('[data-compare-units]');
  if (note) {
    note.textContent = card.unitNote;
    note.hidden = card.unitNote === '';
  }
  data.compare.forEach((c, i) => {
    const links = buildDownloadLinks(c.meta, comparedState(state, c), data.meta.lang);
    for (const a of doc.querySelectorAll<HTMLAnchorElement>(`a[data-compared-download^="${i}:"]`)) {
      const id = a.dataset.comparedDownload!.slice(String(i).length + 1) as keyof typeof links;
      if (links[id]) a.href = links[id];
    }
  });
}

/** Wires the compare search box: each suggestion links to this page with the result added. */
export function initCompareSearch(doc: Document, data: ExplorerData, current: () => ExplorerState): void {
  const input = doc.querySelector<HTMLInputElement>('input[data-suggest-compare]');
  const list = input ? doc.getElementById(input.dataset.suggest ?? '') : null;
  if (!input || !list) return;
  const { meta } = data;
  wireSuggest(input, list, meta.lang, (r) => {
    const state = current();
    return statePageUrl('', meta.lang, meta, { ...state, compare: [...(state.compare ?? []), { datasetId: r.datasetId, dims: r.dims ?? {} }] });
  });
}
