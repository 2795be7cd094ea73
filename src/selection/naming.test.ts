import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExplorerMeta } from './state.js';
import { labelSeries, seriesKey, type LabelContext } from './naming.js';

const META: ExplorerMeta = {
  id: 'x',
  lang: 'de',
  frequency: 'monthly',
  dims: [
    {
      id: 'indicator',
      label: 'Indikator',
      mode: 'multi',
      levels: [
        { code: 'rate', label: 'Quote', data: true, depth: 0 },
        { code: 'persons', label: 'Personen', data: true, depth: 0 },
      ],
    },
    {
      id: 'sex',
      label: 'Geschlecht',
      mode: 'single',
      levels: [
        { code: 'f', label: 'Frauen', data: true, depth: 0 },
        { code: 'm', label: 'Männer', data: true, depth: 0 },
      ],
    },
  ],
  combos: [],
  defaults: { dims: {}, transform: 'level' },
  transforms: ['level', 'pct', 'yoy', 'index', 'diff'],
};

const ctx = (transform: string): LabelContext => ({
  meta: META,
  title: 'Arbeitsmarkt',
  units: { single: null, dim: 'indicator', byCode: { persons: 'Tausend' } },
  percentLevels: ['rate'],
  fractions: [seriesKey(['rate', 'f'])],
  transform,
});

const rate = { codes: ['rate', 'f'], dates: [0], values: [0.042] };
const persons = { codes: ['persons', 'f'], dates: [0], values: [2100] };

describe('series labels, units and display factors', () => {
  it('labels name what differs; the caption what is shared', () => {
    const c = labelSeries(ctx('level'), [rate, persons]);
    assert.deepEqual(
      c.series.map((s) => s.label),
      ['Quote', 'Personen'],
    );
    assert.equal(c.caption, 'Frauen');
    assert.equal(c.unit, '% / Tausend');
  });

  it('a percent level published as a fraction is shown ×100 in %, in levels and differences only', () => {
    assert.equal(labelSeries(ctx('level'), [rate]).series[0].factor, 100);
    assert.equal(labelSeries(ctx('diff'), [rate]).series[0].unit, 'Prozentpunkte');
    assert.equal(labelSeries(ctx('diff'), [rate]).series[0].factor, 100);
    assert.equal(labelSeries(ctx('yoy'), [rate]).series[0].factor, 1);
    assert.equal(labelSeries(ctx('level'), [{ ...rate, codes: ['rate', 'm'] }]).series[0].factor, 1, 'not published as a fraction');
  });

  it('a single series is labelled with all its levels; transforms name themselves in the caption', () => {
    const c = labelSeries(ctx('yoy'), [persons]);
    assert.equal(c.series[0].label, 'Personen · Frauen');
    assert.equal(c.series[0].unit, '%');
    assert.equal(c.caption, 'Personen · Frauen · Veränderung gegenüber Vorjahresperiode in %');
  });
});
