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
  /** a client that has this many bytes unread is dropped (it reconnects and gets the current versions) */
  maxBufferedBytes: number;
}

export const LIVE_DEFAULTS: LiveOptions = { heartbeatMs: 25_000, retryMs: 3_000, maxStreams: 5_000, maxBufferedBytes: 256 * 1024 };

interface Stream {
  res: ServerResponse;
  filter: StreamFilter;
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
  private readonly timer: NodeJS.Timeout;

  constructor(readonly options: LiveOptions = LIVE_DEFAULTS) {
    this.timer = setInterval(() => this.broadcast(() => ': heartbeat\n\n'), options.heartbeatMs);
    this.timer.unref();
  }

  /** Number of open streams. */
  get size(): number {
    return this.streams.size;
  }

  /** True when another stream may open. */
  get hasRoom(): boolean {
    return this.streams.size < this.options.maxStreams;
  }

  /** Starts a stream on a response whose headers are written: the retry hint and the current versions. */
  open(res: ServerResponse, snapshot: Snapshot, filter: StreamFilter): void {
    const stream: Stream = { res, filter };
    this.streams.add(stream);
    res.on('close', () => this.streams.delete(stream));
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
  }
}
