// A detached view (what the heavy pool sends to a worker thread) draws the
// same chart as the view it came from, after a structured clone, on real data.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { computeView } from '../query/compute-view.js';
import { parseSelection } from '../selection/read-selection.js';
import { renderChartSvg } from '../render/chart-svg.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { detachView } from './detach-view.js';

let app: FastifyInstance;
before(async () => (app = await startApp(REAL_DATA)));
after(() => app.close());

test('every real dataset, whole and narrowed with a transform, draws byte for byte the same SVG detached', () => {
  const snapshot = app.ds.data.current!;
  for (const [id, dataset] of snapshot.datasets) {
    const last = dataset.meta.dimensions.at(-1);
    const narrowed = last ? { dims: `${last.id}=${last.levels.at(-1)!.code}` } : {};
    for (const query of [{ dataset: id }, { dataset: id, ...narrowed, transform: 'pct', from: '2015-01-01' }]) {
      const { selection } = parseSelection(query as never, snapshot);
      const view = computeView(dataset, selection);
      const opts = { lang: 'de' as const, width: 640, height: 360, licenseName: null };
      const detached = structuredClone(detachView(view));
      assert.ok(detached.dataset.store.observations <= Math.max(view.dataset.store.observations, 0));
      // the published value texts (the CSV's) are the whole dataset's: they stay behind
      assert.ok(detached.series.every((s) => s.published === undefined) && detached.dataset.store.valueTexts === undefined, `${id}: no published texts cloned`);
      assert.equal(renderChartSvg(detached, opts), renderChartSvg(view, opts), JSON.stringify(query));
    }
  }
});

test("a detached dataset carries none of the whole dataset's derived values (they index its series: the series index, the codes per series)", () => {
  const snapshot = app.ds.data.current!;
  const dataset = snapshot.datasets.get('ch_fso_ppi')!;
  const dims = dataset.meta.dimensions.map((dim, d) => `${dim.id}=${dim.levels[dataset.store.codes[d][0]].code}`).join(';');
  const view = computeView(dataset, parseSelection({ dataset: 'ch_fso_ppi', dims } as never, snapshot).selection);
  assert.ok(dataset.derived.size > 0, 'the single-series lookup kept its index on the dataset');
  assert.equal(structuredClone(detachView(view)).dataset.derived.size, 0);
});
