import type { Labels, Lang } from '../data/model.js';

/**
 * The label in a language, falling back to English.
 * @example pickLabel({ en: 'Prices', de: 'Preise' }, 'it') // 'Prices'
 */
export function pickLabel(labels: Labels | null | undefined, lang: Lang): string {
  if (!labels) return '';
  return labels[lang] ?? labels.en;
}

/**
 * The language a label is shown in: the page's, or English where the label
 * falls back to it (pickLabel), so the page can mark the fallback with
 * `lang="en"` (WCAG 3.1.2, issue 23).
 * @example labelLang({ en: 'Prices', de: 'Preise' }, 'it') // 'en'
 */
export function labelLang(labels: Labels | null | undefined, lang: Lang): Lang {
  return labels && labels[lang] === undefined && labels.en !== undefined ? 'en' : lang;
}

/**
 * The language of a label when it is not the page's (a fallback to English),
 * else undefined: what the view models carry.
 * @example fallbackLang({ en: 'Prices' }, 'de') // 'en'
 */
export function fallbackLang(labels: Labels | null | undefined, lang: Lang): Lang | undefined {
  const shown = labelLang(labels, lang);
  return shown === lang ? undefined : shown;
}
