import { writeFileSync } from 'node:fs';
import { mulberry32 } from '../../scripts/demo/random.js';
import { LANGS, type Lang } from '../../src/data/model.js';
import { apiUrl, pageUrl, sitePageUrl, type SelectionRoute, type UrlSelection } from '../../src/urls.js';

/** The kinds of request a realistic mix is made of; each has its own weight and latency figures. */
export const URL_CLASSES = ['series', 'series.csv', 'catalog', 'meta', 'search', 'page', 'chart.svg', 'chart.png'] as const;
export type UrlClass = (typeof URL_CLASSES)[number];

/** Which classes count as API routes (the p99 target applies to them). */
export const API_CLASSES: readonly UrlClass[] = ['series', 'series.csv', 'catalog', 'meta', 'search'];

/** Relative weights of the classes in a mix (need not sum to 1). */
export type Weights = Partial<Record<UrlClass, number>>;

/** Like real traffic: mostly API data, some metadata, search and pages, few images. */
export const REALISTIC: Weights = {
  series: 0.34,
  'series.csv': 0.34,
  catalog: 0.03,
  meta: 0.07,
  search: 0.06,
  page: 0.12,
  'chart.svg': 0.025,
  'chart.png': 0.015,
};

/** Distinct paths per class. */
export type UrlPool = Record<UrlClass, string[]>;

/** What the pool is built from: the catalog, each dataset's dimensions and existing series. */
interface DatasetFacts {
  id: string;
  title: Record<string, string>;
  dimOrder: string[];
  combos: { codes: Record<string, string>; start: string; end: string }[];
}

const TRANSFORMS = ['level', 'level', 'pct', 'yoy', 'diff', 'index'] as const;
const FACTS = new Set(['start', 'end', 'observations', 'missing']);

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Reads the catalog, and the metadata and series of every dataset, from a running server. */
export async function readDatasets(baseUrl: string): Promise<DatasetFacts[]> {
  const catalog = await getJson<{ id: string; title: Record<string, string> }[]>(`${baseUrl}/catalog`);
  const out: DatasetFacts[] = [];
  for (const entry of catalog) {
    const meta = await getJson<{ dim_order: string[] }>(`${baseUrl}/dataset/${entry.id}/meta`);
    const records = await getJson<Record<string, string | number | null>[]>(`${baseUrl}/dataset/${entry.id}/combos`);
    const combos = records
      .filter((r) => typeof r.start === 'string' && typeof r.end === 'string')
      .map((r) => {
        const codes: Record<string, string> = {};
        for (const [key, value] of Object.entries(r)) {
          if (FACTS.has(key)) continue;
          codes[key.startsWith('dim:') ? key.slice(4) : key] = String(value);
        }
        return { codes, start: r.start as string, end: r.end as string };
      });
    out.push({ id: entry.id, title: entry.title, dimOrder: meta.dim_order, combos });
  }
  return out;
}

/** A random selection of one dataset: one series, or several (codes of 2–4 series merged), with a transform and a span. */
function randomSelection(ds: DatasetFacts, random: () => number): UrlSelection {
  const count = ds.combos.length > 1 && random() < 0.35 ? 2 + Math.floor(random() * 3) : 1;
  const dims: Record<string, string[]> = {};
  const first = pick(ds.combos, random);
  for (let i = 0; i < count; i++) {
    const combo = i === 0 ? first : pick(ds.combos, random);
    for (const dim of ds.dimOrder) {
      const code = combo.codes[dim];
      if (code === undefined) continue;
      dims[dim] ??= [];
      if (!dims[dim].includes(code)) dims[dim].push(code);
    }
  }
  const selection: UrlSelection = { datasetId: ds.id, dims, transform: pick(TRANSFORMS, random) };
  const span = random();
  const startYear = Number(first.start.slice(0, 4));
  const endYear = Number(first.end.slice(0, 4));
  if (span < 0.3 && endYear > startYear) selection.from = `${startYear + 1 + Math.floor(random() * (endYear - startYear))}-01-01`;
  else if (span < 0.45) selection.last = 4 + Math.floor(random() * 60);
  return selection;
}

/** Words of the dataset titles in every language (4 letters or more), for /search. */
function searchWords(datasets: DatasetFacts[]): { word: string; lang: Lang }[] {
  const words = new Map<string, Lang>();
  for (const ds of datasets) {
    for (const lang of LANGS) {
      for (const word of (ds.title[lang] ?? '').split(/[^\p{L}\p{N}]+/u)) {
        if (word.length >= 4) words.set(word.toLowerCase(), lang);
      }
    }
  }
  return [...words].map(([word, lang]) => ({ word, lang }));
}

/**
 * Distinct paths per class, seeded: `selections` API selections (each as
 * /series and /series.csv), pages of every dataset in every language plus
 * selections, charts of `charts` selections, and /search of title words.
 */
export function buildPool(datasets: DatasetFacts[], selections: number, charts: number, seed = 7): UrlPool {
  const random = mulberry32(seed);
  const sets = new Map<UrlClass, Set<string>>(URL_CLASSES.map((c) => [c, new Set<string>()]));
  const add = (cls: UrlClass, path: string): void => void sets.get(cls)?.add(path);
  const randomDataset = (): DatasetFacts => pick(datasets, random);
  const api = (route: SelectionRoute, s: UrlSelection, ds: DatasetFacts, extra: [string, string][] = []): string => apiUrl('', route, s, ds.dimOrder, extra);

  add('catalog', '/catalog');
  for (const ds of datasets) {
    add('meta', `/dataset/${ds.id}/meta`);
    for (const lang of LANGS) add('page', pageUrl('', lang, { datasetId: ds.id }));
  }
  for (const lang of LANGS) for (const path of ['/', '/datasets']) add('page', sitePageUrl('', lang, path));
  for (let i = 0; i < selections * 4 && sets.get('series')!.size < selections; i++) {
    const ds = randomDataset();
    const s = randomSelection(ds, random);
    add('series', api('series', s, ds));
    add('series.csv', api('series.csv', randomSelection(ds, random), ds));
    if (i % 4 === 0) add('page', pageUrl('', pick(LANGS, random), s, ds.dimOrder));
  }
  for (let i = 0; i < charts; i++) {
    const ds = randomDataset();
    const s = randomSelection(ds, random);
    const lang: [string, string][] = [['lang', pick(LANGS, random)]];
    add('chart.svg', api('chart.svg', s, ds, lang));
    add('chart.png', api('chart.png', randomSelection(ds, random), ds, lang));
  }
  const words = searchWords(datasets);
  for (const { word, lang } of shuffle(words, random).slice(0, 200)) {
    add('search', `/search?q=${encodeURIComponent(word)}&lang=${lang}`);
    if (random() < 0.2) add('page', `${sitePageUrl('', lang, '/datasets')}?q=${encodeURIComponent(word)}`);
  }
  return Object.fromEntries(URL_CLASSES.map((c) => [c, [...(sets.get(c) ?? [])]])) as UrlPool;
}

/** One line per request: `length` paths drawn from the pool by class weight, each class walked in its own shuffled order. */
export function weightedList(pool: UrlPool, weights: Weights, length: number, seed = 11): { path: string; cls: UrlClass }[] {
  const random = mulberry32(seed);
  const classes = URL_CLASSES.filter((c) => (weights[c] ?? 0) > 0 && pool[c].length > 0);
  const total = classes.reduce((sum, c) => sum + (weights[c] ?? 0), 0);
  const orders = new Map(classes.map((c) => [c, shuffle([...pool[c]], random)]));
  const next = new Map(classes.map((c) => [c, 0]));
  const out: { path: string; cls: UrlClass }[] = [];
  for (let i = 0; i < length; i++) {
    let r = random() * total;
    const cls = classes.find((c) => (r -= weights[c] ?? 0) < 0) ?? classes[classes.length - 1];
    const order = orders.get(cls)!;
    const n = next.get(cls)!;
    out.push({ path: order[n % order.length], cls });
    next.set(cls, n + 1);
  }
  return out;
}

/** Writes the paths of a list, one a line, for wrk's mix script. */
export function writePaths(file: string, list: { path: string }[]): void {
  writeFileSync(file, list.map((x) => x.path).join('\n') + '\n');
}
