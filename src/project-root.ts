/**
 * The project's root directory, at the bottom of the layers so that any module
 * may find files of the project (config.ts re-exports it; render/client-assets.ts
 * reads the bundle from it).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walks up from this file to the directory holding package.json (works from src/ and dist/src/). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** The project's root directory (where package.json and demo-data/ live). */
export const PROJECT_ROOT = findRoot();
