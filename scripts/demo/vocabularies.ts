/**
 * The shared vocabularies of the demo directory: categories (topic groups),
 * licenses and sources, plus the topic/source objects datasets carry.
 * All organisations are fictional; URLs point to example.org.
 */
import { L, type Labels } from './publish.js';

interface Category {
  key?: string;
  name: Labels;
  blurb: Labels;
}

/** Topic groups in display order; "Business cycle & sentiment" has no key on purpose (readers slug its English name). */
export const CATEGORIES: Category[] = [
  {
    key: 'national-accounts',
    name: L('National accounts', 'Volkswirtschaftliche Gesamtrechnung', 'Comptes nationaux', 'Conti nazionali'),
    blurb: L(
      'Output, spending and income of the demo economy.',
      'Produktion, Verwendung und Einkommen der Demo-Volkswirtschaft.',
      "Production, dépenses et revenus de l'économie de démonstration.",
      "Produzione, spesa e redditi dell'economia dimostrativa.",
    ),
  },
  {
    key: 'prices',
    name: L('Prices', 'Preise', 'Prix', 'Prezzi'),
    blurb: L(
      'Consumer prices from the headline index down to single items.',
      'Konsumentenpreise vom Gesamtindex bis zu einzelnen Positionen.',
      "Prix à la consommation, de l'indice général aux positions détaillées.",
      "Prezzi al consumo, dall'indice generale alle singole posizioni.",
    ),
  },
  {
    key: 'labour',
    name: L('Labour', 'Arbeit', 'Travail', 'Lavoro'),
    blurb: L(
      'Employment, unemployment and vacancies.',
      'Beschäftigung, Arbeitslosigkeit und offene Stellen.',
      'Emploi, chômage et postes vacants.',
      'Occupazione, disoccupazione e posti vacanti.',
    ),
  },
  {
    name: L('Business cycle & sentiment', 'Konjunktur & Stimmung', 'Conjoncture & climat', 'Congiuntura e clima'),
    blurb: L(
      'Leading barometers and high-frequency activity.',
      'Vorlaufende Barometer und hochfrequente Aktivität.',
      'Baromètres avancés et activité à haute fréquence.',
      'Barometri anticipatori e attività ad alta frequenza.',
    ),
  },
  {
    key: 'population-demographics',
    name: L('Population & demographics', 'Bevölkerung & Demografie', 'Population & démographie', 'Popolazione e demografia'),
    blurb: L(
      'Resident population by region and nationality.',
      'Wohnbevölkerung nach Region und Staatsangehörigkeit.',
      'Population résidante par région et nationalité.',
      'Popolazione residente per regione e nazionalità.',
    ),
  },
];

/** A category as datasets carry it in `topic`: `{key, name}` (key slugged when the category has none). */
export function topicOf(englishName: string): { key: string; name: Labels } {
  const category = CATEGORIES.find((c) => c.name.en === englishName);
  if (!category) throw new Error(`no category named ${englishName}`);
  return { key: category.key ?? slug(category.name.en), name: category.name };
}

/**
 * The slug rule of DESIGN §2: lowercase, every run of other characters → `-`.
 * @example slug('Business cycle & sentiment') // 'business-cycle-sentiment'
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** licenses.json: key → name, terms URL, commercial use, attribution. */
export const LICENSES = {
  _comment: 'Demo license vocabulary. `license` in catalog and metadata is a key into this table.',
  'demo-open': {
    name: L(
      'Demo Statistical Office, open use with attribution',
      'Demo-Statistikamt, freie Nutzung mit Quellenangabe',
      'Office de statistique démo, libre utilisation avec mention de la source',
      'Ufficio di statistica demo, libero utilizzo con citazione della fonte',
    ),
    url: 'https://example.org/demo-statistics/terms',
    commercial: 'yes',
    attribution: true,
  },
  'demo-nc': {
    name: L(
      'Demo Central Bank, non-commercial use',
      'Demo-Zentralbank, nicht kommerzielle Nutzung',
      'Banque centrale démo, utilisation non commerciale',
      'Banca centrale demo, uso non commerciale',
    ),
    url: 'https://example.org/demo-bank/terms',
    commercial: 'no',
    attribution: true,
  },
  'cc-by-4.0': {
    name: L('Creative Commons Attribution 4.0', 'Creative Commons Namensnennung 4.0', 'Creative Commons Attribution 4.0', 'Creative Commons Attribuzione 4.0'),
    url: 'https://creativecommons.org/licenses/by/4.0/',
    commercial: 'yes',
    attribution: true,
  },
};

interface SourceEntry {
  name: Labels;
  url: string;
}

/** sources.json: key → name and home page. */
export const SOURCES: Record<string, SourceEntry | string> & Record<'dso' | 'dcb' | 'dei', SourceEntry> = {
  _comment: 'Demo source vocabulary. `source.key` in catalog and metadata is a key into this table.',
  dso: {
    name: L('Demo Statistical Office', 'Demo-Statistikamt', 'Office de statistique démo', 'Ufficio di statistica demo'),
    url: 'https://example.org/demo-statistics',
  },
  dcb: {
    name: L('Demo Central Bank', 'Demo-Zentralbank', 'Banque centrale démo', 'Banca centrale demo'),
    url: 'https://example.org/demo-bank',
  },
  dei: {
    name: L('Demo Economic Institute', 'Demo-Wirtschaftsinstitut', 'Institut économique démo', 'Istituto economico demo'),
    url: 'https://example.org/demo-institute',
  },
};

/** The catalog's source object `{key, name}`. */
export function catalogSource(key: 'dso' | 'dcb' | 'dei'): { key: string; name: Labels } {
  return { key, name: SOURCES[key].name };
}

/** The metadata's source object `{name, url, key}` (its page may be deeper than the source's home). */
export function metaSource(key: 'dso' | 'dcb' | 'dei', page: string): { name: Labels; url: string; key: string } {
  return { name: SOURCES[key].name, url: `${SOURCES[key].url}/${page}`, key };
}
