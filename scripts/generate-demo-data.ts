/**
 * Generates published-files directories (DESIGN §2) from seeded randomness
 * and fixed dates: the same command writes the same bytes on every run.
 *
 *   npx tsx scripts/generate-demo-data.ts                      # demo-data/ (committed, served by default)
 *   npx tsx scripts/generate-demo-data.ts --out DIR            # the same demo datasets into DIR
 *   npx tsx scripts/generate-demo-data.ts --scale large --out /tmp/ds-large \
 *       [--datasets 200 --observations 10000000 --big-cube-series 100000]   # never commit this
 *   npx tsx scripts/generate-demo-data.ts --fixture edge       # test/fixtures/edge/ (committed)
 *
 * `scripts/generate-demo-data.test.ts` fails when the committed directories
 * differ from what this script writes: regenerate and commit both together.
 * The datasets are described in demo-data/README.md and at the top of
 * scripts/demo/edge-fixture.ts.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateEdge } from './demo/edge-fixture.js';
import { generateLarge, LARGE_DEFAULTS } from './demo/large.js';
import { generateSmall } from './demo/small/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Default output directory of each mode. */
const DEFAULT_OUT = {
  small: join(ROOT, 'demo-data'),
  edge: join(ROOT, 'test', 'fixtures', 'edge'),
  large: join(tmpdir(), 'dataseries-large'),
};

function count(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${JSON.stringify(text)}`);
  return n;
}

function main(argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      scale: { type: 'string', default: 'small' },
      fixture: { type: 'string' },
      datasets: { type: 'string' },
      observations: { type: 'string' },
      'big-cube-series': { type: 'string' },
    },
  });
  const started = Date.now();
  if (values.fixture !== undefined) {
    if (values.fixture !== 'edge') throw new Error(`--fixture must be edge, got ${JSON.stringify(values.fixture)}`);
    const dir = resolve(values.out ?? DEFAULT_OUT.edge);
    report(dir, generateEdge(dir), started);
  } else if (values.scale === 'small') {
    const dir = resolve(values.out ?? DEFAULT_OUT.small);
    report(dir, generateSmall(dir), started);
  } else if (values.scale === 'large') {
    const dir = resolve(values.out ?? DEFAULT_OUT.large);
    const opts = {
      datasets: count(values.datasets, LARGE_DEFAULTS.datasets, 'datasets'),
      observations: count(values.observations, LARGE_DEFAULTS.observations, 'observations'),
      bigCubeSeries: count(values['big-cube-series'], LARGE_DEFAULTS.bigCubeSeries, 'big-cube-series'),
    };
    report(dir, generateLarge(dir, opts), started);
  } else {
    throw new Error(`--scale must be small or large, got ${JSON.stringify(values.scale)}`);
  }
}

function report(dir: string, facts: { datasets: number; observations: number }, started: number): void {
  console.log(`wrote ${facts.datasets} datasets, ${facts.observations} observations to ${dir} in ${Date.now() - started} ms`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(`generate-demo-data: ${(err as Error).message}`);
  process.exitCode = 1;
}
