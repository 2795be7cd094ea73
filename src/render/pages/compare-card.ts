/**
 * The Compare card of a dataset page: the series of other datasets on the
 * chart, each with its unit and frequency, a link to its own page, its data
 * downloads and a remove link (links, so it works without JavaScript); the
 * search box that adds one (the bundle's search as you type); the notes on
 * what was left out and on different units. Built the same by the server
 * and the bundle (after each change of the page's state).
 */
import { fillTemplate } from '../../i18n/chart-text.js';
import type { CompareWords } from '../../i18n/compare-text.js';
import { OUTPUT_IDS, SELECTION_OUTPUTS, type OutputId } from '../../query/selection-outputs.js';
import { comparedState, MAX_COMPARE, nameCompared, type CompareDrop } from '../../selection/compare.js';
import { statePageUrl } from '../../selection/state.js';
import { html, type SafeHtml } from '../html.js';
import type { ExplorerData } from './explorer-data.js';
import { buildDownloadLinks } from './explorer-links.js';

/** One compared selection as the card lists it. */
export interface CompareItem {
  datasetId: string;
  title: string;
  /** its series' labels within its dataset */
  labels: string[];
  unit: string | null;
  frequency: string;
  pageHref: string;
  removeHref: string;
  downloads: { id: OutputId; href: string }[];
}

/** What the card shows. */
export interface CompareCard {
  words: CompareWords;
  items: CompareItem[];
  /** the refs left out, in words */
  drops: string[];
  /** different units or frequencies on the chart, in words ('' when all agree) */
  unitNote: string;
  /** the cap is reached: no search box */
  full: boolean;
}

const DATA_OUTPUTS = OUTPUT_IDS.filter((id) => SELECTION_OUTPUTS[id].group === 'data');
/** The card links the plain data (the download tab has every format). */
const CARD_OUTPUTS: OutputId[] = ['csv', 'json'];

/** The card of a page's data (its state names the compared series it shows), the refs left out, in the page's words (src/i18n/compare-text.ts). */
export function buildCompareCard(data: ExplorerData, drops: CompareDrop[], words: CompareWords): CompareCard {
  const { meta, state } = data;
  const lang = meta.lang;
  const compared = data.compare;
  const items = compared.map((c, i): CompareItem => {
    const own = comparedState(state, c);
    const named = nameCompared([{ dataset: c, series: c.series }], state.transform, state.base);
    const links = buildDownloadLinks(c.meta, own, lang);
    return {
      datasetId: c.ref.datasetId,
      title: c.title,
      labels: named.series.map((s) => s.label),
      unit: named.units.filter((u) => u !== '').join(' / ') || null,
      frequency: c.frequencyName,
      pageHref: statePageUrl('', lang, c.meta, own),
      removeHref: statePageUrl('', lang, meta, { ...state, compare: compared.filter((_, k) => k !== i).map((o) => o.ref) }),
      downloads: DATA_OUTPUTS.map((id) => ({ id, href: links[id] })),
    };
  });
  return {
    words,
    items,
    drops: drops.map((d) => fillTemplate(words.dropped[d.reason], { value: d.value, max: MAX_COMPARE })),
    unitNote: unitNote(data, words),
    full: compared.length >= MAX_COMPARE,
  };
}

/** Says when the chart mixes units or frequencies (the legend names each series' own). */
function unitNote(data: ExplorerData, words: CompareWords): string {
  if (data.compare.length === 0) return '';
  const { units, frequencies } = nameCompared(
    [{ dataset: data, series: data.series }, ...data.compare.map((c) => ({ dataset: c, series: c.series }))],
    data.state.transform,
    data.state.base,
  );
  const parts: string[] = [];
  const name = (u: string): string => u || words.noUnit;
  if (units.length === 2) parts.push(fillTemplate(words.twoUnits, { left: name(units[0]), right: name(units[1]) }));
  if (units.length > 2) parts.push(fillTemplate(words.manyUnits, { units: units.map(name).join(', ') }));
  if (frequencies.length > 1) parts.push(fillTemplate(words.frequencies, { frequencies: frequencies.join(', ') }));
  return parts.join(' ');
}

/** The list of compared series (the bundle replaces it after each change). */
export function renderCompareItems(card: CompareCard): SafeHtml {
  const w = card.words;
  return html`${card.items.map(
    (it) =>
      html`<li class="compare-item" data-compare-item="${it.datasetId}">
        <div class="compare-name">
          <a href="${it.pageHref}">${it.title}</a>${
            it.labels.length && !(it.labels.length === 1 && it.labels[0] === it.title) ? html`<span class="compare-labels">${it.labels.join(' · ')}</span>` : ''
          }
          <span class="compare-facts">${[it.unit, it.frequency].filter((f) => !!f).join(' · ')}</span>
        </div>
        <ul class="compare-downloads">
          ${it.downloads
            .filter((d) => CARD_OUTPUTS.includes(d.id))
            .map(
              (d) =>
                html`<li>
                  <a class="download" href="${d.href}" data-compare-download="${d.id}"
                    ><span class="file-badge file-${SELECTION_OUTPUTS[d.id].ext}">${SELECTION_OUTPUTS[d.id].ext.toUpperCase()}</span></a
                  >
                </li>`,
            )}
        </ul>
        <a class="btn btn-small compare-remove" href="${it.removeHref}" data-compare-remove aria-label="${fillTemplate(w.remove, { series: it.title })}"
          >${w.removeShort}</a
        >
      </li>`,
  )}`;
}

/** The card: list, notes, and the search box (shown by the bundle) while the cap is not reached. */
export function renderCompareCard(card: CompareCard): SafeHtml {
  const w = card.words;
  // without JavaScript nothing can be added: the card shows only when it lists something
  const idle = card.items.length === 0 && card.drops.length === 0;
  return html`<section class="card compare${idle ? ' js-only' : ''}" aria-labelledby="compare-heading" data-compare>
    <h2 id="compare-heading">${w.heading}</h2>
    ${
      card.drops.length
        ? html`<ul class="compare-drops" role="status">
            ${card.drops.map((d) => html`<li>${d}</li>`)}
          </ul>`
        : ''
    }
    <ul class="compare-list" data-compare-list>
      ${renderCompareItems(card)}
    </ul>
    <div class="compare-search js-only" data-compare-search ${card.full ? html` hidden` : ''}>
      <label for="compare-q">${w.searchLabel}</label>
      <input
        id="compare-q"
        type="search"
        placeholder="${w.searchPlaceholder}"
        autocomplete="off"
        spellcheck="false"
        data-suggest="compare-q-suggestions"
        data-suggest-compare
      />
      <ul id="compare-q-suggestions" class="suggestions" role="listbox" aria-label="${w.searchLabel}" hidden></ul>
    </div>
    <p class="compare-hint">${card.full ? fillTemplate(w.max, { max: MAX_COMPARE }) : w.intro} ${card.items.length ? w.sharedNote : ''}</p>
  </section>`;
}
