import { derived, derivedKey } from '../data/derived.js';
import { LANGS, type Dataset, type Dimension, type Labels, type Lang, type Level, type Snapshot } from '../data/model.js';
import { tokenize } from './fold-text.js';
import { ancestorLabels, isSelectable } from './levels.js';

/**
 * The in-memory search structure of a snapshot: documents (datasets, their
 * dimensions, their selectable levels), the texts they are found by (one
 * entry per field and language), a vocabulary of folded words and, per word,
 * the entries that hold it. Built once per snapshot, on first use.
 */

/** What a text of a document is. Dataset fields: title … source; level fields: label, path; dimension: its label. */
export type SearchField = 'title' | 'concept' | 'description' | 'id' | 'topic' | 'source' | 'label' | 'path' | 'dimension';

/** A dataset, one of its dimensions (context only, never a result) or one of its selectable levels. */
export interface SearchDoc {
  kind: 'dataset' | 'dimension' | 'level';
  dataset: Dataset;
  /** the dataset's document (itself for a dataset) */
  datasetDoc: number;
  /** the dimension's document for a level, else -1 */
  dimDoc: number;
  dim: Dimension | null;
  level: Level | null;
  /** labels of the level's ancestors, top first */
  path: Labels[];
}

/** One text of a document in one language. */
export interface SearchEntry {
  doc: number;
  field: SearchField;
  lang: Lang;
  text: string;
  /** the folded words of `text` joined by one space (for whole-text matches) */
  words: string;
}

export interface SearchEngine {
  docs: SearchDoc[];
  entries: SearchEntry[];
  /** folded words, each once */
  vocabulary: string[];
  /** word → its index in `vocabulary` */
  wordIndex: Map<string, number>;
  /** per word: the entries that hold it (ascending) */
  postings: Uint32Array[];
}

const SEARCH_ENGINE = derivedKey<SearchEngine>('search engine');

/** The search structure of a snapshot, built on first use and kept on the snapshot. */
export function searchEngine(snapshot: Snapshot): SearchEngine {
  return derived(snapshot, SEARCH_ENGINE, () => buildSearchEngine(snapshot));
}

/** Builds the documents, entries, vocabulary and postings of a snapshot. */
export function buildSearchEngine(snapshot: Snapshot): SearchEngine {
  const docs: SearchDoc[] = [];
  const entries: SearchEntry[] = [];
  const lists = new Map<string, number[]>();
  const add = (doc: number, field: SearchField, labels: Labels | null | undefined): void => {
    if (!labels) return;
    for (const lang of LANGS) {
      const text = labels[lang];
      if (!text || (lang !== 'en' && text === labels.en)) continue;
      const words = tokenize(text);
      if (words.length === 0) continue;
      const e = entries.push({ doc, field, lang, text, words: words.join(' ') }) - 1;
      for (const w of new Set(words)) {
        const list = lists.get(w);
        if (list) list.push(e);
        else lists.set(w, [e]);
      }
    }
  };
  // A plain-string topic has only English; its category has all four languages.
  const categories = new Map(snapshot.categories.map((c) => [c.key, c.name]));
  for (const dataset of snapshot.datasets.values()) addDataset(dataset, categories.get(dataset.meta.topic?.key ?? '') ?? dataset.meta.topic?.name, docs, add);
  const vocabulary = [...lists.keys()];
  return {
    docs,
    entries,
    vocabulary,
    wordIndex: new Map(vocabulary.map((w, i) => [w, i])),
    postings: vocabulary.map((w) => Uint32Array.from(lists.get(w)!)),
  };
}

type AddText = (doc: number, field: SearchField, labels: Labels | null | undefined) => void;

function addDataset(dataset: Dataset, topic: Labels | undefined, docs: SearchDoc[], add: AddText): void {
  const { meta } = dataset;
  const ds = docs.push({ kind: 'dataset', dataset, datasetDoc: -1, dimDoc: -1, dim: null, level: null, path: [] }) - 1;
  docs[ds].datasetDoc = ds;
  add(ds, 'title', meta.title);
  add(ds, 'id', { en: meta.id });
  add(ds, 'concept', meta.concept?.path);
  add(ds, 'concept', meta.concept?.leaf);
  add(ds, 'topic', topic);
  add(ds, 'source', meta.source.name);
  add(ds, 'description', meta.description);
  meta.dimensions.forEach((dim, d) => {
    const selectable = dim.levels.map((_, i) => i).filter((i) => isSelectable(dataset, d, i));
    if (selectable.length === 0) return;
    const dimDoc = docs.push({ kind: 'dimension', dataset, datasetDoc: ds, dimDoc: -1, dim, level: null, path: [] }) - 1;
    add(dimDoc, 'dimension', dim.label);
    for (const i of selectable) {
      const level = dim.levels[i];
      const path = ancestorLabels(dim, level);
      const doc = docs.push({ kind: 'level', dataset, datasetDoc: ds, dimDoc, dim, level, path }) - 1;
      add(doc, 'label', level.label);
      for (const p of path) add(doc, 'path', p);
    }
  });
}
