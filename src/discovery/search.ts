import type { Lang, Snapshot } from '../data/model.js';
import { tokenize } from './fold-text.js';
import { searchEngine, type SearchDoc, type SearchEngine, type SearchEntry, type SearchField } from './search-engine.js';

/**
 * Ranked search over dataset titles, descriptions, concepts and level labels
 * in all four languages. Every word of the query must match (as a whole
 * word, a prefix or, from three letters on, inside a word), in the document
 * itself or, for a level, in its dataset or dimension; at least one word must
 * match the level itself, so a dataset's name alone does not list all its
 * levels.
 */

/*
 * Scores are built so that, for each query word, the kind of match decides
 * first (exact > prefix > inside), then the field (title > label > … >
 * description), then the small bonuses; each tier's spread is smaller than
 * the step of the tier above it.
 */

/** How a query word met a word of the index. */
const KIND_SCORE = { exact: 3000, prefix: 2000, inside: 1000 } as const;

/** Titles rank above labels, labels above their ancestors, descriptions last (steps of 20). */
const FIELD_SCORE: Record<SearchField, number> = {
  title: 160,
  label: 140,
  concept: 120,
  id: 120,
  topic: 100,
  path: 80,
  dimension: 60,
  source: 40,
  description: 20,
};

/** A word met only in a level's dataset or dimension counts less than the same field in the level itself (more than one field step). */
const CONTEXT_PENALTY = 30;
/** Small bonuses (together under one field step): the whole title or label equals the query, the language asked for, a canonical dataset. */
const WHOLE_TEXT_BONUS = 8;
const WHOLE_TEXT_FIELDS = new Set<SearchField>(['title', 'label', 'concept', 'id']);
const LANG_BONUS = 5;
const CANONICAL_BONUS = 3;
/** Query words shorter than this only match whole words and prefixes. */
const MIN_INSIDE = 3;
/** At most this many words of a query are used. */
export const MAX_QUERY_WORDS = 8;

/** One scored document of a search. */
export interface SearchHit {
  doc: SearchDoc;
  /** the document's position in the engine (catalog order, then dimension and level order) */
  index: number;
  score: number;
  /** the entry each query word matched best (a level's may belong to its dataset or dimension) */
  matched: SearchEntry[];
}

/** All hits of a query, best first, and the number of them. */
export interface SearchOutcome {
  words: string[];
  total: number;
  hits: SearchHit[];
}

/**
 * Searches a snapshot; `limit` bounds the hits returned, `total` counts them all.
 * @example search(snapshot, 'arbeitslosenquote', 'de', 10).hits[0].doc.dataset.meta.id // 'ch_snb_amarbma'
 */
export function search(snapshot: Snapshot, query: string, lang: Lang, limit: number): SearchOutcome {
  const engine = searchEngine(snapshot);
  const words = [...new Set(tokenize(query))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return { words, total: 0, hits: [] };
  const perWord: Map<number, WordHit>[] = [];
  for (const w of words) {
    const hits = wordHits(engine, w, lang);
    if (hits.size === 0) return { words, total: 0, hits: [] };
    perWord.push(hits);
  }
  const phrase = words.join(' ');
  const scored: SearchHit[] = [];
  for (const doc of candidates(engine, perWord)) {
    const hit = scoreDoc(engine, doc, perWord, phrase);
    if (hit) scored.push(hit);
  }
  scored.sort((a, b) => b.score - a.score || kindRank(a.doc) - kindRank(b.doc) || a.index - b.index);
  return { words, total: scored.length, hits: scored.slice(0, limit) };
}

interface WordHit {
  score: number;
  entry: number;
}

/** For one query word: per document, its best-scoring entry. */
function wordHits(engine: SearchEngine, word: string, lang: Lang): Map<number, WordHit> {
  const out = new Map<number, WordHit>();
  const { vocabulary, postings, entries } = engine;
  for (let t = 0; t < vocabulary.length; t++) {
    const at = vocabulary[t].indexOf(word);
    if (at < 0 || (at > 0 && word.length < MIN_INSIDE)) continue;
    const kind = at > 0 ? KIND_SCORE.inside : vocabulary[t].length === word.length ? KIND_SCORE.exact : KIND_SCORE.prefix;
    for (const e of postings[t]) {
      const entry = entries[e];
      const score = kind + FIELD_SCORE[entry.field] + (entry.lang === lang ? LANG_BONUS : 0);
      const best = out.get(entry.doc);
      if (!best || score > best.score) out.set(entry.doc, { score, entry: e });
    }
  }
  return out;
}

/** Datasets met by every word; levels met by at least one word themselves. */
function candidates(engine: SearchEngine, perWord: Map<number, WordHit>[]): Set<number> {
  const out = new Set<number>();
  for (const hits of perWord) {
    for (const d of hits.keys()) {
      const kind = engine.docs[d].kind;
      if (kind === 'level' || (kind === 'dataset' && perWord.every((h) => h.has(d)))) out.add(d);
    }
  }
  return out;
}

/** The score of a document when every word is met (in it or, for a level, in its context); else null. */
function scoreDoc(engine: SearchEngine, d: number, perWord: Map<number, WordHit>[], phrase: string): SearchHit | null {
  const doc = engine.docs[d];
  let score = 0;
  const matched: SearchEntry[] = [];
  let whole = false;
  for (const hits of perWord) {
    // A level's own texts answer for it; its dimension and dataset only stand in for words they lack.
    let best = hits.get(d);
    if (!best && doc.kind === 'level') {
      for (const ctx of [doc.dimDoc, doc.datasetDoc]) {
        const h = hits.get(ctx);
        if (h && (!best || h.score - CONTEXT_PENALTY > best.score)) best = { score: h.score - CONTEXT_PENALTY, entry: h.entry };
      }
    }
    if (!best) return null;
    score += best.score;
    const entry = engine.entries[best.entry];
    if (!matched.includes(entry)) matched.push(entry);
    if (entry.doc === d && WHOLE_TEXT_FIELDS.has(entry.field) && entry.words === phrase) whole = true;
  }
  if (whole) score += WHOLE_TEXT_BONUS;
  if (doc.kind === 'dataset' && doc.dataset.meta.canonical) score += CANONICAL_BONUS;
  return { doc, index: d, score, matched };
}

/** Datasets before levels at equal score. */
function kindRank(doc: SearchDoc): number {
  return doc.kind === 'dataset' ? 0 : 1;
}
