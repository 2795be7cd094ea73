import type { Category, Labels, License } from './model.js';
import { isRecord, normaliseLabels, normaliseString, slugify } from './normalise.js';

/** Entries of a vocabulary file, skipping `_comment`: an array, or an object keyed by id. */
function entries(raw: unknown): [string | null, Record<string, unknown>][] {
  if (Array.isArray(raw)) return raw.filter(isRecord).map((v) => [null, v]);
  if (!isRecord(raw)) return [];
  return Object.entries(raw)
    .filter(([k, v]) => k !== '_comment' && isRecord(v))
    .map(([k, v]) => [k, v as Record<string, unknown>]);
}

/** Categories in display order; a category without `key` is keyed by the slug of its English name. */
export function parseCategories(raw: unknown): Category[] {
  const out: Category[] = [];
  for (const [k, v] of entries(raw)) {
    const name = normaliseLabels(v.name);
    if (!name) continue;
    out.push({ key: normaliseString(v.key) ?? k ?? slugify(name.en), name, blurb: normaliseLabels(v.blurb) });
  }
  return out;
}

/** Licenses keyed by their key. */
export function parseLicenses(raw: unknown): Map<string, License> {
  const out = new Map<string, License>();
  for (const [k, v] of entries(raw)) {
    const key = normaliseString(v.key) ?? k;
    if (!key) continue;
    out.set(key, {
      key,
      name: normaliseLabels(v.name) ?? { en: key },
      url: normaliseString(v.url),
      commercial: normaliseString(v.commercial),
      attribution: typeof v.attribution === 'boolean' ? v.attribution : null,
    });
  }
  return out;
}

/** Sources keyed by their key. */
export function parseSources(raw: unknown): Map<string, { key: string; name: Labels; url: string | null }> {
  const out = new Map<string, { key: string; name: Labels; url: string | null }>();
  for (const [k, v] of entries(raw)) {
    const key = normaliseString(v.key) ?? k;
    const name = normaliseLabels(v.name);
    if (key && name) out.set(key, { key, name, url: normaliseString(v.url) });
  }
  return out;
}
