/**
 * demo_labour: a monthly labour market cube (indicator × sex) with mixed
 * units keyed by the indicator, `percent_levels` for the rates, grouping
 * levels whose hierarchy leaves are `null`, `single_select` as a plain
 * string, a plain-string topic and description, a sparse cube (vacancies
 * only in total), a gap (no vacancy survey in April 2020), a missing value,
 * and one level label without Italian.
 */
import { L, sortSeries, type DatasetFiles, type Series } from '../publish.js';
import { flatDimension, treeDimension } from '../dimensions.js';
import { rngFor } from '../random.js';
import { roundTo, seasonalEffects, cycleWalk, trendWalk } from '../walks.js';
import { dateAxis, periodOfYear } from '../time.js';
import { catalogSource, metaSource, topicOf } from '../vocabularies.js';
import { FETCHED, LAST, withGap, withMissing } from './common.js';

const ID = 'demo_labour';
const DATES = dateAxis('monthly', '2016-01-01', LAST.monthly);

const INDICATOR = treeDimension(
  L('Indicator', 'Indikator', 'Indicateur', 'Indicatore'),
  [
    {
      code: 'grp_persons',
      label: L('Persons', 'Personen', 'Personnes', 'Persone'),
      data: false,
      children: [
        { code: 'employed', label: L('Employed persons', 'Erwerbstätige', 'Personnes actives occupées', 'Occupati') },
        { code: 'unemployed', label: L('Unemployed persons', 'Erwerbslose', 'Personnes sans emploi', 'Disoccupati') },
      ],
    },
    {
      code: 'grp_rates',
      label: L('Rates', 'Quoten', 'Taux', 'Tassi'),
      data: false,
      children: [
        { code: 'unemp_rate', label: L('Unemployment rate', 'Erwerbslosenquote', 'Taux de chômage', 'Tasso di disoccupazione') },
        { code: 'part_rate', label: L('Participation rate', 'Erwerbsquote', "Taux d'activité") },
      ],
    },
    { code: 'vacancies', label: L('Job vacancies', 'Offene Stellen', 'Postes vacants', 'Posti vacanti') },
  ],
  'null',
);

const SEX = flatDimension(L('Sex', 'Geschlecht', 'Sexe', 'Sesso'), [
  ['total', L('Total', 'Total', 'Total', 'Totale')],
  ['women', L('Women', 'Frauen', 'Femmes', 'Donne')],
  ['men', L('Men', 'Männer', 'Hommes', 'Uomini')],
]);

/** Extra unemployment (percentage points) in the 2020 downturn. */
function downturn(date: string): number {
  if (date < '2020-04-01' || date > '2021-12-01') return 0;
  return date < '2020-10-01' ? 1.4 : date < '2021-06-01' ? 0.9 : 0.4;
}

interface SexPaths {
  force: number[];
  unemployed: number[];
  population: number[];
}

function sexPaths(sex: 'women' | 'men', force: number, rate: number, population: number): SexPaths {
  const rng = rngFor(ID, sex);
  const seasons = seasonalEffects(rng, 12, 0.25);
  const first = periodOfYear('monthly', DATES[0]);
  const rates = cycleWalk(rng, { length: DATES.length, mean: rate, reversion: 0.02, vol: 0.05 }).map(
    (r, t) => r + downturn(DATES[t]) + seasons[(first + t) % 12],
  );
  const forcePath = trendWalk(rng, { length: DATES.length, start: force, drift: 0.0008, vol: 0.001 });
  return {
    force: forcePath,
    unemployed: forcePath.map((f, t) => (f * rates[t]) / 100),
    population: trendWalk(rng, { length: DATES.length, start: population, drift: 0.0006, vol: 0.0003 }),
  };
}

function labourSeries(): Series[] {
  const women = sexPaths('women', 2300, 4.9, 3600);
  const men = sexPaths('men', 2650, 4.3, 3500);
  const total: SexPaths = {
    force: women.force.map((x, t) => x + men.force[t]),
    unemployed: women.unemployed.map((x, t) => x + men.unemployed[t]),
    population: women.population.map((x, t) => x + men.population[t]),
  };
  const series: Series[] = [];
  const add = (indicator: string, sex: string, values: number[], decimals: number) =>
    series.push({ codes: [indicator, sex], dates: DATES, values: values.map((x) => roundTo(x, decimals)) });
  for (const [sex, p] of [
    ['total', total],
    ['women', women],
    ['men', men],
  ] as const) {
    add(
      'employed',
      sex,
      p.force.map((f, t) => f - p.unemployed[t]),
      1,
    );
    add('unemployed', sex, p.unemployed, 1);
    add(
      'unemp_rate',
      sex,
      p.unemployed.map((u, t) => (100 * u) / p.force[t]),
      2,
    );
    add(
      'part_rate',
      sex,
      p.force.map((f, t) => (100 * f) / p.population[t]),
      2,
    );
  }
  const rng = rngFor(ID, 'vacancies');
  const vacancySeasons = seasonalEffects(rng, 12, 0.04);
  add(
    'vacancies',
    'total',
    total.unemployed.map((u, t) => (9_000_000 / u) * (1 + vacancySeasons[t % 12])),
    0,
  );
  return sortSeries(series).map((s) => {
    const key = s.codes.join();
    // The vacancy survey was suspended in April 2020; one monthly rate was withheld.
    if (key === 'vacancies,total') return withGap(s, ['2020-04-01']);
    return key === 'unemp_rate,women' ? withMissing(s, ['2019-03-01']) : s;
  });
}

const TITLE = L('Demo labour market', 'Demo-Arbeitsmarkt', 'Marché du travail démo', 'Mercato del lavoro demo');

/** The files of demo_labour. */
export function labourDataset(): { files: DatasetFiles; series: Series[] } {
  const concept = { en: 'Labour / Demo labour market', leaf: L('Labour market', 'Arbeitsmarkt', 'Marché du travail', 'Mercato del lavoro') };
  const persons = L('Persons, thousands', 'Personen, in Tausend', 'Personnes, en milliers', 'Persone, in migliaia');
  const percent = L('Percent', 'Prozent', 'Pour cent', 'Percento');
  const meta = {
    schema_version: '1.1',
    id: ID,
    dim_order: ['indicator', 'sex'],
    start: '',
    end: '',
    title: TITLE,
    source: metaSource('dso', 'labour-force-survey'),
    license: 'demo-open',
    frequency: 'monthly',
    dimensions: { indicator: INDICATOR, sex: SEX },
    units: {
      employed: persons,
      unemployed: persons,
      unemp_rate: percent,
      part_rate: percent,
      vacancies: L('Number of vacancies', 'Anzahl offene Stellen', 'Nombre de postes vacants', 'Numero di posti vacanti'),
    },
    updated: '2025-12-05 09:00',
    topic: 'Labour',
    concept,
    canonical: true,
    split: 'indicator',
    single_select: 'sex',
    default_transform: 'level',
    percent_levels: ['unemp_rate', 'part_rate'],
    default: { indicator: 'unemp_rate', sex: 'total' },
    description:
      'Employment, unemployment and vacancies of a fictional labour market, monthly and not seasonally adjusted. Rates are in percent of the labour force and of the working-age population.',
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: TITLE,
    concept,
    canonical: true,
    featured: null,
    topic: topicOf('Labour'),
    source: catalogSource('dso'),
    license: 'demo-open',
    frequency: 'monthly',
    updated: meta.updated,
    fetched: FETCHED,
  };
  return { files: { id: ID, meta, catalog }, series: labourSeries() };
}
