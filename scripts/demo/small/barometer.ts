/**
 * demo_barometer: a single-series monthly indicator (no dimensions, CSV
 * `date,value`) like the real KOF barometer: `default: []`, a plain-string
 * `featured`, a category without key, and one missing value.
 */
import { L, type DatasetFiles, type Series } from '../publish.js';
import { rngFor } from '../random.js';
import { cycleWalk, roundTo } from '../walks.js';
import { dateAxis } from '../time.js';
import { catalogSource, metaSource, topicOf } from '../vocabularies.js';
import { FETCHED, LAST, withMissing } from './common.js';

const ID = 'demo_barometer';
const DATES = dateAxis('monthly', '2000-01-01', LAST.monthly);

/** Slumps the barometer went through (points below its cycle). */
const SLUMPS: Record<string, number> = {
  '2008-10-01': 6,
  '2008-11-01': 12,
  '2008-12-01': 17,
  '2009-01-01': 20,
  '2009-02-01': 19,
  '2009-03-01': 16,
  '2009-04-01': 12,
  '2009-05-01': 8,
  '2009-06-01': 4,
  '2020-03-01': 12,
  '2020-04-01': 28,
  '2020-05-01': 24,
  '2020-06-01': 12,
  '2020-07-01': 5,
};

function barometerSeries(): Series[] {
  const rng = rngFor(ID);
  const cycle = cycleWalk(rng, { length: DATES.length, mean: 100, reversion: 0.03, vol: 0.7, noise: 1.5 });
  const values = cycle.map((x, t) => roundTo(x - (SLUMPS[DATES[t]] ?? 0), 2));
  // August 2003 was never published (survey change).
  return [withMissing({ codes: [], dates: DATES, values }, ['2003-08-01'])];
}

const TITLE = L('Demo economic barometer', 'Demo-Konjunkturbarometer', 'Baromètre conjoncturel démo', 'Barometro congiunturale demo');

/** The files of demo_barometer. */
export function barometerDataset(): { files: DatasetFiles; series: Series[] } {
  const concept = {
    en: 'Business cycle & sentiment / Leading barometer',
    leaf: L('Leading barometer', 'Vorlaufendes Barometer', 'Baromètre avancé', 'Barometro anticipatore'),
  };
  const topic = topicOf('Business cycle & sentiment');
  const meta = {
    schema_version: '1.1',
    id: ID,
    dim_order: [],
    start: '',
    end: '',
    title: TITLE,
    source: metaSource('dei', 'barometer'),
    license: 'cc-by-4.0',
    frequency: 'monthly',
    dimensions: {},
    updated: '2025-11-28 09:00',
    topic,
    concept,
    canonical: true,
    featured: 'Barometer',
    single_select: [],
    default_transform: 'level',
    default: [],
    description: L(
      'A fictional leading indicator of the business cycle. Around 100 is average; above 100 signals faster growth in the coming months.',
      'Ein fiktiver vorlaufender Konjunkturindikator. Rund 100 ist der Durchschnitt; darüber deutet auf stärkeres Wachstum in den kommenden Monaten hin.',
      'Un indicateur avancé fictif de la conjoncture. Environ 100 correspond à la moyenne ; au-dessus, il annonce une croissance plus forte dans les mois à venir.',
      'Un indicatore anticipatore fittizio della congiuntura. Circa 100 è la media; sopra 100 segnala una crescita più forte nei prossimi mesi.',
    ),
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: TITLE,
    concept,
    canonical: true,
    featured: L('Barometer', 'Barometer', 'Baromètre', 'Barometro'),
    topic,
    source: catalogSource('dei'),
    license: 'cc-by-4.0',
    frequency: 'monthly',
    updated: meta.updated,
    fetched: FETCHED,
  };
  return { files: { id: ID, meta, catalog }, series: barometerSeries() };
}
