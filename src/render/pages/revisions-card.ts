/**
 * The revisions card of a dataset page (issue 21): the shown series against
 * an earlier vintage, with the revised values listed in text (the chart marks
 * them too: client/revisions.ts), and the table of the last publish's
 * revisions. The earlier vintage is chosen in a list the bundle wires; every
 * vintage's list is rendered, the newest earlier one shown, so the page
 * without JavaScript shows what the last publish revised in the selection.
 */
import type { Lang } from '../../data/model.js';
import { stampFileName } from '../../data/vintage-stamp.js';
import { fillTemplate, formatNumber, formatPeriod, type DateUnit } from '../../i18n/chart-text.js';
import { formatCount, formatVintage } from '../../i18n/format.js';
import { parseIsoDate } from '../../data/dates.js';
import type { UiStrings } from '../../i18n/strings.js';
import { html, type SafeHtml } from '../html.js';
import type { RevisedPoint, RevisionsData } from './revisions.js';

type Words = UiStrings['dataset']['vintages'];

/** What the card needs: the revisions, the names of the page's series, the words and how dates and numbers are written. */
export interface RevisionsCardInput {
  revisions: RevisionsData;
  /** the page's series in words (index = RevisedPoint.series) */
  labels: string[];
  words: Words;
  lang: Lang;
  dateUnit: DateUnit;
}

/** A revised value to its last published digit (a revision may change only the fourth decimal), in the language's format; missing: an en dash. */
function valueText(v: number | null, lang: Lang): string {
  if (v === null) return '–';
  const digits = /\.(\d+)$/.exec(String(v))?.[1].length ?? 0;
  return formatNumber(v, lang, Math.min(digits, 10));
}

/** A table of revised values: series, period, value then, value now. */
function renderPoints(points: RevisedPoint[], input: RevisionsCardInput, caption: string): SafeHtml {
  const { words, lang, dateUnit } = input;
  const rows = points.map(
    (p) =>
      html`<tr data-revised-point="${p.series}" data-date="${p.date}">
        <th scope="row">${p.label ?? input.labels[p.series] ?? ''}</th>
        <td>${formatPeriod(parseIsoDate(p.date)!, dateUnit, lang)}</td>
        <td>${valueText(p.old, lang)}</td>
        <td>${valueText(p.new, lang)}</td>
      </tr>`,
  );
  return html`<section class="table-scroll" tabindex="0" aria-label="${caption}">
    <table class="data-table revisions-table">
      <caption class="sr-only">
        ${caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">${words.series}</th>
          <th scope="col">${words.date}</th>
          <th scope="col">${words.old}</th>
          <th scope="col">${words.now}</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </section>`;
}

/** The count of a list and, when cut, how many it lists. */
function countLine(total: number, listed: number, summary: string, words: Words): string {
  return listed < total ? `${summary} ${fillTemplate(words.listedFirst, { n: listed })}` : summary;
}

/** The shown series' revisions since each earlier vintage: one block per vintage, the newest shown. */
function renderSince(input: RevisionsCardInput): SafeHtml {
  const { revisions, words, lang } = input;
  return html`${revisions.since.map((s, k) => {
    // the vintage goes in first: the count fills only {n}
    const vintage = formatVintage(s.vintage, lang);
    const plural = { one: words.revisedCount.one.replace('{vintage}', vintage), other: words.revisedCount.other.replace('{vintage}', vintage) };
    const summary = formatCount(plural, s.total, lang);
    return html`<div class="revised-since" data-revised-since="${stampFileName(s.vintage)}" ${k === 0 ? '' : html` hidden`}>
      <p data-revised-count="${s.total}">${countLine(s.total, s.points.length, summary, words)}</p>
      ${s.points.length ? renderPoints(s.points, input, summary) : ''}
    </div>`;
  })}`;
}

/** The list of earlier vintages (drawn by the bundle only: without JavaScript the newest earlier one shows). */
function renderPicker(input: RevisionsCardInput): SafeHtml {
  const { revisions, words, lang } = input;
  const options = revisions.since.map((s) => html`<option value="${stampFileName(s.vintage)}">${formatVintage(s.vintage, lang)}</option>`);
  return html`<label class="revisions-pick js-only"
    ><span>${words.compareWith}</span>
    <select class="select" data-revisions-vintage>
      ${options}
    </select></label
  >`;
}

/** The last publish's revisions over the whole dataset (bounded: revisions.ts MAX_LAST_REVISIONS). */
function renderLast(input: RevisionsCardInput): SafeHtml {
  const { revisions, words, lang } = input;
  const vintage = formatVintage(revisions.vintages[0].stamp, lang);
  const heading = fillTemplate(words.lastHeading, { vintage });
  const summary = formatCount(words.lastCount, revisions.lastTotal, lang);
  return html`<h3 id="last-revisions-heading">${heading}</h3>
    <p data-last-count="${revisions.lastTotal}">${countLine(revisions.lastTotal, revisions.last.length, summary, words)}</p>
    ${revisions.last.length ? renderPoints(revisions.last, input, heading) : ''}`;
}

/** Renders the revisions card (nothing for a dataset of one vintage). */
export function renderRevisionsCard(input: RevisionsCardInput | null): SafeHtml {
  if (!input) return html``;
  return html`<section class="card revisions" id="revisions" aria-labelledby="revisions-heading" data-revisions>
    <h2 id="revisions-heading">${input.words.heading}</h2>
    ${renderPicker(input)}
    <p class="sr-only" aria-live="polite" data-revised-announce></p>
    ${renderSince(input)} ${renderLast(input)}
  </section>`;
}
