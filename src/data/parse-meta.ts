import { entriesInOrder, keysInOrder, orderedRecord } from './json-order.js';
import type { DatasetMeta, Dimension, Labels, Level, Source, Topic, Units } from './model.js';
import { clip, quoteFileText, quoteFileValue } from './quote.js';
import { isRecord, normaliseBool, normaliseFrequency, normaliseDefault, normaliseLabels, normaliseString, normaliseStringList, slugify } from './normalise.js';

/** A metadata file that cannot be served: the message says what is wrong. */
export class MetaError extends Error {}

/** Facts from the catalog entry used where the sidecar is silent. */
export interface CatalogFallback {
  topic?: unknown;
  load?: unknown;
  featured?: unknown;
  canonical?: unknown;
  title?: unknown;
  source?: unknown;
  concept?: unknown;
  license?: unknown;
}

/**
 * Normalises a parsed `{id}.json` into the internal DatasetMeta; throws a
 * MetaError naming the field when the file cannot describe a dataset.
 * `warn` receives problems that do not stop the dataset from being served.
 */
export function parseMeta(raw: unknown, id: string, fallback: CatalogFallback, warn: (msg: string) => void): DatasetMeta {
  if (!isRecord(raw)) throw new MetaError('the metadata is not a JSON object');
  if (raw.id !== undefined && raw.id !== id) warn(`"id" is ${quoteFileValue(raw.id)}, expected "${id}" (the file name wins)`);
  const title = richer(normaliseLabels(raw.title), normaliseLabels(fallback.title));
  if (!title) throw new MetaError('"title" is missing: expected a string or a language map with "en"');
  const dimOrder = parseDimOrder(raw.dim_order);
  const dimensions = dimOrder.map((dim) => parseDimension(dim, raw.dimensions, warn));
  return {
    id,
    schemaVersion: normaliseString(raw.schema_version),
    title,
    source: richerSource(parseSource(raw.source), fallback.source),
    license: pickLicense(raw.license, fallback.license),
    frequency: normaliseFrequency(raw.frequency),
    dimOrder,
    dimensions,
    units: parseUnits(raw.units, dimensions, warn),
    topic: parseTopic(raw.topic) ?? parseTopic(fallback.topic),
    concept: richerConcept(raw.concept, fallback.concept),
    canonical: normaliseBool(raw.canonical ?? fallback.canonical, false),
    featured: normaliseLabels(raw.featured ?? fallback.featured),
    description: normaliseLabels(raw.description),
    notes: normaliseLabels(raw.notes),
    split: normaliseStringList(raw.split).filter((d) => dimOrder.includes(d)),
    singleSelect: normaliseStringList(raw.single_select).filter((d) => dimOrder.includes(d)),
    defaultTransform: normaliseString(raw.default_transform) ?? 'level',
    percentLevels: normaliseStringList(raw.percent_levels),
    defaultSelection: parseDefault(raw.default, dimensions, warn),
    updated: normaliseString(raw.updated),
    fetched: normaliseString(raw.fetched_utc ?? raw.fetched),
    load: normaliseString(fallback.load),
  };
}

/** Of two language maps of the same text, the one with more languages (the sidecar's on a tie). */
function richer(own: Labels | null, other: Labels | null): Labels | null {
  if (!own || !other) return own ?? other;
  return Object.keys(other).length > Object.keys(own).length ? other : own;
}

function parseDimOrder(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((d) => typeof d === 'string' && d !== '')) {
    throw new MetaError('"dim_order" must be an array of dimension names');
  }
  if (new Set(list).size !== list.length) throw new MetaError('"dim_order" names a dimension twice');
  for (const d of list) {
    if (d === 'date' || d === 'value') throw new MetaError(`"dim_order" may not contain ${quoteFileText(d)} (a reserved column)`);
  }
  return list as string[];
}

function parseDimension(id: string, dims: unknown, warn: (msg: string) => void): Dimension {
  const raw = isRecord(dims) ? dims[id] : undefined;
  if (!isRecord(raw)) throw new MetaError(`"dimensions.${clip(id)}" is missing: every dimension of dim_order needs its levels`);
  const rawLevels = raw.levels;
  if (!isRecord(rawLevels)) throw new MetaError(`"dimensions.${clip(id)}.levels" must be an object of code → {label}`);
  const base = new Map<string, { label: Labels; data: boolean }>();
  // In the order the file lists them: Object.entries would put integer-like codes first.
  for (const [code, lv] of entriesInOrder(rawLevels)) {
    const label = normaliseLabels(isRecord(lv) ? lv.label : lv) ?? { en: code };
    base.set(code, { label, data: normaliseBool(isRecord(lv) ? lv.data : undefined, true) });
  }
  const levels: Level[] = [];
  const hasHierarchy = isRecord(raw.hierarchy) && Object.keys(raw.hierarchy).length > 0;
  if (hasHierarchy) walkHierarchy(raw.hierarchy as Record<string, unknown>, id, base, levels, warn);
  const seen = new Set(levels.map((l) => l.code));
  for (const [code, lv] of base) {
    if (!seen.has(code)) levels.push({ code, label: lv.label, data: lv.data, parent: null, depth: 0 });
  }
  warnNotNfc(id, levels, warn);
  const index = new Map(levels.map((l, i) => [l.code, i]));
  const fileOrder = [...base.keys()].map((code) => index.get(code)!);
  return { id, label: normaliseLabels(raw.label) ?? { en: id }, levels, index, fileOrder, hasHierarchy };
}

/** A license key looks like one (`fso`, `uzh-smm`); a sentence naming a license does not. */
const LICENSE_KEY = /^[a-z0-9][a-z0-9._-]*$/;

/** The sidecar's license when it is a key, else the catalog's key, else the sidecar's words. */
function pickLicense(own: unknown, catalog: unknown): string {
  const mine = normaliseString(own);
  const theirs = normaliseString(catalog);
  if (mine && LICENSE_KEY.test(mine)) return mine;
  if (theirs && LICENSE_KEY.test(theirs)) return theirs;
  return mine ?? theirs ?? 'unknown';
}

/** The same source (same key or English name) with the catalog's key and translations where the sidecar lacks them. */
function richerSource(own: Source, catalog: unknown): Source {
  if (catalog === undefined || catalog === null) return own;
  const other = parseSource(catalog);
  const same = own.key !== null && other.key !== null ? own.key === other.key : own.name.en === other.name.en;
  if (!same) return own;
  return { key: own.key ?? other.key, name: richer(own.name, other.name) ?? own.name, url: own.url ?? other.url };
}

/**
 * The sidecar's concept with the catalog's translations of the same concept:
 * its leaf where the sidecar has none (a path alone) or the same one in fewer languages.
 */
function richerConcept(rawOwn: unknown, rawCatalog: unknown): DatasetMeta['concept'] {
  const own = parseConcept(rawOwn);
  const catalog = parseConcept(rawCatalog);
  if (!own || !catalog) return own ?? catalog;
  const samePath = own.path.en === catalog.path.en;
  const ownLeaf = isRecord(rawOwn) && normaliseLabels(rawOwn.leaf) !== null;
  const leaf = (!ownLeaf && samePath) || own.leaf.en === catalog.leaf.en ? (richer(own.leaf, catalog.leaf) ?? own.leaf) : own.leaf;
  const path = samePath ? (richer(own.path, catalog.path) ?? own.path) : own.path;
  return { path, leaf: !ownLeaf && samePath ? catalog.leaf : leaf };
}

/** Queries are read in Unicode NFC (http/query-string.ts): a dimension id or code in another form could not be asked for. */
function warnNotNfc(id: string, levels: Level[], warn: (msg: string) => void): void {
  const odd = [id, ...levels.map((l) => l.code)].filter((text) => text !== text.normalize('NFC'));
  if (odd.length === 0) return;
  warn(
    `"dimensions.${clip(id)}" has ${odd.length} name(s) not in Unicode NFC (${quoteFileText(odd.slice(0, 3).join(', '))}): queries are read in NFC and cannot select them; publish them in NFC`,
  );
}

/** Deeper hierarchies are refused: no real one comes near, and a file nesting thousands of levels is an attack, not data. */
export const MAX_HIERARCHY_DEPTH = 64;

/**
 * Appends the levels a hierarchy names in pre-order, with parent and depth.
 * Iterative (an explicit stack), so the depth of a file never reaches the
 * call stack; deeper than MAX_HIERARCHY_DEPTH is a MetaError.
 */
function walkHierarchy(
  root: Record<string, unknown>,
  dim: string,
  base: Map<string, { label: Labels; data: boolean }>,
  levels: Level[],
  warn: (msg: string) => void,
): void {
  const seen = new Set<string>();
  const stack: { entries: [string, unknown][]; next: number; parent: string | null; depth: number }[] = [
    { entries: entriesInOrder(root), next: 0, parent: null, depth: 0 },
  ];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.next === top.entries.length) {
      stack.pop();
      continue;
    }
    const [code, children] = top.entries[top.next++];
    const lv = base.get(code);
    if (!lv) {
      warn(`"dimensions.${clip(dim)}.hierarchy" names ${quoteFileText(code)}, which is not one of its levels (ignored)`);
      continue;
    }
    if (seen.has(code)) continue;
    seen.add(code);
    levels.push({ code, label: lv.label, data: lv.data, parent: top.parent, depth: top.depth });
    const below = isRecord(children) ? entriesInOrder(children) : [];
    if (!below.length) continue;
    if (top.depth + 1 >= MAX_HIERARCHY_DEPTH) {
      throw new MetaError(`"dimensions.${clip(dim)}.hierarchy" nests deeper than ${MAX_HIERARCHY_DEPTH} levels (under ${quoteFileText(code)})`);
    }
    stack.push({ entries: below, next: 0, parent: code, depth: top.depth + 1 });
  }
}

function parseSource(value: unknown): Source {
  if (!isRecord(value)) {
    const name = normaliseLabels(value) ?? { en: 'Unknown source' };
    return { key: value ? slugify(name.en) : null, name, url: null };
  }
  const name = normaliseLabels(value.name) ?? normaliseLabels(value) ?? { en: 'Unknown source' };
  return { key: normaliseString(value.key), name, url: normaliseString(value.url) };
}

/** A topic from `{key, name}`, a language map or a plain string; keyed by the slug of its English name when it has no key. */
export function parseTopic(value: unknown): Topic | null {
  if (value === null || value === undefined) return null;
  if (isRecord(value) && ('key' in value || 'name' in value)) {
    const name = normaliseLabels(value.name) ?? normaliseLabels(value.key);
    if (!name) return null;
    return { key: normaliseString(value.key) ?? slugify(name.en), name };
  }
  const name = normaliseLabels(value);
  return name ? { key: slugify(name.en), name } : null;
}

function parseConcept(value: unknown): DatasetMeta['concept'] {
  const path = normaliseLabels(value);
  if (!path) return null;
  const leaf = (isRecord(value) ? normaliseLabels(value.leaf) : null) ?? { en: path.en.split('/').pop()!.trim() };
  return { path, leaf };
}

function parseUnits(value: unknown, dims: Dimension[], warn: (msg: string) => void): Units | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || (isRecord(value) && typeof value.en === 'string')) {
    const label = normaliseLabels(value);
    return label ? { kind: 'single', label } : null;
  }
  if (!isRecord(value)) return null;
  const keys = keysInOrder(value);
  const dim = dims.find((d) => keys.every((k) => d.index.has(k)));
  if (!dim) {
    warn(`"units" is keyed by ${quoteFileText(keys.join(', '))}, which are not the levels of one dimension (units ignored)`);
    return null;
  }
  const labels = orderedRecord(
    keys.flatMap((k) => {
      const l = normaliseLabels(value[k]);
      return l ? [[k, l] as const] : [];
    }),
  );
  return { kind: 'by-level', dim: dim.id, labels };
}

function parseDefault(value: unknown, dims: Dimension[], warn: (msg: string) => void): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [dim, codes] of Object.entries(normaliseDefault(value))) {
    const d = dims.find((x) => x.id === dim);
    const valid = d ? codes.filter((c) => d.index.has(c)) : [];
    if (!d || valid.length !== codes.length) warn(`"default" names ${quoteFileText(`${dim}=${codes.join(',')}`)}, not all of which exist (ignored)`);
    if (valid.length) out[dim] = valid;
  }
  return out;
}
