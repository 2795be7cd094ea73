/**
 * Loading a dataset page the way bench/page.ts measures it: the pages
 * measured, opening one until its chart has drawn (with no Playwright
 * script in the page), and its Total Blocking Time under a trace with the CPU
 * slowed 4×. Shared by bench/page.ts and bench/page-ab.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { CHART_DRAWN_MARK } from '../../client/chart.js';
import type { Site } from '../../test/browser/harness.js';

/** The CPU slowdown of the traced loads. */
export const CPU_SLOWDOWN = 4;
/** The window of Total Blocking Time ends this long after the chart has drawn. */
export const TBT_AFTER_DRAWN_MS = 1000;

/** A page measured. */
export interface Case {
  name: string;
  path: string;
  /** the /series query of the same selection, for the baseline */
  series: string;
}

/** The median of a list. */
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The pages measured: the largest dataset (336 series) from its opening view to 72 series, a long monthly series, a cube. */
export async function cases(site: Site): Promise<Case[]> {
  const meta = (await (await fetch(`${site.url}/dataset/ch_fso_jobs_sex/meta`)).json()) as { dimensions: Record<string, { levels: Record<string, unknown> }> };
  const all = (dim: string): string => Object.keys(meta.dimensions[dim].levels).join(',');
  const wide = { Grossregion: all('Grossregion'), Wirtschaftssektor: all('Wirtschaftssektor'), Geschlecht: all('Geschlecht') };
  const q = (o: Record<string, string>): string => new URLSearchParams(o).toString();
  const dims = (o: Record<string, string>): string =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${v}`)
      .join(';');
  const concon =
    'ks_i63_index_q,ks_i12_econ_exp_q,ks_i41_fin_pos_hist_q,ks_i42_fin_pos_exp_q,ks_i52_spend_q,ks_i11_econ_hist_q,ks_i21_price_hist_q,ks_i22_price_exp_q';
  return [
    {
      name: 'ch_fso_jobs_sex, opening view (1 series)',
      path: '/d/ch_fso_jobs_sex',
      series: 'dataset=ch_fso_jobs_sex&dims=Grossregion=0;Wirtschaftssektor=TOT;Beschäftigungsgrad=TOT;Geschlecht=TOT',
    },
    {
      name: 'ch_fso_jobs_sex, 72 series (3 dimensions wide)',
      path: `/d/ch_fso_jobs_sex?${q({ ...wide, Beschäftigungsgrad: 'TOT' })}`,
      series: `dataset=ch_fso_jobs_sex&dims=${encodeURIComponent(dims({ ...wide, Beschäftigungsgrad: 'TOT' }))}`,
    },
    { name: 'ch_snb_plkopr, 1,267 months since 1921', path: '/d/ch_snb_plkopr', series: 'dataset=ch_snb_plkopr' },
    {
      name: 'ch_seco_concon, 8 series, yoy',
      path: `/d/ch_seco_concon?structure=${concon}&transform=yoy`,
      series: `dataset=ch_seco_concon&dims=type=index;structure=${concon};seas_adj=csa&transform=yoy`,
    },
  ];
}

/** An event of a Chromium trace (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Opens a page and resolves once its chart has drawn. The page reports the
 * mark itself (a performance observer logging to the console), so no
 * Playwright script runs in it while it is measured: waitForFunction injects
 * one, whose compilation was a 25–45 ms task of its own at 4× CPU.
 */
export async function openUntilDrawn(page: Page, url: string, timeout: number): Promise<void> {
  await page.addInitScript((mark) => {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName(mark).length) console.debug(mark);
    }).observe({ type: 'mark' });
  }, CHART_DRAWN_MARK);
  const drawn = page.waitForEvent('console', { predicate: (m) => m.text() === CHART_DRAWN_MARK, timeout });
  await page.goto(url, { waitUntil: 'load' });
  await drawn;
}

/**
 * Total Blocking Time of a traced load, in ms: over the renderer's main-thread
 * tasks, the part of each within the window (first contentful paint → 1 s
 * after the chart has drawn) beyond 50 ms, summed. A task that straddles an
 * end of the window counts only its part inside, as Lighthouse clips it.
 */
export function totalBlockingTime(events: TraceEvent[]): number {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const drawn = events.find((e) => e.name === CHART_DRAWN_MARK && e.pid === fcp.pid);
  if (!drawn) throw new Error(`no ${CHART_DRAWN_MARK} mark in the trace`);
  const end = drawn.ts + TBT_AFTER_DRAWN_MS * 1000;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
  let sum = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== fcp.pid || (main && e.tid !== main.tid)) continue;
    const inside = (Math.min(e.ts + (e.dur ?? 0), end) - Math.max(e.ts, fcp.ts)) / 1000;
    sum += Math.max(0, inside - 50);
  }
  return sum;
}

/** Total Blocking Time of a page, in ms, loaded with the CPU slowed CPU_SLOWDOWN× under a trace. */
export async function blockingTime(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
  await openUntilDrawn(page, url, 60_000);
  await new Promise((done) => setTimeout(done, TBT_AFTER_DRAWN_MS + 200));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  await context.close();
  return totalBlockingTime(trace.traceEvents);
}
