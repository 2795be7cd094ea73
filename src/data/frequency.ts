/**
 * The frequencies the service knows, in one table: their spelling, their
 * other spellings in published files, how long a period is and the unit its
 * dates are named in. Every reader of a frequency (normalising at load,
 * transforms, date units, names, frequency conversion) takes it from here.
 *
 * Pure code without Node imports: `client/` bundles it.
 */

/** Frequencies from the highest to the lowest. */
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'semi-annual', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The calendar unit a date is named in ("2026", "H1 2026", "Q3 2026", "Jul 2026", "6 Jul 2026"). */
export type DateUnit = 'year' | 'half' | 'quarter' | 'month' | 'day';

/** What the service knows of one frequency. */
export interface FrequencyFacts {
  /** months per period; null for frequencies counted in days */
  months: number | null;
  /** days per period for frequencies counted in days; null otherwise */
  days: number | null;
  /** other spellings seen in published files */
  aliases: readonly string[];
  /** the unit a period's date is named in */
  unit: DateUnit;
}

/** The one table of frequencies. */
export const FREQUENCY_TABLE: Record<Frequency, FrequencyFacts> = {
  daily: { months: null, days: 1, aliases: [], unit: 'day' },
  weekly: { months: null, days: 7, aliases: [], unit: 'day' },
  monthly: { months: 1, days: null, aliases: [], unit: 'month' },
  quarterly: { months: 3, days: null, aliases: [], unit: 'quarter' },
  'semi-annual': { months: 6, days: null, aliases: ['semiannual', 'semi_annual', 'half-yearly'], unit: 'half' },
  annual: { months: 12, days: null, aliases: ['yearly', 'annually'], unit: 'year' },
};

/** How the observations of a period are combined when converting to a lower frequency (query/convert-frequency.ts). */
export const AGGREGATIONS = ['mean', 'sum', 'first', 'last', 'min', 'max'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Whether a text is one of the service's frequencies. */
export function isFrequency(text: string): text is Frequency {
  return (FREQUENCIES as readonly string[]).includes(text);
}

/** The facts of a frequency, or null for one the service does not know (kept as published). */
export function frequencyFacts(frequency: string): FrequencyFacts | null {
  return isFrequency(frequency) ? FREQUENCY_TABLE[frequency] : null;
}

/** The frequencies a selection converts to (`frequency=`): the calendar ones, counted in months, from the highest. */
export const TARGET_FREQUENCIES: readonly Frequency[] = FREQUENCIES.filter((f) => FREQUENCY_TABLE[f].months !== null);

/**
 * The frequencies a dataset of `frequency` converts to: the calendar ones
 * (counted in months) lower than it; none for an unknown frequency.
 * @example lowerFrequencies('monthly') // ['quarterly', 'semi-annual', 'annual']
 */
export function lowerFrequencies(frequency: string): Frequency[] {
  if (!isFrequency(frequency)) return [];
  const from = FREQUENCIES.indexOf(frequency);
  return TARGET_FREQUENCIES.filter((f) => FREQUENCIES.indexOf(f) > from);
}

/**
 * The service's spelling of a published frequency: a name of the table or
 * one of its aliases; null when the text is none of them.
 * @example frequencyOfSpelling('yearly') // 'annual'
 */
export function frequencyOfSpelling(text: string): Frequency | null {
  if (isFrequency(text)) return text;
  return FREQUENCIES.find((f) => FREQUENCY_TABLE[f].aliases.includes(text)) ?? null;
}
