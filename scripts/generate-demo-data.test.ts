/**
 * Proves the demo data generator: the committed `demo-data/` and
 * `test/fixtures/edge/` are exactly what the generator writes, they follow
 * the published-files format (checked independently), they show the shapes
 * and quirks they promise, and the large path works (at a tiny size).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkPublishedDir } from './demo/check-published.js';
import { generateEdge } from './demo/edge-fixture.js';
import { generateSmall } from './demo/small/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEMO = join(ROOT, 'demo-data');
const EDGE = join(ROOT, 'test', 'fixtures', 'edge');
const scratch = mkdtempSync(join(tmpdir(), 'demo-data-test-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const dataFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f !== 'README.md')
    .sort();
const json = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

function assertSameDir(committed: string, generated: string): void {
  assert.deepEqual(dataFiles(committed), dataFiles(generated), `files of ${committed}`);
  const differing = dataFiles(generated).filter((f) => !readFileSync(join(committed, f)).equals(readFileSync(join(generated, f))));
  assert.deepEqual(differing, [], `committed files differ from the generator: run npx tsx scripts/generate-demo-data.ts (and --fixture edge) and commit`);
}

describe('demo-data/', () => {
  it('is exactly what the generator writes', () => {
    const out = join(scratch, 'small');
    generateSmall(out);
    assertSameDir(DEMO, out);
  });

  it('follows the published-files format and its catalog agrees with the CSVs', () => {
    const report = checkPublishedDir(DEMO);
    assert.deepEqual(report.problems, []);
    assert.equal(report.datasets, dataFiles(DEMO).filter((f) => f.endsWith('.csv')).length);
  });

  it('stays small and uses demo ids only', () => {
    const bytes = dataFiles(DEMO).reduce((n, f) => n + statSync(join(DEMO, f)).size, 0);
    assert.ok(bytes < 800_000, `demo-data/ is ${bytes} bytes`);
    for (const entry of json(DEMO, 'catalog.json')) assert.match(entry.id, /^demo_[a-z0-9_]+$/);
  });

  it('shows the shapes of the real datasets', () => {
    const metas = json(DEMO, 'catalog.json').map((e: { meta: string }) => json(DEMO, e.meta));
    const byId = Object.fromEntries(metas.map((m: { id: string }) => [m.id, m]));
    const gdp = byId.demo_gdp;
    assert.equal(gdp.frequency, 'quarterly');
    assert.equal(gdp.dim_order.length, 3);
    assert.ok(Object.values(gdp.dimensions.structure.levels).some((l: any) => l.data === false));
    assert.deepEqual(Object.keys(gdp.units), Object.keys(gdp.dimensions.type.levels));
    assert.ok(gdp.split && gdp.single_select.length > 0 && gdp.default.structure && gdp.default_transform);
    assert.ok(checkPublishedDir(DEMO).series > 250);
    assert.equal(json(DEMO, 'catalog.json').find((e: { id: string }) => e.id === 'demo_cpi').n_series, 171);
    assert.ok(metas.some((m: any) => m.percent_levels?.length > 0));
    assert.deepEqual(byId.demo_barometer.dim_order, []);
    assert.equal(readFileSync(join(DEMO, 'demo_barometer.csv'), 'utf8').split('\n')[0], 'date,value');
    assert.ok(metas.some((m: { frequency: string }) => m.frequency === 'annual'));
    assert.equal(byId.demo_population.schema_version, '1.0');
    assert.equal(typeof byId.demo_population.topic, 'string');
  });

  it('has missing values, gaps and a missing Italian translation', () => {
    const cpi = readFileSync(join(DEMO, 'demo_labour.csv'), 'utf8');
    assert.match(cpi, /^unemp_rate,women,2019-03-01,$/m);
    assert.match(cpi, /^vacancies,total,2020-03-01,\d+\nvacancies,total,2020-05-01,/m);
    assert.doesNotMatch(readFileSync(join(DEMO, 'demo_population.csv'), 'utf8'), /,2010-01-01,/);
    assert.equal(json(DEMO, 'demo_labour.json').dimensions.indicator.levels.part_rate.label.it, undefined);
  });

  it('has categories with and without key, licenses and sources', () => {
    const categories = json(DEMO, 'categories.json');
    assert.ok(categories.some((c: { key?: string }) => c.key) && categories.some((c: { key?: string }) => !c.key));
    assert.ok(Object.keys(json(DEMO, 'licenses.json')).includes('_comment'));
    assert.ok(json(DEMO, 'sources.json').dso.url);
  });
});

describe('test/fixtures/edge/', () => {
  it('is exactly what the generator writes, and follows the format', () => {
    const out = join(scratch, 'edge');
    generateEdge(out);
    assertSameDir(EDGE, out);
    assert.deepEqual(checkPublishedDir(EDGE).problems, []);
  });

  it('carries the hostile labels and the hand-checkable rows it documents', () => {
    const meta = json(EDGE, 'edge_labels.json');
    assert.match(meta.title.en, /<script>alert\(1\)<\/script> "Quoted" & 'single'/);
    assert.equal(meta.dimensions.measure.label.en, '=SUM(1)');
    assert.deepEqual(
      Object.values(meta.dimensions.measure.levels).map((l: any) => l.label.en),
      ['<script>alert(1)</script>', '@x', '=SUM(1)', '-1', `+1 "double" & 'single'`],
    );
    const rows = readFileSync(join(EDGE, 'edge_labels.csv'), 'utf8').split('\n');
    assert.deepEqual(rows.slice(0, 5), ['measure,date,value', '047,2020-01-01,1', '047,2020-04-01,2', '047,2020-10-01,', '047,2021-01-01,5']);
    assert.ok(rows.includes('minus,2020-10-01,5e-8'));
    const tree = json(EDGE, 'edge_tree.json').dimensions.node.hierarchy;
    assert.deepEqual(tree, { root: { grp: { '047': {}, a: [] }, b: null }, c: [] });
  });
});

describe('the checker', () => {
  it('reports unsorted rows, unknown codes, bad numbers and catalog disagreements', () => {
    const dir = join(scratch, 'broken');
    generateEdge(dir);
    const csv = readFileSync(join(dir, 'edge_tree.csv'), 'utf8').split('\n');
    [csv[1], csv[2]] = [csv[2], csv[1]];
    csv[4] = csv[4].replace(/^a,/, 'zz,');
    csv[6] = csv[6].replace(/,6$/, ',6.0');
    writeFileSync(join(dir, 'edge_tree.csv'), csv.join('\n'));
    const catalog = json(dir, 'catalog.json');
    catalog[0].n_series = 99;
    writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
    const problems = checkPublishedDir(dir).problems.join('\n');
    assert.match(problems, /edge_tree\.csv:3: row not after the previous one/);
    assert.match(problems, /edge_tree\.csv:5: zz is not a level of node/);
    assert.match(problems, /edge_tree\.csv:7: value 6\.0 is not a number in shortest form/);
    assert.match(problems, /catalog edge_labels: n_series 99 but the CSV says 5/);
  });

  it('reports a dataset whose header does not match dim_order', () => {
    const dir = join(scratch, 'header');
    generateEdge(dir);
    copyFileSync(join(dir, 'edge_tree.csv'), join(dir, 'edge_labels.csv'));
    assert.match(checkPublishedDir(dir).problems.join('\n'), /edge_labels\.csv:1: header node,date,value is not measure,date,value/);
  });
});

describe('--scale large', () => {
  it('writes a valid directory of the requested size through the CLI', () => {
    const out = join(scratch, 'large');
    const args = ['--import', 'tsx', join(ROOT, 'scripts/generate-demo-data.ts'), '--scale', 'large', '--out', out];
    execFileSync(process.execPath, [...args, '--datasets', '3', '--observations', '20000', '--big-cube-series', '500'], { cwd: ROOT });
    const report = checkPublishedDir(out);
    assert.deepEqual(report.problems, []);
    assert.equal(report.datasets, 3);
    assert.ok(Math.abs(report.observations - 20_000) < 2_000, `${report.observations} observations`);
    const cube = json(out, 'catalog.json').find((e: { id: string }) => e.id === 'demo_big_cube');
    assert.equal(cube.n_series, 500);
  });

  it('refuses a bad size with a message', () => {
    const args = ['--import', 'tsx', join(ROOT, 'scripts/generate-demo-data.ts'), '--scale', 'large', '--datasets', 'many'];
    assert.throws(
      () => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'pipe' }),
      (err: { stderr: Buffer }) => {
        assert.match(err.stderr.toString(), /--datasets must be a positive whole number, got "many"/);
        return true;
      },
    );
  });
});
