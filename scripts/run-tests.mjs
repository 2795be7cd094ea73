#!/usr/bin/env node
// Runs every *.test.ts of the project with node's test runner (through tsx).
// Node 20's runner does not expand globs, so the files are listed here.
// Usage: node scripts/run-tests.mjs [substring filters...]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['src', 'scripts', 'test', 'clients', 'bench'];
const SKIP = new Set(['node_modules', 'dist', '.git']);

function find(dir, out) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (SKIP.has(name)) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = ROOTS.flatMap((r) => find(r, []))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { DS_RATE_LIMIT: '0', DS_ACCESS_LOG: 'false', ...process.env, TZ: 'UTC', LANG: 'C.UTF-8', NODE_ENV: 'test' },
});
process.exit(result.status ?? 1);
