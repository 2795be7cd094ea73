import { LANGS, type Labels, type Lang, type Snapshot } from '../data/model.js';
import { BadParameterError } from '../errors/ds-error.js';
import { buildExplorerMeta, levelSelection, openingSelection, selectionPageUrl } from '../selection/from-dataset.js';
import { levelName } from '../selection/naming.js';
import { urlPartsOf } from '../urls.js';
import { tokenize } from './fold-text.js';
import { apiLinks } from './links.js';
import { search, type SearchHit } from './search.js';

/**
 * The `/search` answer: ranked results, each saying what it is (a dataset or
 * one level of a dimension), what matched (field, language, text) and the
 * selection to open with its page and API URLs.
 */

/** One result of `/search`. */
export function searchResultJson(hit: SearchHit, lang: Lang, baseUrl: string): Record<string, unknown> {
  const { dataset, dim, level, path } = hit.doc;
  // the selection the page opens (src/selection), its transform included, so page and API links agree
  const selection = urlPartsOf(dim && level ? levelSelection(dataset, dim.id, level.code) : openingSelection(dataset));
  const { dims } = selection;
  return {
    type: level ? 'level' : 'dataset',
    datasetId: dataset.meta.id,
    datasetTitle: dataset.meta.title,
    freq: dataset.meta.frequency,
    dim: dim?.id ?? null,
    dimLabel: dim?.label ?? null,
    code: level?.code ?? null,
    label: level?.label ?? dataset.meta.title,
    name: dim && level ? namesOf(hit.doc.dataset, dim.id, level.code) : dataset.meta.title,
    path,
    score: hit.score,
    matched: hit.matched.map(({ field, lang: l, text }) => ({ field, lang: l, text })),
    dims,
    url: selectionPageUrl(baseUrl, lang, dataset, selection),
    api: apiLinks(baseUrl, dataset, selection, lang),
  };
}

/** A level's name in its dimension in every language, as chart legends name it (src/selection/naming.ts): where its label repeats, its path up to where it is unique. */
function namesOf(dataset: SearchHit['doc']['dataset'], dimId: string, code: string): Labels {
  const name = (lang: Lang): string =>
    levelName(
      buildExplorerMeta(dataset, lang).dims.find((d) => d.id === dimId)!,
      code,
    );
  const names: Labels = { en: name('en') };
  for (const lang of LANGS) names[lang] = name(lang);
  return names;
}

/**
 * Runs a search and shapes its answer; a query without letters or digits is a 400.
 * @example searchAnswer(snapshot, 'preise', 'de', 10, 'https://x.org').results[0].datasetId
 */
export function searchAnswer(
  snapshot: Snapshot,
  q: string,
  lang: Lang,
  limit: number,
  baseUrl: string,
): { query: string; lang: Lang; words: string[]; total: number; results: Record<string, unknown>[] } {
  if (tokenize(q).length === 0) {
    throw new BadParameterError(
      `q '${q}' has no letters or digits to search for: give one or more words, e.g. q=unemployment.`,
      { parameter: 'q' },
      'empty_query',
    );
  }
  const outcome = search(snapshot, q, lang, limit);
  return { query: q, lang, words: outcome.words, total: outcome.total, results: outcome.hits.map((h) => searchResultJson(h, lang, baseUrl)) };
}
