import type { Config } from './config.js';
import type { DataHolder } from './data/data-holder.js';
import type { ResponseCache } from './http/response-cache.js';
import type { HeavyPool } from './workers/heavy-pool.js';

/** What every route module receives: the configuration, the data, the response cache. */
export interface AppContext {
  config: Readonly<Config>;
  data: DataHolder;
  responses: ResponseCache;
  /** worker threads for images and workbooks, with a bounded queue */
  heavy: HeavyPool;
  /** refuses new requests and resolves once the responses in flight are written out (graceful stop) */
  drain(): Promise<void>;
  /** calls `fn` when a graceful stop begins (e.g. to end streams that never end by themselves) */
  onStopping(fn: () => void): void;
}
