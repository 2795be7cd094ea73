/**
 * demo_cpi: a monthly price index by item with a deep hierarchy (five
 * levels, 171 series), like the real consumer price index: every node has
 * data, hierarchy leaves are `[]`, aggregates are weighted means of their
 * children, detail starts later than the aggregates, one label lacks Italian.
 */
import { L, sortSeries, type DatasetFiles, type Series } from '../publish.js';
import { flattenTree, treeDimension, type LevelNode } from '../dimensions.js';
import { rngFor, uniform } from '../random.js';
import { applySeasons, roundTo, seasonalEffects, trendWalk } from '../walks.js';
import { dateAxis, periodOfYear } from '../time.js';
import { catalogSource, metaSource, topicOf } from '../vocabularies.js';
import { FETCHED, LAST } from './common.js';
import { CPI_ITEMS } from './cpi-items.js';

const ID = 'demo_cpi';
const DATES = dateAxis('monthly', '2000-01-01', LAST.monthly);
const BASE = '2022-12-01';
/** First published month by depth in the hierarchy: the detail is younger than the aggregates. */
const FIRST_BY_DEPTH = ['2000-01-01', '2000-01-01', '2018-01-01', BASE];

interface Behaviour {
  /** annual inflation */
  inflation: number;
  /** monthly volatility */
  vol: number;
  /** seasonal amplitude */
  season: number;
  /** sensitivity to the 2022 price surge */
  surge: number;
}

/** Behaviour by code prefix; the longest matching prefix wins. */
const BEHAVIOUR: Record<string, Behaviour> = {
  CP0: { inflation: 0.008, vol: 0.003, season: 0.002, surge: 0.6 },
  CP01: { inflation: 0.012, vol: 0.006, season: 0.01, surge: 1.2 },
  CP0116: { inflation: 0.01, vol: 0.015, season: 0.04, surge: 1 },
  CP0117: { inflation: 0.01, vol: 0.015, season: 0.05, surge: 1 },
  CP03: { inflation: -0.005, vol: 0.008, season: 0.06, surge: 0.3 },
  CP04: { inflation: 0.015, vol: 0.002, season: 0, surge: 0.5 },
  CP045: { inflation: 0.02, vol: 0.03, season: 0.01, surge: 3 },
  CP06: { inflation: 0.003, vol: 0.002, season: 0, surge: 0.2 },
  CP07: { inflation: 0.008, vol: 0.012, season: 0.01, surge: 1.5 },
  CP0733: { inflation: 0.01, vol: 0.03, season: 0.12, surge: 1.5 },
  CP08: { inflation: -0.015, vol: 0.005, season: 0, surge: 0 },
  CP091: { inflation: -0.06, vol: 0.01, season: 0.01, surge: 0 },
  CP096: { inflation: 0.01, vol: 0.02, season: 0.1, surge: 0.8 },
  CP10: { inflation: 0.015, vol: 0.001, season: 0, surge: 0.2 },
  CP11: { inflation: 0.016, vol: 0.003, season: 0.005, surge: 0.8 },
  CP112: { inflation: 0.012, vol: 0.01, season: 0.05, surge: 0.8 },
};

function behaviourOf(code: string): Behaviour {
  for (let n = code.length; n >= 3; n--) {
    const b = BEHAVIOUR[code.slice(0, n)];
    if (b) return b;
  }
  return BEHAVIOUR.CP0;
}

function parentOf(code: string): string | null {
  if (code === 'CP00') return null;
  return code.length === 4 ? 'CP00' : code.slice(0, -1);
}

/** The item tree built from the code table. */
function itemTree(): LevelNode[] {
  const nodes = new Map<string, LevelNode>();
  const roots: LevelNode[] = [];
  for (const [code, en, de, fr, it] of CPI_ITEMS) {
    const node: LevelNode = { code, label: L(en, de, fr, it) };
    nodes.set(code, node);
    const parent = parentOf(code);
    if (parent === null) roots.push(node);
    else (nodes.get(parent)!.children ??= []).push(node);
  }
  return roots;
}

/** Extra monthly inflation of the 2021-2023 surge, peaking in 2022. */
function surgeAt(date: string): number {
  if (date < '2021-07-01' || date > '2023-06-01') return 0;
  return date < '2022-10-01' ? 0.003 : -0.0005;
}

function leafIndex(code: string): number[] {
  const b = behaviourOf(code);
  const rng = rngFor(ID, code);
  const walk = trendWalk(rng, { length: DATES.length, start: 100, drift: b.inflation / 12 + uniform(rng, -0.0005, 0.0005), vol: b.vol, momentum: 0.3 });
  let surge = 1;
  const surged = walk.map((x, t) => x * (surge *= 1 + b.surge * surgeAt(DATES[t])));
  return applySeasons(surged, seasonalEffects(rng, 12, b.season), periodOfYear('monthly', DATES[0]));
}

/** Index paths of every item, rebased so that BASE = 100; aggregates are weighted means. */
function itemIndices(nodes: LevelNode[], out: Map<string, number[]>): { path: number[]; weight: number }[] {
  const base = DATES.indexOf(BASE);
  return nodes.map((n) => {
    const kids = n.children?.length ? itemIndices(n.children, out) : null;
    const total = kids ? kids.reduce((s, k) => s + k.weight, 0) : 0;
    const raw = kids ? DATES.map((_, t) => kids.reduce((s, k) => s + k.weight * k.path[t], 0) / total) : leafIndex(n.code);
    const path = raw.map((x) => (x * 100) / raw[base]);
    out.set(n.code, path);
    return { path, weight: uniform(rngFor(ID, n.code, 'weight'), 0.5, 3) };
  });
}

function cpiSeries(tree: LevelNode[]): Series[] {
  const paths = new Map<string, number[]>();
  itemIndices(tree, paths);
  const series = flattenTree(tree).map(({ node, depth }) => {
    const from = DATES.indexOf(FIRST_BY_DEPTH[Math.min(depth, FIRST_BY_DEPTH.length - 1)]);
    return {
      codes: [node.code],
      dates: DATES.slice(from),
      values: paths
        .get(node.code)!
        .slice(from)
        .map((x) => roundTo(x, 2)),
    };
  });
  return sortSeries(series);
}

const TITLE = L('Demo consumer prices', 'Demo-Konsumentenpreise', 'Prix à la consommation démo', 'Prezzi al consumo demo');

/** The files of demo_cpi. */
export function cpiDataset(): { files: DatasetFiles; series: Series[] } {
  const tree = itemTree();
  const concept = { en: 'Prices / Demo consumer prices', leaf: L('Consumer prices', 'Konsumentenpreise', 'Prix à la consommation', 'Prezzi al consumo') };
  const topic = topicOf('Prices');
  const meta = {
    schema_version: '1.1',
    id: ID,
    dim_order: ['item'],
    start: '',
    end: '',
    title: TITLE,
    source: metaSource('dso', 'consumer-prices'),
    license: 'demo-open',
    frequency: 'monthly',
    dimensions: { item: treeDimension(L('Item', 'Position', 'Position', 'Posizione'), tree, 'array') },
    units: L('Index, December 2022 = 100', 'Index, Dezember 2022 = 100', 'Indice, décembre 2022 = 100', 'Indice, dicembre 2022 = 100'),
    updated: '2025-12-02 08:30',
    topic,
    concept,
    canonical: true,
    featured: 'Inflation',
    split: 'item',
    single_select: [],
    default_transform: 'yoy',
    default: { item: 'CP00' },
    description: L(
      'A fictional consumer price index with its full basket: twelve divisions down to single items. Aggregates from 2000, detail from December 2022.',
      'Ein fiktiver Konsumentenpreisindex mit dem ganzen Warenkorb: zwölf Hauptgruppen bis zu einzelnen Positionen. Aggregate ab 2000, Details ab Dezember 2022.',
      "Un indice fictif des prix à la consommation avec tout son panier : douze groupes principaux jusqu'aux positions détaillées. Agrégats dès 2000, détail dès décembre 2022.",
      'Un indice fittizio dei prezzi al consumo con il paniere completo: dodici gruppi principali fino alle singole posizioni. Aggregati dal 2000, dettaglio da dicembre 2022.',
    ),
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: TITLE,
    concept,
    canonical: true,
    featured: L('Inflation', 'Teuerung', 'Inflation', 'Inflazione'),
    topic,
    source: catalogSource('dso'),
    license: 'demo-open',
    frequency: 'monthly',
    updated: meta.updated,
    fetched: FETCHED,
  };
  return { files: { id: ID, meta, catalog }, series: cpiSeries(tree) };
}
