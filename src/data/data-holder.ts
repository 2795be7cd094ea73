import { watch, type FSWatcher } from 'node:fs';
import { loadSnapshot } from './load-snapshot.js';
import type { Snapshot } from './model.js';

/** What the holder reports to the log. */
export interface HolderLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Holds the current snapshot and replaces it atomically: a reload builds the
 * new snapshot beside the old one and swaps a single reference, so requests in
 * flight finish on the snapshot they started with; a failed reload keeps the
 * old one.
 */
export class DataHolder {
  private snapshot: Snapshot | null = null;
  private running: Promise<void> | null = null;
  private pending = false;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners: ((s: Snapshot, old: Snapshot | null) => void)[] = [];
  /** the last reload failure, cleared by the next success */
  lastError: string | null = null;
  /** resolves once the first load has finished (successfully or not) */
  readonly ready: Promise<void>;

  constructor(
    readonly dir: string,
    private readonly log: HolderLog,
  ) {
    this.ready = this.reload();
  }

  /** The snapshot to answer from, or null while nothing is loaded. */
  get current(): Snapshot | null {
    return this.snapshot;
  }

  /** Calls `fn` after each swap (e.g. to clear response caches). */
  onSwap(fn: (s: Snapshot, old: Snapshot | null) => void): void {
    this.listeners.push(fn);
  }

  /** Reloads now; concurrent calls coalesce into one more reload after the running one. */
  reload(): Promise<void> {
    if (this.running) {
      this.pending = true;
      return this.running;
    }
    this.running = this.loadOnce().finally(() => {
      this.running = null;
      if (this.pending) {
        this.pending = false;
        void this.reload();
      }
    });
    return this.running;
  }

  private async loadOnce(): Promise<void> {
    try {
      const next = await loadSnapshot(this.dir, this.snapshot);
      const old = this.snapshot;
      if (old && old.version === next.version && old.issues.length === next.issues.length) return;
      this.snapshot = next;
      this.lastError = null;
      this.log.info(
        { datasets: next.datasets.size, series: next.series, observations: next.observations, load_ms: next.loadMs, version: next.version, issues: next.issues.length },
        old ? 'data reloaded' : 'data loaded',
      );
      for (const fn of this.listeners) fn(next, old);
    } catch (e) {
      this.lastError = (e as Error).message;
      this.log.error({ err: this.lastError, dir: this.dir }, this.snapshot ? 'reload failed; the previous data is still served' : 'data could not be loaded');
    }
  }

  /** Reloads (debounced) whenever a file in the data directory changes. */
  watch(debounceMs = 300): void {
    if (this.watcher) return;
    try {
      this.watcher = watch(this.dir, { persistent: false }, () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.reload(), debounceMs);
      });
      this.watcher.on('error', (e) => this.log.error({ err: e.message }, 'watching the data directory failed'));
    } catch (e) {
      this.log.error({ err: (e as Error).message, dir: this.dir }, 'cannot watch the data directory; reload with SIGHUP');
    }
  }

  /** Stops watching. */
  close(): void {
    this.watcher?.close();
    this.watcher = null;
    if (this.timer) clearTimeout(this.timer);
  }
}
