import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../app-context.js';
import type { HealthDetails } from '../config.js';
import { vintageCount } from '../data/history.js';
import type { LoadIssue } from '../data/model.js';
import { isDirectLocal } from '../http/client-address.js';

/**
 * What /health says, in two views. Everyone (CORS `*`) sees the status, the
 * counts, and per problem its dataset id and severity. The operator also sees
 * the data directory, the reload failure and each problem's file, line and
 * message, which name paths and quote files (issue 23: a hard link to
 * /etc/passwd had its first line quoted to anyone). Either view lists at most
 * HEALTH_LISTED problems of each severity and counts the rest, so thousands
 * of broken files make a small answer.
 */

/** Problems of each severity /health lists; the others are counted (`errors_more`, `warnings_more`). */
export const HEALTH_LISTED = 50;

/** Who a /health answer is for. */
export type HealthView = 'public' | 'operator';

/** The view a request gets under DS_HEALTH_DETAILS. */
export function healthViewOf(details: HealthDetails, req: IncomingMessage): HealthView {
  if (details === 'everyone') return 'operator';
  if (details === 'nobody') return 'public';
  return isDirectLocal(req) ? 'operator' : 'public';
}

/** The first problems of one severity in a view, how many there are, and how many are left out. */
function listed(issues: LoadIssue[], severity: LoadIssue['severity'], view: HealthView): { count: number; shown: object[]; more: number } {
  const all = issues.filter((i) => i.severity === severity);
  const first = all.slice(0, HEALTH_LISTED);
  const shown = view === 'operator' ? first : first.map((i) => ({ dataset: i.dataset, severity: i.severity }));
  return { count: all.length, shown, more: all.length - first.length };
}

/**
 * The /health answer: 503 with status `loading` while no data is loaded,
 * else 200 with `ok`, or `degraded` when a dataset failed or the last reload
 * failed.
 */
export function buildHealth(ctx: AppContext, view: HealthView): { status: 200 | 503; body: Record<string, unknown> } {
  const { data } = ctx;
  const errors = listed(data.issues, 'error', view);
  const warnings = listed(data.issues, 'warning', view);
  const problems = {
    error_count: errors.count,
    errors: errors.shown,
    errors_more: errors.more,
    warning_count: warnings.count,
    warnings: warnings.shown,
    warnings_more: warnings.more,
  };
  const operator = view === 'operator';
  const where = operator ? { data_dir: ctx.config.dataDir, data_dir_resolved: data.resolvedDir } : {};
  const s = data.current;
  if (!s) {
    const error = (operator ? data.lastError : null) ?? 'The data is being loaded.';
    return { status: 503, body: { status: 'loading', view, error, ...where, ...problems } };
  }
  return {
    status: 200,
    body: {
      status: errors.count || data.lastError ? 'degraded' : 'ok',
      view,
      datasets: s.datasets.size,
      series: s.series,
      observations: s.observations,
      vintages: vintageCount(s.datasets.values()),
      data_version: s.version,
      ...where,
      published_at: s.publishedAt,
      loaded_at: s.loadedAt.toISOString(),
      load_ms: s.loadMs,
      reload_failed: data.lastError !== null,
      ...(operator ? { reload_error: data.lastError } : {}),
      ...problems,
    },
  };
}
