import cluster, { type Worker } from 'node:cluster';

/**
 * The per-client cap of /events streams across `--workers N` (issue 23: with
 * two workers one address held 32 streams where the docs promise 16). The
 * primary counts every client's open streams over the cluster's IPC channel:
 * a worker asks before it opens a stream and tells when the stream closes,
 * and the primary forgets what a worker held when it exits. A single process
 * needs no quota: its LiveHub counts its own streams.
 */

/** What the primary and the workers say to each other. */
type QuotaMessage =
  { dsStreams: 'acquire'; id: number; client: string } | { dsStreams: 'answer'; id: number; ok: boolean } | { dsStreams: 'release'; client: string };

/** A message to a process that is exiting is lost, and that is fine: its streams are closing too. */
const ignore = (): void => {};

const isQuotaMessage = (msg: unknown): msg is QuotaMessage => typeof (msg as QuotaMessage | null)?.dsStreams === 'string';

/** A worker's side: asks the primary for a stream of a client, and gives it back. */
export interface StreamQuota {
  /** True when the client may open one more stream (it then counts until `release`). */
  acquire(client: string): Promise<boolean>;
  release(client: string): void;
}

/** The quota of this process: the primary's when it is a cluster worker, else null (the process counts alone). */
export function workerStreamQuota(): StreamQuota | null {
  if (!cluster.isWorker || !process.send) return null;
  const waiting = new Map<number, (ok: boolean) => void>();
  let next = 0;
  process.on('message', (msg: unknown) => {
    if (!isQuotaMessage(msg) || msg.dsStreams !== 'answer') return;
    waiting.get(msg.id)?.(msg.ok);
    waiting.delete(msg.id);
  });
  return {
    acquire: (client) =>
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        process.send!({ dsStreams: 'acquire', id, client } satisfies QuotaMessage, undefined, undefined, ignore);
      }),
    release: (client) => void process.send?.({ dsStreams: 'release', client } satisfies QuotaMessage, undefined, undefined, ignore),
  };
}

/**
 * The primary's side: counts each client's streams across the workers, at
 * most `max` per client; returns the handlers for the cluster's `message`
 * and `exit` events.
 */
export function serveStreamQuota(max: number): { message(worker: Worker, msg: unknown): void; exit(worker: Worker): void } {
  const total = new Map<string, number>();
  const byWorker = new Map<number, Map<string, number>>();
  const add = (worker: Worker, client: string, n: number): void => {
    const left = (total.get(client) ?? 0) + n;
    if (left > 0) total.set(client, left);
    else total.delete(client);
    const held = byWorker.get(worker.id) ?? new Map<string, number>();
    const mine = (held.get(client) ?? 0) + n;
    if (mine > 0) held.set(client, mine);
    else held.delete(client);
    byWorker.set(worker.id, held);
  };
  return {
    message(worker, msg) {
      if (!isQuotaMessage(msg)) return;
      if (msg.dsStreams === 'acquire') {
        const ok = (total.get(msg.client) ?? 0) < max;
        if (ok) add(worker, msg.client, 1);
        worker.send({ dsStreams: 'answer', id: msg.id, ok } satisfies QuotaMessage, undefined, ignore);
      } else if (msg.dsStreams === 'release' && byWorker.get(worker.id)?.get(msg.client)) add(worker, msg.client, -1);
    },
    exit(worker) {
      for (const [client, n] of byWorker.get(worker.id) ?? []) add(worker, client, -n);
      byWorker.delete(worker.id);
    },
  };
}
