/**
 * Small pieces of markup several pages share.
 */
import type { Lang } from '../../data/model.js';
import type { UiStrings } from '../../i18n/strings.js';
import { html, type HtmlValue, type SafeHtml } from '../html.js';

/** The dataset search form (submits to /datasets?q=, filtered on the server; the bundle filters as you type). */
export function renderSearchForm(t: UiStrings, action: string, value: string, id: string): SafeHtml {
  return html`<form class="search-form" role="search" action="${action}" method="get">
    <label class="sr-only" for="${id}">${t.home.searchLabel}</label>
    <svg class="search-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2" />
      <path d="M13 13l4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </svg>
    <input
      id="${id}"
      name="q"
      type="search"
      value="${value}"
      placeholder="${t.home.searchPlaceholder}"
      autocomplete="off"
      spellcheck="false"
      data-suggest="${id}-suggestions"
    />
    <button type="submit" class="btn btn-primary">${t.home.searchButton}</button>
    <ul id="${id}-suggestions" class="suggestions" role="listbox" aria-label="${t.home.searchLabel}" hidden></ul>
  </form>`;
}

/** A description list of facts; entries with an empty value are left out. */
export function renderFacts(entries: [string, HtmlValue][], className = 'facts'): SafeHtml {
  const shown = entries.filter(([, v]) => v !== null && v !== undefined && v !== '');
  return html`<dl class="${className}">
    ${shown.map(
      ([k, v]) =>
        html`<div>
          <dt>${k}</dt>
          <dd>${v}</dd>
        </div>`,
    )}
  </dl>`;
}

/** A page heading block: title and lede. */
export function renderPageHead(title: string, lede: string | null): SafeHtml {
  return html`<header class="page-head">
    <h1>${title}</h1>
    ${lede ? html`<p class="lede">${lede}</p>` : ''}
  </header>`;
}

/** Paragraphs of plain text. */
export function renderParagraphs(paragraphs: string[]): SafeHtml {
  return html`${paragraphs.map((p) => html`<p>${p}</p>`)}`;
}

/** ` lang="en"` on an element whose text is in another language than the page's (a label falling back to English), else nothing. */
export function langAttr(lang: Lang | undefined): SafeHtml | '' {
  return lang ? html` lang="${lang}"` : '';
}
