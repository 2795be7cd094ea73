/**
 * Keeps the numbers beside the chart in step with the selection: the
 * headline, the table (paged here without reloading), the warning that
 * replaces the chart when % change meets a series crossing zero, and the
 * citation. Markup comes from the same functions the server renders with.
 */
import type { Lang } from '../src/data/model.js';
import type { UiStrings } from '../src/i18n/strings.js';
import type { DateUnit } from '../src/i18n/chart-text.js';
import { buildCitations, CITATION_FORMS, type CitationInput } from '../src/render/pages/citation.js';
import type { LabelledSeries } from '../src/selection/naming.js';
import { buildHeadline, buildTable, renderHeadline, renderTable, TABLE_DEFAULT_SORT, type TableSort } from '../src/render/pages/figures.js';
import { chartWarning, coincideNote, renderChartWarning } from '../src/render/pages/chart-notes.js';

/** What the figures show. */
export interface FiguresInput {
  series: LabelledSeries[];
  dateUnit: DateUnit;
  lang: Lang;
  t: UiStrings['dataset'];
  transform: string;
  /** the page of the selection (relative), for the table's page links */
  pageHref: string;
  /** the same selection with the change instead of % change */
  diffHref: string;
  /** the same selection with the values */
  levelHref: string;
}

/** The figures of a page; `show` redraws them for new series. */
export class Figures {
  private input: FiguresInput | null = null;
  private sort: TableSort = TABLE_DEFAULT_SORT;

  constructor(private readonly doc: Document) {
    doc.querySelector('[data-table-body]')?.addEventListener('click', (e) => {
      const target = e.target as Element;
      const sortButton = target.closest<HTMLButtonElement>('button[data-table-sort]');
      if (sortButton && this.input) {
        const column = Number(sortButton.dataset.tableSort);
        // the same column again turns the order round; a new one starts with its largest values (the period: its newest)
        this.sort = { column, descending: this.sort.column === column ? !this.sort.descending : true };
        this.showTable(1);
        this.doc.querySelector<HTMLElement>(`[data-table-body] button[data-table-sort="${column}"]`)?.focus();
        return;
      }
      const link = target.closest<HTMLAnchorElement>('a[data-table-page]');
      if (!link || !this.input) return;
      e.preventDefault();
      this.showTable(Number(link.dataset.tablePage));
      this.doc.querySelector<HTMLElement>('[data-table-body] a[data-table-page], [data-table-body] .table-scroll')?.focus();
    });
  }

  /** Redraws headline, table (first page, opening order), zero warning; returns whether the chart may be shown. */
  show(input: FiguresInput, render = true): boolean {
    this.input = input;
    if (!render) return true;
    this.sort = TABLE_DEFAULT_SORT;
    const warning = chartWarning(input.series, input.transform);
    const headline = this.doc.querySelector<HTMLElement>('[data-headline]');
    if (headline) {
      headline.innerHTML = renderHeadline(buildHeadline(input.series, input.dateUnit, input.lang), input.t).value;
      headline.hidden = warning !== null;
    }
    this.showTable(1);
    const box = this.doc.querySelector<HTMLElement>('[data-zero-warning]');
    if (box) {
      box.hidden = warning === null;
      const base = this.doc.getElementById('index-base') ? '#index-base' : null;
      box.innerHTML = renderChartWarning(warning, input.t, { diff: input.diffHref, level: input.levelHref, base }).value;
    }
    const coincide = this.doc.querySelector<HTMLElement>('[data-coincide]');
    if (coincide) {
      coincide.textContent = coincideNote(input.series, input.lang, input.t);
      coincide.hidden = coincide.textContent === '';
    }
    const card = this.doc.querySelector<HTMLElement>('[data-chart-card]');
    if (card) card.hidden = warning !== null;
    return warning === null;
  }

  private showTable(page: number): void {
    const body = this.doc.querySelector('[data-table-body]');
    if (!body || !this.input) return;
    const { series, dateUnit, lang, t, pageHref } = this.input;
    const sep = pageHref.includes('?') ? '&' : '?';
    body.innerHTML = renderTable(buildTable(series, dateUnit, lang, page, this.sort), t, (p) => `${pageHref}${p > 1 ? `${sep}tp=${p}` : ''}#table`).value;
  }
}

/** Rewrites the citation for the selection's URL. */
export function showCitation(doc: Document, url: string, t: UiStrings['dataset']): void {
  const data = doc.querySelector<HTMLElement>('[data-citation]')?.dataset.citation;
  if (!data) return;
  const input = { ...(JSON.parse(data) as CitationInput), url, accessed: new Date().toISOString().slice(0, 10) };
  const forms = buildCitations(input, t);
  for (const f of CITATION_FORMS) {
    const code = doc.querySelector(`[data-cite="${f}"]`);
    if (code) code.textContent = forms[f];
  }
}
