/**
 * A per-client budget of request units in fixed one-minute windows, with the
 * headers of the IETF RateLimit draft (`RateLimit-Policy`, `RateLimit-Limit`,
 * `RateLimit-Remaining`, `RateLimit-Reset`) and `Retry-After` on 429.
 * Expensive routes cost more units than one (ROUTE_COSTS); an answer from the
 * response cache costs one whatever its route. Memory is bounded: counters
 * live for one window.
 */

/** Units an uncached request of a path costs (every other request: 1). Documented in docs/deployment.md. */
export const ROUTE_COSTS = {
  '/chart.png': 10,
  '/og.jpg': 10,
  '/series.xlsx': 10,
  '/chart.svg': 3,
} as const satisfies Record<string, number>;

/** Units of a whole-dataset `/series` or `/series.csv` (no `dims`, no `last`). */
export const WHOLE_DATASET_COST = 2;

/** Paths that cost nothing and are never refused: health checks of proxies, load balancers and monitors. */
const FREE_PATHS = new Set(['/health']);

/** Units a request costs, from its URL alone (cheap: no parsing beyond the path). */
export function requestCost(url: string, cached: boolean): number {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (FREE_PATHS.has(path)) return 0;
  if (cached) return 1;
  const cost = (ROUTE_COSTS as Record<string, number>)[path];
  if (cost) return cost;
  if ((path === '/series' || path === '/series.csv') && !/[?&](dims|last)=./.test(url)) return WHOLE_DATASET_COST;
  return 1;
}

/** What the RateLimit-Policy header says: the quota, the window and the weights. */
function policyHeader(limit: number, workers: number, total: number): string {
  const costs = Object.entries(ROUTE_COSTS)
    .map(([path, cost]) => `${path}=${cost}`)
    .join(' ');
  const share = workers > 1 ? ` per worker: ${workers} workers share ${total}` : '';
  return `${limit};w=60;comment="units${share}; ${costs} whole-dataset /series(.csv)=${WHOLE_DATASET_COST} cached=1 /health=0 other=1"`;
}

/** The outcome of counting one request. */
export interface Take {
  allowed: boolean;
  /** seconds until the window resets */
  reset: number;
  headers: Record<string, string>;
}

/** The budget of every client of this process. */
export class RateLimiter {
  /** units per window per client in this process */
  readonly limit: number;
  private counts = new Map<string, number>();
  private windowStart = Date.now();
  private readonly policy: string;

  constructor(
    /** units per window per client for the whole service; 0 = unlimited */
    total: number,
    /** server processes sharing the port: each enforces its share, so a client never gets more than `total` */
    workers = 1,
    readonly windowMs = 60_000,
  ) {
    this.limit = Math.max(1, Math.floor(total / workers));
    this.policy = policyHeader(this.limit, workers, total);
  }

  /** Counts a request of `cost` units from a client; returns the headers to send and whether it may proceed. */
  take(client: string, cost = 1, now = Date.now()): Take {
    if (now - this.windowStart >= this.windowMs) {
      this.counts.clear();
      this.windowStart = now - ((now - this.windowStart) % this.windowMs);
    }
    const before = this.counts.get(client) ?? 0;
    const allowed = before + cost <= this.limit;
    const used = allowed ? before + cost : before;
    this.counts.set(client, used);
    const reset = Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
    const headers: Record<string, string> = {
      'ratelimit-policy': this.policy,
      'ratelimit-limit': String(this.limit),
      'ratelimit-remaining': String(Math.max(0, this.limit - used)),
      'ratelimit-reset': String(reset),
    };
    return { allowed, reset, headers };
  }
}
