/**
 * Search as you type: under a search box marked `data-suggest`, the best
 * matches of /search (every language, whole words and prefixes), as an ARIA
 * combobox: arrow keys move through them, Enter opens one, Escape closes the
 * list. Without JavaScript the box still submits to /datasets.
 */
import { LANGS, type Lang } from '../src/data/model.js';

const LIMIT = 8;

/** One result of /search, as the suggestions use it. */
export interface SuggestResult {
  datasetId: string;
  dims: Record<string, string[]>;
  datasetTitle: Partial<Record<Lang, string>> & { en: string };
  label: Partial<Record<Lang, string>> & { en: string };
  /** the level's name within its dimension (its path where its label repeats), as chart legends name it */
  name: Partial<Record<Lang, string>> & { en: string };
  type: string;
  url: string;
}

/** Wires every search box with a suggestion list that opens the result's page (the compare box is wired by the explorer). */
export function initSearchSuggest(doc: Document): void {
  const lang = (LANGS as readonly string[]).includes(doc.documentElement.lang) ? (doc.documentElement.lang as Lang) : 'en';
  for (const input of doc.querySelectorAll<HTMLInputElement>('input[data-suggest]:not([data-suggest-compare])')) {
    const list = doc.getElementById(input.dataset.suggest ?? '');
    if (list) wireSuggest(input, list, lang, (r) => localUrl(r.url));
  }
}

/**
 * Makes a search box suggest as you type; `hrefOf` says where a result leads
 * (its page, or for the compare box this page with the result added).
 */
export function wireSuggest(input: HTMLInputElement, list: HTMLElement, lang: Lang, hrefOf: (r: SuggestResult) => string): void {
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');
  let active = -1;
  let asked = 0;
  const options = (): HTMLElement[] => [...list.querySelectorAll<HTMLElement>('[role=option]')];
  // leaving the list makes every answer still on its way stale: none may open it again
  const close = (): void => {
    asked++;
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const highlight = (i: number): void => {
    const all = options();
    if (all.length === 0) return;
    active = (i + all.length) % all.length;
    all.forEach((o, k) => o.setAttribute('aria-selected', String(k === active)));
    input.setAttribute('aria-activedescendant', all[active].id);
  };
  const show = (q: string, results: SuggestResult[]): void => {
    // the query these suggestions answer: a list replaced while the user moves in it starts again at the top
    list.dataset.query = q;
    list.replaceChildren(
      ...results.map((r, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        // an option is not a link (axe: no interactive element inside an option); choosing it opens its page
        li.dataset.href = hrefOf(r);
        const title = r.datasetTitle[lang] ?? r.datasetTitle.en;
        const label = r.name[lang] ?? r.name.en;
        li.textContent = r.type === 'dataset' || label === title ? title : `${label} · ${title}`;
        li.addEventListener('mousedown', (e) => e.preventDefault());
        li.addEventListener('click', () => window.location.assign(li.dataset.href!));
        return li;
      }),
    );
    active = -1;
    list.hidden = results.length === 0;
    input.setAttribute('aria-expanded', String(results.length > 0));
  };
  input.addEventListener('input', async () => {
    const q = input.value.trim();
    if (q.length < 2) return close();
    const mine = ++asked;
    try {
      const response = await fetch(`/search?${new URLSearchParams({ q, lang, limit: String(LIMIT) })}`, { headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const { results } = (await response.json()) as { results: SuggestResult[] };
      // only the answer to the latest question, asked since the list was last left
      if (mine === asked) show(q, results);
    } catch {
      // offline: the form still submits
    }
  });
  input.addEventListener('keydown', (e) => {
    if (list.hidden) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      highlight(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      window.location.assign(options()[active].dataset.href!);
    } else if (e.key === 'Escape') close();
  });
  // a click on an option lands before the list closes; back in the box by then, it stays open
  input.addEventListener('blur', () => window.setTimeout(() => input.ownerDocument.activeElement !== input && close(), 150));
}

/** A page URL of /search (already in the asked language), relative to this host. */
function localUrl(url: string): string {
  const u = new URL(url, window.location.href);
  return `${u.pathname}${u.search}`;
}
