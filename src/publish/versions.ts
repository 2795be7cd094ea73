import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readFile, readlink, rename, rm, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The layout of a published directory: OUT is a symbolic link to one
 * complete version under `OUT.versions/`, and a publish swaps the link with
 * one rename(2), so a reader sees the old version or the new one, never a mix.
 */

/** A version directory's name: a UTC time stamp to the millisecond, sortable. */
const VERSION_NAME = /^\d{8}T\d{9}Z(-\d+)?$/;

/** The folder holding the versions of OUT (beside it, so renames stay on one file system). */
export function versionsDir(out: string): string {
  return `${out}.versions`;
}

/** A version name for a publish at `now`, e.g. `20260101T120000123Z`. */
export function versionName(now: Date): string {
  return now.toISOString().replace(/[-:.]/g, '');
}

/** What OUT is before a publish. */
export type OutState = { kind: 'absent' } | { kind: 'link'; current: string | null } | { kind: 'empty-dir' } | { kind: 'other'; what: string };

/** Looks at OUT: absent, a publish link (and the version it points to), an empty directory, or something a publish must not replace. */
export async function inspectOut(out: string): Promise<OutState> {
  const info = await lstat(out).catch(() => null);
  if (!info) return { kind: 'absent' };
  if (info.isSymbolicLink()) {
    const target = path.resolve(path.dirname(out), await readlink(out));
    const inside = path.dirname(target) === versionsDir(out) && (await lstat(target).catch(() => null))?.isDirectory();
    return inside ? { kind: 'link', current: target } : { kind: 'other', what: `a link to ${target}, not to a version in ${versionsDir(out)}` };
  }
  if (info.isDirectory()) return (await readdir(out)).length === 0 ? { kind: 'empty-dir' } : { kind: 'other', what: 'a directory with files in it' };
  return { kind: 'other', what: 'a file' };
}

/** Makes a directory's entries durable (a rename is only safe after it). */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A fresh, hidden working directory inside the versions folder. */
export async function makeWorkDir(out: string): Promise<string> {
  const dir = path.join(versionsDir(out), `.work-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Gives a finished working directory its version name (a new one if two publishes share a millisecond). */
export async function sealVersion(out: string, work: string, now: Date): Promise<string> {
  const base = path.join(versionsDir(out), versionName(now));
  for (let n = 0; ; n++) {
    const target = n === 0 ? base : `${base}-${n}`;
    if (await lstat(target).catch(() => null)) continue;
    await rename(work, target);
    await syncDir(versionsDir(out));
    return target;
  }
}

/**
 * Points OUT at a version with one atomic rename of a new link over the old
 * one. An empty directory at OUT is removed first (it held nothing to serve).
 */
export async function swapLink(out: string, version: string, state: OutState): Promise<void> {
  const parent = path.dirname(out);
  const tmp = path.join(parent, `.${path.basename(out)}.link-${process.pid}-${randomBytes(4).toString('hex')}`);
  await symlink(path.relative(parent, version), tmp);
  try {
    if (state.kind === 'empty-dir') await rmdir(out);
    await rename(tmp, out);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncDir(parent);
}

/** The version names under `OUT.versions/`, oldest first. */
export async function listVersions(out: string): Promise<string[]> {
  const names = await readdir(versionsDir(out)).catch(() => [] as string[]);
  return names.filter((n) => VERSION_NAME.test(n)).sort();
}

/**
 * Removes all but the newest `keep` versions (never the current one) and
 * working directories that a crashed publish left. Returns the removed names.
 */
export async function pruneVersions(out: string, keep: number, current: string): Promise<string[]> {
  const dir = versionsDir(out);
  const names = await listVersions(out);
  const doomed = names.slice(0, Math.max(0, names.length - keep)).filter((n) => path.join(dir, n) !== current);
  const stale = (await readdir(dir)).filter((n) => n.startsWith('.work-'));
  for (const n of [...doomed, ...stale]) await rm(path.join(dir, n), { recursive: true, force: true });
  return doomed;
}

/** Another publish holds the lock of the same OUT. */
export class PublishBusyError extends Error {}

/**
 * Takes the publish lock of OUT (a file holding the pid): two publishes of
 * one OUT never interleave. A lock whose process is gone is taken over.
 * Returns the function that releases it.
 */
export async function lockVersions(out: string): Promise<() => Promise<void>> {
  const dir = versionsDir(out);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(await readFile(file, 'utf8').catch(() => ''));
      if (isAlive(pid)) throw new PublishBusyError(`another publish (pid ${pid}) is writing ${out}; wait for it to finish`);
      await rm(file, { force: true });
    }
  }
  throw new PublishBusyError(`cannot take the lock ${file}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
