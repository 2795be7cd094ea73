/**
 * The browser bundle (client/*.ts with uPlot, split in ES modules, the
 * stylesheet, the icon) as content-hashed files. `npm run build` writes them to dist/public with a
 * manifest (scripts/build-client.mjs); a server started from dist reads them
 * there, a server started from the sources (tests, `npm run dev`) bundles
 * them in memory with esbuild, so it always serves the current client code.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../project-root.js';
import type { Assets } from './layout.js';

/** One file of the bundle. */
export interface AssetFile {
  name: string;
  type: string;
  body: Buffer;
}

/** The bundle: its files by name and the URLs pages link to. */
export interface ClientAssets {
  files: Map<string, AssetFile>;
  urls: Assets;
}

/** Where the built bundle lives. */
export const PUBLIC_DIR = path.join(PROJECT_ROOT, 'dist', 'public');
const MANIFEST = 'manifest.json';
/** URL prefix of the bundle's files. */
export const ASSET_PREFIX = '/assets/';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

function hashed(logical: string, body: Buffer): string {
  const ext = path.extname(logical);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return `${path.basename(logical, ext)}.${hash}${ext}`;
}

/** The bundle's file names, as the manifest keeps them: each of `Assets` without the URL prefix. */
export type AssetNames = { [K in keyof Assets]: Assets[K] };

const prefixed = <T extends string | string[] | undefined>(names: T): T =>
  (Array.isArray(names) ? names.map((n) => ASSET_PREFIX + n) : names === undefined ? undefined : ASSET_PREFIX + names) as T;

function assetsOf(files: AssetFile[], names: AssetNames): ClientAssets {
  const urls: Assets = {
    js: prefixed(names.js),
    css: prefixed(names.css),
    icon: prefixed(names.icon),
    modules: prefixed(names.modules),
    chartModules: prefixed(names.chartModules),
  };
  return { files: new Map(files.map((f) => [f.name, f])), urls };
}

/** Every file a manifest names. */
function namesOf(names: AssetNames): string[] {
  return [names.js, names.css, names.icon, ...(names.modules ?? []), ...(names.chartModules ?? [])];
}

type Metafile = { outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }> };

/** The outputs a JS output imports statically, directly or not (the browser fetches them before it can run it). */
function staticImports(meta: Metafile, output: string, seen = new Set<string>()): Set<string> {
  for (const i of meta.outputs[output]?.imports ?? []) {
    if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
    seen.add(i.path);
    staticImports(meta, i.path, seen);
  }
  return seen;
}

/**
 * Bundles client/ with esbuild in memory: the entry `app.*.js` (a minified
 * ES module), the modules it imports (split: the explorer and uPlot load
 * only on the pages that chart, each evaluated in a task of its own),
 * `app.*.css` (with uPlot's stylesheet), `icon.*.svg`; names carry a content
 * hash (esbuild's for the modules the entry imports, which name each other).
 */
export async function bundleClient(): Promise<{ files: AssetFile[]; logical: AssetNames }> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: { app: 'client/main.ts', style: 'client/styles.css' },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    target: ['es2020'],
    write: false,
    outdir: 'out',
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const meta = result.metafile as Metafile;
  const outputs = Object.keys(meta.outputs);
  const entry = outputs.find((o) => meta.outputs[o].entryPoint === 'client/main.ts');
  const style = outputs.find((o) => meta.outputs[o].entryPoint === 'client/styles.css');
  if (!entry || !style) throw new Error('esbuild wrote no app entry or no stylesheet');
  const modules = staticImports(meta, entry);
  const chartModules = new Set<string>();
  for (const i of meta.outputs[entry].imports) {
    if (i.kind !== 'dynamic-import') continue;
    chartModules.add(i.path);
    for (const s of staticImports(meta, i.path)) if (!modules.has(s)) chartModules.add(s);
  }
  const files: AssetFile[] = [];
  const byPath = new Map(result.outputFiles.map((f) => [path.relative(PROJECT_ROOT, f.path).split(path.sep).join('/'), Buffer.from(f.contents)]));
  const add = (name: string, body: Buffer): string => {
    files.push({ name, type: TYPES[path.extname(name)], body });
    return name;
  };
  const js = (output: string): string => add(path.basename(output), byPath.get(output)!);
  const css = byPath.get(style)!;
  const icon = await readFile(path.join(PROJECT_ROOT, 'client', 'icon.svg'));
  // the entry keeps the name pages have always linked (nothing imports it; the modules name each other by esbuild's hash)
  const app = byPath.get(entry)!;
  const logical: AssetNames = {
    js: add(hashed('app.js', app), app),
    css: add(hashed('app.css', css), css),
    icon: add(hashed('icon.svg', icon), icon),
    modules: [...modules].map(js),
    chartModules: [...chartModules].map(js),
  };
  return { files, logical };
}

/** Reads the bundle written by `npm run build`. */
async function readBuilt(): Promise<ClientAssets> {
  const manifest = JSON.parse(await readFile(path.join(PUBLIC_DIR, MANIFEST), 'utf8')) as AssetNames;
  const files = await Promise.all(
    namesOf(manifest).map(async (name) => ({
      name,
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      body: await readFile(path.join(PUBLIC_DIR, name)),
    })),
  );
  return assetsOf(files, manifest);
}

/** Whether this module runs from the compiled dist/ tree (not from the sources through tsx). */
function runsFromDist(): boolean {
  return fileURLToPath(import.meta.url)
    .split(path.sep)
    .includes('dist');
}

/**
 * The bundle to serve: the built one when running from dist/ (and present),
 * else bundled now from the sources.
 */
export async function loadClientAssets(): Promise<ClientAssets> {
  if (runsFromDist() && existsSync(path.join(PUBLIC_DIR, MANIFEST))) return readBuilt();
  const { files, logical } = await bundleClient();
  return assetsOf(files, logical);
}

/** Writes a bundle and its manifest to a directory (used by scripts/build-client.mjs). */
export async function writeClientBundle(dir: string): Promise<AssetNames> {
  const { mkdir, writeFile, rm } = await import('node:fs/promises');
  const { files, logical } = await bundleClient();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await Promise.all(files.map((f) => writeFile(path.join(dir, f.name), f.body)));
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(logical, null, 2) + '\n');
  return logical;
}
