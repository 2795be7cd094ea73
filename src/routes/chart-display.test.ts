// The chart images' display parameters: compared series follow the
// selection's frequency conversion, as on the page (issue 20).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import type { Snapshot } from '../data/model.js';
import { parseSelection } from '../selection/read-selection.js';
import { computeCompared, readChartDisplay } from './chart-display.js';

describe('chart display on the real data', () => {
  let app: FastifyInstance & { ds: { data: { current: Snapshot | null } } };
  let snapshot: Snapshot;
  before(async () => {
    app = await startApp(REAL_DATA);
    snapshot = app.ds.data.current!;
  });
  after(() => app.close());

  it('a compared series is converted with the selection (frequency=annual), one already annual is drawn as published', () => {
    const { selection } = parseSelection({ dataset: 'ch_fso_hicp', frequency: 'annual', aggregation: 'last' }, snapshot);
    const display = readChartDisplay({ compare: ['ch_fso_ppi', 'ch_fso_pop'] }, snapshot, 'en', selection);
    assert.deepEqual(
      computeCompared(display).map((v) => [v.dataset.meta.id, v.selection.convert ?? null]),
      [
        ['ch_fso_ppi', { frequency: 'annual', aggregation: 'last', partial: false }],
        ['ch_fso_pop', null],
      ],
    );
  });
});
