/**
 * The revisions view in the browser (issue 21): the earlier vintage chosen in
 * the revisions card shows its list of revised values (rendered by the
 * server: src/render/pages/revisions-card.ts), announces its count, and the
 * chart marks the revised points of the series it shows.
 */
import { parseIsoDate } from '../src/data/dates.js';
import type { ExplorerData } from '../src/render/pages/explorer-data.js';
import { seriesKey } from '../src/selection/naming.js';
import type { ChartMark, ChartSeries } from './chart.js';

/** The marks of the points revised since a vintage, on the chart's series of this dataset (compared ones have none). */
export function revisedMarks(data: ExplorerData, vintage: string | null, series: ChartSeries[]): ChartMark[] {
  const since = data.revised?.find((r) => r.vintage === vintage);
  if (!since) return [];
  const index = new Map<string, number>();
  series.forEach((s, k) => {
    if (!s.dataset) index.set(seriesKey(s.codes), k);
  });
  const marks: ChartMark[] = [];
  for (const [key, date] of since.points) {
    const k = index.get(key);
    const day = parseIsoDate(date);
    if (k !== undefined && day !== null) marks.push({ series: k, day });
  }
  return marks;
}

/** The earlier vintage the card shows (the newest earlier one until another is chosen); null without one. */
export function chosenVintage(doc: Document, data: ExplorerData): string | null {
  const select = doc.querySelector<HTMLSelectElement>('[data-revisions-vintage]');
  return select?.value || data.revised?.[0]?.vintage || null;
}

/** Wires the card's list of vintages: shows the chosen vintage's list, announces its count and calls `onChange`. */
export function initRevisions(doc: Document, onChange: (vintage: string) => void): void {
  const select = doc.querySelector<HTMLSelectElement>('[data-revisions-vintage]');
  const announce = doc.querySelector<HTMLElement>('[data-revised-announce]');
  if (!select) return;
  select.addEventListener('change', () => {
    for (const block of doc.querySelectorAll<HTMLElement>('[data-revised-since]')) {
      block.hidden = block.dataset.revisedSince !== select.value;
      if (!block.hidden && announce) announce.textContent = block.querySelector('[data-revised-count]')?.textContent ?? '';
    }
    onChange(select.value);
  });
}
