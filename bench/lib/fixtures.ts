import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { seriesQuery, type SeriesInfo } from './selections.js';

/** One measured route: the path on our server (and DuckDB's), the path of the same bytes on nginx. */
export interface Route {
  name: string;
  /** a single path repeated, or a file listing many */
  ours: { path?: string; pathsFile?: string };
  nginx: { path?: string; pathsFile?: string };
  /** false where the baseline has no equivalent (the catalog) */
  duckdb: boolean;
  /** the target ratio to nginx's rate this route is held to */
  nginxTarget: number;
  /** bytes of one answer (mean over a mix) */
  bytes: number;
  /** how many different selections the route cycles through */
  selections: number;
}

/** Fetches one answer's bytes; any status but 200 is an error. */
export async function fetchBytes(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    // A keep-alive connection the server closed just as it was reused: once more on a new one.
    try {
      response = await fetch(url);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new Error(`GET ${url} failed${cause}`, { cause: error });
    }
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body.toString('utf8', 0, 500)}`);
  return body;
}

/** What the routes are built from. */
export interface RoutePlan {
  single: SeriesInfo;
  /** the whole-dataset CSV's dataset */
  dataset: string;
  mix: SeriesInfo[];
}

/**
 * Fetches every answer from our server, stores the bytes under `www` for nginx,
 * and writes the path lists the wrk mix script reads.
 */
export async function prepareRoutes(ourBaseUrl: string, plan: RoutePlan, www: string, listsDir: string): Promise<Route[]> {
  mkdirSync(join(www, 'mix'), { recursive: true });
  const single = seriesQuery(plan.single);
  const fixed = [
    { name: 'single-series /series.csv', path: `/series.csv?${single}`, file: 'single.csv' },
    { name: 'single-series /series', path: `/series?${single}`, file: 'single.json' },
    { name: `whole dataset /series.csv (${plan.dataset})`, path: `/series.csv?dataset=${plan.dataset}`, file: 'dataset.csv' },
    { name: '/catalog', path: '/catalog', file: 'catalog.json' },
  ];
  const routes: Route[] = [];
  for (const { name, path, file } of fixed) {
    const body = await fetchBytes(ourBaseUrl + path);
    writeFileSync(join(www, file), body);
    routes.push({ name, ours: { path }, nginx: { path: `/${file}` }, duckdb: file !== 'catalog.json', nginxTarget: 0.5, bytes: body.length, selections: 1 });
  }
  for (const [kind, route, ext] of [
    ['csv', '/series.csv', 'csv'],
    ['json', '/series', 'json'],
  ] as const) {
    const oursPaths: string[] = [];
    const nginxPaths: string[] = [];
    let bytes = 0;
    for (const [i, series] of plan.mix.entries()) {
      const path = `${route}?${seriesQuery(series)}`;
      const body = await fetchBytes(ourBaseUrl + path);
      const file = `mix/${String(i).padStart(4, '0')}.${ext}`;
      writeFileSync(join(www, file), body);
      oursPaths.push(path);
      nginxPaths.push(`/${file}`);
      bytes += body.length;
    }
    const oursFile = join(listsDir, `mix-${kind}-ours.txt`);
    const nginxFile = join(listsDir, `mix-${kind}-nginx.txt`);
    writeFileSync(oursFile, oursPaths.join('\n') + '\n');
    writeFileSync(nginxFile, nginxPaths.join('\n') + '\n');
    routes.push({
      name: `mix of ${plan.mix.length} single series ${route}`,
      ours: { pathsFile: oursFile },
      nginx: { pathsFile: nginxFile },
      duckdb: true,
      nginxTarget: 0.2,
      bytes: bytes / plan.mix.length,
      selections: plan.mix.length,
    });
  }
  return routes;
}

/** How many of a route's answers DuckDB gives byte for byte, and how many with the same content. */
export interface Agreement {
  total: number;
  identical: number;
  sameContent: number;
  firstDifference: string | null;
}

/** Compares DuckDB's answers with ours for every selection of a route. */
export async function compareAnswers(ourBaseUrl: string, duckBaseUrl: string, paths: string[]): Promise<Agreement> {
  const agreement: Agreement = { total: paths.length, identical: 0, sameContent: 0, firstDifference: null };
  for (const path of paths) {
    const [ours, theirs] = await Promise.all([fetchBytes(ourBaseUrl + path), fetchBytes(duckBaseUrl + path)]);
    if (ours.equals(theirs)) {
      agreement.identical += 1;
      agreement.sameContent += 1;
    } else if (path.startsWith('/series?') && isDeepStrictEqual(JSON.parse(ours.toString('utf8')), JSON.parse(theirs.toString('utf8')))) {
      agreement.sameContent += 1;
    } else if (agreement.firstDifference === null) {
      agreement.firstDifference = `${path}: ours ${ours.length} bytes "${ours.toString('utf8', 0, 80)}…", DuckDB ${theirs.length} bytes "${theirs.toString('utf8', 0, 80)}…"`;
    }
  }
  return agreement;
}

/** Checks that nginx answers every path with 200 and the stored file's bytes; throws otherwise. */
export async function checkStatic(nginxBaseUrl: string, www: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const served = await fetchBytes(nginxBaseUrl + path);
    if (!served.equals(readFileSync(join(www, path)))) throw new Error(`nginx served other bytes for ${path}`);
  }
}
