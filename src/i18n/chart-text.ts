/**
 * The words and number/date formats of chart images, in the four languages,
 * written by hand. Formatting goes through cached `Intl` formatters with an
 * explicit locale, never through the machine's locale.
 */
import type { Lang } from '../data/model.js';
import { civilFromDays } from '../data/dates.js';
import { frequencyFacts, type DateUnit as FrequencyDateUnit } from '../data/frequency.js';
import type { TransformId } from '../data/model.js';
import { transformNamesOf } from './transform-names.js';

/** The `Intl` locale of each language (Swiss conventions: `1’234.5`, `1 234,5`). */
export const CHART_LOCALES: Record<Lang, string> = { en: 'en-GB', de: 'de-CH', fr: 'fr-CH', it: 'it-CH' };

interface ChartWords {
  transforms: Record<TransformId, string>;
  percent: string;
  percentagePoints: string;
  /** the short form after a number (a headline's change of a percentage) */
  percentagePointsShort: string;
  /** unit of the index transform; `{base}` is replaced by the base period */
  indexUnit: string;
  /** a unit that changed by `diff`; `{unit}` is replaced by the unit */
  changeIn: string;
  /** footer entry; `{label}` and `{value}` are replaced (French puts a space before the colon) */
  entry: string;
  source: string;
  license: string;
  /** legend overflow; `{n}` is replaced by the number of series left out */
  more: string;
  noData: string;
  /** quarter label; `{q}` and `{y}` are replaced */
  quarter: string;
  /** half-year label; `{h}` and `{y}` are replaced */
  half: string;
  siteTagline: string;
  siteStats: string;
}

const WORDS: Record<Lang, ChartWords> = {
  en: {
    transforms: transformNamesOf('en', 'long'),
    percent: '%',
    percentagePoints: 'Percentage points',
    percentagePointsShort: 'pp',
    indexUnit: 'Index, {base}\u00a0=\u00a0100',
    changeIn: 'Change, {unit}',
    entry: '{label}: {value}',
    source: 'Source',
    license: 'License',
    more: '+{n} more',
    noData: 'No observations for this selection',
    quarter: 'Q{q}\u00a0{y}',
    half: 'H{h}\u00a0{y}',
    siteTagline: 'Swiss statistics as open data: tables, charts and an API',
    siteStats: '{datasets} datasets · {series} series',
  },
  de: {
    transforms: transformNamesOf('de', 'long'),
    percent: '%',
    percentagePoints: 'Prozentpunkte',
    percentagePointsShort: 'Pp.',
    indexUnit: 'Index, {base}\u00a0=\u00a0100',
    changeIn: 'Veränderung, {unit}',
    entry: '{label}: {value}',
    source: 'Quelle',
    license: 'Lizenz',
    more: '+{n} weitere',
    noData: 'Keine Beobachtungen für diese Auswahl',
    quarter: 'Q{q}\u00a0{y}',
    half: 'H{h}\u00a0{y}',
    siteTagline: 'Schweizer Statistiken als offene Daten: Tabellen, Grafiken und eine API',
    siteStats: '{datasets} Datensätze · {series} Zeitreihen',
  },
  fr: {
    transforms: transformNamesOf('fr', 'long'),
    percent: '%',
    percentagePoints: 'Points de pourcentage',
    percentagePointsShort: 'pts',
    indexUnit: 'Indice, {base}\u00a0=\u00a0100',
    changeIn: 'Variation, {unit}',
    entry: '{label}\u00a0: {value}',
    source: 'Source',
    license: 'Licence',
    more: '+{n} autres',
    noData: 'Aucune observation pour cette sélection',
    quarter: 'T{q}\u00a0{y}',
    half: 'S{h}\u00a0{y}',
    siteTagline: 'Les statistiques suisses en données ouvertes : tableaux, graphiques et API',
    siteStats: '{datasets} jeux de données · {series} séries',
  },
  it: {
    transforms: transformNamesOf('it', 'long'),
    percent: '%',
    percentagePoints: 'Punti percentuali',
    percentagePointsShort: 'p.p.',
    indexUnit: 'Indice, {base}\u00a0=\u00a0100',
    changeIn: 'Variazione, {unit}',
    entry: '{label}: {value}',
    source: 'Fonte',
    license: 'Licenza',
    more: '+{n} altre',
    noData: 'Nessuna osservazione per questa selezione',
    quarter: 'T{q}\u00a0{y}',
    half: 'S{h}\u00a0{y}',
    siteTagline: 'Statistiche svizzere come dati aperti: tabelle, grafici e una API',
    siteStats: '{datasets} set di dati · {series} serie',
  },
};

/** The chart words of a language. */
export function chartWords(lang: Lang): ChartWords {
  return WORDS[lang];
}

/** Replaces `{name}` placeholders in a template. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Thousands separators, pinned: ICU versions disagree (French Swiss grouping
 * is a narrow no-break space in Node 20's ICU, an apostrophe in Node 24's),
 * and a number must read the same on every runtime, in the page, the image
 * and the browser.
 */
const GROUP_SEPARATORS: Record<Lang, string> = { en: ',', de: "'", fr: '\u202f', it: "'" };

/** Formats with an Intl formatter, then puts the pinned thousands separator of the language. */
export function formatGrouped(format: Intl.NumberFormat, value: number, lang: Lang): string {
  return format
    .formatToParts(value)
    .map((p) => (p.type === 'group' ? GROUP_SEPARATORS[lang] : p.value))
    .join('');
}

/**
 * Formats a number with exactly `decimals` fraction digits in the language's
 * locale; `signed` writes a plus sign before a positive number. A value that
 * rounds to zero carries no sign at all (issue 23: "-0.000").
 * @example formatNumber(1234.5, 'de', 1) // "1'234.5"
 * @example formatNumber(-0.0001, 'en', 3) // "0.000"
 */
export function formatNumber(value: number, lang: Lang, decimals: number, signed = false): string {
  const key = `${lang}|${decimals}|${signed}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(CHART_LOCALES[lang], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // applied after rounding: neither -0 nor +0
      signDisplay: signed ? 'exceptZero' : 'negative',
    } as Intl.NumberFormatOptions);
    numberFormats.set(key, format);
  }
  return formatGrouped(format, value, lang);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Lang, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  let format = dateFormats.get(lang + key);
  if (!format) {
    format = new Intl.DateTimeFormat(CHART_LOCALES[lang], { ...options, timeZone: 'UTC' });
    dateFormats.set(lang + key, format);
  }
  return format;
}

/** How precisely a date is shown: the period it starts (one per frequency: data/frequency.ts). */
export type DateUnit = FrequencyDateUnit;

/**
 * Formats a day number as the period it starts, in the language.
 * @example formatPeriod(daysFromCivil(2024, 4, 1), 'quarter', 'fr') // 'T2 2024'
 */
export function formatPeriod(days: number, unit: DateUnit, lang: Lang): string {
  const { y, m } = civilFromDays(days);
  const date = new Date(days * 86_400_000);
  switch (unit) {
    case 'year':
      return String(y);
    case 'half':
      return fillTemplate(WORDS[lang].half, { h: m <= 6 ? 1 : 2, y });
    case 'quarter':
      return fillTemplate(WORDS[lang].quarter, { q: Math.floor((m - 1) / 3) + 1, y });
    case 'month':
      return dateFormat(lang, { month: 'short', year: 'numeric' }, 'my').format(date);
    case 'day':
      return dateFormat(lang, { day: 'numeric', month: 'short', year: 'numeric' }, 'dmy').format(date);
  }
}

/** The natural date unit of a dataset frequency (`day` for weekly, daily and unknown ones). */
export function frequencyUnit(frequency: string): DateUnit {
  return frequencyFacts(frequency)?.unit ?? 'day';
}

/** A month abbreviation alone (`Jan`), for axis ticks inside a year. */
export function formatMonth(days: number, lang: Lang): string {
  return dateFormat(lang, { month: 'short' }, 'm').format(new Date(days * 86_400_000));
}
