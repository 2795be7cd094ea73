import type { Labels, Lang } from '../data/model.js';

/**
 * The label in a language, falling back to English.
 * @example pickLabel({ en: 'Prices', de: 'Preise' }, 'it') // 'Prices'
 */
export function pickLabel(labels: Labels | null | undefined, lang: Lang): string {
  if (!labels) return '';
  return labels[lang] ?? labels.en;
}
