import type { XlsxInput } from '../query/encode-xlsx.js';
import type { SelectionView } from '../query/view.js';
import type { ChartOptions } from '../render/chart-svg.js';
import type { OgInput } from '../render/og-image.js';
import { detachView } from './detach-view.js';
import type * as HeavyTasks from './heavy-tasks.js';
import type { ZipFiles } from './heavy-tasks.js';
import { createWorkerPool, siblingModule, type PoolSize, type WorkerPool } from './pool.js';

/**
 * The pool that renders chart images and previews and encodes workbooks off
 * the event loop; one per app (AppContext), sized by the configuration.
 */
export interface HeavyPool {
  /** the chart of a computed selection as SVG text */
  chartSvg(view: SelectionView, opts: ChartOptions): Promise<string>;
  /** the chart of a computed selection as PNG */
  chartPng(view: SelectionView, opts: ChartOptions): Promise<Buffer>;
  /** a link preview as JPEG */
  ogJpeg(input: OgInput): Promise<Buffer>;
  /** a workbook */
  xlsx(input: XlsxInput): Promise<Buffer>;
  /** a zip of files (`/series.zip`) */
  zip(files: ZipFiles): Promise<Buffer>;
  /** Throws OverloadedError when a task would be refused now: call it before costly preparation. */
  assertRoom(): void;
  /** tasks running and waiting now */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** Chart options a worker can take: compared views detached as the main one. */
function detachOptions(opts: ChartOptions): ChartOptions {
  return opts.compared?.length ? { ...opts, compared: opts.compared.map(detachView) } : opts;
}

/** Bytes cloned back from a worker arrive as a Uint8Array: view them as a Buffer without copying. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Starts the heavy pool (threads start on first use).
 * @example const heavy = createHeavyPool({ threads: 2, queue: 16 }); await heavy.chartPng(view, { lang: 'en', width: 800, height: 450 })
 */
export function createHeavyPool(size: PoolSize): HeavyPool {
  const pool: WorkerPool<typeof HeavyTasks> = createWorkerPool(siblingModule(import.meta.url, './heavy-tasks'), size);
  return {
    chartSvg: (view, opts) => pool.run('chartSvg', { view: detachView(view), opts: detachOptions(opts) }),
    chartPng: async (view, opts) => asBuffer(await pool.run('chartPng', { view: detachView(view), opts: detachOptions(opts) })),
    ogJpeg: async (input) => asBuffer(await pool.run('ogJpeg', { ...input, view: input.view && detachView(input.view) })),
    xlsx: async (input) => asBuffer(await pool.run('xlsx', input)),
    zip: async (files) => asBuffer(await pool.run('zip', files)),
    assertRoom: () => pool.assertRoom(),
    load: () => pool.load(),
    close: () => pool.close(),
  };
}
