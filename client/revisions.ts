/**
 * The revisions view in the browser (issue 21): the earlier vintage chosen in
 * the revisions card shows its list of revised values (rendered by the
 * server: src/render/pages/revisions-card.ts), announces its count, and the
 * chart marks the revised points of the series it shows. When the selection
 * changes, the card and its points are taken from the server's page of the
 * new selection (one renderer: the server's).
 */
import { parseIsoDate } from '../src/data/dates.js';
import type { ExplorerData } from '../src/render/pages/explorer-data.js';
import { seriesKey } from '../src/selection/naming.js';
import type { ChartMark, ChartSeries } from './chart.js';

type Revised = NonNullable<ExplorerData['revised']>;

/** The marks of the points revised since a vintage, on the chart's series of this dataset (compared ones have none). */
export function revisedMarks(revised: Revised, vintage: string | null, series: ChartSeries[]): ChartMark[] {
  const since = revised.find((r) => r.vintage === vintage);
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

/** The revisions card of a page and the points it marks; `onChange` redraws the marks. */
export class RevisionsView {
  private revised: Revised;
  private vintage: string | null;
  /** the page URL the card is of (kept in `data-revisions-of` for tests and tools), and the last one asked for */
  private shownUrl: string;
  private askedUrl: string;

  constructor(
    private readonly doc: Document,
    data: ExplorerData,
    pageUrl: string,
    private readonly onChange: () => void,
  ) {
    this.revised = data.revised ?? [];
    this.vintage = this.revised[0]?.vintage ?? null;
    this.shownUrl = this.askedUrl = pageUrl;
    this.wire();
  }

  /** The marks of the chosen vintage's revised points on these chart series. */
  marks(series: ChartSeries[]): ChartMark[] {
    return revisedMarks(this.revised, this.vintage, series);
  }

  /** Shows the card of another selection (its page URL), from the server's page; the newest earlier vintage chosen again. */
  async show(pageUrl: string): Promise<void> {
    if (!this.doc.querySelector('[data-revisions]') || pageUrl === this.askedUrl) return;
    this.askedUrl = pageUrl;
    const res = await fetch(pageUrl, { headers: { accept: 'text/html' } });
    if (!res.ok || this.askedUrl !== pageUrl) return;
    const page = new DOMParser().parseFromString(await res.text(), 'text/html');
    const card = page.querySelector('[data-revisions]');
    const json = page.getElementById('explorer-data')?.textContent;
    if (!card || !json || this.askedUrl !== pageUrl) return;
    this.doc.querySelector('[data-revisions]')?.replaceWith(this.doc.importNode(card, true));
    this.revised = (JSON.parse(json) as ExplorerData).revised ?? [];
    this.vintage = this.revised[0]?.vintage ?? null;
    this.shownUrl = pageUrl;
    this.wire();
    this.onChange();
  }

  /** Wires the card's list of vintages: shows the chosen vintage's list and announces its count. */
  private wire(): void {
    const card = this.doc.querySelector<HTMLElement>('[data-revisions]');
    const select = card?.querySelector<HTMLSelectElement>('[data-revisions-vintage]');
    const announce = card?.querySelector<HTMLElement>('[data-revised-announce]');
    if (!card || !select) return;
    card.dataset.revisionsOf = this.shownUrl;
    select.addEventListener('change', () => {
      for (const block of card.querySelectorAll<HTMLElement>('[data-revised-since]')) {
        block.hidden = block.dataset.revisedSince !== select.value;
        if (!block.hidden && announce) announce.textContent = block.querySelector('[data-revised-count]')?.textContent ?? '';
      }
      this.vintage = select.value;
      this.onChange();
    });
  }
}
