/**
 * /datasets: filters the rows as you type, with the server's rules (every
 * word must occur, diacritics ignored), and keeps the filter in the URL.
 */
import { LANGS, type Lang } from '../src/data/model.js';
import { formatInteger } from '../src/i18n/format.js';
import { matchesAll, searchTokens } from '../src/render/pages/catalog-search.js';

/** Wires the filter form of /datasets. */
export function initDatasetsFilter(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('[data-filter-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name=q]');
  const topic = form?.querySelector<HTMLSelectElement>('select[name=topic]');
  const count = doc.querySelector<HTMLElement>('[data-count]');
  const none = doc.querySelector<HTMLElement>('[data-no-match]');
  if (!form || !input || !topic || !count || !none) return;
  const groups = [...doc.querySelectorAll<HTMLElement>('.dataset-group')];
  const lang = (LANGS as readonly string[]).includes(doc.documentElement.lang) ? (doc.documentElement.lang as Lang) : 'en';

  // what the site search finds in every language, for the words last answered
  let found = { q: '', ids: new Set<string>() };
  let pending = 0;
  const ask = async (): Promise<void> => {
    const q = input.value.trim();
    const mine = ++pending;
    found = { q, ids: q === found.q ? found.ids : new Set() };
    if (q === '') return;
    try {
      const response = await fetch(`/search?${new URLSearchParams({ q, lang, limit: '100' })}`, { headers: { accept: 'application/json' } });
      if (!response.ok || mine !== pending) return;
      const body = (await response.json()) as { results: { datasetId: string }[] };
      found = { q, ids: new Set(body.results.map((r) => r.datasetId)) };
      apply();
    } catch {
      // offline or the search failed: the local filter still works
    }
  };

  const apply = (): void => {
    const tokens = searchTokens(input.value);
    const ids = found.q === input.value.trim() ? found.ids : new Set<string>();
    let shown = 0;
    for (const group of groups) {
      const inTopic = topic.value === '' || group.dataset.topic === topic.value;
      let visible = 0;
      for (const row of group.querySelectorAll<HTMLElement>('.dataset-row')) {
        const ok = inTopic && (matchesAll(row.dataset.search ?? '', tokens) || ids.has(row.dataset.id ?? ''));
        row.hidden = !ok;
        if (ok) visible++;
      }
      group.hidden = visible === 0;
      shown += visible;
    }
    // the series hits were found by the server for the submitted words
    for (const hits of doc.querySelectorAll<HTMLElement>('.hits')) hits.hidden = true;
    count.textContent = (count.dataset.template ?? '')
      .replace('{shown}', formatInteger(shown, lang))
      .replace('{total}', formatInteger(Number(count.dataset.total), lang));
    none.hidden = shown > 0;
    none.textContent = (none.dataset.template ?? '').replace('{q}', input.value);
    const url = new URL(window.location.href);
    url.searchParams.delete('q');
    url.searchParams.delete('topic');
    if (input.value.trim()) url.searchParams.set('q', input.value.trim());
    if (topic.value) url.searchParams.set('topic', topic.value);
    window.history.replaceState(null, '', url);
    for (const a of doc.querySelectorAll<HTMLAnchorElement>('.lang-switch a[data-lang]')) {
      const link = new URL(a.href);
      link.search = url.search;
      a.href = link.pathname + link.search;
    }
  };
  input.addEventListener('input', () => {
    apply();
    void ask();
  });
  topic.addEventListener('change', apply);
}
