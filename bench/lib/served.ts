import { startOurServer, type OurServer } from './our-server.js';
import { groupRss, waitIdle } from './proc-stats.js';

export { groupRss };

/** Our server as the hardening bench uses it. */
export type Served = Pick<OurServer, 'child' | 'baseUrl'>;

/**
 * Starts our server (`startOurServer`: rate limit and access log off) with
 * `workers` processes on `dataDir`, and waits until /health answers 200 and
 * the whole process group has gone idle, so that every worker has loaded and
 * start-up work does not fall into the first measurement.
 */
export async function startServed(root: string, dataDir: string, workers = 1): Promise<Served> {
  const { child, baseUrl } = await startOurServer(root, dataDir, [], undefined, 300_000, workers);
  await waitIdle([child.pid], 60_000);
  return { child, baseUrl };
}
