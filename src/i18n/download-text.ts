/**
 * The words of a download's metadata (the xlsx metadata sheet, a README), in
 * the four languages, written by hand; English is the reference.
 */
import type { Lang } from '../data/model.js';

/** The fields of a download's metadata. */
export type FieldKey =
  | 'title'
  | 'dataset'
  | 'description'
  | 'source'
  | 'source_url'
  | 'license'
  | 'license_url'
  | 'units'
  | 'frequency'
  | 'aggregation'
  | 'dims'
  | 'from'
  | 'to'
  | 'last'
  | 'transform'
  | 'base'
  | 'series'
  | 'observations'
  | 'csv_url'
  | 'json_url'
  | 'xlsx_url'
  | 'page_url'
  | 'updated'
  | 'fetched'
  | 'version'
  | 'citation';

/** Field names per language (hand-written; English is the reference). */
export const FIELD_NAMES: Record<Lang, Record<FieldKey, string>> = {
  en: {
    title: 'Title',
    dataset: 'Dataset',
    description: 'Description',
    source: 'Source',
    source_url: 'Source URL',
    license: 'License',
    license_url: 'License URL',
    units: 'Units',
    frequency: 'Frequency',
    aggregation: 'Aggregation',
    dims: 'Selection (dims)',
    from: 'From',
    to: 'To',
    last: 'Last observations',
    transform: 'Transform',
    base: 'Index base date',
    series: 'Series',
    observations: 'Observations',
    csv_url: 'CSV of this selection',
    json_url: 'JSON of this selection',
    xlsx_url: 'This file',
    page_url: 'Web page of this selection',
    updated: 'Last updated by the source',
    fetched: 'Retrieved from the source',
    version: 'Data version',
    citation: 'Citation',
  },
  de: {
    title: 'Titel',
    dataset: 'Datensatz',
    description: 'Beschreibung',
    source: 'Quelle',
    source_url: 'URL der Quelle',
    license: 'Lizenz',
    license_url: 'URL der Lizenz',
    units: 'Einheiten',
    frequency: 'Frequenz',
    aggregation: 'Aggregation',
    dims: 'Auswahl (dims)',
    from: 'Von',
    to: 'Bis',
    last: 'Letzte Beobachtungen',
    transform: 'Transformation',
    base: 'Basisdatum des Index',
    series: 'Reihen',
    observations: 'Beobachtungen',
    csv_url: 'CSV dieser Auswahl',
    json_url: 'JSON dieser Auswahl',
    xlsx_url: 'Diese Datei',
    page_url: 'Webseite dieser Auswahl',
    updated: 'Zuletzt aktualisiert von der Quelle',
    fetched: 'Von der Quelle abgerufen',
    version: 'Datenversion',
    citation: 'Zitiervorschlag',
  },
  fr: {
    title: 'Titre',
    dataset: 'Jeu de données',
    description: 'Description',
    source: 'Source',
    source_url: 'URL de la source',
    license: 'Licence',
    license_url: 'URL de la licence',
    units: 'Unités',
    frequency: 'Fréquence',
    aggregation: 'Agrégation',
    dims: 'Sélection (dims)',
    from: 'Du',
    to: 'Au',
    last: 'Dernières observations',
    transform: 'Transformation',
    base: "Date de base de l'indice",
    series: 'Séries',
    observations: 'Observations',
    csv_url: 'CSV de cette sélection',
    json_url: 'JSON de cette sélection',
    xlsx_url: 'Ce fichier',
    page_url: 'Page web de cette sélection',
    updated: 'Dernière mise à jour par la source',
    fetched: 'Récupéré auprès de la source',
    version: 'Version des données',
    citation: 'Citation',
  },
  it: {
    title: 'Titolo',
    dataset: 'Set di dati',
    description: 'Descrizione',
    source: 'Fonte',
    source_url: 'URL della fonte',
    license: 'Licenza',
    license_url: 'URL della licenza',
    units: 'Unità',
    frequency: 'Frequenza',
    aggregation: 'Aggregazione',
    dims: 'Selezione (dims)',
    from: 'Dal',
    to: 'Al',
    last: 'Ultime osservazioni',
    transform: 'Trasformazione',
    base: "Data base dell'indice",
    series: 'Serie',
    observations: 'Osservazioni',
    csv_url: 'CSV di questa selezione',
    json_url: 'JSON di questa selezione',
    xlsx_url: 'Questo file',
    page_url: 'Pagina web di questa selezione',
    updated: 'Ultimo aggiornamento della fonte',
    fetched: 'Scaricato dalla fonte',
    version: 'Versione dei dati',
    citation: 'Citazione',
  },
};

/** The header of the metadata table (field, value), per language. */
export const METADATA_HEADER: Record<Lang, { name: string; value: string }> = {
  en: { name: 'Field', value: 'Value' },
  de: { name: 'Feld', value: 'Wert' },
  fr: { name: 'Champ', value: 'Valeur' },
  it: { name: 'Campo', value: 'Valore' },
};

/** The value of `dims` when a selection names no dimension. */
export const ALL_LEVELS: Record<Lang, string> = { en: 'all series', de: 'alle Reihen', fr: 'toutes les séries', it: 'tutte le serie' };
/** The value of `base` when the index is based on the first date. */
export const FIRST_DATE: Record<Lang, string> = {
  en: 'first date of the selection',
  de: 'erstes Datum der Auswahl',
  fr: 'première date de la sélection',
  it: 'prima data della selezione',
};
