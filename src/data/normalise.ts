import type { Labels } from './model.js';
import { frequencyOfSpelling } from './frequency.js';

/**
 * Tolerant readers for the drifting shapes of the published files (DESIGN §2):
 * a field may be a plain string or a language map, an array or a string,
 * `null` anywhere. Each turns one drifting input into one internal shape.
 */

const LANG_KEYS = ['en', 'de', 'fr', 'it'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A language map from a string or a map; null when nothing usable is there.
 * English falls back to the first language present.
 * @example normaliseLabels('Prices') // { en: 'Prices' }
 */
export function normaliseLabels(value: unknown): Labels | null {
  if (typeof value === 'string') return value.trim() === '' ? null : { en: value };
  if (typeof value === 'number') return { en: String(value) };
  if (!isRecord(value)) return null;
  const out: Partial<Labels> = {};
  for (const lang of LANG_KEYS) {
    const text = value[lang];
    if (typeof text === 'string' && text.trim() !== '' && text !== '---') out[lang] = text;
  }
  if (out.en === undefined) {
    const first = LANG_KEYS.map((l) => out[l]).find((t) => t !== undefined);
    if (first === undefined) return null;
    out.en = first;
  }
  return out as Labels;
}

/**
 * The slug of a name: lowercase, every run of other characters → `-`.
 * @example slugify('Business cycle & sentiment') // 'business-cycle-sentiment'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A list of strings from a string, an array or nothing. */
export function normaliseStringList(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

/** A string or null. */
export function normaliseString(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
}

/**
 * A dataset's frequency in one spelling (`annual`, `semi-annual`, `quarterly`, `monthly`, `weekly`, `daily`; an unknown one as published, lower case; `unknown` when absent), so no reader handles aliases.
 * @example normaliseFrequency('Yearly') // 'annual'
 */
export function normaliseFrequency(value: unknown): string {
  const text = (normaliseString(value) ?? 'unknown').trim().toLowerCase();
  return frequencyOfSpelling(text) ?? text;
}

/** A boolean from true/false/"true"/1; `fallback` otherwise. */
export function normaliseBool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  return fallback;
}

/**
 * The default selection: `{dim: code}` or `{dim: [codes]}`; `[]`/null → none.
 * @example normaliseDefault({ item: '100' }) // { item: ['100'] }
 */
export function normaliseDefault(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!isRecord(value)) return out;
  for (const [dim, codes] of Object.entries(value)) {
    const list = typeof codes === 'number' ? [String(codes)] : normaliseStringList(codes);
    if (list.length) out[dim] = list;
  }
  return out;
}

export { isRecord };
