/**
 * demo_population: an annual dataset in the older metadata schema (1.0):
 * plain strings for topic, concept and description, a source without key,
 * units in English only, and a year missing in every series (2010, when the
 * census method changed), like the real population file.
 */
import { L, sortSeries, type DatasetFiles, type Series } from '../publish.js';
import { flatDimension, treeDimension } from '../dimensions.js';
import { rngFor, uniform } from '../random.js';
import { roundTo, trendWalk } from '../walks.js';
import { dateAxis } from '../time.js';
import { catalogSource, SOURCES, topicOf } from '../vocabularies.js';
import { FETCHED, LAST, withGap } from './common.js';

const ID = 'demo_population';
const DATES = dateAxis('annual', '1990-01-01', LAST.annual);

/** code, labels, population in 1990 (thousands) */
const REGIONS: [string, [string, string, string, string], number][] = [
  ['lem', ['Lake Geneva region', 'Genferseeregion', 'Région lémanique', 'Regione del Lemano'], 1250],
  ['mit', ['Espace Mittelland', 'Espace Mittelland', 'Espace Mittelland', 'Espace Mittelland'], 1620],
  ['nws', ['Northwestern Switzerland', 'Nordwestschweiz', 'Suisse du Nord-Ouest', 'Svizzera nordoccidentale'], 970],
  ['zh', ['Zurich', 'Zürich', 'Zurich', 'Zurigo'], 1150],
  ['ost', ['Eastern Switzerland', 'Ostschweiz', 'Suisse orientale', 'Svizzera orientale'], 1000],
  ['zen', ['Central Switzerland', 'Zentralschweiz', 'Suisse centrale', 'Svizzera centrale'], 640],
  ['ti', ['Ticino', 'Tessin', 'Tessin', 'Ticino'], 285],
];

const REGION = treeDimension(
  L('Region', 'Region', 'Région', 'Regione'),
  [
    {
      code: 'ch',
      label: L('Demo country', 'Demo-Land', 'Pays démo', 'Paese demo'),
      children: REGIONS.map(([code, label]) => ({ code, label: L(...label) })),
    },
  ],
  'array',
);

const NATIONALITY = flatDimension(L('Nationality', 'Staatsangehörigkeit', 'Nationalité', 'Nazionalità'), [
  ['total', L('Total', 'Total', 'Total', 'Totale')],
  ['native', L('Citizens', 'Staatsangehörige', 'Ressortissants', 'Cittadini')],
  ['foreign', L('Foreign nationals', 'Ausländische Staatsangehörige', 'Ressortissants étrangers', 'Cittadini stranieri')],
]);

function populationSeries(): Series[] {
  const totals = new Map<string, { total: number[]; foreign: number[] }>();
  for (const [code, , start] of REGIONS) {
    const rng = rngFor(ID, code);
    const total = trendWalk(rng, { length: DATES.length, start: start * 1000, drift: uniform(rng, 0.004, 0.012), vol: 0.002 });
    const share = uniform(rng, 0.12, 0.3);
    const foreign = total.map((x, t) => x * (share + 0.0025 * t));
    totals.set(code, { total, foreign });
  }
  const sum = (pick: (p: { total: number[]; foreign: number[] }) => number[]) => DATES.map((_, t) => [...totals.values()].reduce((s, p) => s + pick(p)[t], 0));
  totals.set('ch', { total: sum((p) => p.total), foreign: sum((p) => p.foreign) });
  const series: Series[] = [];
  for (const [region, p] of totals) {
    const rows = { total: p.total, native: p.total.map((x, t) => x - p.foreign[t]), foreign: p.foreign };
    for (const [nat, values] of Object.entries(rows)) {
      series.push(withGap({ codes: [region, nat], dates: DATES, values: values.map((x) => roundTo(x, 0)) }, ['2010-01-01']));
    }
  }
  return sortSeries(series);
}

const TITLE = L('Demo resident population', 'Demo-Wohnbevölkerung', 'Population résidante démo', 'Popolazione residente demo');

/** The files of demo_population. */
export function populationDataset(): { files: DatasetFiles; series: Series[] } {
  const meta = {
    schema_version: '1.0',
    id: ID,
    dim_order: ['region', 'nationality'],
    start: '',
    end: '',
    title: TITLE,
    source: { name: SOURCES.dso.name, url: `${SOURCES.dso.url}/population` },
    license: 'demo-open',
    frequency: 'annual',
    topic: 'Population & demographics',
    units: { en: 'Permanent resident population, persons at year end' },
    dimensions: { region: REGION, nationality: NATIONALITY },
    concept: 'Population & demographics / Resident population',
    canonical: true,
    split: 'region',
    single_select: [],
    default_transform: 'level',
    default: { region: 'ch', nationality: 'total' },
    description:
      'Permanent resident population of a fictional country by region and nationality, at the end of each year. There is no figure for 2010, when the census method changed.',
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: TITLE,
    concept: {
      en: 'Population & demographics / Resident population',
      leaf: L('Resident population', 'Wohnbevölkerung', 'Population résidante', 'Popolazione residente'),
    },
    canonical: true,
    featured: null,
    topic: topicOf('Population & demographics'),
    source: catalogSource('dso'),
    license: 'demo-open',
    frequency: 'annual',
    updated: null,
    fetched: FETCHED,
  };
  return { files: { id: ID, meta, catalog }, series: populationSeries() };
}
