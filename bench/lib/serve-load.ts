import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startChild, stopChild, waitForHttp } from './children.js';
import { benchServerEnv } from './our-server.js';
import { measureOnce, warmUp, writeWrkScripts, type LoadResult, type LoadSettings } from './wrk.js';

/** One load of a bench server: the same path again (cached), or a list of paths each new (uncached). */
export interface ServeTarget {
  name: string;
  path?: string;
  paths?: string[];
}

/** What `loadOnServe` needs: the project root and data, what to check, and what to load. */
export interface ServeLoad {
  root: string;
  dataDir: string;
  /** must answer 200 (and this Content-Type, when given) before the load */
  check: { path: string; type?: string };
  targets: ServeTarget[];
  seconds: number;
  log: (line: string) => void;
}

/**
 * Starts our server from source (`src/server.ts` through tsx, so no build
 * is needed) on `dataDir`, checks it, then loads each target with wrk in turn
 * (8 connections, 1 thread; 2 s of warm-up for a repeated path, none for a
 * list of new ones, which would spend them). Stops the server.
 */
export async function loadOnServe(o: ServeLoad): Promise<Array<{ name: string; result: LoadResult }>> {
  const port = await freePort();
  const env = { ...benchServerEnv(o.dataDir, port), NODE_ENV: 'production' };
  const server = startChild('our server (source)', process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: o.root, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const tmp = mkdtempSync(join(tmpdir(), 'ds-bench-serve-'));
  try {
    await waitForHttp(`${baseUrl}/health`, server, 300_000);
    const check = await fetch(baseUrl + o.check.path);
    await check.arrayBuffer();
    if (check.status !== 200 || (o.check.type !== undefined && check.headers.get('content-type') !== o.check.type)) {
      throw new Error(`${o.check.path} answered ${check.status} ${check.headers.get('content-type')}`);
    }
    const scripts = writeWrkScripts(tmp);
    const results: Array<{ name: string; result: LoadResult }> = [];
    for (const [i, t] of o.targets.entries()) {
      o.log(`load: ${t.name}`);
      let pathsFile: string | undefined;
      if (t.paths) {
        pathsFile = join(tmp, `paths-${i}.txt`);
        writeFileSync(pathsFile, t.paths.join('\n') + '\n');
      }
      const target = { baseUrl, path: t.path, pathsFile, serverPgid: server.pid };
      const settings: LoadSettings = { durationS: o.seconds, warmupS: pathsFile ? 0 : 2, rounds: 1, connections: 8, threads: 1, workers: 1 };
      await warmUp(target, settings, scripts);
      const result = await measureOnce(target, o.seconds, settings, scripts);
      if (result.errors > 0) throw new Error(`${t.name}: ${result.errors} of ${result.requests} requests failed (socket errors or status >= 400)`);
      results.push({ name: t.name, result });
    }
    return results;
  } finally {
    await stopChild(server, 'SIGINT');
    rmSync(tmp, { recursive: true, force: true });
  }
}
