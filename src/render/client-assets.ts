/**
 * The browser bundle (client/*.ts with uPlot, the stylesheet, the icon) as
 * content-hashed files. `npm run build` writes them to dist/public with a
 * manifest (scripts/build-client.mjs); a server started from dist reads them
 * there, a server started from the sources (tests, `npm run dev`) bundles
 * them in memory with esbuild, so it always serves the current client code.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../config.js';
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

function assetsOf(files: AssetFile[], logical: Record<keyof Assets, string>): ClientAssets {
  const map = new Map(files.map((f) => [f.name, f]));
  const urls = Object.fromEntries(Object.entries(logical).map(([k, name]) => [k, ASSET_PREFIX + name])) as unknown as Assets;
  return { files: map, urls };
}

/**
 * Bundles client/ with esbuild in memory: `app.js` (minified ES module),
 * `app.css` (with uPlot's stylesheet), `icon.svg`; names carry a content hash.
 */
export async function bundleClient(): Promise<{ files: AssetFile[]; logical: Record<keyof Assets, string> }> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: { app: 'client/main.ts', style: 'client/styles.css' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020'],
    write: false,
    outdir: 'out',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files: AssetFile[] = [];
  const logical = {} as Record<keyof Assets, string>;
  for (const out of result.outputFiles) {
    const base = path.basename(out.path);
    const key = base === 'app.js' ? 'js' : base === 'style.css' ? 'css' : null;
    if (!key) continue;
    const body = Buffer.from(out.contents);
    const name = hashed(key === 'js' ? 'app.js' : 'app.css', body);
    files.push({ name, type: TYPES[path.extname(name)], body });
    logical[key] = name;
  }
  const icon = await readFile(path.join(PROJECT_ROOT, 'client', 'icon.svg'));
  logical.icon = hashed('icon.svg', icon);
  files.push({ name: logical.icon, type: TYPES['.svg'], body: icon });
  return { files, logical };
}

/** Reads the bundle written by `npm run build`. */
async function readBuilt(): Promise<ClientAssets> {
  const manifest = JSON.parse(await readFile(path.join(PUBLIC_DIR, MANIFEST), 'utf8')) as Record<keyof Assets, string>;
  const files = await Promise.all(
    Object.values(manifest).map(async (name) => ({
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
export async function writeClientBundle(dir: string): Promise<Record<keyof Assets, string>> {
  const { mkdir, writeFile, rm } = await import('node:fs/promises');
  const { files, logical } = await bundleClient();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await Promise.all(files.map((f) => writeFile(path.join(dir, f.name), f.body)));
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(logical, null, 2) + '\n');
  return logical;
}
