/**
 * A frequency conversion in words (issue 20), in the four languages, written
 * by hand: the chart caption's "Annual (mean)" and the download metadata's
 * aggregation row. The frequencies' names are the interface's
 * (`UiStrings.frequencies`), passed in: the browser bundle names them from
 * the page's data without the four languages' interface strings.
 */
import type { Aggregation, Frequency } from '../data/frequency.js';
import type { Lang } from '../data/model.js';
import { fillTemplate } from './chart-text.js';

/** What a conversion is in words: its frequency, aggregation and whether incomplete periods are kept. */
export interface ConversionWords {
  frequency: Frequency;
  aggregation: Aggregation;
  partial: boolean;
}

interface Words {
  aggregations: Record<Aggregation, string>;
  /** `{frequency}`, `{aggregation}`: the caption's phrase */
  caption: string;
  /** added to the caption and the metadata when incomplete periods are kept */
  partial: string;
  /** the metadata row: `{aggregation}`, `{from}`, `{to}`, `{periods}` */
  metadata: string;
  complete: string;
}

const WORDS: Record<Lang, Words> = {
  en: {
    aggregations: { mean: 'mean', sum: 'sum', first: 'first value', last: 'last value', min: 'minimum', max: 'maximum' },
    caption: '{frequency} ({aggregation})',
    partial: 'incl. incomplete periods',
    metadata: '{aggregation}: {from} → {to}; {periods}',
    complete: 'complete periods only',
  },
  de: {
    aggregations: { mean: 'Mittelwert', sum: 'Summe', first: 'erster Wert', last: 'letzter Wert', min: 'Minimum', max: 'Maximum' },
    caption: '{frequency} ({aggregation})',
    partial: 'inkl. unvollständiger Perioden',
    metadata: '{aggregation}: {from} → {to}; {periods}',
    complete: 'nur vollständige Perioden',
  },
  fr: {
    aggregations: { mean: 'moyenne', sum: 'somme', first: 'première valeur', last: 'dernière valeur', min: 'minimum', max: 'maximum' },
    caption: '{frequency} ({aggregation})',
    partial: 'périodes incomplètes comprises',
    metadata: '{aggregation} : {from} → {to} ; {periods}',
    complete: 'périodes complètes uniquement',
  },
  it: {
    aggregations: { mean: 'media', sum: 'somma', first: 'primo valore', last: 'ultimo valore', min: 'minimo', max: 'massimo' },
    caption: '{frequency} ({aggregation})',
    partial: 'periodi incompleti inclusi',
    metadata: '{aggregation}: {from} → {to}; {periods}',
    complete: 'solo periodi completi',
  },
};

/**
 * The conversion as the chart caption says it, given the name of its frequency.
 * @example conversionCaption({ frequency: 'annual', aggregation: 'mean', partial: false }, 'Annual', 'en') // 'Annual (mean)'
 */
export function conversionCaption(c: ConversionWords, frequencyName: string, lang: Lang): string {
  const w = WORDS[lang];
  const aggregation = c.partial ? `${w.aggregations[c.aggregation]}, ${w.partial}` : w.aggregations[c.aggregation];
  return fillTemplate(w.caption, { frequency: frequencyName, aggregation });
}

/**
 * The conversion as a download's metadata says it, given the names of the dataset's own frequency and the converted one.
 * @example conversionDetail({ frequency: 'annual', aggregation: 'sum', partial: true }, { from: 'Monthly', to: 'Annual' }, 'en') // 'sum: Monthly → Annual; incl. incomplete periods'
 */
export function conversionDetail(c: ConversionWords, names: { from: string; to: string }, lang: Lang): string {
  const w = WORDS[lang];
  return fillTemplate(w.metadata, { aggregation: w.aggregations[c.aggregation], ...names, periods: c.partial ? w.partial : w.complete });
}

/**
 * An aggregation's name in a language (the frequency control's options).
 * @example aggregationName('first', 'de') // 'erster Wert'
 */
export function aggregationName(aggregation: Aggregation, lang: Lang): string {
  return WORDS[lang].aggregations[aggregation];
}
