import type { Lang, Snapshot } from '../data/model.js';
import { BadParameterError, NotFoundError } from '../errors/ds-error.js';
import { pickLabel } from '../i18n/labels.js';
import { closest } from '../query/closest.js';
import { levelSelection, openingSelection, selectionPageUrl } from '../selection/from-dataset.js';
import { urlPartsOf } from '../urls.js';
import { DEFAULT_TRANSFORM } from '../selection/params.js';
import { tokenize } from './fold-text.js';
import { apiLinks, pageLinks, selectionLabels, seriesKey } from './links.js';
import { looksLikeUrl, notResolved, parseKey, parsePageUrl, type Target } from './parse-target.js';
import { searchEngine } from './search-engine.js';
import { search, type SearchHit } from './search.js';

/**
 * `/resolve`: turns a page URL, a series key, a dotted key or free text into
 * one canonical selection with its labels, page URLs and API URLs.
 */

/** What resolved a free-text query: the best search hit. */
interface TextTarget extends Target {
  hit: SearchHit;
}

/**
 * Reads `q` in the order: page URL, series or dotted key, free text (best
 * search hit). Throws 404 with the closest candidates when nothing matches.
 * A page URL or key with `as_of` is read against that vintage: a promise.
 * @example (await resolveTarget(snapshot, '/de/d/ch_fso_ppi?dims=base=2020', 'en', 'https://x.org')).selection.dims // { base: ['2020'] }
 */
export function resolveTarget(snapshot: Snapshot, q: string, lang: Lang, baseUrl: string): Target | TextTarget | Promise<Target> {
  const text = q.trim();
  if (text === '')
    throw new BadParameterError(
      "Empty q: give a page URL, a series key (e.g. 'ch_fso_ppi/base=2020') or words to search for.",
      { parameter: 'q' },
      'empty_query',
    );
  if (looksLikeUrl(text)) {
    const page = parsePageUrl(snapshot, text, baseUrl);
    if (page) return page;
    throw new NotFoundError(
      `'${text}' is not a dataset page: dataset pages are {base}/d/{id} (or /de/d/{id}, /fr/d/{id}, /it/d/{id}).`,
      { q: text },
      'not_a_dataset_page',
    );
  }
  const key = parseKey(snapshot, text);
  if (key) return key;
  const best = search(snapshot, text, lang, 1).hits[0];
  if (!best) throw notResolved(text, candidatesFor(snapshot, text, lang));
  const { dataset, dim, level } = best.doc;
  const selection = urlPartsOf(dim && level ? levelSelection(dataset, dim.id, level.code) : openingSelection(dataset));
  return { kind: 'text', lang: null, dataset, selection, defaulted: !level, hit: best };
}

/** Datasets near a query that found nothing: search with each word replaced by its closest indexed word, plus the closest ids. */
function candidatesFor(snapshot: Snapshot, q: string, lang: Lang): { dataset: string; title: string }[] {
  const engine = searchEngine(snapshot);
  const words = tokenize(q).slice(0, 8);
  const corrected = words.map((w) => (engine.wordIndex.has(w) ? w : (closest(w, engine.vocabulary, 1)[0] ?? w))).join(' ');
  const ids = new Set<string>(closest(q.trim().toLowerCase(), [...snapshot.datasets.keys()], 3));
  if (corrected !== words.join(' ')) for (const hit of search(snapshot, corrected, lang, 20).hits) ids.add(hit.doc.dataset.meta.id);
  return [...ids].slice(0, 5).map((id) => ({ dataset: id, title: pickLabel(snapshot.datasets.get(id)!.meta.title, lang) }));
}

/**
 * The `/resolve` answer: the canonical selection, its labels, key, page URLs
 * (every language), embed and API URLs; a promise when `q` has `as_of`.
 */
export function resolveAnswer(snapshot: Snapshot, q: string, lang: Lang, baseUrl: string): Record<string, unknown> | Promise<Record<string, unknown>> {
  const target = resolveTarget(snapshot, q, lang, baseUrl);
  return target instanceof Promise ? target.then((t) => answerOf(t, q, lang, baseUrl)) : answerOf(target, q, lang, baseUrl);
}

/** The answer of a target read from `q`: its dataset's (or vintage's) titles and labels, and URLs that keep its selection. */
function answerOf(target: Target | TextTarget, q: string, lang: Lang, baseUrl: string): Record<string, unknown> {
  const { dataset, selection } = target;
  const shown = target.lang ?? lang;
  const convert = selection.convert ?? null;
  return {
    query: q,
    kind: target.kind,
    dataset: dataset.meta.id,
    title: dataset.meta.title,
    dims: selection.dims,
    defaulted: target.defaulted,
    from: selection.from ?? null,
    to: selection.to ?? null,
    last: selection.last ?? null,
    transform: selection.transform ?? DEFAULT_TRANSFORM,
    base: selection.base ?? null,
    frequency: convert?.frequency ?? null,
    aggregation: convert?.aggregation ?? null,
    partial: convert?.partial ?? null,
    // the vintage the as_of resolved to (null: the latest data, or a dataset without history, whose one vintage has no time)
    as_of: selection.asOf?.vintage ?? null,
    ...selectionLabels(dataset, selection.dims),
    key: seriesKey(dataset, selection.dims),
    lang: shown,
    page: pageLinks(baseUrl, dataset, selection),
    embed: selectionPageUrl(baseUrl, shown, dataset, selection, [['embed', '1']]),
    api: apiLinks(baseUrl, dataset, selection, shown),
    match: 'hit' in target ? { score: target.hit.score, matched: target.hit.matched.map(({ field, lang: l, text }) => ({ field, lang: l, text })) } : null,
  };
}
