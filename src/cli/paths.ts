import { stat } from 'node:fs/promises';
import { UsageError } from './io.js';

/** Fails with a usage error unless `dir` is a directory (through links). */
export async function requireDirectory(dir: string, name: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new UsageError(`${name} ${dir} does not exist`);
  if (!info.isDirectory()) throw new UsageError(`${name} ${dir} is not a directory`);
}
