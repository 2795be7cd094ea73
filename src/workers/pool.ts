import { Piscina } from 'piscina';
import { OverloadedError } from '../errors/ds-error.js';

/**
 * A small pool of worker threads for CPU-heavy work (image rendering, xlsx
 * encoding, parsing large files), with a bounded queue: work beyond
 * `threads` running and `queue` waiting is refused at once with a 503
 * `overloaded` and Retry-After, so heavy requests can never starve the event
 * loop or grow memory without bound. Built on Piscina.
 */

/** Size of a pool. */
export interface PoolSize {
  /** worker threads running tasks at once */
  threads: number;
  /** tasks waiting for a thread; one more is refused with a 503 */
  queue: number;
}

/** What a task module exports: functions of one argument, by name. */
export type TaskModule = Record<string, (input: never) => unknown>;

/** A pool whose tasks are the exports of one module. */
export interface WorkerPool<M extends TaskModule> {
  /** Runs export `name` of the task module on `input` in a worker thread; throws OverloadedError when the queue is full. */
  run<N extends keyof M & string>(name: N, input: Parameters<M[N]>[0]): Promise<Awaited<ReturnType<M[N]>>>;
  /** Throws OverloadedError when `run` would be refused now. */
  assertRoom(): void;
  /** tasks running and waiting now */
  load(): { running: number; waiting: number };
  /** Stops the threads (after the app closes). */
  close(): Promise<void>;
}

/** Seconds a refused client is told to wait: about the time the queue takes to drain. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The URL of a module beside `base` (an `import.meta.url`), with the caller's own
 * extension: `.ts` when running from source (tsx), `.js` when built.
 * @example siblingModule(import.meta.url, './heavy-tasks')
 */
export function siblingModule(base: string, name: string): URL {
  const ext = base.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`${name}${ext}`, base);
}

/**
 * Starts a pool running the exports of `module` (a file URL) in worker threads.
 * Threads start on first use and stop when idle for a while.
 * @example const pool = createWorkerPool<typeof import('./heavy-tasks.js')>(siblingModule(import.meta.url, './heavy-tasks'), { threads: 2, queue: 16 })
 */
export function createWorkerPool<M extends TaskModule>(module: URL, size: PoolSize): WorkerPool<M> {
  // From source (.ts), a bootstrap registers tsx in each thread and dispatches by name.
  const fromSource = module.pathname.endsWith('.ts');
  const piscina = new Piscina({
    filename: fromSource ? new URL('./ts-bootstrap.mjs', import.meta.url).href : module.href,
    workerData: fromSource ? { taskModule: module.href } : undefined,
    minThreads: 0,
    maxThreads: size.threads,
    // our count below refuses first; this is only a backstop
    maxQueue: size.queue + size.threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: 30_000,
  });
  // counted here, not read from Piscina: tasks in flight = running + waiting
  let inFlight = 0;
  const assertRoom = (): void => {
    if (inFlight >= size.threads + size.queue) throw new OverloadedError(RETRY_AFTER_SECONDS, { threads: size.threads, queue: size.queue });
  };
  return {
    assertRoom,
    run: async (name, input) => {
      assertRoom();
      inFlight += 1;
      try {
        return (await (fromSource ? piscina.run({ name, input }) : piscina.run(input, { name }))) as never;
      } finally {
        inFlight -= 1;
      }
    },
    load: () => ({ running: Math.min(inFlight, size.threads), waiting: Math.max(0, inFlight - size.threads) }),
    close: () => piscina.destroy(),
  };
}
