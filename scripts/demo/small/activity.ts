/**
 * demo_activity: a weekly indicator like the real weekly economic activity
 * index: negative values, no `topic` in its metadata (readers take the
 * catalog's), `canonical: false`, one flat dimension.
 */
import { L, type DatasetFiles, type Series } from '../publish.js';
import { flatDimension } from '../dimensions.js';
import { rngFor } from '../random.js';
import { cycleWalk, roundTo } from '../walks.js';
import { dateAxis } from '../time.js';
import { catalogSource, metaSource, topicOf } from '../vocabularies.js';
import { FETCHED, LAST } from './common.js';

const ID = 'demo_activity';
const DATES = dateAxis('weekly', '2021-01-04', LAST.weekly);

const STRUCTURE = flatDimension(L('Component', 'Komponente', 'Composante', 'Componente'), [
  ['total', L('Total activity', 'Gesamtaktivität', 'Activité totale', 'Attività totale')],
  ['consumption', L('Consumption', 'Konsum', 'Consommation', 'Consumi')],
  ['industry', L('Industry', 'Industrie', 'Industrie', 'Industria')],
]);

function activitySeries(): Series[] {
  const parts = ['consumption', 'industry'].map((code) =>
    cycleWalk(rngFor(ID, code), { length: DATES.length, mean: 1.6, reversion: 0.04, vol: 0.15, noise: 0.25 }),
  );
  const total = DATES.map((_, t) => 0.6 * parts[0][t] + 0.4 * parts[1][t]);
  const round = (xs: number[]) => xs.map((x) => roundTo(x, 2));
  return [
    { codes: ['consumption'], dates: DATES, values: round(parts[0]) },
    { codes: ['industry'], dates: DATES, values: round(parts[1]) },
    { codes: ['total'], dates: DATES, values: round(total) },
  ];
}

const TITLE = L(
  'Demo weekly activity index',
  'Demo-Wochenindex der Wirtschaftsaktivität',
  "Indice hebdomadaire d'activité démo",
  'Indice settimanale di attività demo',
);

/** The files of demo_activity. */
export function activityDataset(): { files: DatasetFiles; series: Series[] } {
  const concept = {
    en: 'Business cycle & sentiment / Weekly activity',
    leaf: L('Weekly activity', 'Wöchentliche Aktivität', 'Activité hebdomadaire', 'Attività settimanale'),
  };
  const meta = {
    schema_version: '1.1',
    id: ID,
    dim_order: ['structure'],
    start: '',
    end: '',
    title: TITLE,
    source: metaSource('dei', 'weekly-activity'),
    license: 'cc-by-4.0',
    frequency: 'weekly',
    dimensions: { structure: STRUCTURE },
    units: L('Growth rate, % year on year', 'Wachstumsrate, % gegenüber Vorjahr', 'Taux de croissance, % sur un an', 'Tasso di crescita, % su un anno'),
    updated: '2025-12-09 10:15',
    concept,
    canonical: false,
    split: 'structure',
    single_select: [],
    default_transform: 'level',
    default: { structure: 'total' },
    description: L(
      'Weekly growth of economic activity in a fictional economy, estimated from high-frequency data. Each week is dated by its Monday.',
      'Wöchentliches Wachstum der Wirtschaftsaktivität einer fiktiven Volkswirtschaft, geschätzt aus hochfrequenten Daten. Jede Woche ist mit ihrem Montag datiert.',
      "Croissance hebdomadaire de l'activité d'une économie fictive, estimée à partir de données à haute fréquence. Chaque semaine est datée de son lundi.",
      "Crescita settimanale dell'attività di un'economia fittizia, stimata da dati ad alta frequenza. Ogni settimana è datata dal suo lunedì.",
    ),
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: TITLE,
    concept,
    canonical: false,
    featured: null,
    topic: topicOf('Business cycle & sentiment'),
    source: catalogSource('dei'),
    license: 'cc-by-4.0',
    frequency: 'weekly',
    updated: meta.updated,
    fetched: FETCHED,
  };
  return { files: { id: ID, meta, catalog }, series: activitySeries() };
}
