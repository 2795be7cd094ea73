import type { Config } from './config.js';
import type { DataHolder } from './data/data-holder.js';
import type { ClientOf } from './http/client-address.js';
import type { FastLanes } from './http/fast-lane.js';
import type { ErrorRenderer } from './http/render-error.js';
import type { ResponseCache } from './http/response-cache.js';
import type { HeavyPool } from './workers/heavy-pool.js';

/** What every route module receives: the configuration, the data, the response cache, the error renderer. */
export interface AppContext {
  config: Readonly<Config>;
  data: DataHolder;
  responses: ResponseCache;
  /** how this app renders errors (the page routes set its HTML page) */
  errors: ErrorRenderer;
  /** routes answered before the framework when their query is valid (the cold path of busy routes) */
  lanes: FastLanes;
  /** the address a request counts against (rate limit, event streams), behind the trusted proxies */
  clientOf: ClientOf;
  /** worker threads for images and workbooks, with a bounded queue */
  heavy: HeavyPool;
  /** refuses new requests and resolves once the responses in flight are written out (graceful stop) */
  drain(): Promise<void>;
  /** calls `fn` when a graceful stop begins (e.g. to end streams that never end by themselves) */
  onStopping(fn: () => void): void;
}
