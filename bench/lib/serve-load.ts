import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startChild, stopChild, waitForHttp } from './children.js';
import { measureOnce, warmUp, writeWrkScripts, type LoadResult, type LoadSettings } from './wrk.js';

/** One load of a bench server: the same path again (cached), or a list of paths each new (uncached). */
export interface ServeTarget {
  name: string;
  path?: string;
  paths?: string[];
}

/**
 * What `loadOnServe` needs: the bench script that has a `--serve DATA PORT`
 * mode (which must turn the per-client rate limit off, or wrk gets 429s),
 * and what to check and load.
 */
export interface ServeLoad {
  /** label of the server process in logs */
  label: string;
  /** the bench script (started with `node --import tsx SCRIPT --serve DATA PORT`) */
  script: string;
  root: string;
  dataDir: string;
  /** must answer 200 (and this Content-Type, when given) before the load */
  check: { path: string; type?: string };
  targets: ServeTarget[];
  seconds: number;
  log: (line: string) => void;
}

/**
 * Starts a bench script's own server, checks it, then loads each target with
 * wrk in turn (8 connections, 1 thread; 2 s of warm-up for a repeated path,
 * none for a list of new ones, which would spend them). Stops the server.
 */
export async function loadOnServe(o: ServeLoad): Promise<Array<{ name: string; result: LoadResult }>> {
  const port = await freePort();
  const server = startChild(o.label, process.execPath, ['--import', 'tsx', o.script, '--serve', o.dataDir, String(port)], {
    cwd: o.root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
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
