import type { XlsxInput } from '../query/encode-xlsx.js';
import type * as HeavyTasks from './heavy-tasks.js';
import { createWorkerPool, siblingModule, type PoolSize, type WorkerPool } from './pool.js';

/**
 * The pool that renders chart images and previews and encodes workbooks off
 * the event loop; one per app (AppContext), sized by the configuration.
 */
export interface HeavyPool {
  /** a chart SVG as PNG */
  png(svg: string): Promise<Buffer>;
  /** a preview SVG as JPEG */
  jpeg(svg: string): Promise<Buffer>;
  /** a workbook */
  xlsx(input: XlsxInput): Promise<Buffer>;
  /** tasks running and waiting now */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** Bytes cloned back from a worker arrive as a Uint8Array: view them as a Buffer without copying. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Starts the heavy pool (threads start on first use).
 * @example const heavy = createHeavyPool({ threads: 2, queue: 16 }); await heavy.png(svg)
 */
export function createHeavyPool(size: PoolSize): HeavyPool {
  const pool: WorkerPool<typeof HeavyTasks> = createWorkerPool(siblingModule(import.meta.url, './heavy-tasks'), size);
  return {
    png: async (svg) => asBuffer(await pool.run('png', svg)),
    jpeg: async (svg) => asBuffer(await pool.run('jpeg', svg)),
    xlsx: async (input) => asBuffer(await pool.run('xlsx', input)),
    load: () => pool.load(),
    close: () => pool.close(),
  };
}
