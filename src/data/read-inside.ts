import { realpath } from 'node:fs/promises';
import path from 'node:path';

/** A file of the data directory that is a link leaving it: never read, reported instead. */
export class OutsideLinkError extends Error {
  constructor(readonly file: string) {
    super('is a symbolic link to a file outside the data directory (not read)');
  }
}

/**
 * The real path of `name` inside the data directory `root` (already resolved
 * with realpath), following links only while they stay inside it. Throws
 * OutsideLinkError for a link that leaves it (its target is not shown: it may
 * be a secret), and the fs error (ENOENT…) for a missing file.
 */
export async function resolveInside(root: string, name: string): Promise<string> {
  const real = await realpath(path.join(root, name));
  if (real !== root && !real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) throw new OutsideLinkError(name);
  return real;
}
