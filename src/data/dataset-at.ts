import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildStore } from './build-store.js';
import { derived, derivedKey } from './derived.js';
import { walkSeries, type History } from './history.js';
import { parseJsonInOrder } from './json-order.js';
import type { Dataset, DatasetMeta, Snapshot, VintageOf } from './model.js';
import { isRecord } from './normalise.js';
import type { ParsedRows } from './parse-csv.js';
import { historyNames } from './parse-history.js';
import { parseMeta, type CatalogFallback } from './parse-meta.js';
import { stampFileName } from './vintage-stamp.js';

/**
 * A dataset as published at one of its vintages (issue 21, `as_of`): its
 * series then (removed ones back, later ones absent), the values valid then
 * (history.ts walkSeries), its last date, and that vintage's metadata and
 * catalog entry (`{id}.vintages/{stamp}.json`: labels change too). Computed
 * on demand from the latest store and the history, never kept per vintage:
 * the snapshot keeps the few most recently asked (VINTAGE_VIEWS).
 */

/** How many vintage views a snapshot keeps, most recently used first. */
export const VINTAGE_VIEWS = 8;

/** A least-recently-used map of views being built or built. */
class RecentViews {
  private readonly views = new Map<string, Promise<Dataset>>();

  constructor(private readonly most: number) {}

  get(key: string, build: () => Promise<Dataset>): Promise<Dataset> {
    let view = this.views.get(key);
    if (view) this.views.delete(key);
    else {
      view = build();
      // a failed build is not kept: the next request tries again
      view.catch(() => this.views.get(key) === view && this.views.delete(key));
    }
    this.views.set(key, view);
    for (const old of this.views.keys()) {
      if (this.views.size <= this.most) break;
      this.views.delete(old);
    }
    return view;
  }
}

const VIEWS = derivedKey<RecentViews>('vintage views');

/**
 * The dataset as published at `stamp`, one of its vintages: the dataset
 * itself at its latest vintage, or when it has no history (one vintage) or
 * no stamp is asked (null).
 * @example const then = await datasetAt(snapshot, ds, '2026-02-05T08:00:00Z'); then.store.end
 */
export async function datasetAt(snapshot: Snapshot, ds: Dataset, stamp: string | null): Promise<Dataset> {
  const history = ds.history;
  if (!history || stamp === null) return ds;
  const k = history.stamps.indexOf(stamp);
  if (k < 0) throw new RangeError(`${stamp} is not a vintage of ${ds.meta.id}`);
  if (k === history.stamps.length - 1) return ds;
  const views = derived(snapshot, VIEWS, () => new RecentViews(VINTAGE_VIEWS));
  return views.get(`${ds.meta.id}\u0000${ds.version}\u0000${stamp}`, async () => buildAt(ds, history, k, await readVintageMeta(snapshot.dir, ds, stamp)));
}

/**
 * The metadata published at a vintage (`{id}.vintages/{stamp}.json`, read
 * off the event loop); the latest only when the file is absent. Any other
 * failure (unreadable, not JSON, not an object) rejects: a view with today's
 * labels would be answered as that vintage's, and cached as never changing.
 */
async function readVintageMeta(dir: string, ds: Dataset, stamp: string): Promise<DatasetMeta> {
  const file = path.join(dir, historyNames(ds.meta.id).dir, `${stampFileName(stamp)}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return ds.meta;
    throw err;
  }
  const doc = parseJsonInOrder(text);
  if (!isRecord(doc)) throw new Error(`${file}: the vintage's metadata is not a JSON object`);
  const fallback: CatalogFallback = isRecord(doc.catalog) ? doc.catalog : {};
  return parseMeta(doc.meta, ds.meta.id, fallback, () => undefined);
}

/** One series as published at a vintage: its codes, dates, values and the published texts of current values. */
interface SeriesThen {
  codes: string[];
  /** the codes joined by NUL: byte order of it is the CSV's row order */
  key: Buffer;
  dates: number[];
  values: number[];
  texts: (string | undefined)[];
}

/** The series (current and removed) as published at vintage `k`, in the published CSV's order (codes, byte order). */
function seriesAt(ds: Dataset, history: History, k: number): SeriesThen[] {
  const { store, meta } = ds;
  const out: SeriesThen[] = [];
  const codesOf = (level: (d: number) => number): string[] => meta.dimensions.map((dim, d) => dim.levels[level(d)].code);
  const collect = (series: number, h: number, codes: string[]): void => {
    const then: SeriesThen = { codes, key: Buffer.from(codes.join('\u0000')), dates: [], values: [], texts: [] };
    if (h < 0) {
      // no history: its current values were published as they are since the first vintage
      for (let i = store.offsets[series]; i < store.offsets[series + 1]; i++) {
        then.dates.push(store.dates[i]);
        then.values.push(store.values[i]);
        then.texts.push(store.valueTexts?.byIndex.get(i));
      }
      if (then.dates.length) out.push(then);
      return;
    }
    walkSeries(store, history, series, h, (date, value, from, to) => {
      if (from > k || k >= to) return;
      then.dates.push(date);
      then.values.push(value);
      then.texts.push(to === history.stamps.length ? currentText(ds, series, date) : undefined);
    });
    if (then.dates.length) out.push(then);
  };
  for (let s = 0; s < store.count; s++) {
    collect(
      s,
      history.bySeries.get(s) ?? -1,
      codesOf((d) => store.codes[d][s]),
    );
  }
  for (let h = 0; h < history.count; h++) {
    if (history.current[h] < 0)
      collect(
        -1,
        h,
        codesOf((d) => history.codes[d][h]),
      );
  }
  return out.sort((a, b) => Buffer.compare(a.key, b.key));
}

/** The published text of a series' current value at a date, where the CSV writes it otherwise than its shortest text. */
function currentText(ds: Dataset, series: number, date: number): string | undefined {
  const texts = ds.store.valueTexts;
  if (!texts || series < 0) return undefined;
  let lo = ds.store.offsets[series];
  let hi = ds.store.offsets[series + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ds.store.dates[mid] < date) lo = mid + 1;
    else hi = mid;
  }
  return texts.byIndex.get(lo);
}

/** Packs the series of vintage `k` into a store against that vintage's metadata (the loader's buildStore). */
function buildAt(ds: Dataset, history: History, k: number, meta: DatasetMeta): Dataset {
  const series = seriesAt(ds, history, k).filter((s) => s.codes.every((code, d) => meta.dimensions[d]?.index.has(code)));
  const rows = series.reduce((n, s) => n + s.dates.length, 0);
  const parsed: ParsedRows = {
    seriesCodes: series.map((s) => Uint32Array.from(s.codes, (code, d) => meta.dimensions[d].index.get(code)!)),
    rowSeries: new Uint32Array(rows),
    rowDates: new Int32Array(rows),
    rowValues: new Float64Array(rows),
    rows,
    texts: new Map(),
  };
  let r = 0;
  series.forEach((s, id) => {
    for (let i = 0; i < s.dates.length; i++, r++) {
      parsed.rowSeries[r] = id;
      parsed.rowDates[r] = s.dates[i];
      parsed.rowValues[r] = s.values[i];
      const text = s.texts[i];
      if (text !== undefined) parsed.texts.set(r, text);
    }
  });
  const stamp = history.stamps[k];
  const vintage: VintageOf = { stamp, stamps: history.stamps };
  return {
    meta,
    store: buildStore(parsed, meta.dimensions),
    version: createHash('sha1').update(`${ds.meta.id}\u0000${stamp}`).digest('hex').slice(0, 16),
    files: ds.files,
    signature: ds.signature,
    derived: new Map(),
    vintage,
  };
}
