#!/usr/bin/env node
// Builds the browser bundle into dist/public: type-checks client/ (esbuild
// does not), then bundles it with esbuild through the compiled
// src/render/client-assets.js (run after `tsc`, as the `build` script does),
// writing content-hashed files and manifest.json. A server started from dist/
// serves these files; one started from the sources bundles in memory.
import { spawnSync } from 'node:child_process';

const check = spawnSync('npx', ['tsc', '-p', 'client/tsconfig.json'], { stdio: 'inherit' });
if (check.status !== 0) process.exit(check.status ?? 1);

const { PUBLIC_DIR, writeClientBundle } = await import('../dist/src/render/client-assets.js');
const names = await writeClientBundle(PUBLIC_DIR);
console.log(`client bundle written to ${PUBLIC_DIR}: ${Object.values(names).flat().join(', ')}`);
