import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { freePort, startChild, waitForHttp, type Child } from './children.js';
import { walkOnce, type OnceResult } from './cold-paths.js';

/**
 * The kinds of cold request measured against bare Node (issue 24): the mixed
 * `/series.csv` list, only its selections with a transform, the same list as
 * `/series` (JSON), and the list with a typo in a code (400 unknown_code).
 */
export const COLD_KINDS = ['csv', 'transform', 'json', 'bad'] as const;
export type ColdKind = (typeof COLD_KINDS)[number];

/** A `/series.csv` selection turned into the same request of another kind (null: not of that kind). */
export function asKind(path: string, kind: ColdKind): string | null {
  if (kind === 'csv') return path;
  if (kind === 'transform') return path.includes('transform=') ? path : null;
  if (kind === 'json') return path.replace('/series.csv?', '/series?');
  const q = path.indexOf('?');
  const params = new URLSearchParams(path.slice(q + 1));
  const dims = params.get('dims');
  if (dims === null) return null;
  // a typo in the last code: an unknown code, answered 400 with the closest codes
  params.set('dims', `${dims}X`);
  return `${path.slice(0, q)}?${params.toString()}`;
}

/** GET of a path over a kept-alive connection: status, content type and body. */
function get(agent: Agent, baseUrl: string, path: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(baseUrl + path, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Asks every path once of `baseUrl` (32 kept-alive connections), writes each
 * body to `dir/N` and returns the manifest lines of the bare server
 * (`status\ttype\tfile\turl`). Throws on a 5xx.
 */
export async function recordAnswers(baseUrl: string, paths: string[], dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const lines: string[] = new Array<string>(paths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < paths.length; i = next++) {
      const res = await get(agent, baseUrl, paths[i]);
      if (res.status >= 500) throw new Error(`${res.status} for ${paths[i]}: ${res.body.toString()}`);
      const file = join(dir, String(i));
      writeFileSync(file, res.body);
      lines[i] = `${res.status}\t${res.type}\t${file}\t${paths[i]}`;
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  agent.destroy();
  return lines;
}

/** Starts the bare `node:http` server on a manifest (baselines/bare-node-urls.ts). */
export async function startBareUrls(root: string, manifest: string): Promise<{ child: Child; baseUrl: string }> {
  const port = await freePort();
  const child = startChild('bare Node (urls)', 'node', ['--import', 'tsx', 'bench/baselines/bare-node-urls.ts'], {
    cwd: root,
    env: { ...process.env, DS_URL_MANIFEST: manifest, PORT: String(port), HOST: '127.0.0.1' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/health`, child, 60_000, (status) => status === 200);
  return { child, baseUrl };
}

/** One round of one kind: ours and bare Node walking the same fresh list, in turn. */
export interface BareRound {
  ours: OnceResult;
  bare: OnceResult;
}

/** A server as a walk needs it. */
export interface Walked {
  baseUrl: string;
  pgid: number;
}

/**
 * Walks each round's list once on ours and once on bare Node, who goes first
 * alternating by round; `maxS` bounds each walk.
 */
export async function bareRounds(script: string, lists: string[], ours: Walked, bare: Walked, maxS: number, before: () => Promise<void>): Promise<BareRound[]> {
  const rounds: BareRound[] = [];
  for (const [i, list] of lists.entries()) {
    const order = i % 2 === 0 ? [ours, bare] : [bare, ours];
    const got = new Map<Walked, OnceResult>();
    for (const server of order) {
      await before();
      got.set(server, await walkOnce(script, server.baseUrl, list, server.pgid, maxS));
    }
    rounds.push({ ours: got.get(ours)!, bare: got.get(bare)! });
  }
  return rounds;
}

/** The median of numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Writes a list of paths, one a line; returns its file. */
export function writeList(file: string, paths: string[]): string {
  writeFileSync(file, paths.join('\n') + '\n');
  return file;
}
