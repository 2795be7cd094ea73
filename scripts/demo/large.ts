/**
 * `--scale large`: the same format at scale, for benchmarks and load tests.
 * One quarterly cube with `bigCubeSeries` series (default 100,000) takes
 * about 40 % of the observations; the other datasets share the rest with
 * mixed frequencies, one or two dimensions, some hierarchies and some
 * single-series datasets. Rows are streamed to disk as they are generated.
 */
import { join } from 'node:path';
import { L, prepareOutDir, publishDataset, writeJson, type CatalogEntry, type DatasetFiles, type Labels, type Series } from './publish.js';
import { flatDimension, treeDimension, type DimensionJson, type LevelNode } from './dimensions.js';
import { rngFor, uniform, type Rng } from './random.js';
import { roundTo, trendWalk } from './walks.js';
import { lastPeriods, type Frequency } from './time.js';
import { CATEGORIES, LICENSES, SOURCES, catalogSource, metaSource, slug } from './vocabularies.js';
import { FETCHED, LAST } from './small/common.js';

/** Size of the large directory. */
export interface LargeOptions {
  datasets: number;
  observations: number;
  bigCubeSeries: number;
}

/** The default large directory: 200 datasets, about 10 million observations. */
export const LARGE_DEFAULTS: LargeOptions = { datasets: 200, observations: 10_000_000, bigCubeSeries: 100_000 };

const LAST_PERIOD: Record<Frequency, string> = { ...LAST, 'semi-annual': '2025-07-01' };
const MAX_LENGTH: Record<Frequency, number> = { monthly: 360, quarterly: 160, annual: 60, weekly: 520, 'semi-annual': 60 };
const FREQUENCIES: Frequency[] = ['monthly', 'quarterly', 'annual', 'weekly', 'monthly', 'quarterly', 'semi-annual'];
const LICENSE_KEYS = ['demo-open', 'demo-nc', 'cc-by-4.0'];
const SOURCE_KEYS = ['dso', 'dcb', 'dei'] as const;

type Words = [string, string, string, string];
const WORDS: Record<string, { dim: Words; level: Words }> = {
  measure: { dim: ['Measure', 'Messgrösse', 'Mesure', 'Misura'], level: ['Measure', 'Messgrösse', 'Mesure', 'Misura'] },
  region: { dim: ['Region', 'Region', 'Région', 'Regione'], level: ['Region', 'Region', 'Région', 'Regione'] },
  product: { dim: ['Product', 'Produkt', 'Produit', 'Prodotto'], level: ['Product', 'Produkt', 'Produit', 'Prodotto'] },
  item: { dim: ['Item', 'Position', 'Position', 'Posizione'], level: ['Item', 'Position', 'Position', 'Posizione'] },
  group: { dim: ['Group', 'Gruppe', 'Groupe', 'Gruppo'], level: ['Group', 'Gruppe', 'Groupe', 'Gruppo'] },
};

const numbered = (w: Words, n: number): Labels => L(`${w[0]} ${n}`, `${w[1]} ${n}`, `${w[2]} ${n}`, `${w[3]} ${n}`);
const pad = (n: number, count: number) => String(n).padStart(String(count).length, '0');

/** A dimension of `count` numbered levels (codes sort like their numbers); grouped under data-less nodes when asked. */
function numberedDimension(name: string, prefix: string, count: number, grouped: boolean): { json: DimensionJson; codes: string[] } {
  const words = WORDS[name];
  const levels: LevelNode[] = Array.from({ length: count }, (_, i) => ({ code: prefix + pad(i + 1, count), label: numbered(words.level, i + 1) }));
  const codes = levels.map((l) => l.code);
  if (!grouped)
    return {
      json: flatDimension(
        L(...words.dim),
        levels.map((l) => [l.code, l.label]),
      ),
      codes,
    };
  const groups: LevelNode[] = [];
  for (let i = 0; i < count; i += 10) {
    const g = i / 10 + 1;
    groups.push({
      code: `grp_${prefix}${pad(g, Math.ceil(count / 10))}`,
      label: numbered(WORDS.group.level, g),
      data: false,
      children: levels.slice(i, i + 10),
    });
  }
  return { json: treeDimension(L(...words.dim), groups, 'array'), codes };
}

/** Values of one series: a trending walk, a few missing values and, rarely, a gap. */
function seriesValues(rng: Rng, codes: string[], dates: string[]): Series {
  const walk = trendWalk(rng, { length: dates.length, start: uniform(rng, 10, 1000), drift: uniform(rng, -0.002, 0.006), vol: uniform(rng, 0.002, 0.02) });
  const values: (number | null)[] = walk.map((x) => (rng() < 0.002 ? null : roundTo(x, 2)));
  if (dates.length > 2 && rng() < 0.01) {
    const gap = 1 + Math.floor(rng() * (dates.length - 2));
    return { codes, dates: dates.filter((_, i) => i !== gap), values: values.filter((_, i) => i !== gap) };
  }
  return { codes, dates, values };
}

/** Every combination of codes in published order, stopping after `limit`. */
function* combinations(codeLists: string[][], limit: number): Generator<string[]> {
  const index = codeLists.map(() => 0);
  for (let n = 0; n < limit; n++) {
    yield codeLists.map((codes, d) => codes[index[d]]);
    for (let d = codeLists.length - 1; d >= 0; d--) {
      if (++index[d] < codeLists[d].length) break;
      if (d === 0) return;
      index[d] = 0;
    }
  }
}

interface Plan {
  id: string;
  n: number;
  frequency: Frequency;
  dims: { name: string; json: DimensionJson; codes: string[] }[];
  series: number;
  length: number;
}

function filesOf(plan: Plan): DatasetFiles {
  const topic = CATEGORIES[plan.n % CATEGORIES.length];
  const topicKey = topic.key ?? slug(topic.name.en);
  const source = SOURCE_KEYS[plan.n % SOURCE_KEYS.length];
  const license = LICENSE_KEYS[plan.n % LICENSE_KEYS.length];
  const title =
    plan.n === 0
      ? L('Large demo cube', 'Grosser Demo-Würfel', 'Grand cube démo', 'Grande cubo demo')
      : numbered(['Large demo dataset', 'Grosser Demo-Datensatz', 'Grand jeu de données démo', 'Grande set di dati demo'], plan.n);
  const concept = { en: `${topic.name.en} / ${title.en}`, leaf: title };
  const dimOrder = plan.dims.map((d) => d.name);
  const meta = {
    schema_version: '1.1',
    id: plan.id,
    dim_order: dimOrder,
    start: '',
    end: '',
    title,
    source: metaSource(source, plan.id),
    license,
    frequency: plan.frequency,
    dimensions: Object.fromEntries(plan.dims.map((d) => [d.name, d.json])),
    updated: '2025-12-01 08:00',
    topic: { key: topicKey, name: topic.name },
    concept,
    canonical: true,
    ...(dimOrder.length > 0 ? { split: dimOrder[dimOrder.length - 1] } : {}),
    single_select: dimOrder.slice(0, -1),
    default_transform: 'level',
    default: Object.fromEntries(plan.dims.map((d) => [d.name, d.codes[0]])),
    description: L(
      'Synthetic data for load tests.',
      'Synthetische Daten für Lasttests.',
      'Données synthétiques pour les tests de charge.',
      'Dati sintetici per i test di carico.',
    ),
    fetched_utc: FETCHED,
  };
  const catalog = {
    title,
    concept,
    canonical: true,
    featured: null,
    topic: meta.topic,
    source: catalogSource(source),
    license,
    frequency: plan.frequency,
    updated: meta.updated,
    fetched: FETCHED,
  };
  return { id: plan.id, meta, catalog };
}

function* planSeries(plan: Plan): Generator<Series> {
  const dates = lastPeriods(plan.frequency, LAST_PERIOD[plan.frequency], plan.length);
  for (const codes of combinations(
    plan.dims.map((d) => d.codes),
    plan.series,
  )) {
    yield seriesValues(rngFor(plan.id, ...codes), codes, dates);
  }
}

function bigCubePlan(opts: LargeOptions): Plan {
  const n = Math.max(1, opts.bigCubeSeries);
  const measures = Math.min(8, n);
  const regions = Math.min(50, Math.ceil(n / measures));
  const products = Math.ceil(n / (measures * regions));
  const share = opts.datasets > 1 ? 0.4 : 1;
  return {
    id: 'demo_big_cube',
    n: 0,
    frequency: 'quarterly',
    dims: [
      { name: 'measure', ...numberedDimension('measure', 'm', measures, false) },
      { name: 'region', ...numberedDimension('region', 'r', regions, false) },
      { name: 'product', ...numberedDimension('product', 'p', products, true) },
    ],
    series: n,
    length: Math.min(MAX_LENGTH.quarterly, Math.max(2, Math.floor((share * opts.observations) / n))),
  };
}

const isSingle = (n: number) => n % 9 === 4;
const frequencyOf = (n: number) => FREQUENCIES[n % FREQUENCIES.length];

function otherPlan(n: number, budget: number, count: number): Plan {
  const frequency = frequencyOf(n);
  const single = isSingle(n);
  const length = single ? MAX_LENGTH[frequency] : Math.max(2, Math.min(MAX_LENGTH[frequency], budget));
  const series = single ? 1 : Math.max(1, Math.round(budget / length));
  const id = `demo_large_${pad(n, count)}`;
  if (single) return { id, n, frequency, dims: [], series, length };
  if (series <= 60) return { id, n, frequency, dims: [{ name: 'item', ...numberedDimension('item', 'i', series, n % 3 === 0) }], series, length };
  const regions = Math.min(26, Math.ceil(Math.sqrt(series)));
  const items = Math.ceil(series / regions);
  const dims = [
    { name: 'item', ...numberedDimension('item', 'i', items, n % 3 === 0) },
    { name: 'region', ...numberedDimension('region', 'r', regions, false) },
  ];
  return { id, n, frequency, dims, series, length };
}

/** Writes the large directory; returns what it wrote. */
export function generateLarge(outDir: string, opts: LargeOptions): { datasets: number; series: number; observations: number } {
  prepareOutDir(outDir);
  const big = bigCubePlan(opts);
  const numbers = Array.from({ length: Math.max(0, opts.datasets - 1) }, (_, i) => i + 1);
  // Single-series datasets take one full-length series; the others share what is left.
  const singles = numbers.filter(isSingle);
  const singleRows = singles.reduce((sum, n) => sum + MAX_LENGTH[frequencyOf(n)], 0);
  const multi = numbers.length - singles.length;
  const budget = multi > 0 ? Math.max(2, Math.floor((opts.observations - big.series * big.length - singleRows) / multi)) : MAX_LENGTH.monthly;
  const plans = [big, ...numbers.map((n) => otherPlan(n, budget, opts.datasets))];
  const catalog: CatalogEntry[] = [];
  let observations = 0;
  let series = 0;
  for (const plan of plans) {
    let rows = 0;
    const counted = (function* () {
      for (const s of planSeries(plan)) {
        rows += s.dates.length;
        yield s;
      }
    })();
    catalog.push(publishDataset(outDir, filesOf(plan), counted));
    observations += rows;
    series += catalog[catalog.length - 1].n_series as number;
  }
  writeJson(join(outDir, 'catalog.json'), catalog);
  writeJson(join(outDir, 'categories.json'), CATEGORIES);
  writeJson(join(outDir, 'licenses.json'), LICENSES);
  writeJson(join(outDir, 'sources.json'), SOURCES);
  return { datasets: plans.length, series, observations };
}
