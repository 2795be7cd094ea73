/**
 * An independent check of a published-files directory against DESIGN §2,
 * written apart from the generator so that the generator's tests can fail:
 * headers, codes, dates, number form, row order, and the catalog's derived
 * facts. Reports every problem found instead of stopping at the first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a checked directory holds, and what is wrong with it. */
export interface DirReport {
  problems: string[];
  datasets: number;
  series: number;
  observations: number;
}

type Json = Record<string, any>;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(text: string): boolean {
  const m = ISO.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** Byte-order comparison of UTF-8 strings. */
function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Facts derived from one CSV: series count, first and last date; problems appended. */
function checkCsv(file: string, meta: Json, problems: string[]): { series: number; observations: number; start: string; end: string } {
  const dims: string[] = meta.dim_order;
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.at(-1) !== '') problems.push(`${file}: does not end with a newline`);
  const expected = [...dims, 'date', 'value'].join(',');
  if (lines[0] !== expected) problems.push(`${file}:1: header ${lines[0]} is not ${expected}`);
  let prev: string[] | null = null;
  let series = 0;
  let start = '';
  let end = '';
  for (let i = 1; i < lines.length - 1; i++) {
    const where = `${file}:${i + 1}`;
    const f = lines[i].split(',');
    if (f.length !== dims.length + 2) {
      problems.push(`${where}: ${f.length} fields, expected ${dims.length + 2}`);
      continue;
    }
    const [date, value] = f.slice(dims.length);
    dims.forEach((dim, d) => {
      const level = meta.dimensions?.[dim]?.levels?.[f[d]];
      if (!level) problems.push(`${where}: ${f[d]} is not a level of ${dim}`);
      else if (level.data === false) problems.push(`${where}: ${f[d]} of ${dim} is a grouping level (data: false) but has rows`);
    });
    if (!isIsoDate(date)) problems.push(`${where}: bad date ${date}`);
    if (value !== '' && String(Number(value)) !== value) problems.push(`${where}: value ${value} is not a number in shortest form`);
    const order = prev ? compareRow(prev, f, dims.length) : 1;
    if (order <= 0) problems.push(`${where}: row not after the previous one (codes by byte order, then date)`);
    if (!prev || prev.slice(0, dims.length).join(',') !== f.slice(0, dims.length).join(',')) series++;
    if (start === '' || date < start) start = date;
    if (date > end) end = date;
    prev = f;
  }
  return { series, observations: Math.max(0, lines.length - 2), start, end };
}

function compareRow(a: string[], b: string[], dims: number): number {
  for (let d = 0; d < dims; d++) {
    const c = byteCompare(a[d], b[d]);
    if (c !== 0) return -c;
  }
  return a[dims] < b[dims] ? 1 : a[dims] === b[dims] ? 0 : -1;
}

function hierarchyCodes(node: unknown, out: string[]): string[] {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [code, child] of Object.entries(node)) out.push(code, ...hierarchyCodes(child, []));
  }
  return out;
}

/** Cross-references inside one sidecar: hierarchy, defaults, split, units refer to real levels. */
function checkMeta(file: string, meta: Json, problems: string[]): void {
  const dims: string[] = meta.dim_order;
  for (const dim of dims) {
    const d = meta.dimensions?.[dim];
    if (!d) {
      problems.push(`${file}: dim_order names ${dim} but dimensions lacks it`);
      continue;
    }
    for (const code of hierarchyCodes(d.hierarchy, [])) if (!d.levels[code]) problems.push(`${file}: hierarchy of ${dim} names unknown level ${code}`);
  }
  const defaults = Array.isArray(meta.default) ? {} : (meta.default ?? {});
  for (const [dim, code] of Object.entries(defaults))
    if (!meta.dimensions?.[dim]?.levels?.[code as string]) problems.push(`${file}: default ${dim}=${code} is not a level`);
  const selects = [meta.split, meta.single_select].flat().filter((x) => x !== undefined && x !== null);
  for (const dim of selects) if (!dims.includes(dim)) problems.push(`${file}: split/single_select names unknown dimension ${dim}`);
  const units = meta.units;
  if (units && typeof units.en !== 'string') {
    const keyed = dims.find((dim) => Object.keys(units).every((code) => meta.dimensions[dim].levels[code]));
    if (!keyed) problems.push(`${file}: units keyed by codes that are not all levels of one dimension`);
  }
  const levelsOfAll = new Set(dims.flatMap((dim) => Object.keys(meta.dimensions[dim].levels)));
  for (const code of meta.percent_levels ?? []) if (!levelsOfAll.has(code)) problems.push(`${file}: percent_levels names unknown level ${code}`);
}

/**
 * Checks a published-files directory; an empty `problems` list means it
 * follows the format and its catalog agrees with its data.
 */
export function checkPublishedDir(dir: string): DirReport {
  const problems: string[] = [];
  const catalog = readJson(join(dir, 'catalog.json')) as Json[];
  const categories = readJson(join(dir, 'categories.json')) as Json[];
  const licenses = readJson(join(dir, 'licenses.json'));
  const topics = new Set(categories.map((c) => c.key ?? slugOf(c.name.en)));
  let series = 0;
  let observations = 0;
  for (const entry of catalog) {
    const id = entry.id;
    const csv = join(dir, entry.data);
    const metaFile = join(dir, entry.meta);
    if (entry.data !== `${id}.csv` || entry.meta !== `${id}.json` || !existsSync(csv) || !existsSync(metaFile)) {
      problems.push(`catalog ${id}: files ${entry.data}, ${entry.meta} missing or misnamed`);
      continue;
    }
    const meta = readJson(metaFile);
    if (meta.id !== id) problems.push(`${metaFile}: id ${meta.id} is not ${id}`);
    checkMeta(metaFile, meta, problems);
    const facts = checkCsv(csv, meta, problems);
    series += facts.series;
    observations += facts.observations;
    for (const [field, derived] of [
      ['n_series', facts.series],
      ['start', facts.start],
      ['end', facts.end],
    ] as const) {
      if (entry[field] !== derived) problems.push(`catalog ${id}: ${field} ${entry[field]} but the CSV says ${derived}`);
      if (field !== 'n_series' && meta[field] !== derived) problems.push(`${metaFile}: ${field} ${meta[field]} but the CSV says ${derived}`);
    }
    const topicKey = typeof entry.topic === 'string' ? slugOf(entry.topic) : entry.topic?.key;
    if (!topics.has(topicKey)) problems.push(`catalog ${id}: topic ${topicKey} is not a category`);
    if (!licenses[entry.license]) problems.push(`catalog ${id}: license ${entry.license} is not in licenses.json`);
  }
  return { problems, datasets: catalog.length, series, observations };
}
