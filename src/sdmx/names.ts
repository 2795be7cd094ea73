/**
 * The SDMX ids of a dataset (docs/decisions.md, "SDMX ids"): its dataflow,
 * its dimensions and their codes, as SDMX 2.1 allows them. An original that is
 * already a valid id is kept as is; any other is transliterated, every other
 * character becomes `_`, and a short hash of the ORIGINAL text is appended, so
 * the id is the same on every publish and distinct from its neighbours. The
 * reverse is a lookup built from the metadata. Labels keep the original text.
 * Pure (no Node module): the browser bundle writes SDMX URLs with it.
 */
import type { Dataset } from '../data/model.js';

/** The agency that maintains every dataflow, structure and codelist of this service. */
export const SDMX_AGENCY = 'DATASERIES';

/** The id of the one dimension a single-series dataset gets, so that keys exist. */
export const SYNTHETIC_DIM = 'SERIES';
/** The one code of the synthetic dimension (SDMX's "not applicable"). */
export const SYNTHETIC_CODE = '_Z';

/** SDMX ids of a dataset's flow, dimensions and codes, reversible and stable across publishes. */
export interface SdmxNames {
  /** the dataflow id (dataset id mapped) */
  flowId: string;
  /** per dimension in dim_order (a synthetic one for single-series datasets) */
  dimIds: readonly string[];
  /** true when the dataset has no dimension and dimIds is the synthetic one */
  synthetic: boolean;
  /** the SDMX code of level `level` of dimension `dim` */
  codeId(dim: number, level: number): string;
  /** the dimension of an SDMX dimension id; -1 when unknown */
  dimIndex(sdmxId: string): number;
  /** the level of an SDMX code in dimension `dim`; -1 when unknown */
  levelIndex(dim: number, sdmxCode: string): number;
}

/** A dimension id (an NCName, as it names XML attributes in structure-specific data). */
const DIM_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** A code or flow id (SDMX IDType). */
const CODE_ID = /^[A-Za-z0-9_@$-]+$/;
/** German letters keep their readable spelling; every other accent is folded by NFKD. */
const TRANSLITERATE: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/**
 * A short stable hash of a text: FNV-1a (32 bits) over its UTF-16 units, in
 * base 36, five characters. Stable across processes and versions of Node.
 * @example shortHash('Offene Stellen') // five characters of [0-9a-z]
 */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 36 ** 5).toString(36).padStart(5, '0');
}

/** The text with German letters spelled out and other accents dropped. */
function fold(text: string): string {
  return text
    .replace(/[äöüÄÖÜß]/g, (c) => TRANSLITERATE[c])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/**
 * The SDMX id of a dimension: the original when it is a valid id, else its
 * folded text with runs of other characters as `_`, starting with a letter,
 * and `_` + the hash of the original.
 * @example sdmxDimId('Beschäftigungsgrad') // 'Beschaeftigungsgrad_' + shortHash('Beschäftigungsgrad')
 */
export function sdmxDimId(original: string): string {
  if (DIM_ID.test(original)) return original;
  const cleaned = fold(original).replace(/[^A-Za-z0-9_-]+/g, '_');
  const lettered = /^[A-Za-z]/.test(cleaned) ? cleaned : `D${cleaned}`;
  return `${lettered.replace(/_+$/, '')}_${shortHash(original)}`;
}

/**
 * The SDMX id of a code (or of a dataflow): the original when it is a valid
 * IDType, else its folded text with runs of other characters as `_`, and `_`
 * + the hash of the original.
 * @example sdmxCodeId('10-33') // '10-33'
 */
export function sdmxCodeId(original: string): string {
  if (CODE_ID.test(original)) return original;
  const cleaned = fold(original).replace(/[^A-Za-z0-9_@$-]+/g, '_');
  return `${cleaned.replace(/_+$/, '')}_${shortHash(original)}`;
}

/**
 * The ids of a list of originals, by position, and the reverse lookup. Two
 * originals mapped onto one id (only when one original is spelled like
 * another's mapped id) cannot both keep it: the later one gets `_2`, `_3`…
 */
function idTable(originals: readonly string[], map: (original: string) => string): { ids: string[]; index: Map<string, number> } {
  const ids: string[] = [];
  const index = new Map<string, number>();
  for (const original of originals) {
    let id = map(original);
    for (let n = 2; index.has(id); n++) id = `${map(original)}_${n}`;
    index.set(id, ids.length);
    ids.push(id);
  }
  return { ids, index };
}

/**
 * What the names are a function of: the dataset id and its dimensions' ids and
 * level codes in order. A Dataset's meta (`dimensions`) and the page's
 * ExplorerMeta (`dims`, same levels in the same order) both give it.
 */
export interface NamesSource {
  id: string;
  dims: readonly { id: string; levels: readonly { code: string }[] }[];
}

/** The names of one dataset, computed from its ids and codes. */
function buildNames(source: NamesSource): SdmxNames {
  const dims = source.dims;
  const synthetic = dims.length === 0;
  const dimTable = idTable(
    dims.map((d) => d.id),
    sdmxDimId,
  );
  const codeTables = dims.map((d) =>
    idTable(
      d.levels.map((l) => l.code),
      sdmxCodeId,
    ),
  );
  return {
    flowId: sdmxCodeId(source.id),
    dimIds: synthetic ? [SYNTHETIC_DIM] : dimTable.ids,
    synthetic,
    codeId: (dim, level) => (synthetic ? SYNTHETIC_CODE : codeTables[dim].ids[level]),
    dimIndex: (sdmxId) => (synthetic ? (sdmxId === SYNTHETIC_DIM ? 0 : -1) : (dimTable.index.get(sdmxId) ?? -1)),
    levelIndex: (dim, sdmxCode) => {
      if (synthetic) return dim === 0 && sdmxCode === SYNTHETIC_CODE ? 0 : -1;
      return codeTables[dim]?.index.get(sdmxCode) ?? -1;
    },
  };
}

const NAMES = new WeakMap<object, SdmxNames>();

/**
 * The SDMX names of a dataset, memoised per Dataset object (a new publish is a
 * new object; its names come out the same for the same metadata).
 * @example sdmxNames(ds).dimIds // ['Beschaeftigungsgrad_…', 'sex', …]
 */
export function sdmxNames(ds: Dataset): SdmxNames {
  let names = NAMES.get(ds);
  if (!names) NAMES.set(ds, (names = buildNames({ id: ds.meta.id, dims: ds.meta.dimensions })));
  return names;
}

/**
 * The SDMX names from ids and codes alone (the page's ExplorerMeta in the
 * browser), memoised per source object; the same as `sdmxNames` of its dataset.
 */
export function sdmxNamesOf(source: NamesSource): SdmxNames {
  let names = NAMES.get(source);
  if (!names) NAMES.set(source, (names = buildNames(source)));
  return names;
}
