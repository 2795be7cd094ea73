/**
 * Writes a published-files directory (DESIGN §2): `{id}.csv` streamed in
 * chunks, `{id}.json` with start/end taken from the rows written, and the
 * catalog entry with the derived facts. Refuses rows that would break the
 * format (unsorted series, unknown codes, unescaped characters).
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** A language map as written in the files (`en` always present). */
export interface Labels {
  en: string;
  de?: string;
  fr?: string;
  it?: string;
}

/**
 * A language map from translations in en, de, fr, it order; a language left
 * undefined is omitted (the reader falls back to English).
 * @example L('Prices', 'Preise', 'Prix', 'Prezzi')
 */
export function L(en: string, de?: string, fr?: string, it?: string): Labels {
  const out: Labels = { en };
  if (de !== undefined) out.de = de;
  if (fr !== undefined) out.fr = fr;
  if (it !== undefined) out.it = it;
  return out;
}

/** One series to publish: its codes (dim_order) and its observations (null = missing; a gap is an absent date). */
export interface Series {
  codes: string[];
  dates: string[];
  values: (number | null)[];
}

/** The catalog fields a dataset declares; start, end, n_series, data and meta are derived. */
export interface CatalogInfo {
  title: Labels;
  concept: unknown;
  canonical: boolean;
  featured: unknown;
  topic: unknown;
  source: unknown;
  license: string;
  frequency: string;
  updated: string | null;
  fetched: string;
  load?: string;
}

/** What a dataset is made of before its rows are written. */
export interface DatasetFiles {
  id: string;
  /** the sidecar as written, in key order; its `start`/`end` are filled from the rows */
  meta: Record<string, unknown> & { dim_order: string[]; dimensions: Record<string, { levels: Record<string, unknown> }> };
  catalog: CatalogInfo;
}

/** A catalog.json entry. */
export type CatalogEntry = Record<string, unknown>;

const CHUNK_CHARS = 1 << 20;
const UNSAFE_CSV = /[",\r\n]/;

/** Serialises JSON the way the published files are written: 2-space indent, UTF-8, final newline. */
export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2) + '\n');
}

/** Compares two strings by their UTF-8 bytes (the files' sort order). */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function compareCodes(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareBytes(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

/** Sorts series into the published order (codes by byte order, dimension by dimension). */
export function sortSeries<T extends { codes: string[] }>(series: T[]): T[] {
  return [...series].sort((a, b) => compareCodes(a.codes, b.codes));
}

/** Appends lines to a file in large chunks, so huge CSVs never sit in memory. */
class ChunkedFile {
  private fd: number;
  private parts: string[] = [];
  private size = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  line(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK_CHARS) this.flush();
  }

  flush(): void {
    if (this.parts.length > 0) writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

function checkCodes(files: DatasetFiles, series: Series, previous: string[] | null): void {
  const { dim_order: dims, dimensions } = files.meta;
  if (series.codes.length !== dims.length) throw new Error(`${files.id}: series ${series.codes} does not match dim_order ${dims}`);
  series.codes.forEach((code, i) => {
    if (UNSAFE_CSV.test(code)) throw new Error(`${files.id}: code ${JSON.stringify(code)} would need CSV quoting`);
    if (!Object.hasOwn(dimensions[dims[i]].levels, code)) throw new Error(`${files.id}: ${code} is not a level of ${dims[i]}`);
  });
  if (previous && compareCodes(previous, series.codes) >= 0) throw new Error(`${files.id}: series ${series.codes} out of order`);
}

/**
 * Writes `{id}.csv` from series given in published order, then `{id}.json`,
 * and returns the dataset's catalog entry.
 */
export function publishDataset(dir: string, files: DatasetFiles, series: Iterable<Series>): CatalogEntry {
  const { id, meta } = files;
  const out = new ChunkedFile(join(dir, `${id}.csv`));
  out.line([...meta.dim_order, 'date', 'value'].join(',') + '\n');
  let previous: string[] | null = null;
  let count = 0;
  let start = '';
  let end = '';
  for (const s of series) {
    checkCodes(files, s, previous);
    previous = s.codes;
    if (s.dates.length === 0) continue;
    const prefix = s.codes.length > 0 ? s.codes.join(',') + ',' : '';
    for (let i = 0; i < s.dates.length; i++) {
      const v = s.values[i];
      if (v !== null && !Number.isFinite(v)) throw new Error(`${id}: value ${v} at ${s.codes} ${s.dates[i]}`);
      if (i > 0 && s.dates[i] <= s.dates[i - 1]) throw new Error(`${id}: dates not ascending at ${s.codes} ${s.dates[i]}`);
      out.line(prefix + s.dates[i] + ',' + (v === null ? '' : String(v)) + '\n');
    }
    count++;
    if (start === '' || s.dates[0] < start) start = s.dates[0];
    if (s.dates[s.dates.length - 1] > end) end = s.dates[s.dates.length - 1];
  }
  out.close();
  meta.start = start;
  meta.end = end;
  writeJson(join(dir, `${id}.json`), meta);
  return catalogEntry(id, files.catalog, { start, end, count });
}

function catalogEntry(id: string, c: CatalogInfo, facts: { start: string; end: string; count: number }): CatalogEntry {
  return {
    id,
    title: c.title,
    concept: c.concept,
    canonical: c.canonical,
    featured: c.featured,
    topic: c.topic,
    source: c.source,
    license: c.license,
    frequency: c.frequency,
    start: facts.start,
    end: facts.end,
    n_series: facts.count,
    updated: c.updated,
    fetched: c.fetched,
    load: c.load ?? 'whole',
    data: `${id}.csv`,
    meta: `${id}.json`,
  };
}

const GENERATED = /^(?:(?:catalog|categories|licenses|sources)\.json|(?:demo|edge)_[a-z0-9_]+\.(?:csv|json))$/;

/**
 * Creates the output directory and removes the files a previous run wrote
 * there (only names this generator writes; anything else is left alone).
 */
export function prepareOutDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (GENERATED.test(name)) rmSync(join(dir, name));
}
