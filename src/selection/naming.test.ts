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

  it('the values are percentages under % changes and for a percent level as published; not as a difference or an index', () => {
    const percent = (transform: string, s = rate): boolean | undefined => labelSeries(ctx(transform), [s]).series[0].percent;
    assert.deepEqual(
      ['level', 'pct', 'yoy', 'diff', 'index'].map((t) => percent(t)),
      [true, true, true, false, false],
    );
    assert.deepEqual(
      ['level', 'pct', 'yoy', 'diff', 'index'].map((t) => percent(t, persons)),
      [false, true, true, false, false],
    );
  });

  it('a single series is labelled with all its levels; transforms name themselves in the caption', () => {
    const c = labelSeries(ctx('yoy'), [persons]);
    assert.equal(c.series[0].label, 'Personen · Frauen');
    assert.equal(c.series[0].unit, '%');
    assert.equal(c.caption, 'Personen · Frauen · Veränderung gegenüber Vorjahresperiode in %');
  });
});

/** A dimension with a hierarchy whose leaf labels repeat (as ch_snb_zimoma's "1 day"). */
const RATES: ExplorerMeta = {
  id: 'rates',
  lang: 'en',
  frequency: 'quarterly',
  dims: [
    {
      id: 'rate',
      label: 'Rate',
      mode: 'multi',
      levels: [
        { code: 'chf', label: 'CHF', data: false, depth: 0 },
        { code: 'saron', label: 'SARON', data: false, depth: 1 },
        { code: 'saron1d', label: '1 day', data: true, depth: 2 },
        { code: 'call', label: 'Call money', data: false, depth: 1 },
        { code: 'call1d', label: '1 day', data: true, depth: 2 },
        { code: 'usd', label: 'USD', data: false, depth: 0 },
        { code: 'sofr', label: 'SOFR', data: false, depth: 1 },
        { code: 'sofr1d', label: '1-day', data: true, depth: 2 },
      ],
    },
  ],
  combos: [],
  defaults: { dims: {}, transform: 'level' },
  transforms: ['level', 'pct', 'yoy', 'diff', 'index'],
};

/** Two dimensions whose codes read alike (as ch_fso_unemp_rate's "Total" and "Total"). */
const UNEMP: ExplorerMeta = {
  id: 'unemp',
  lang: 'en',
  frequency: 'quarterly',
  dims: ['origin', 'sex'].map((id) => ({
    id,
    label: id === 'origin' ? 'Nationality' : 'Sex',
    mode: 'multi' as const,
    levels: [
      { code: 'tot', label: 'Total', data: true, depth: 0 },
      { code: id === 'origin' ? 'ch' : 'men', label: id === 'origin' ? 'Swiss' : 'Men', data: true, depth: 0 },
    ],
  })),
  combos: [],
  defaults: { dims: {}, transform: 'level' },
  transforms: ['level', 'pct', 'yoy', 'diff', 'index'],
};

const plain = (meta: ExplorerMeta, transform = 'level', base: string | null = null): LabelContext => ({
  meta,
  title: 'T',
  units: null,
  percentLevels: [],
  fractions: [],
  transform,
  base,
});
const one = (codes: string[], day = 18262) => ({ codes, dates: [day], values: [1] });

describe('the naming model', () => {
  it('names a level by its path where its label repeats in the dimension, as far up as needed', () => {
    const c = labelSeries(plain(RATES), [one(['saron1d']), one(['call1d']), one(['sofr1d'])]);
    assert.deepEqual(
      c.series.map((s) => s.label),
      ['SARON · 1 day', 'Call money · 1 day', '1-day'],
    );
    assert.equal(labelSeries(plain(RATES), [one(['call1d'])]).caption, 'Call money · 1 day', 'the caption of one series names it as well');
  });

  it('prefixes dimensions whose codes would read alike with their names', () => {
    const c = labelSeries(plain(UNEMP), [one(['tot', 'tot'])]);
    assert.equal(c.caption, 'Nationality: Total · Sex: Total');
    const two = labelSeries(plain(UNEMP), [one(['tot', 'tot']), one(['ch', 'men'])]);
    assert.deepEqual(
      two.series.map((s) => s.label),
      ['Nationality: Total · Sex: Total', 'Nationality: Swiss · Sex: Men'],
    );
    const sexes = labelSeries(plain(UNEMP), [one(['tot', 'tot']), one(['tot', 'men'])]);
    assert.deepEqual(
      sexes.series.map((s) => s.label),
      ['Total', 'Men'],
      'what varies alone is not prefixed',
    );
    assert.equal(sexes.caption, 'Total', 'the constant dimension goes to the caption');
  });

  it('the index caption names its base: the asked one, else the first date', () => {
    assert.equal(
      labelSeries(plain(UNEMP, 'index'), [one(['tot', 'tot'], 18262)]).caption,
      'Nationality: Total · Sex: Total · Index, Q1\u00a02020\u00a0=\u00a0100',
    );
    assert.match(labelSeries(plain(UNEMP, 'index', '2021-04-01'), [one(['tot', 'tot'])]).caption, /Index, Q2\u00a02021\u00a0=\u00a0100$/);
  });

  it('an unknown transform gets no unit and no caption phrase instead of another transform', () => {
    const c = labelSeries(plain(UNEMP, 'growth'), [one(['tot', 'tot'])]);
    assert.equal(c.series[0].unit, null);
    assert.equal(c.caption, 'Nationality: Total · Sex: Total');
  });
});
