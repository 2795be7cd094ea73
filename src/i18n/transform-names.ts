/**
 * The names of the transforms in each language, one table per language keyed
 * by every transform (the compiler rejects a missing one): `short` on the
 * page's switch, `long` in chart captions and download metadata.
 */
import type { Lang, TransformId } from '../data/model.js';

/** A transform's name: short (the page's switch) and long (captions, metadata). */
export interface TransformName {
  short: string;
  long: string;
}

const EN: Record<TransformId, TransformName> = {
  level: { short: 'Level', long: 'Level (as published)' },
  pct: { short: '% change', long: '% change on previous period' },
  yoy: { short: 'Year-on-year %', long: '% change on same period of previous year' },
  diff: { short: 'Change', long: 'Change on previous period' },
  index: { short: 'Index', long: 'Index' },
};

const DE: Record<TransformId, TransformName> = {
  level: { short: 'Niveau', long: 'Niveau (wie publiziert)' },
  pct: { short: 'Veränderung in %', long: 'Veränderung gegenüber Vorperiode in %' },
  yoy: { short: 'Vorjahr in %', long: 'Veränderung gegenüber Vorjahresperiode in %' },
  diff: { short: 'Veränderung', long: 'Veränderung gegenüber Vorperiode' },
  index: { short: 'Index', long: 'Index' },
};

const FR: Record<TransformId, TransformName> = {
  level: { short: 'Niveau', long: 'Niveau (tel que publié)' },
  pct: { short: 'Variation en %', long: 'Variation en % par rapport à la période précédente' },
  yoy: { short: 'Sur un an en %', long: "Variation en % par rapport à la même période de l'année précédente" },
  diff: { short: 'Variation', long: 'Variation par rapport à la période précédente' },
  index: { short: 'Indice', long: 'Indice' },
};

const IT: Record<TransformId, TransformName> = {
  level: { short: 'Livello', long: 'Livello (come pubblicato)' },
  pct: { short: 'Variazione in %', long: 'Variazione in % rispetto al periodo precedente' },
  yoy: { short: 'Su base annua in %', long: "Variazione in % rispetto allo stesso periodo dell'anno precedente" },
  diff: { short: 'Variazione', long: 'Variazione rispetto al periodo precedente' },
  index: { short: 'Indice', long: 'Indice' },
};

const NAMES: Record<Lang, Record<TransformId, TransformName>> = { en: EN, de: DE, fr: FR, it: IT };

/**
 * The transform names of a language.
 * @example transformNames('de').yoy.short // 'Vorjahr in %'
 */
export function transformNames(lang: Lang): Record<TransformId, TransformName> {
  return NAMES[lang];
}

/** One kind of name (`short` or `long`) of every transform in a language. */
export function transformNamesOf(lang: Lang, kind: keyof TransformName): Record<TransformId, string> {
  const names = NAMES[lang];
  return { level: names.level[kind], pct: names.pct[kind], yoy: names.yoy[kind], diff: names.diff[kind], index: names.index[kind] };
}
