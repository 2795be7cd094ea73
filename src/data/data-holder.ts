import { WorkerParser } from './dataset-parser.js';
import { loadSnapshot } from './load-snapshot.js';
import type { LoadIssue, Snapshot } from './model.js';
import { cleanMessage } from './quote.js';
import { DirectoryWatch } from './watch-directory.js';

/** What the holder reports to the log. */
export interface HolderLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A file caught while being written is read again after this long, doubling up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * Holds the current snapshot and replaces it atomically: a reload builds the
 * new snapshot beside the old one and swaps a single reference, so requests in
 * flight finish on the snapshot they started with; a failed reload keeps the
 * old one. What the last load found (its issues, its failure) is kept apart
 * from the snapshot, so `/health` always tells the latest truth even when the
 * data did not change.
 */
export class DataHolder {
  private snapshot: Snapshot | null = null;
  private running: Promise<void> | null = null;
  private pending = false;
  private watcher: DirectoryWatch | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;
  private closed = false;
  private readonly listeners: ((s: Snapshot, old: Snapshot | null) => void)[] = [];
  /** files are read and parsed off the event loop */
  private readonly parser = new WorkerParser();
  /** the last reload failure, cleared by the next load that succeeds */
  lastError: string | null = null;
  /** what the last load reported (the errors and warnings /health shows) */
  issues: LoadIssue[] = [];
  /** the real directory the last load read (DS_DATA_DIR through its links) */
  resolvedDir: string | null = null;
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
    const old = this.snapshot;
    let next: Snapshot;
    try {
      next = await loadSnapshot(this.dir, old, this.parser.parse);
    } catch (e) {
      const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? `the data directory ${this.dir} does not exist` : (e as Error).message;
      return this.fail(cleanMessage(reason));
    }
    this.resolvedDir = next.dir;
    if (old?.datasets.size && !next.datasets.size) {
      // a directory being replaced (rm -rf data && cp -r new data) is empty for a moment: never serve that
      this.issues = next.issues;
      return this.fail(`the data directory ${this.dir} holds no dataset now`);
    }
    this.issues = next.issues;
    this.lastError = null;
    if (next.issues.some((i) => i.retry)) this.retryLater();
    else this.retryMs = RETRY_FIRST_MS;
    if (old && old.version === next.version) return;
    this.snapshot = next;
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
  }

  private fail(reason: string): void {
    this.lastError = reason;
    this.log.error({ err: reason, dir: this.dir }, this.snapshot ? 'reload failed; the previous data is still served' : 'data could not be loaded');
    this.retryLater();
  }

  /** Reads again later by itself (a file still being written, a directory being replaced), backing off. */
  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.reload();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  /**
   * Reloads (debounced) whenever a file in the data directory changes, the
   * directory is removed and made again, swapped by a rename, or its link is
   * swapped by a publish; polls as a fallback.
   */
  watch(debounceMs = 300): void {
    if (this.watcher) return;
    this.watcher = new DirectoryWatch(this.dir, debounceMs, {
      changed: () => {
        this.retryMs = RETRY_FIRST_MS;
        void this.reload();
      },
      error: (err, what) => this.log.error({ err, dir: this.dir }, what),
    });
  }

  /** Stops watching and the loading thread. */
  close(): void {
    this.closed = true;
    void this.parser.close();
    this.watcher?.close();
    this.watcher = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
