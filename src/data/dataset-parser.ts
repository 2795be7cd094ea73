import { Worker } from 'node:worker_threads';
import { type DatasetFiles, type DatasetLoad, parseDataset, readDataset } from './load-dataset.js';
import type { ParseRequest } from './parse-worker.js';

/** Reads and parses one dataset of a (real) data directory. */
export type ParseDataset = (dir: string, files: DatasetFiles) => Promise<DatasetLoad>;

/** Reads and parses on the calling thread (the command line, where nothing else waits and files are not expected to change). */
export const parseInline: ParseDataset = async (dir, files) => parseDataset(files, await readDataset(dir, files));

/** A worker running parse-worker: its compiled file, or under tsx (tests, `npm run dev`) its TypeScript source through tsx's loader. */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./parse-worker.js', import.meta.url));
  const source = new URL('./parse-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, { eval: true });
}

/**
 * Reads and parses datasets on one worker thread, so that a large file (a
 * 10-million-row CSV takes seconds) never stalls the server's event loop:
 * the loop only receives the finished typed arrays, transferred without a
 * copy. Requests queue in the worker and run one at a time. A worker that
 * dies fails the datasets it held (each reported) and is replaced on the
 * next request.
 */
export class WorkerParser {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<number, { files: DatasetFiles; resolve: (load: DatasetLoad) => void }>();

  /** The ParseDataset of this parser. */
  readonly parse: ParseDataset = (dir, files) =>
    new Promise((resolve) => {
      const id = this.next++;
      this.waiting.set(id, { files, resolve });
      const worker = this.start();
      worker.ref();
      worker.postMessage({ id, dir, files } satisfies ParseRequest);
    });

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.on('message', ({ id, load }: { id: number; load: DatasetLoad }) => {
      this.waiting.get(id)?.resolve(load);
      this.waiting.delete(id);
      // an idle worker must not keep the process alive
      if (!this.waiting.size) worker.unref();
    });
    const fail = (why: string): void => {
      if (this.worker === worker) this.worker = null;
      for (const [id, w] of this.waiting) {
        w.resolve({ ok: false, issues: [{ dataset: w.files.id, file: w.files.data, message: `cannot be loaded: ${why}`, severity: 'error' }] });
        this.waiting.delete(id);
      }
    };
    worker.on('error', (e) => fail(e.message));
    worker.on('exit', (code) => fail(`the loading thread stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
