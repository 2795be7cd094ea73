/**
 * A per-client request budget in fixed windows, with the headers of the IETF
 * RateLimit draft (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`)
 * and `Retry-After` on 429. Memory is bounded: counters live for one window.
 */
export class RateLimiter {
  private counts = new Map<string, number>();
  private windowStart = Date.now();

  constructor(
    /** requests per window per client; 0 = unlimited */
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {}

  /** Counts a request of a client; returns the headers to send and whether it may proceed. */
  take(client: string, now = Date.now()): { allowed: boolean; headers: Record<string, string> } {
    if (now - this.windowStart >= this.windowMs) {
      this.counts.clear();
      this.windowStart = now - ((now - this.windowStart) % this.windowMs);
    }
    const used = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, used);
    const reset = Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
    const headers: Record<string, string> = {
      'ratelimit-limit': String(this.limit),
      'ratelimit-remaining': String(Math.max(0, this.limit - used)),
      'ratelimit-reset': String(reset),
    };
    if (used <= this.limit) return { allowed: true, headers };
    return { allowed: false, headers: { ...headers, 'retry-after': String(reset) } };
  }
}
