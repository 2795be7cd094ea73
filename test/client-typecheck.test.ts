// The browser bundle's sources type-check (esbuild, which bundles them, does
// not): client/*.ts with the DOM types, and the shared src/ modules they import.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../src/config.js';

describe('client bundle sources', () => {
  it('type-check with client/tsconfig.json', () => {
    const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'client/tsconfig.json'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
});
