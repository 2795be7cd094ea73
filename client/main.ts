/**
 * The browser bundle's entry: each page says what it is in `data-page`; the
 * page works without this script, which only makes it faster to use.
 */
import { initCopyButtons } from './copy.js';
import { initDatasetsFilter } from './datasets-filter.js';
import { initExplorer } from './explorer.js';
import { initSearchSuggest } from './search-suggest.js';

function start(): void {
  document.documentElement.classList.add('js');
  const page = document.body.dataset.page;
  initCopyButtons(document);
  initSearchSuggest(document);
  // the chart in a task of its own, not in the one that evaluated the bundle (Total Blocking Time, issue 15)
  if (page === 'dataset' || page === 'embed') window.setTimeout(() => initExplorer(document), 0);
  if (page === 'datasets') initDatasetsFilter(document);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
