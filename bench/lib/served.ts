import { freePort, sleep, startChild, waitForHttp, type Child } from './children.js';
import { groupCpuSeconds, groupRss } from './proc-stats.js';

export { groupRss };

/** Our server started with arguments after the script (e.g. `--workers 2`). */
export interface Served {
  child: Child;
  baseUrl: string;
}

/**
 * Starts `node dist/src/server.js ...args` on `dataDir` (rate limit and access
 * log off, warnings only) and waits until /health answers 200 and the whole
 * process group has gone idle, so that every worker has loaded.
 */
export async function startServed(root: string, dataDir: string, args: string[] = []): Promise<Served> {
  const port = await freePort();
  const env = {
    ...process.env,
    DS_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DS_RATE_LIMIT: '0',
    DS_ACCESS_LOG: 'false',
    LOG_LEVEL: 'warn',
    DS_WATCH: 'false',
  };
  const child = startChild('our server', 'node', ['dist/src/server.js', ...args], { cwd: root, env });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/health`, child, 300_000);
  await waitIdle(child.pid);
  return { child, baseUrl };
}

/** Waits until a process group uses less than 5% of a core over half a second (at most `maxMs`). */
export async function waitIdle(pgid: number, maxMs = 60_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let before = groupCpuSeconds(pgid);
  while (Date.now() < deadline) {
    await sleep(500);
    const now = groupCpuSeconds(pgid);
    if (now - before < 0.025) return;
    before = now;
  }
}
