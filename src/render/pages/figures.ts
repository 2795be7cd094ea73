/**
 * The numbers beside the chart, from the same labelled series the chart
 * draws (so the server's page and the bundle's redraw agree): the headline
 * (latest value of each series, its period, the change on the previous
 * period and on a year earlier), the table (wide by date, series as columns,
 * newest first or sorted by a column, in pages) and whether a log axis can
 * show the series. The notes about the chart are in chart-notes.ts.
 */
import { addMonths } from '../../data/dates.js';
import type { Lang } from '../../data/model.js';
import type { UiStrings } from '../../i18n/strings.js';
import { chartWords, fillTemplate, formatNumber, formatPeriod, type DateUnit } from '../../i18n/chart-text.js';
import { html, type SafeHtml } from '../html.js';
import { isLogDrawable } from '../chart-ticks.js';
import type { LabelledSeries } from '../../selection/naming.js';

/** Rows of the table per page. */
export const TABLE_PAGE_ROWS = 20;
/** The headline shows this many series at most (the table has them all). */
const HEADLINE_MAX = 6;

type Words = UiStrings['dataset'];

/**
 * Fraction digits of a value read by a person (tooltip, headline): about four significant digits, at most three decimals.
 * @example displayDecimals(1234.5) // 0
 */
export function displayDecimals(v: number): number {
  const a = Math.abs(v);
  return a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3;
}

/** A series' value at an index as the page shows it (× factor, 12 significant digits), null where missing. */
export function displayedValue(s: LabelledSeries, i: number): number | null {
  const v = s.values[i];
  return v === null ? null : Number((v * s.factor).toPrecision(12));
}

function formatSigned(v: number, lang: Lang): string {
  return formatNumber(v, lang, displayDecimals(v), true);
}

/** One series of the headline. */
export interface HeadlineItem {
  label: string;
  value: string;
  unit: string | null;
  /** the unit of the changes: the series' unit, or percentage points (short, and in words) when the values are percentages */
  changeUnit: { short: string; words: string | null } | null;
  period: string;
  previous: string | null;
  yearAgo: string | null;
}

/** A series of the figures; compared series of another dataset carry their own frequency's date unit. */
export type FigureSeries = LabelledSeries & { dateUnit?: DateUnit };

const UNIT_ORDER: DateUnit[] = ['day', 'month', 'quarter', 'half', 'year'];

/** The finest date unit of the series (a table of monthly and quarterly series names months). */
function finestUnit(series: FigureSeries[], dateUnit: DateUnit): DateUnit {
  return series.reduce((u, s) => (UNIT_ORDER.indexOf(s.dateUnit ?? dateUnit) < UNIT_ORDER.indexOf(u) ? (s.dateUnit ?? dateUnit) : u), dateUnit);
}

/** The unit of a series' changes: a change of a percentage is in percentage points (2.00 % after 1.50 % is +0.50 pp, not +0.50 %). */
function changeUnitOf(s: FigureSeries, lang: Lang): HeadlineItem['changeUnit'] {
  if (s.percent) {
    const words = chartWords(lang);
    return { short: words.percentagePointsShort, words: words.percentagePoints };
  }
  return s.unit ? { short: s.unit, words: null } : null;
}

/** The latest value of each series with its changes, formatted. */
export function buildHeadline(series: FigureSeries[], dateUnit: DateUnit, lang: Lang): HeadlineItem[] {
  const items: HeadlineItem[] = [];
  for (const s of series.slice(0, HEADLINE_MAX)) {
    let last = s.values.length - 1;
    while (last >= 0 && s.values[last] === null) last--;
    if (last < 0) continue;
    const value = displayedValue(s, last)!;
    const prev = last > 0 ? displayedValue(s, last - 1) : null;
    const yearIndex = s.dates.indexOf(addMonths(s.dates[last], -12));
    const year = yearIndex >= 0 ? displayedValue(s, yearIndex) : null;
    const change = (other: number | null): string | null => (other === null ? null : formatSigned(value - other, lang));
    items.push({
      label: s.label,
      value: formatNumber(value, lang, displayDecimals(value)),
      unit: s.unit,
      changeUnit: changeUnitOf(s, lang),
      period: formatPeriod(s.dates[last], s.dateUnit ?? dateUnit, lang),
      previous: change(prev),
      yearAgo: change(year),
    });
  }
  return items;
}

/** Renders the headline (a list; the bundle replaces its content on every change). */
export function renderHeadline(items: HeadlineItem[], t: Words): SafeHtml {
  const unit = (u: string | null): SafeHtml | string => (u ? html` <span class="headline-unit">${u}</span>` : '');
  const changeUnit = (u: HeadlineItem['changeUnit']): SafeHtml | string =>
    u === null ? '' : u.words ? html` <abbr class="headline-unit" title="${u.words}">${u.short}</abbr>` : unit(u.short);
  return html`${items.map(
    (it) =>
      html`<li class="headline-item">
        <span class="headline-label">${it.label}</span>
        <span class="headline-value"><span class="sr-only">${t.latest}: </span>${it.value}${unit(it.unit)}</span>
        <span class="headline-period">${it.period}</span>
        ${it.previous === null ? '' : html`<span class="headline-change">${it.previous}${changeUnit(it.changeUnit)} ${t.changeOnPrevious}</span>`}
        ${it.yearAgo === null ? '' : html`<span class="headline-change">${it.yearAgo}${changeUnit(it.changeUnit)} ${t.changeOnYear}</span>`}
      </li>`,
  )}`;
}

/** The order of the table's rows: by the period (column -1) or by a series' values (its index); missing values last either way. */
export interface TableSort {
  column: number;
  descending: boolean;
}

/** The table's opening order: newest first. */
export const TABLE_DEFAULT_SORT: TableSort = { column: -1, descending: true };

/** One page of the table. */
export interface TablePage {
  columns: { label: string; unit: string | null }[];
  rows: { period: string; cells: string[] }[];
  sort: TableSort;
  page: number;
  pages: number;
  total: number;
  first: number;
  last: number;
}

/**
 * The fraction digits of a column: the headline's rule (displayDecimals)
 * applied to the series' largest value, so a column reads with one number of
 * decimals (issue 23: -0.060456 beside 2.19).
 */
function columnDecimals(s: FigureSeries): number {
  let largest = 0;
  for (let i = 0; i < s.values.length; i++) {
    const v = displayedValue(s, i);
    if (v !== null && Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  }
  return displayDecimals(largest);
}

/** The dates of the table in a sort order. */
function sortedDays(series: FigureSeries[], index: Map<number, number>[], sort: TableSort): number[] {
  const days = [...new Set(series.flatMap((s) => s.dates))].sort((a, b) => b - a);
  if (sort.column < 0 || sort.column >= series.length) return sort.descending ? days : days.reverse();
  const s = series[sort.column];
  const valueOf = (d: number): number | null => {
    const i = index[sort.column].get(d);
    return i === undefined ? null : displayedValue(s, i);
  };
  const sign = sort.descending ? -1 : 1;
  // a stable sort of the newest-first dates: equal values keep the newest first
  return days.sort((a, b) => {
    const va = valueOf(a);
    const vb = valueOf(b);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    return sign * (va - vb);
  });
}

/** The table of the series: one row per date (newest first unless sorted otherwise), one column per series; page 1 is the first rows. */
export function buildTable(series: FigureSeries[], dateUnit: DateUnit, lang: Lang, page: number, sort: TableSort = TABLE_DEFAULT_SORT): TablePage {
  const unit = finestUnit(series, dateUnit);
  const index = series.map((s) => new Map(s.dates.map((d, i) => [d, i])));
  const days = sortedDays(series, index, sort);
  const decimals = series.map(columnDecimals);
  const pages = Math.max(1, Math.ceil(days.length / TABLE_PAGE_ROWS));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const slice = days.slice((p - 1) * TABLE_PAGE_ROWS, p * TABLE_PAGE_ROWS);
  return {
    columns: series.map((s) => ({ label: s.label, unit: s.unit })),
    rows: slice.map((d) => ({
      period: formatPeriod(d, unit, lang),
      cells: series.map((s, k) => {
        const i = index[k].get(d);
        const v = i === undefined ? null : displayedValue(s, i);
        return v === null ? '' : formatNumber(v, lang, decimals[k]);
      }),
    })),
    sort,
    page: p,
    pages,
    total: days.length,
    first: days.length ? (p - 1) * TABLE_PAGE_ROWS + 1 : 0,
    last: (p - 1) * TABLE_PAGE_ROWS + slice.length,
  };
}

/**
 * A column head: a button that sorts by the column (the bundle wires it;
 * without JavaScript the plain label shows instead), `aria-sort` on the
 * column the rows are sorted by.
 */
function renderHead(label: SafeHtml | string, column: number, sort: TableSort, t: Words): SafeHtml {
  const sorted = sort.column === column;
  const ariaSort = sorted ? html` aria-sort="${sort.descending ? 'descending' : 'ascending'}"` : '';
  const arrow = sorted ? (sort.descending ? '↓' : '↑') : '↕';
  return html`<th scope="col" ${ariaSort}>
    <span class="table-head-text">${label}</span
    ><button type="button" class="table-sort js-only" data-table-sort="${column}" title="${t.tableSort}">
      ${label}<span class="table-sort-arrow" aria-hidden="true">${arrow}</span>
    </button>
  </th>`;
}

/** Renders a page of the table with links to the newer and older pages (`hrefOf(page)`, so it pages without JavaScript). */
export function renderTable(table: TablePage, t: Words, hrefOf: (page: number) => string): SafeHtml {
  const head = table.columns.map((c, k) => renderHead(html`${c.label}${c.unit ? html` <span class="table-unit">(${c.unit})</span>` : ''}`, k, table.sort, t));
  const rows = table.rows.map(
    (r) =>
      html`<tr>
        <th scope="row">${r.period}</th>
        ${r.cells.map((c) => html`<td>${c}</td>`)}
      </tr>`,
  );
  const status = fillTemplate(t.tableRows, { from: table.first, to: table.last, total: table.total });
  const link = (page: number, label: string): SafeHtml =>
    page >= 1 && page <= table.pages && page !== table.page
      ? html`<a class="btn btn-small" href="${hrefOf(page)}" data-table-page="${page}">${label}</a>`
      : html`<span class="btn btn-small is-disabled" aria-disabled="true">${label}</span>`;
  // sorted by a value, the pages are no longer newer and older
  const [before, after] =
    table.sort.column === TABLE_DEFAULT_SORT.column && table.sort.descending ? [t.tableNewer, t.tableOlder] : [t.tablePrevious, t.tableNext];
  return html`<section class="table-scroll" tabindex="0" aria-label="${t.table}">
      <table class="data-table">
        <caption class="sr-only">
          ${t.table} · ${status}
        </caption>
        <thead>
          <tr>
            ${renderHead(t.period, -1, table.sort, t)} ${head}
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>
    </section>
    <p class="table-pager"><span>${status}</span> ${link(table.page - 1, before)} ${link(table.page + 1, after)}</p>`;
}

/**
 * Whether a log axis can show the series: every value above zero (and some
 * value). Where it cannot, the page's state drops `scale=log` (server and
 * bundle), so the URL and the log switch never claim a scale the chart does
 * not draw (issue 23).
 */
export function canLog(series: LabelledSeries[]): boolean {
  let min = Infinity;
  let max = -Infinity;
  for (const s of series) {
    for (const v of s.values) {
      if (v === null) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return isLogDrawable(min, max);
}
