/**
 * The words of the dataset page's Compare card (series of other datasets on
 * the same chart), written by hand in each language. `{…}` are filled by
 * `fillTemplate`. Pure data: `client/` bundles it.
 */
import type { Lang } from '../data/model.js';

/** Why a compared series was left out of a page (src/selection/compare.ts reads them; the words are here). */
export type CompareDropReason = 'malformed' | 'too_many' | 'duplicate' | 'unknown_dataset' | 'bad_selection' | 'no_series';

/** What the Compare card says. */
export interface CompareWords {
  heading: string;
  intro: string;
  searchLabel: string;
  searchPlaceholder: string;
  /** the remove button's accessible name: `{series}` */
  remove: string;
  removeShort: string;
  openPage: string;
  /** the period and transform apply to every series */
  sharedNote: string;
  /** left and right axis: `{left}`, `{right}` */
  twoUnits: string;
  /** three units or more on one axis: `{units}` */
  manyUnits: string;
  /** `{frequencies}` */
  frequencies: string;
  /** a series whose dataset states no unit */
  noUnit: string;
  downloadHeading: string;
  /** why a compared series was left out: `{value}` */
  dropped: Record<CompareDropReason, string>;
  /** the cap: `{max}` */
  max: string;
}

const EN: CompareWords = {
  heading: 'Compare',
  intro: 'Add a series from another dataset to this chart.',
  searchLabel: 'Search a series to add',
  searchPlaceholder: 'e.g. unemployment, Preise, chômage',
  remove: 'Remove {series} from the chart',
  removeShort: 'Remove',
  openPage: 'Open its page',
  sharedNote: 'The period and the transform apply to every series.',
  twoUnits: 'Different units: left axis {left}, right axis {right}.',
  manyUnits: 'Different units on one axis: {units}.',
  frequencies: 'Different frequencies: {frequencies}.',
  noUnit: 'no unit given',
  downloadHeading: 'Compared series',
  dropped: {
    malformed: "Left out '{value}': it is not a dataset and its codes.",
    too_many: "Left out '{value}': a chart compares at most {max} series of other datasets.",
    duplicate: "Left out '{value}': it is already on the chart.",
    unknown_dataset: "Left out '{value}': there is no such dataset.",
    bad_selection: "Left out '{value}': the dataset has no such dimension or code.",
    no_series: "Left out '{value}': no series matches.",
  },
  max: 'At most {max} compared series.',
};

const DE: CompareWords = {
  heading: 'Vergleichen',
  intro: 'Fügen Sie dieser Grafik eine Reihe aus einem anderen Datensatz hinzu.',
  searchLabel: 'Reihe zum Hinzufügen suchen',
  searchPlaceholder: 'z. B. Arbeitslosigkeit, prices, chômage',
  remove: '{series} aus der Grafik entfernen',
  removeShort: 'Entfernen',
  openPage: 'Seite öffnen',
  sharedNote: 'Zeitraum und Transformation gelten für alle Reihen.',
  twoUnits: 'Unterschiedliche Einheiten: linke Achse {left}, rechte Achse {right}.',
  manyUnits: 'Unterschiedliche Einheiten auf einer Achse: {units}.',
  frequencies: 'Unterschiedliche Frequenzen: {frequencies}.',
  noUnit: 'Einheit nicht angegeben',
  downloadHeading: 'Verglichene Reihen',
  dropped: {
    malformed: '«{value}» weggelassen: kein Datensatz mit Codes.',
    too_many: '«{value}» weggelassen: eine Grafik vergleicht höchstens {max} Reihen anderer Datensätze.',
    duplicate: '«{value}» weggelassen: bereits in der Grafik.',
    unknown_dataset: '«{value}» weggelassen: diesen Datensatz gibt es nicht.',
    bad_selection: '«{value}» weggelassen: der Datensatz hat diese Dimension oder diesen Code nicht.',
    no_series: '«{value}» weggelassen: keine Reihe passt.',
  },
  max: 'Höchstens {max} verglichene Reihen.',
};

const FR: CompareWords = {
  heading: 'Comparer',
  intro: 'Ajoutez à ce graphique une série d’un autre jeu de données.',
  searchLabel: 'Chercher une série à ajouter',
  searchPlaceholder: 'p. ex. chômage, Preise, unemployment',
  remove: 'Retirer {series} du graphique',
  removeShort: 'Retirer',
  openPage: 'Ouvrir sa page',
  sharedNote: 'La période et la transformation s’appliquent à toutes les séries.',
  twoUnits: 'Unités différentes : axe de gauche {left}, axe de droite {right}.',
  manyUnits: 'Unités différentes sur un même axe : {units}.',
  frequencies: 'Fréquences différentes : {frequencies}.',
  noUnit: 'unité non indiquée',
  downloadHeading: 'Séries comparées',
  dropped: {
    malformed: '« {value} » omis : ce n’est pas un jeu de données suivi de ses codes.',
    too_many: '« {value} » omis : un graphique compare au plus {max} séries d’autres jeux de données.',
    duplicate: '« {value} » omis : déjà dans le graphique.',
    unknown_dataset: '« {value} » omis : ce jeu de données n’existe pas.',
    bad_selection: '« {value} » omis : le jeu de données n’a pas cette dimension ou ce code.',
    no_series: '« {value} » omis : aucune série ne correspond.',
  },
  max: 'Au plus {max} séries comparées.',
};

const IT: CompareWords = {
  heading: 'Confrontare',
  intro: 'Aggiunga a questo grafico una serie di un altro set di dati.',
  searchLabel: 'Cercare una serie da aggiungere',
  searchPlaceholder: 'p. es. disoccupazione, Preise, chômage',
  remove: 'Togliere {series} dal grafico',
  removeShort: 'Togliere',
  openPage: 'Aprire la sua pagina',
  sharedNote: 'Il periodo e la trasformazione valgono per tutte le serie.',
  twoUnits: 'Unità diverse: asse sinistro {left}, asse destro {right}.',
  manyUnits: 'Unità diverse su un solo asse: {units}.',
  frequencies: 'Frequenze diverse: {frequencies}.',
  noUnit: 'unità non indicata',
  downloadHeading: 'Serie confrontate',
  dropped: {
    malformed: '«{value}» omesso: non è un set di dati con i suoi codici.',
    too_many: '«{value}» omesso: un grafico confronta al massimo {max} serie di altri set di dati.',
    duplicate: '«{value}» omesso: è già nel grafico.',
    unknown_dataset: '«{value}» omesso: questo set di dati non esiste.',
    bad_selection: '«{value}» omesso: il set di dati non ha questa dimensione o questo codice.',
    no_series: '«{value}» omesso: nessuna serie corrisponde.',
  },
  max: 'Al massimo {max} serie confrontate.',
};

const WORDS: Record<Lang, CompareWords> = { en: EN, de: DE, fr: FR, it: IT };

/** The Compare card's words in a language. */
export function compareWords(lang: Lang): CompareWords {
  return WORDS[lang];
}
