/**
 * The frequencies the service knows, in one table: their spelling, their
 * other spellings in published files, and how long a period is. Every
 * reader of a frequency (normalising at load, transforms, date units,
 * names, frequency conversion) takes it from here.
 *
 * Pure code without Node imports: `client/` bundles it.
 */

/** Frequencies from the highest to the lowest. */
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'semi-annual', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** What the service knows of one frequency. */
export interface FrequencyFacts {
  /** months per period; null for frequencies counted in days */
  months: number | null;
  /** days per period for frequencies counted in days; null otherwise */
  days: number | null;
  /** other spellings seen in published files */
  aliases: readonly string[];
}

/** The one table of frequencies. */
export const FREQUENCY_TABLE: Record<Frequency, FrequencyFacts> = {
  daily: { months: null, days: 1, aliases: [] },
  weekly: { months: null, days: 7, aliases: [] },
  monthly: { months: 1, days: null, aliases: [] },
  quarterly: { months: 3, days: null, aliases: [] },
  'semi-annual': { months: 6, days: null, aliases: ['semiannual', 'semi_annual', 'half-yearly'] },
  annual: { months: 12, days: null, aliases: ['yearly', 'annually'] },
};

/** Whether a text is one of the service's frequencies. */
export function isFrequency(text: string): text is Frequency {
  return (FREQUENCIES as readonly string[]).includes(text);
}
