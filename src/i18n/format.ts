/**
 * Numbers, dates, counts and frequencies of the website in a language,
 * through cached `Intl` formatters with an explicit locale (the chart
 * images use the same locales, so a page and its images agree).
 */
import type { Lang } from '../data/model.js';
import { parseIsoDate } from '../data/dates.js';
import { isFrequency } from '../data/frequency.js';
import { CHART_LOCALES, fillTemplate, formatGrouped, formatPeriod, frequencyUnit } from './chart-text.js';
import type { Plural, UiStrings } from './strings.js';

/** The `Intl` locale of a language. */
export function localeOf(lang: Lang): string {
  return CHART_LOCALES[lang];
}

const integerFormats = new Map<Lang, Intl.NumberFormat>();
const dayFormats = new Map<Lang, Intl.DateTimeFormat>();
const pluralRules = new Map<Lang, Intl.PluralRules>();

/**
 * A whole number with the language's grouping.
 * @example formatInteger(12345, 'de') // "12’345"
 */
export function formatInteger(n: number, lang: Lang): string {
  let f = integerFormats.get(lang);
  if (!f) integerFormats.set(lang, (f = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 0 })));
  return formatGrouped(f, n, lang);
}

/**
 * A count phrase: the plural form for `n`, with `n` formatted.
 * @example formatCount({ one: '{n} dataset', other: '{n} datasets' }, 2, 'en') // "2 datasets"
 */
export function formatCount(plural: Plural, n: number, lang: Lang): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(localeOf(lang))));
  return fillTemplate(rules.select(n) === 'one' ? plural.one : plural.other, { n: formatInteger(n, lang) });
}

/**
 * A calendar day in words, from an ISO date or a `YYYY-MM-DD hh:mm:ss` stamp;
 * null when the text holds no date.
 * @example formatDay('2026-08-04 11:54:52', 'fr') // "4 août 2026"
 */
export function formatDay(stamp: string | null, lang: Lang): string | null {
  const days = stamp === null ? null : parseIsoDate(stamp.slice(0, 10));
  if (days === null) return null;
  let f = dayFormats.get(lang);
  if (!f) dayFormats.set(lang, (f = new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return f.format(new Date(days * 86_400_000));
}

/**
 * The span of a dataset as periods of its frequency ("Q4 1972 – Q3 2026").
 * @example formatSpan(start, end, 'quarterly', 'en')
 */
export function formatSpan(start: number, end: number, frequency: string, lang: Lang): string {
  if (Number.isNaN(start) || Number.isNaN(end)) return '–';
  const unit = frequencyUnit(frequency);
  return `${formatPeriod(start, unit, lang)} – ${formatPeriod(end, unit, lang)}`;
}

/** The name of a frequency in the interface language; an unknown frequency is shown as published. */
export function formatFrequency(frequency: string, strings: UiStrings): string {
  return isFrequency(frequency) ? strings.frequencies[frequency] : frequency;
}

/**
 * A vintage's time stamp (`YYYY-MM-DDTHH:MM:SSZ`) in words, to the minute, in UTC.
 * @example formatVintage('2026-01-02T08:30:15Z', 'en') // "2 January 2026 at 08:30 UTC"
 */
export function formatVintage(stamp: string, lang: Lang): string {
  // a page names a few vintages: a formatter per call, no memo
  const options = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' } as const;
  return `${new Intl.DateTimeFormat(localeOf(lang), options).format(new Date(stamp))} UTC`;
}
