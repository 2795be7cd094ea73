/**
 * demo_gdp: the quarterly three-dimension cube (valuation × component ×
 * adjustment), shaped like the real GDP and consumer-confidence files:
 * a component hierarchy with grouping levels (`data: false`, listed last),
 * units keyed by the valuation, split/single_select/default, a sparse cube
 * (no unadjusted figures for the service branches) and one missing value.
 */
import { L, sortSeries, type DatasetFiles, type Series } from '../publish.js';
import { flatDimension, flattenTree, treeDimension, type LevelNode } from '../dimensions.js';
import { rngFor, uniform } from '../random.js';
import { applySeasons, roundTo, seasonalEffects, trendWalk } from '../walks.js';
import { dateAxis, periodOfYear } from '../time.js';
import { catalogSource, metaSource, topicOf } from '../vocabularies.js';
import { FETCHED, LAST, withMissing } from './common.js';

const ID = 'demo_gdp';
const DATES = dateAxis('quarterly', '2010-01-01', LAST.quarterly);
/** Quarterly GDP in 2010, CHF million. */
const GDP_2010 = 150_000;

interface Component extends LevelNode {
  /** share of GDP at the start (leaves only) */
  share?: number;
  /** depth of the 2020 dip (leaves only) */
  dip?: number;
  /** a total that equals its first child only (GDP = production side; expenditure is not reconciled) */
  firstChildOnly?: boolean;
  children?: Component[];
}

const c = (code: string, label: [string, string, string, string], share?: number, dip = 0.03): Component => ({
  code,
  label: L(...label),
  share,
  dip,
});

const STRUCTURE: Component[] = [
  {
    ...c('gdp', ['Gross domestic product', 'Bruttoinlandprodukt', 'Produit intérieur brut', 'Prodotto interno lordo']),
    firstChildOnly: true,
    children: [
      {
        ...c('grp_production', ['Production approach', 'Produktionsansatz', 'Optique de la production', 'Approccio della produzione']),
        data: false,
        children: [
          {
            ...c('gva', ['Gross value added', 'Bruttowertschöpfung', 'Valeur ajoutée brute', 'Valore aggiunto lordo']),
            children: [
              c('agric', ['Agriculture and forestry', 'Land- und Forstwirtschaft', 'Agriculture et sylviculture', 'Agricoltura e silvicoltura'], 0.007, 0),
              {
                ...c('industry', ['Industry', 'Industrie', 'Industrie', 'Industria']),
                children: [
                  c('manu', ['Manufacturing', 'Verarbeitendes Gewerbe', 'Industrie manufacturière', 'Attività manifatturiere'], 0.19, 0.07),
                  c('constr', ['Construction', 'Baugewerbe', 'Construction', 'Costruzioni'], 0.05, 0.05),
                ],
              },
              {
                ...c('services', ['Services', 'Dienstleistungen', 'Services', 'Servizi']),
                children: [
                  c('trade', ['Trade', 'Handel', 'Commerce', 'Commercio'], 0.17, 0.09),
                  c('finance', ['Financial services', 'Finanzdienstleistungen', 'Services financiers', 'Servizi finanziari'], 0.1, 0.01),
                  c('public', ['Public administration', 'Öffentliche Verwaltung', 'Administration publique', 'Amministrazione pubblica'], 0.12, 0),
                  c('other_serv', ['Other services', 'Übrige Dienstleistungen', 'Autres services', 'Altri servizi'], 0.3, 0.12),
                ],
              },
            ],
          },
          c(
            'taxes',
            [
              'Taxes less subsidies on products',
              'Gütersteuern abzüglich Gütersubventionen',
              'Impôts sur les produits moins subventions',
              'Imposte sui prodotti al netto dei contributi',
            ],
            0.03,
            0.05,
          ),
        ],
      },
      {
        ...c('grp_expenditure', ['Expenditure approach', 'Verwendungsansatz', 'Optique de la dépense', 'Approccio della spesa']),
        data: false,
        children: [
          {
            ...c('cons', ['Final consumption', 'Konsum', 'Consommation finale', 'Consumi finali']),
            children: [
              c(
                'cons_hh',
                ['Household consumption', 'Konsum der privaten Haushalte', 'Consommation des ménages', 'Consumi delle economie domestiche'],
                0.52,
                0.09,
              ),
              c(
                'cons_gov',
                ['Government consumption', 'Konsum des Staates', 'Consommation des administrations publiques', 'Consumi delle amministrazioni pubbliche'],
                0.12,
                0,
              ),
            ],
          },
          c('gfcf', ['Gross fixed capital formation', 'Bruttoanlageinvestitionen', 'Formation brute de capital fixe', 'Investimenti fissi lordi'], 0.25, 0.08),
          c(
            'exports',
            ['Exports of goods and services', 'Exporte von Waren und Dienstleistungen', 'Exportations de biens et services', 'Esportazioni di beni e servizi'],
            0.66,
            0.12,
          ),
          c(
            'imports',
            ['Imports of goods and services', 'Importe von Waren und Dienstleistungen', 'Importations de biens et services', 'Importazioni di beni e servizi'],
            0.56,
            0.1,
          ),
        ],
      },
    ],
  },
];

/** Branches published only seasonally adjusted: the cube is sparse. */
const ADJUSTED_ONLY = new Set(['trade', 'finance', 'public', 'other_serv']);
const COVID: Record<string, number> = { '2020-04-01': 1, '2020-07-01': 0.4, '2020-10-01': 0.25, '2021-01-01': 0.2 };

type Paths = Record<'nom' | 'real', Record<'csa' | 'nsa', number[]>>;

function leafPaths(node: Component): Paths {
  const rng = rngFor(ID, node.code);
  const real = trendWalk(rng, { length: DATES.length, start: GDP_2010 * (node.share ?? 0), drift: uniform(rng, 0.002, 0.006), vol: 0.006 }).map(
    (x, t) => x * (1 - (node.dip ?? 0) * (COVID[DATES[t]] ?? 0)),
  );
  const deflator = trendWalk(rng, { length: DATES.length, start: 1, drift: uniform(rng, 0.0005, 0.003), vol: 0.002 });
  const at2020 = DATES.flatMap((d, t) => (d.startsWith('2020') ? [deflator[t]] : []));
  const base = at2020.reduce((a, b) => a + b, 0) / at2020.length;
  const nom = real.map((x, t) => (x * deflator[t]) / base);
  const seasons = seasonalEffects(rng, 4, uniform(rng, 0.01, 0.04));
  const first = periodOfYear('quarterly', DATES[0]);
  return {
    nom: { csa: nom, nsa: applySeasons(nom, seasons, first) },
    real: { csa: real, nsa: applySeasons(real, seasons, first) },
  };
}

function sumPaths(parts: Paths[]): Paths {
  const add = (pick: (p: Paths) => number[]) => DATES.map((_, t) => parts.reduce((s, p) => s + pick(p)[t], 0));
  return {
    nom: { csa: add((p) => p.nom.csa), nsa: add((p) => p.nom.nsa) },
    real: { csa: add((p) => p.real.csa), nsa: add((p) => p.real.nsa) },
  };
}

/** Paths of every component: leaves walk, parents are the sum of their children. */
function componentPaths(nodes: Component[], out: Map<string, Paths>): Paths[] {
  return nodes.map((n) => {
    const children = n.children?.length ? componentPaths(n.children, out) : null;
    const paths = children ? sumPaths(n.firstChildOnly ? children.slice(0, 1) : children) : leafPaths(n);
    out.set(n.code, paths);
    return paths;
  });
}

function gdpSeries(): Series[] {
  const paths = new Map<string, Paths>();
  componentPaths(STRUCTURE, paths);
  const series: Series[] = [];
  for (const { node } of flattenTree(STRUCTURE)) {
    if (node.data === false) continue;
    for (const type of ['nom', 'real'] as const) {
      for (const adj of ['csa', 'nsa'] as const) {
        if (adj === 'nsa' && ADJUSTED_ONLY.has(node.code)) continue;
        const values = paths.get(node.code)![type][adj].map((x) => roundTo(x, 1));
        series.push({ codes: [type, node.code, adj], dates: DATES, values });
      }
    }
  }
  // The latest unadjusted agricultural figure is not yet available in the source.
  return sortSeries(series).map((s) => (s.codes.join() === 'real,agric,nsa' ? withMissing(s, [LAST.quarterly]) : s));
}

const TITLE = L('Demo gross domestic product', 'Demo-Bruttoinlandprodukt', 'Produit intérieur brut démo', 'Prodotto interno lordo demo');

/** The files of demo_gdp. */
export function gdpDataset(): { files: DatasetFiles; series: Series[] } {
  const concept = { en: 'National accounts / Demo GDP', leaf: L('Demo GDP', 'Demo-BIP', 'PIB démo', 'PIL demo') };
  const topic = topicOf('National accounts');
  const featured = L('GDP', 'BIP', 'PIB', 'PIL');
  const meta = {
    schema_version: '1.1',
    id: ID,
    dim_order: ['type', 'structure', 'seas_adj'],
    start: '',
    end: '',
    title: TITLE,
    source: metaSource('dso', 'national-accounts'),
    license: 'demo-open',
    frequency: 'quarterly',
    dimensions: {
      type: flatDimension(L('Valuation', 'Bewertung', 'Évaluation', 'Valutazione'), [
        ['nom', L('Nominal, current prices', 'Nominal, zu laufenden Preisen', 'Nominal, aux prix courants', 'Nominale, a prezzi correnti')],
        ['real', L('Real, chained volumes', 'Real, verkettete Volumen', 'Réel, volumes chaînés', 'Reale, volumi concatenati')],
      ]),
      structure: treeDimension(L('Component', 'Komponente', 'Composante', 'Componente'), STRUCTURE, 'object', true),
      seas_adj: flatDimension(L('Seasonal adjustment', 'Saisonbereinigung', 'Désaisonnalisation', 'Destagionalizzazione'), [
        [
          'csa',
          L(
            'Seasonally and calendar adjusted',
            'Saison- und kalenderbereinigt',
            'Corrigé des variations saisonnières et des effets de calendrier',
            'Destagionalizzato e corretto per gli effetti di calendario',
          ),
        ],
        ['nsa', L('Not adjusted', 'Unbereinigt', 'Non corrigé', 'Non destagionalizzato')],
      ]),
    },
    units: {
      nom: L('CHF million, current prices', 'Mio. CHF, zu laufenden Preisen', 'Millions de CHF, aux prix courants', 'Milioni di CHF, a prezzi correnti'),
      real: L(
        'CHF million, chained volumes, reference year 2020',
        'Mio. CHF, verkettete Volumen, Referenzjahr 2020',
        'Millions de CHF, volumes chaînés, année de référence 2020',
        'Milioni di CHF, volumi concatenati, anno di riferimento 2020',
      ),
    },
    updated: '2025-11-28 07:45:00',
    notes: L(
      'Synthetic data for demonstration. Production and expenditure approach; the two approaches are not reconciled.',
      'Synthetische Daten zu Demonstrationszwecken. Produktions- und Verwendungsansatz; die beiden Ansätze sind nicht abgestimmt.',
      'Données synthétiques à des fins de démonstration. Optiques de la production et de la dépense, non réconciliées.',
      'Dati sintetici a scopo dimostrativo. Approcci della produzione e della spesa, non riconciliati.',
    ),
    topic,
    concept,
    canonical: true,
    featured,
    split: 'structure',
    single_select: ['type', 'seas_adj'],
    default_transform: 'level',
    default: { structure: 'gdp', type: 'real', seas_adj: 'csa' },
    description: L(
      'Quarterly output of a fictional economy by branch and by use, nominal and real, adjusted and unadjusted.',
      'Vierteljährliche Wirtschaftsleistung einer fiktiven Volkswirtschaft nach Branchen und Verwendung, nominal und real, bereinigt und unbereinigt.',
      "Production trimestrielle d'une économie fictive par branche et par utilisation, nominale et réelle, corrigée et non corrigée.",
      "Produzione trimestrale di un'economia fittizia per ramo e per impiego, nominale e reale, destagionalizzata e grezza.",
    ),
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: TITLE,
    concept,
    canonical: true,
    featured,
    topic,
    source: catalogSource('dso'),
    license: 'demo-open',
    frequency: 'quarterly',
    updated: meta.updated,
    fetched: FETCHED,
  };
  return { files: { id: ID, meta, catalog }, series: gdpSeries() };
}
