/**
 * The browser bundle's entry: each page says what it is in `data-page`; the
 * page works without this script, which only makes it faster to use.
 * The dataset explorer (with uPlot) is a module of its own, loaded only by
 * the pages that chart: this entry evaluates in a short task, and uPlot and
 * the explorer each in one of their own (Total Blocking Time, issue 15).
 */
import { initCopyButtons } from './copy.js';
import { initDatasetsFilter } from './datasets-filter.js';
import { nextTask } from './next-task.js';
import { initSearchSuggest } from './search-suggest.js';

async function startExplorer(): Promise<void> {
  // the page's first number and date formats load ICU's data (~50 ms at 4x CPU): each in a task of its own,
  // not inside uPlot's evaluation, which makes both for its defaults
  await nextTask();
  new Intl.NumberFormat(navigator.language).format(0);
  await nextTask();
  void new Intl.DateTimeFormat().resolvedOptions().timeZone;
  await nextTask();
  // uPlot first, on its own: the explorer's module then evaluates without it
  await import('uplot');
  await nextTask();
  const { initExplorer } = await import('./explorer.js');
  await nextTask();
  await initExplorer(document);
}

function start(): void {
  document.documentElement.classList.add('js');
  const page = document.body.dataset.page;
  initCopyButtons(document);
  initSearchSuggest(document);
  if (page === 'dataset' || page === 'embed') void startExplorer();
  if (page === 'datasets') initDatasetsFilter(document);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
