// What a production install (`npm ci`, `npm prune --omit=dev`) relies on,
// checked from package.json and package-lock.json: everything the server and
// the CLI import is a runtime dependency, the lock records what package.json
// asks for, and every package that runs here accepts every Node version our
// `engines` promises. (.ci/run performs the install itself and runs
// `dataseries publish` from it.)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import semver from 'semver';
import { PROJECT_ROOT } from '../../src/config.js';

interface Manifest {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  os?: string[];
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** Every non-test .ts file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(p);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.startsWith('test-') ? [p] : [];
  });
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

describe('production install', () => {
  it('every package the server and the CLI import statically is a runtime dependency', () => {
    const imported = new Map<string, string>();
    for (const file of sourceFiles(path.join(PROJECT_ROOT, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^'.][^']*)'/gm)) {
        if (m[1].startsWith('node:') || m[1].startsWith('type ')) continue;
        imported.set(packageOf(m[1]), path.relative(PROJECT_ROOT, file));
      }
    }
    assert.ok(imported.has('@duckdb/node-api'), 'src/publish writes Parquet with @duckdb/node-api');
    for (const [name, file] of imported) {
      assert.ok(name in manifest.dependencies, `${file} imports ${name}, which is not in "dependencies" (npm prune --omit=dev removes it)`);
    }
  });

  it('the lock file records exactly the dependencies package.json declares', () => {
    const root = lock.packages[''];
    assert.deepEqual(root.dependencies, manifest.dependencies);
    assert.deepEqual(root.devDependencies, manifest.devDependencies);
    for (const name of Object.keys(manifest.dependencies)) {
      assert.ok(lock.packages[`node_modules/${name}`], `${name} is locked`);
      assert.notEqual(lock.packages[`node_modules/${name}`].dev, true, `${name} is locked as a runtime package`);
    }
  });

  it('every locked package that runs on Linux accepts every Node version of our engines', () => {
    const ours = manifest.engines.node;
    const refused: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      // Platform binaries for other systems (e.g. sharp's win32-ia32) never install here.
      if (!key || !entry.engines?.node || (entry.os && !entry.os.includes('linux'))) continue;
      if (!semver.subset(ours, entry.engines.node)) refused.push(`${key}@${entry.version} wants node ${entry.engines.node}`);
    }
    assert.deepEqual(refused, [], `engines.node is "${ours}"`);
  });
});
