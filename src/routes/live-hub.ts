import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Snapshot } from '../data/model.js';

/**
 * The open event streams of /events and what they are sent: on connect the
 * current version of every dataset they follow, then one `change` event per
 * dataset whose version changed at a reload, and a comment line as heartbeat
 * so proxies and browsers keep the connection.
 */

/** What a stream follows: one dataset, or all (null). */
export type StreamFilter = string | null;

/** Timing of the streams. */
export interface LiveOptions {
  /** milliseconds between heartbeat comments */
  heartbeatMs: number;
  /** reconnection delay the browser is told to use (the `retry:` field) */
  retryMs: number;
  /** most open streams; more are refused with 503 */
  maxStreams: number;
  /** most open streams of one client address; more are refused with 429 */
  maxPerClient: number;
  /** a client that has this many bytes unread is dropped (it reconnects and gets the current versions) */
  maxBufferedBytes: number;
}

/** The soft limit on open files of this process (`ulimit -n`), or null where /proc does not tell. */
export function openFileLimit(limits = '/proc/self/limits'): number | null {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(limits, 'utf8'));
    if (!m) return null;
    return m[1] === 'unlimited' ? Infinity : Number(m[1]);
  } catch {
    return null;
  }
}

/**
 * Most streams the whole server holds: at most half its file descriptors
 * (each stream holds a socket; the other half stays for other clients,
 * data files and the proxy), and never above 5,000.
 */
export function streamCapFor(fileLimit: number | null): number {
  return Math.max(16, Math.min(5_000, Math.floor((fileLimit ?? 10_000) / 2)));
}

export const LIVE_DEFAULTS: LiveOptions = {
  heartbeatMs: 25_000,
  retryMs: 3_000,
  maxStreams: streamCapFor(openFileLimit()),
  maxPerClient: 16,
  maxBufferedBytes: 256 * 1024,
};

interface Stream {
  res: ServerResponse;
  filter: StreamFilter;
  client: string;
}

/** One SSE event (RFC: `event:` and `data:` lines, a blank line ends it). */
function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The versions a stream follows in a snapshot. */
function versionsOf(snapshot: Snapshot, filter: StreamFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, ds] of snapshot.datasets) if (filter === null || id === filter) out[id] = ds.version;
  return out;
}

/** The open streams; fed by the data holder's swaps. */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly perClient = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(readonly options: LiveOptions = LIVE_DEFAULTS) {
    this.timer = setInterval(() => this.broadcast(() => ': heartbeat\n\n'), options.heartbeatMs);
    this.timer.unref();
  }

  /** Number of open streams. */
  get size(): number {
    return this.streams.size;
  }

  /** Null when a client may open another stream, else whose cap is reached: its own, or the server's. */
  full(client: string): 'client' | 'server' | null {
    if ((this.perClient.get(client) ?? 0) >= this.options.maxPerClient) return 'client';
    return this.streams.size >= this.options.maxStreams ? 'server' : null;
  }

  /** Starts a stream of a client on a response whose headers are written: the retry hint and the current versions. */
  open(res: ServerResponse, snapshot: Snapshot, filter: StreamFilter, client: string): void {
    const stream: Stream = { res, filter, client };
    this.streams.add(stream);
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    res.on('close', () => this.forget(stream));
    res.write(`retry: ${this.options.retryMs}\n\n` + sseEvent('versions', { data_version: snapshot.version, datasets: versionsOf(snapshot, filter) }));
  }

  /** After a reload: one `change` event per followed dataset whose version differs (null when it is gone). */
  swapped(next: Snapshot, old: Snapshot | null): void {
    const changes: { dataset: string; version: string | null }[] = [];
    const ids = new Set([...next.datasets.keys(), ...(old?.datasets.keys() ?? [])]);
    for (const id of ids) {
      const version = next.datasets.get(id)?.version ?? null;
      if (old?.datasets.get(id)?.version !== version) changes.push({ dataset: id, version });
    }
    if (changes.length === 0) return;
    this.broadcast((filter) =>
      changes
        .filter((c) => filter === null || c.dataset === filter)
        .map((c) => sseEvent('change', { ...c, data_version: next.version }))
        .join(''),
    );
  }

  private forget(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    const left = (this.perClient.get(stream.client) ?? 1) - 1;
    if (left > 0) this.perClient.set(stream.client, left);
    else this.perClient.delete(stream.client);
  }

  private broadcast(text: (filter: StreamFilter) => string): void {
    for (const stream of this.streams) {
      const chunk = text(stream.filter);
      if (!chunk) continue;
      if (stream.res.writableLength > this.options.maxBufferedBytes) stream.res.destroy();
      else stream.res.write(chunk);
    }
  }

  /** Ends every stream (the server is stopping) and the heartbeat. */
  close(): void {
    clearInterval(this.timer);
    // the socket is closed once the end is written: a client that never closes its side must not hold a stopping server
    for (const { res } of this.streams) res.end(() => res.destroy());
    this.streams.clear();
    this.perClient.clear();
  }
}
