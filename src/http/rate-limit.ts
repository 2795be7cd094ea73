/**
 * A per-client budget of request units over a sliding one-minute window, with
 * the headers of the IETF RateLimit draft (`RateLimit-Policy`,
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`) and
 * `Retry-After` on 429. Expensive routes cost more units than one
 * (ROUTE_COSTS); an answer from the response cache costs one whatever its
 * route.
 *
 * The window slides in steps of a second: a request is admitted when the
 * units of every one-second slot that overlaps the last minute, its own
 * included, stay within the limit. So no minute, wherever it starts, admits
 * more than the limit (fixed windows let twice the limit through across a
 * boundary: issue 23); a unit is counted for 60 to 61 seconds.
 * Memory is bounded: a client holds at most one counter per slot, and a
 * client whose units have all left the window is forgotten.
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
  /** seconds until this request would be admitted (Retry-After of a 429); 0 when it was */
  retryAfter: number;
  headers: Record<string, string>;
}

/** Slots of the window per client (a minute in seconds). */
const SLOTS = 60;

/** The units a client spent in each recent slot, oldest first. */
interface Spent {
  slots: number[];
  units: number[];
  total: number;
}

/** The budget of every client of this process. */
export class RateLimiter {
  /** units per window per client in this process */
  readonly limit: number;
  private readonly clients = new Map<string, Spent>();
  private readonly slotMs: number;
  private nextSweep = 0;
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
    this.slotMs = windowMs / SLOTS;
  }

  /** Counts a request of `cost` units from a client at `now`; returns the headers to send and whether it may proceed. */
  take(client: string, cost = 1, now = Date.now()): Take {
    const slot = Math.floor(now / this.slotMs);
    this.sweep(slot);
    const known = this.clients.get(client);
    const spent = known ?? { slots: [], units: [], total: 0 };
    expire(spent, slot - SLOTS - 1);
    const allowed = spent.total + cost <= this.limit;
    if (allowed) {
      const last = spent.slots.length - 1;
      if (spent.slots[last] === slot) spent.units[last] += cost;
      else {
        spent.slots.push(slot);
        spent.units.push(cost);
      }
      spent.total += cost;
    }
    // a known client stays in the map until a sweep finds it idle
    if (!known && spent.total > 0) this.clients.set(client, spent);
    const headers: Record<string, string> = {
      'ratelimit-policy': this.policy,
      'ratelimit-limit': String(this.limit),
      'ratelimit-remaining': String(Math.max(0, this.limit - spent.total)),
      // the whole quota is back once the newest counted slot has left the window
      'ratelimit-reset': String(spent.slots.length ? this.secondsUntilFree(spent.slots[spent.slots.length - 1], now) : 1),
    };
    return { allowed, retryAfter: allowed ? 0 : this.secondsUntilFree(this.slotFreeing(spent, cost), now), headers };
  }

  /** Seconds from `now` until `freeSlot` has left the window (at least 1). */
  private secondsUntilFree(freeSlot: number, now: number): number {
    return Math.max(1, Math.ceil(((freeSlot + SLOTS + 1) * this.slotMs - now) / 1000));
  }

  /** The slot whose leaving the window frees enough units for `cost` (a cost above the limit never fits: the newest slot). */
  private slotFreeing(spent: Spent, cost: number): number {
    let total = spent.total;
    for (let i = 0; i < spent.slots.length; i++) {
      total -= spent.units[i];
      if (total + cost <= this.limit) return spent.slots[i];
    }
    return spent.slots[spent.slots.length - 1];
  }

  /** Once a window: forgets the clients whose units have all left it. */
  private sweep(slot: number): void {
    if (slot < this.nextSweep) return;
    this.nextSweep = slot + SLOTS;
    for (const [client, spent] of this.clients) {
      expire(spent, slot - SLOTS - 1);
      if (spent.total === 0) this.clients.delete(client);
    }
  }
}

/** Drops the slots at or before `oldest`: the minute before now no longer overlaps them. */
function expire(spent: Spent, oldest: number): void {
  let n = 0;
  while (n < spent.slots.length && spent.slots[n] <= oldest) spent.total -= spent.units[n++];
  // nothing to drop on most requests: splice would still make an empty array of the removed
  if (n === 0) return;
  spent.slots.splice(0, n);
  spent.units.splice(0, n);
}
