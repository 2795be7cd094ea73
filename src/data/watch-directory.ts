import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** What a DirectoryWatch tells its owner. */
export interface DirectoryWatchEvents {
  /** something in or of the directory changed (debounced) */
  changed(): void;
  error(err: string, what: string): void;
}

/**
 * The identity of a directory through its links, or null when it is not
 * there: device, inode and birth time (a directory made again right after
 * `rm -rf` often gets the freed inode number back).
 */
async function identity(dir: string): Promise<string | null> {
  const info = await stat(dir).catch(() => null);
  return info?.isDirectory() ? `${info.dev}:${info.ino}:${info.birthtimeMs}` : null;
}

/**
 * Watches a data directory so that it survives what operators do to it.
 * fs.watch follows one inode: after `rm -rf data && cp -r new data`, after
 * `mv data data.old && mv new data`, or after a publish renames a new link
 * over `data`, it would keep watching the old directory (or nothing). So the
 * parent directory is watched for the name, the directory's identity (device
 * and inode through links) is checked on each such event and by a slow poll
 * (the fallback where events are lost), and the inner watch is made again
 * whenever the identity changes.
 */
export class DirectoryWatch {
  private inner: FSWatcher | null = null;
  private parent: FSWatcher | null = null;
  private poll: NodeJS.Timeout;
  private timer: NodeJS.Timeout | null = null;
  private current: string | null = null;
  private closed = false;
  private checks = 0;
  private forced = false;

  constructor(
    private readonly dir: string,
    private readonly debounceMs: number,
    private readonly events: DirectoryWatchEvents,
    pollMs = Math.max(1000, debounceMs * 4),
  ) {
    const name = path.basename(dir);
    try {
      this.parent = this.open(path.dirname(dir), (file) => {
        if (file === null || file === name) void this.check(true, true);
      });
    } catch (e) {
      events.error((e as Error).message, 'cannot watch the parent of the data directory; polling for its replacement');
    }
    this.poll = setInterval(() => void this.check(), pollMs);
    this.poll.unref();
    void this.check(false);
  }

  /**
   * Re-watches the directory when it is another one than before (or always,
   * when the parent saw its name change); `notify` schedules a reload then.
   */
  private async check(notify = true, force = false): Promise<void> {
    const seq = ++this.checks;
    this.forced ||= force;
    const id = await identity(this.dir);
    // only the latest check counts: an older one may have seen the directory before it was made again
    if (this.closed || seq !== this.checks || (id === this.current && !this.forced)) return;
    this.current = id;
    this.forced = false;
    this.inner?.close();
    this.inner = null;
    if (id !== null) {
      try {
        this.inner = this.open(this.dir, () => this.schedule());
      } catch (e) {
        this.events.error((e as Error).message, 'cannot watch the data directory; it is polled instead');
      }
    }
    if (notify) this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.events.changed();
    }, this.debounceMs);
  }

  private open(target: string, fn: (file: string | null) => void): FSWatcher {
    const w = watch(target, { persistent: false }, (_event, file) => fn(file === null ? null : String(file)));
    // a removed directory ends its watch with an error on some systems: the parent watch and the poll take over
    w.on('error', () => {
      w.close();
      if (this.inner === w) this.inner = null;
      void this.check();
    });
    return w;
  }

  /** Stops every watch and timer. */
  close(): void {
    this.closed = true;
    this.inner?.close();
    this.parent?.close();
    clearInterval(this.poll);
    if (this.timer) clearTimeout(this.timer);
  }
}
