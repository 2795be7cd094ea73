// Snapshot tests of chart SVGs: selections of the demo data and of a small
// edge-case fixture go through the real loader and query, and the SVG must
// equal the committed file in __snapshots__/ byte for byte.
// Regenerate after an intended change: UPDATE_SNAPSHOTS=1 node --import tsx --test src/render/chart-svg.test.ts
process.env.TZ = 'UTC';

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadSnapshot } from '../data/load-snapshot.js';
import type { Lang, Snapshot } from '../data/model.js';
import { computeView } from '../query/compute-view.js';
import { pickLabel } from '../i18n/labels.js';
import type { SelectionQuery } from '../selection/params.js';
import { parseSelection } from '../selection/read-selection.js';
import { buildChartModel } from './chart-model.js';
import { renderChartSvg } from './chart-svg.js';
import { readComparedSelection } from './pages/compare-view.js';
import { readCompareValues } from '../selection/compare.js';
import { toSelection } from '../selection/from-dataset.js';
import type { ExplorerState } from '../selection/state.js';

const FIXTURE_DIR = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const DEMO_DIR = fileURLToPath(new URL('../../demo-data/', import.meta.url));
const SNAPSHOT_DIR = fileURLToPath(new URL('./__snapshots__/', import.meta.url));
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

interface Case {
  name: string;
  query: SelectionQuery;
  lang: Lang;
  width?: number;
  height?: number;
  /** `scale=log` */
  log?: boolean;
  /** `compare=` values, read as the page reads them */
  compare?: string[];
}

const DEMO_CASES: Case[] = [
  { name: 'demo-one-series', query: { dataset: 'demo_barometer' }, lang: 'en' },
  {
    name: 'demo-several-series',
    query: { dataset: 'demo_gdp', dims: 'type=real;seas_adj=csa;structure=gdp,industry,services,trade', from: '2010-01-01' },
    lang: 'en',
  },
  { name: 'demo-transform-yoy', query: { dataset: 'demo_cpi', dims: 'item=CP00,CP01,CP011', transform: 'yoy', from: '2019-01-01' }, lang: 'en' },
  {
    name: 'demo-gap-percent-levels',
    query: { dataset: 'demo_labour', dims: 'indicator=unemp_rate;sex=women,men', from: '2017-01-01', to: '2021-12-01' },
    lang: 'en',
  },
  { name: 'demo-german-labels', query: { dataset: 'demo_population', dims: 'region=lem,mit,zh,ti;nationality=total' }, lang: 'de' },
  {
    name: 'demo-index-fr-small',
    query: { dataset: 'demo_gdp', dims: 'type=nom,real;structure=gdp;seas_adj=csa', transform: 'index', base: '2015-01-01' },
    lang: 'fr',
    width: 480,
    height: 320,
  },
  { name: 'demo-weekly-it', query: { dataset: 'demo_activity', last: 52 }, lang: 'it', width: 1000, height: 500 },
];

/** Issue 23: the images draw what the page's chart shows: a log axis, and compared series on a right-hand axis. */
const DISPLAY_CASES: Case[] = [
  { name: 'demo-log-scale', query: { dataset: 'demo_population', dims: 'region=ch,lem,zh,ti;nationality=total' }, lang: 'en', log: true },
  {
    name: 'demo-compare-right-axis-de',
    query: { dataset: 'demo_cpi', dims: 'item=CP00', from: '2016-01-01' },
    lang: 'de',
    compare: ['demo_labour:indicator=unemp_rate;sex=women'],
  },
];

const FIXTURE_CASES: Case[] = [
  { name: 'edge-gaps-escaping', query: { dataset: 'chart_edge', dims: 'item=count' }, lang: 'en' },
  { name: 'edge-percent-levels-de', query: { dataset: 'chart_edge' }, lang: 'de', width: 640, height: 400 },
];

let fixture: Promise<Snapshot> | undefined;
const fixtureSnapshot = (): Promise<Snapshot> => (fixture ??= loadSnapshot(FIXTURE_DIR));
let demo: Promise<Snapshot> | undefined;
const demoSnapshot = (): Promise<Snapshot> => (demo ??= loadSnapshot(DEMO_DIR));

/** The chart of a case as the image routes draw it (license name from the vocabulary). */
function renderCase(snapshot: Snapshot, c: Case): string {
  const { dataset, selection } = parseSelection(c.query, snapshot);
  const license = snapshot.licenses.get(dataset.meta.license);
  const licenseName = license ? pickLabel(license.name, c.lang) : null;
  const page: ExplorerState = {
    dims: {},
    from: c.query.from ?? null,
    to: c.query.to ?? null,
    transform: selection.transform,
    base: c.query.base ?? null,
  };
  const compared = readCompareValues(c.compare ?? []).refs.map((ref) => {
    const read = readComparedSelection(snapshot, c.lang, page, ref);
    assert.ok(!('reason' in read), `compare ${ref.datasetId} reads`);
    return computeView(read.ds, toSelection(read.ds, read.meta, read.state));
  });
  const opts = { lang: c.lang, width: c.width ?? 800, height: c.height ?? 450, licenseName, log: c.log, compared };
  return renderChartSvg(computeView(dataset, selection), opts);
}

function assertSnapshot(name: string, svg: string): void {
  const file = SNAPSHOT_DIR + name + '.svg';
  if (UPDATE) {
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    writeFileSync(file, svg);
    return;
  }
  assert.ok(existsSync(file), `no snapshot ${file}: run with UPDATE_SNAPSHOTS=1 to create it`);
  assert.equal(svg, readFileSync(file, 'utf8'), `${name}.svg differs from the snapshot (UPDATE_SNAPSHOTS=1 to accept)`);
}

for (const c of DEMO_CASES) {
  test(`snapshot: ${c.name}`, async () => {
    const snapshot = await demoSnapshot();
    assert.equal(snapshot.issues.filter((i) => i.severity === 'error').length, 0, 'demo data loads cleanly');
    assertSnapshot(c.name, renderCase(snapshot, c));
  });
}

for (const c of DISPLAY_CASES) {
  test(`snapshot: ${c.name}`, async () => assertSnapshot(c.name, renderCase(await demoSnapshot(), c)));
}

test('a log axis: round ticks per decade (1-2-5, denser with room), evenly spaced per decade, no zero line (issue 23)', async () => {
  const snapshot = await demoSnapshot();
  const { dataset, selection } = parseSelection(DISPLAY_CASES[0].query, snapshot);
  const model = buildChartModel(computeView(dataset, selection), { lang: 'en', width: 800, height: 450, log: true });
  assert.equal(model.log, true);
  assert.equal(model.zeroY, null);
  const values = model.yTicks.map((t) => t.value);
  assert.ok(values.length >= 3, values.join(' '));
  assert.ok(
    values.every((v) => [1, 1.5, 2, 3, 5, 7].includes(Number(v.toExponential().split('e')[0]))),
    values.join(' '),
  );
  // equal ratios are equal distances on a log axis
  const steps = model.yTicks.slice(1).map((t, i) => ({ ratio: t.value / model.yTicks[i].value, px: model.yTicks[i].pos - t.pos }));
  const pxPerDecade = steps.map((st) => st.px / Math.log10(st.ratio));
  assert.ok(Math.max(...pxPerDecade) - Math.min(...pxPerDecade) < 0.01, pxPerDecade.join(' '));
  const linear = buildChartModel(computeView(dataset, selection), { lang: 'en', width: 800, height: 450 });
  assert.equal(linear.log, false);
});

test('compared series: named by dataset with unit and frequency in the legend, a second unit on the right axis (issue 23)', async () => {
  const svg = renderCase(await demoSnapshot(), DISPLAY_CASES[1]);
  assert.ok(svg.includes('>Demo-Konsumentenpreise: Total (Index, Dezember 2022 = 100, Monatlich)</text>'), 'the primary series names its unit');
  const snapshot = await demoSnapshot();
  const { dataset, selection } = parseSelection(DISPLAY_CASES[1].query, snapshot);
  const page: ExplorerState = { dims: {}, from: '2016-01-01', to: null, transform: selection.transform, base: null };
  const read = readComparedSelection(snapshot, 'de', page, { datasetId: 'demo_labour', dims: { indicator: ['unemp_rate'], sex: ['women'] } });
  assert.ok(!('reason' in read));
  const compared = [computeView(read.ds, toSelection(read.ds, read.meta, read.state))];
  const model = buildChartModel(computeView(dataset, selection), { lang: 'de', width: 800, height: 450, compared });
  assert.deepEqual(
    model.series.map((s) => s.axis),
    [0, 1],
  );
  assert.ok(model.y2Ticks.length >= 2, 'a right axis');
  assert.ok(model.content.unit2, 'the right axis has its unit');
  assert.equal(model.legend.items.length, 2);
  assert.ok(
    model.series.slice(1).every((s) => s.legend.includes(pickLabel(read.ds.meta.title, 'de'))),
    model.series.map((s) => s.legend).join(' | '),
  );
});

for (const c of FIXTURE_CASES) {
  test(`snapshot: ${c.name}`, async () => assertSnapshot(c.name, renderCase(await fixtureSnapshot(), c)));
}

test('labels holding markup are escaped, never emitted as elements', async () => {
  const snapshot = await fixtureSnapshot();
  const { dataset, selection } = parseSelection({ dataset: 'chart_edge' }, snapshot);
  const svg = renderChartSvg(computeView(dataset, selection), { lang: 'en', width: 800, height: 450 });
  assert.ok(!svg.includes('<script'), 'no script element');
  assert.ok(!svg.includes('<b>'), 'no b element');
  assert.ok(svg.includes('Edge &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;'));
  assert.ok(svg.includes('Share of &#39;A&#39; &amp; B'));
  assert.ok(svg.includes('Source: Test source &amp; partners'));
});

test('a missing value breaks the line: one subpath per run, a dot for a lone observation', async () => {
  const snapshot = await fixtureSnapshot();
  const { dataset, selection } = parseSelection({ dataset: 'chart_edge', dims: 'item=count' }, snapshot);
  const model = buildChartModel(computeView(dataset, selection), { lang: 'en', width: 800, height: 450 });
  const [series] = model.series;
  // count: observed Jan–May, gap Jun–Aug, lone Sep, gap Oct, lone Nov, gap Dec, then Jan–Dec 2020
  assert.equal(series.path.match(/M/g)?.length, 4);
  assert.equal(series.dots.length, 2);
  assert.equal(series.path.match(/[ML]/g)?.length, 19);
});

test('shares listed in percent_levels are shown ×100 in %, other series keep their unit', async () => {
  const snapshot = await fixtureSnapshot();
  const { dataset, selection } = parseSelection({ dataset: 'chart_edge', dims: 'item=share' }, snapshot);
  const model = buildChartModel(computeView(dataset, selection), { lang: 'en', width: 800, height: 450 });
  assert.equal(model.content.unit, '%');
  assert.equal(model.series[0].factor, 100);
  assert.ok(model.yDomain[0] >= 20 && model.yDomain[1] <= 60, `y domain ${model.yDomain} is in percent`);
  const both = buildChartModel(computeView(dataset, parseSelection({ dataset: 'chart_edge' }, snapshot).selection), {
    lang: 'en',
    width: 800,
    height: 450,
  });
  assert.equal(both.content.unit, 'Persons / %');
});

test('rendering is deterministic and follows the language, not the machine', async () => {
  const snapshot = await fixtureSnapshot();
  const { dataset, selection } = parseSelection({ dataset: 'chart_edge' }, snapshot);
  const view = computeView(dataset, selection);
  const first = renderChartSvg(view, { lang: 'fr', width: 900, height: 500 });
  assert.equal(renderChartSvg(view, { lang: 'fr', width: 900, height: 500 }), first);
  assert.ok(first.includes('Source\u00a0: Test source'), 'French footer');
  assert.match(first, />1[\u202f\u00a0]\d{3}</, 'French thousands separator');
  assert.match(renderChartSvg(view, { lang: 'de', width: 900, height: 500 }), />1(&#39;|’)\d{3}</, 'Swiss German thousands separator');
});
