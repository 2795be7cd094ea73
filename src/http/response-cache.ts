import { byteLength, type Representation } from './representation.js';

interface Entry {
  version: string;
  rep: Representation;
  bytes: number;
  /** the bytes moved to the newest end so far when this entry last moved there */
  at: number;
}

/** The most URLs remembered as varying with Accept. */
const MAX_VARYING = 10_000;

/**
 * Encoded answers of repeated GET requests, keyed by the raw request URL and
 * tagged with the data version they were computed from; least recently used
 * entries go first once the byte budget is spent. A hit is answered before
 * the framework runs at all. Recency is kept by moving an entry to the
 * newest end of the map (entries go from the oldest end), which a hit does
 * only once the entry may have fallen into the older half of the budget:
 * more than half the budget's bytes may be newer than it. A hit before
 * leaves it where it is, where the next eviction cannot reach. So the order
 * is least recently used up to half the budget, and a hot entry is not moved
 * on every hit (issue 24, round 4). Recency counts bytes, as eviction does:
 * counting entries let a hot entry behind many small ones go before large
 * ones never read (the review of round 4).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** the URLs whose answer varies with Accept (`Vary: Accept`, the SDMX data route: issue 22): kept per Accept header */
  private readonly varying = new Set<string>();
  private bytes = 0;
  /** bytes of the entries moved to the newest end so far (kept or refreshed) */
  private moved = 0;

  constructor(private readonly budget: number) {}

  /** The key of a URL's answer: the URL, plus the Accept header where the answer varies with it. */
  private keyOf(url: string, accept: string | undefined): string {
    return this.varying.size > 0 && this.varying.has(url) ? `${url}\n${accept ?? ''}` : url;
  }

  /** The cached representation of a URL for this data version (and this Accept, where the answer varies with it), if any. */
  get(requestUrl: string, version: string, accept?: string): Representation | undefined {
    const url = this.keyOf(requestUrl, accept);
    const e = this.entries.get(url);
    if (!e) return undefined;
    if (e.version !== version) {
      this.delete(url, e);
      return undefined;
    }
    // refresh recency (Map iteration order is insertion order) once more than half the budget may be newer: at most `moved - at` bytes are
    if (this.moved - e.at > this.budget / 2) {
      this.entries.delete(url);
      this.entries.set(url, e);
      e.at = this.moved += e.bytes;
    }
    // a text body is encoded once, on its first hit: later hits write the bytes without a copy
    if (typeof e.rep.body === 'string') e.rep.body = Buffer.from(e.rep.body, 'utf8');
    return e.rep;
  }

  /** Keeps a representation (only 200s within budget); one that says `Vary: Accept` is kept for this Accept. */
  set(requestUrl: string, version: string, rep: Representation, accept?: string): void {
    // no cache (DS_RESPONSE_CACHE_MB=0): not even the body's length is measured (issue 24)
    if (rep.status !== 200 || this.budget === 0) return;
    if (/(^|,)\s*accept\s*(,|$)/i.test(rep.headers?.vary ?? '')) {
      // bounded like the entries: forgetting a URL only costs a miss (its answers are kept under URL + Accept, never under the URL alone)
      if (this.varying.size >= MAX_VARYING) this.varying.clear();
      this.varying.add(requestUrl);
    }
    const url = this.keyOf(requestUrl, accept);
    const bytes = byteLength(rep.body) * 2 + url.length + 256;
    if (bytes > this.budget / 8) return;
    const old = this.entries.get(url);
    if (old) this.delete(url, old);
    this.entries.set(url, { version, rep, bytes, at: (this.moved += bytes) });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.delete(k, e);
    }
  }

  /** Drops everything (after a data swap). */
  clear(): void {
    this.entries.clear();
    this.varying.clear();
    this.bytes = 0;
  }

  private delete(url: string, e: Entry): void {
    this.entries.delete(url);
    this.bytes -= e.bytes;
  }
}
