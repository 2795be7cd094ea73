/**
 * The datasets as the listing pages show them (home, /datasets, /licenses):
 * one summary per dataset in a language, topic groups, and the word search
 * of /datasets (diacritics-insensitive, over titles, descriptions, sources
 * and series names).
 */
import { derived, derivedKey } from '../../data/derived.js';
import type { Dataset, Lang, Snapshot } from '../../data/model.js';
import { formatCount, formatDay, formatFrequency, formatSpan } from '../../i18n/format.js';
import { fallbackLang, pickLabel } from '../../i18n/labels.js';
import { uiStrings } from '../../i18n/strings.js';
import { pageUrl } from '../../urls.js';
import { normaliseForSearch } from './catalog-search.js';

/** One dataset in a listing. */
export interface DatasetItem {
  id: string;
  href: string;
  title: string;
  description: string;
  featured: string | null;
  topicKey: string;
  source: string;
  license: string;
  frequency: string;
  span: string;
  series: string;
  updated: string | null;
  /** the language of the title and the description where it is not the page's (a fallback to English) */
  textLangs: { title?: Lang; description?: Lang };
  /** normalised words the filter matches against */
  searchText: string;
}

/** A topic group of datasets. */
export interface TopicGroup {
  key: string;
  name: string;
  blurb: string | null;
  items: DatasetItem[];
}

const OTHER = '_other';

/** A featured dataset's kicker in the page's language: its own label, else its topic's name, never English on a German page. */
function featuredLabel(
  featured: { en: string } & Partial<Record<Lang, string>>,
  topic: ({ en: string } & Partial<Record<Lang, string>>) | null,
  lang: Lang,
): string {
  return featured[lang] ?? topic?.[lang] ?? pickLabel(featured, lang);
}

function buildItem(ds: Dataset, lang: Lang): DatasetItem {
  const m = ds.meta;
  const t = uiStrings(lang);
  const both = (l: { en: string } | null): string[] => (l ? [pickLabel(l, lang), l.en] : []);
  const levelTexts = m.dimensions.flatMap((d) => d.levels.flatMap((l) => both(l.label)));
  const words = [m.id, ...both(m.title), ...both(m.description), ...both(m.source.name), ...both(m.topic?.name ?? null), ...both(m.featured), ...levelTexts];
  return {
    id: m.id,
    href: pageUrl('', lang, { datasetId: m.id }),
    title: pickLabel(m.title, lang),
    description: pickLabel(m.description, lang),
    featured: m.featured ? featuredLabel(m.featured, m.topic?.name ?? null, lang) : null,
    topicKey: m.topic?.key ?? OTHER,
    source: pickLabel(m.source.name, lang),
    license: m.license,
    frequency: formatFrequency(m.frequency, t),
    span: formatSpan(ds.store.start, ds.store.end, m.frequency, lang),
    series: formatCount(t.seriesCount, ds.store.count, lang),
    updated: formatDay(m.updated, lang),
    textLangs: { title: fallbackLang(m.title, lang), description: fallbackLang(m.description, lang) },
    searchText: [...new Set(words.map(normaliseForSearch))].join(' '),
  };
}

const ITEMS = derivedKey<Map<Lang, DatasetItem[]>>('catalog items by language');

/** Every dataset of a snapshot in catalog order, in a language (kept on the snapshot). */
export function buildDatasetItems(snapshot: Snapshot, lang: Lang): DatasetItem[] {
  const byLang = derived(snapshot, ITEMS, () => new Map<Lang, DatasetItem[]>());
  let items = byLang.get(lang);
  if (!items) byLang.set(lang, (items = [...snapshot.datasets.values()].map((ds) => buildItem(ds, lang))));
  return items;
}

/**
 * The datasets by topic: the categories in their order, then topics the
 * vocabulary does not list, then "Other" for datasets without a topic.
 */
export function groupByTopic(snapshot: Snapshot, items: DatasetItem[], lang: Lang): TopicGroup[] {
  const groups = new Map<string, TopicGroup>();
  for (const c of snapshot.categories)
    groups.set(c.key, { key: c.key, name: pickLabel(c.name, lang), blurb: c.blurb ? pickLabel(c.blurb, lang) : null, items: [] });
  for (const item of items) {
    let group = groups.get(item.topicKey);
    if (!group) {
      const topic = snapshot.datasets.get(item.id)?.meta.topic;
      const name = topic ? pickLabel(topic.name, lang) : uiStrings(lang).home.other;
      groups.set(item.topicKey, (group = { key: item.topicKey, name, blurb: null, items: [] }));
    }
    group.items.push(item);
  }
  const other = groups.get(OTHER);
  groups.delete(OTHER);
  return [...groups.values(), ...(other ? [other] : [])].filter((g) => g.items.length > 0);
}
