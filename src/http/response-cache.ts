import { byteLength, type Representation } from './representation.js';

interface Entry {
  version: string;
  rep: Representation;
  bytes: number;
}

/**
 * Encoded answers of repeated GET requests, keyed by the raw request URL and
 * tagged with the data version they were computed from; least recently used
 * entries go first once the byte budget is spent. A hit is answered before
 * the framework runs at all.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  /** The cached representation of a URL for this data version, if any. */
  get(url: string, version: string): Representation | undefined {
    const e = this.entries.get(url);
    if (!e) return undefined;
    if (e.version !== version) {
      this.delete(url, e);
      return undefined;
    }
    // refresh recency: Map iteration order is insertion order
    this.entries.delete(url);
    this.entries.set(url, e);
    // a text body is encoded once, on its first hit: later hits write the bytes without a copy
    if (typeof e.rep.body === 'string') e.rep.body = Buffer.from(e.rep.body, 'utf8');
    return e.rep;
  }

  /** Keeps a representation (only 200s within budget). */
  set(url: string, version: string, rep: Representation): void {
    // no cache (DS_RESPONSE_CACHE_MB=0): not even the body's length is measured (issue 24)
    if (rep.status !== 200 || this.budget === 0) return;
    const bytes = byteLength(rep.body) * 2 + url.length + 256;
    if (bytes > this.budget / 8) return;
    const old = this.entries.get(url);
    if (old) this.delete(url, old);
    this.entries.set(url, { version, rep, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.delete(k, e);
    }
  }

  /** Drops everything (after a data swap). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(url: string, e: Entry): void {
    this.entries.delete(url);
    this.bytes -= e.bytes;
  }
}
