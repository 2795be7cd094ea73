import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../scripts/demo/random.js';

/** One series as found in a published CSV. */
export interface SeriesInfo {
  dataset: string;
  /** dimension names in dim_order */
  dims: string[];
  /** one code per dimension */
  codes: string[];
  rows: number;
  /** bytes of its rows in the published CSV */
  bytes: number;
}

/** The series of every dataset in a data directory, per dataset in CSV order. */
export interface DataInventory {
  datasets: Map<string, SeriesInfo[]>;
  /** rows (observations) in all CSVs */
  rows: number;
  /** bytes of all CSVs */
  bytes: number;
}

/** Reads every CSV named by the directory's catalog and lists its series (one streaming pass per file). */
export async function scanDataDir(dir: string): Promise<DataInventory> {
  const catalog = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8')) as { id: string }[];
  const inventory: DataInventory = { datasets: new Map(), rows: 0, bytes: 0 };
  for (const { id } of catalog) {
    const series = await scanCsv(join(dir, `${id}.csv`), id);
    inventory.datasets.set(id, series);
    for (const s of series) {
      inventory.rows += s.rows;
      inventory.bytes += s.bytes;
    }
  }
  return inventory;
}

async function scanCsv(file: string, dataset: string): Promise<SeriesInfo[]> {
  const series: SeriesInfo[] = [];
  let dims: string[] | null = null;
  let current: SeriesInfo | null = null;
  let currentKey = '';
  const addLine = (line: string): void => {
    if (dims === null) {
      dims = splitFields(line).slice(0, -2);
      return;
    }
    if (line.trim() === '') return;
    // Rows are sorted by series: the series key is everything before the date field.
    const cut = line.lastIndexOf(',', line.lastIndexOf(',') - 1);
    const key = cut < 0 ? '' : line.slice(0, cut);
    if (current === null || key !== currentKey) {
      currentKey = key;
      current = { dataset, dims, codes: dims.length === 0 ? [] : splitFields(key), rows: 0, bytes: 0 };
      series.push(current);
    }
    current.rows += 1;
    current.bytes += line.length + 1;
  };
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text: string = rest + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      addLine(text.slice(start, end));
      start = end + 1;
    }
    rest = text.slice(start);
  }
  if (rest !== '') addLine(rest);
  return series;
}

function splitFields(line: string): string[] {
  return line
    .replace(/\r$/, '')
    .split(',')
    .map((field) => field.replace(/^"(.*)"$/, '$1'));
}

/** The query string of a selection, as both our server and the DuckDB baseline read it. */
export function seriesQuery(series: SeriesInfo): string {
  const params = new URLSearchParams({ dataset: series.dataset });
  if (series.dims.length > 0) params.set('dims', series.dims.map((dim, i) => `${dim}=${series.codes[i]}`).join(';'));
  return params.toString();
}

/** The series whose published rows come closest to `targetBytes` (ties: the first in catalog order). */
export function pickSingleSeries(inventory: DataInventory, targetBytes: number): SeriesInfo {
  let best: SeriesInfo | null = null;
  for (const series of inventory.datasets.values()) {
    for (const s of series) {
      if (best === null || Math.abs(s.bytes - targetBytes) < Math.abs(best.bytes - targetBytes)) best = s;
    }
  }
  if (best === null) throw new Error('no series in the data directory');
  return best;
}

/**
 * `count` different series spread across the datasets: each dataset's series in a
 * seeded random order, taken round-robin over datasets, then shuffled.
 */
export function pickMix(inventory: DataInventory, count: number, seed = 42): SeriesInfo[] {
  const random = mulberry32(seed);
  const queues = [...inventory.datasets.values()].map((series) => shuffle([...series], random));
  const mix: SeriesInfo[] = [];
  while (mix.length < count && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const next = queue.pop();
      if (next !== undefined && mix.length < count) mix.push(next);
    }
  }
  return shuffle(mix, random);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
