import { lstatSync, watch, type FSWatcher } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
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
  private linkWatcher: FSWatcher | null = null;
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
      // A publish swaps a link (DS_DATA_DIR -> a version directory): resolve it once, so one load reads one version.
      const next = await loadSnapshot(await realpath(this.dir), this.snapshot);
      const old = this.snapshot;
      if (old && old.version === next.version && old.issues.length === next.issues.length) return;
      this.snapshot = next;
      this.lastError = null;
      this.log.info(
        {
          datasets: next.datasets.size,
          series: next.series,
          observations: next.observations,
          load_ms: next.loadMs,
          version: next.version,
          issues: next.issues.length,
        },
        old ? 'data reloaded' : 'data loaded',
      );
      for (const fn of this.listeners) fn(next, old);
    } catch (e) {
      this.lastError = (e as Error).message;
      this.log.error({ err: this.lastError, dir: this.dir }, this.snapshot ? 'reload failed; the previous data is still served' : 'data could not be loaded');
    }
  }

  /** Reloads (debounced) whenever a file in the data directory changes, or a publish swaps its link to another version. */
  watch(debounceMs = 300): void {
    if (this.watcher) return;
    const schedule = (): void => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.reload(), debounceMs);
    };
    try {
      this.watcher = this.watchPath(this.dir, schedule);
      // fs.watch follows a link to the directory it points to now; a publish renames a new link over it,
      // which only the parent directory sees: watch the parent for that name, then follow the new link.
      if (lstatSync(this.dir).isSymbolicLink()) {
        const name = path.basename(this.dir);
        this.linkWatcher = this.watchPath(path.dirname(this.dir), (file) => {
          if (file !== name) return;
          this.watcher?.close();
          try {
            this.watcher = this.watchPath(this.dir, schedule);
          } catch (e) {
            this.log.error({ err: (e as Error).message, dir: this.dir }, 'cannot watch the new target of the data directory link');
          }
          schedule();
        });
      }
    } catch (e) {
      this.log.error({ err: (e as Error).message, dir: this.dir }, 'cannot watch the data directory; reload with SIGHUP');
    }
  }

  private watchPath(target: string, fn: (file: string | null) => void): FSWatcher {
    const watcher = watch(target, { persistent: false }, (_event, file) => fn(file));
    watcher.on('error', (e) => this.log.error({ err: e.message, dir: target }, 'watching the data directory failed'));
    return watcher;
  }

  /** Stops watching. */
  close(): void {
    this.watcher?.close();
    this.watcher = null;
    this.linkWatcher?.close();
    this.linkWatcher = null;
    if (this.timer) clearTimeout(this.timer);
  }
}
