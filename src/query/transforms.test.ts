/**
 * The transform table drives every place a transform appears: the request
 * schema, /openapi.json, the page's switch in four languages, the chart
 * caption and the xlsx metadata. Walking the table finds each of them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import type { FastifyInstance } from 'fastify';
import * as XLSX from '@e965/xlsx';
import { loadSnapshot } from '../data/load-snapshot.js';
import { LANGS } from '../data/model.js';
import { NUMBER_TEXT_MAX, writeNumberText } from '../data/number-text.js';
import { transformNames } from '../i18n/transform-names.js';
import { REAL_DATA, startApp } from '../../test/helpers.js';
import { applyTransform, lowerBound, rebase, takesBase, TRANSFORM_TABLE } from './transforms.js';
import { TRANSFORMS } from './view.js';

const SEL = 'dataset=ch_seco_concon&dims=type=index;structure=ks_i63_index_q;seas_adj=csa';

const decode = (t: string): string =>
  t
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('the transform table', () => {
  let app: FastifyInstance;
  before(async () => (app = await startApp(REAL_DATA)));
  after(() => app.close());

  it('has an entry for every id, and the ids are the table keys', () => {
    assert.deepEqual(Object.keys(TRANSFORM_TABLE).sort(), [...TRANSFORMS].sort());
    for (const t of TRANSFORMS) assert.equal(TRANSFORM_TABLE[t].id, t);
    assert.deepEqual(
      TRANSFORMS.filter((t) => TRANSFORM_TABLE[t].takesBase),
      ['index'],
    );
  });

  it('each transform is accepted by the request schema and listed in /openapi.json', async () => {
    const doc = JSON.parse((await app.inject('/openapi.json')).body) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    for (const path of ['/series', '/series.csv', '/chart.svg', '/series.xlsx']) {
      const param = doc.paths[path].get.parameters.find((p) => p.name === 'transform')!;
      assert.deepEqual(param.schema.enum, [...TRANSFORMS], path);
    }
    for (const t of TRANSFORMS) assert.equal((await app.inject(`/series?${SEL}&transform=${t}&last=2`)).statusCode, 200, t);
    assert.equal((await app.inject(`/series?${SEL}&transform=growth`)).statusCode, 400);
  });

  it("each transform is on the page's switch in four languages, with its name", async () => {
    for (const lang of LANGS) {
      const html = decode((await app.inject(`${lang === 'en' ? '' : `/${lang}`}/d/ch_seco_concon`)).body);
      for (const t of TRANSFORMS) {
        assert.match(html, new RegExp(`name="transform" value="${t}"`), `${lang} ${t}`);
        assert.ok(html.includes(transformNames(lang)[t].short), `${lang} ${t}: '${transformNames(lang)[t].short}'`);
      }
    }
  });

  it('each transform names itself in the chart caption and the xlsx metadata', async () => {
    for (const lang of LANGS) {
      for (const t of TRANSFORMS) {
        const svg = decode((await app.inject(`/chart.svg?${SEL}&transform=${t}&lang=${lang}`)).body);
        // the SVG's <title> holds the caption unwrapped (the drawn subtitle may wrap)
        const subtitle = /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? '';
        const name = transformNames(lang)[t].long;
        if (t === 'level') assert.ok(!subtitle.includes(name), `${lang}: levels are not captioned`);
        else assert.ok(subtitle.includes(name), `${lang} ${t}: caption '${subtitle}' names '${name}'`);
        const wb = XLSX.read((await app.inject(`/series.xlsx?${SEL}&transform=${t}&lang=${lang}&last=2`)).rawPayload, { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets.metadata, { header: 1 });
        assert.ok(
          rows.some((r) => r[1] === `${t}: ${name}`),
          `${lang} ${t}: xlsx metadata`,
        );
      }
    }
  });
});

describe('transform computations', () => {
  const dates = Int32Array.of(0, 31, 59, 90, 120);
  const values = Float64Array.of(100, 110, 0, 5, 5);

  it('pct, diff and yoy compute their own rule; level and index keep the values', () => {
    assert.deepEqual([...applyTransform(dates, values, 'diff', 'daily')].slice(1), [10, -110, 5, 0]);
    const pct = applyTransform(dates, values, 'pct', 'daily');
    assert.ok(Math.abs(pct[1] - 10) < 1e-9);
    assert.ok(Number.isNaN(pct[3]), 'division by zero is missing, never Infinity');
    assert.deepEqual(applyTransform(dates, values, 'level', 'daily'), values);
    assert.deepEqual(applyTransform(dates, values, 'index', 'daily'), values);
  });

  it('on a window, gives what the whole series gives there, on every real series, transform and window edge', async () => {
    const snapshot = await loadSnapshot(REAL_DATA);
    const same = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));
    let windows = 0;
    for (const { store, meta } of snapshot.datasets.values()) {
      // every series of small datasets, a spread of the large ones
      const step = Math.max(1, Math.floor(store.count / 40));
      for (let id = 0; id < store.count; id += step) {
        const all = store.dates.subarray(store.offsets[id], store.offsets[id + 1]);
        const raw = store.values.subarray(store.offsets[id], store.offsets[id + 1]);
        const n = all.length;
        const edges = [...new Set([0, 1, 2, 3, 4, 5, 11, 12, 13, n >> 1, n - 13, n - 12, n - 1, n].filter((e) => e >= 0 && e <= n))];
        for (const transform of TRANSFORMS) {
          const whole = applyTransform(all, raw, transform, meta.frequency);
          for (const from of edges) {
            for (const to of edges.filter((e) => e >= from)) {
              const part = applyTransform(all, raw, transform, meta.frequency, from, to);
              assert.equal(part.length, to - from);
              for (let i = from; i < to; i++) assert.ok(same(part[i - from], whole[i]), `${meta.id} #${id} ${transform} [${from}, ${to}) at ${i}`);
              windows++;
            }
          }
        }
      }
    }
    assert.ok(windows > 10_000, `${windows} windows`);
  });

  it('an id without a computation throws instead of computing differences', () => {
    assert.throws(() => applyTransform(dates, values, 'growth' as never, 'daily'), /No computation for transform 'growth'/);
  });

  it('lowerBound finds the first date at or after a day', () => {
    assert.deepEqual(
      [-1, 0, 1, 31, 120, 121].map((d) => lowerBound(dates, d)),
      [0, 0, 1, 1, 4, 5],
    );
  });
});

describe('the transform that takes a base is the one TRANSFORM_TABLE.takesBase names, never a literal', () => {
  it('takesBase follows the table', () => {
    for (const t of TRANSFORMS) assert.equal(takesBase(t), TRANSFORM_TABLE[t].takesBase, t);
    assert.equal(takesBase('nonsense'), false);
  });

  it("no module of src/ or client/ compares a transform with 'index' to decide what to do", () => {
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
          readFileSync(file, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (/[!=]==\s*'index'|'index'\s*[!=]==/.test(line)) found.push(`${path.relative(PROJECT_ROOT, file)}:${i + 1}`);
            });
        }
      }
    };
    for (const dir of ['src', 'client']) walk(path.join(PROJECT_ROOT, dir));
    assert.deepEqual(found, [], 'use takesBase (query/transforms.ts)');
  });
});

// issue 24, round 4: a transformed value rarely has six decimals or fewer; its text is worked out without String
describe('the text of transformed values', () => {
  it('is String(v) for every value of every transform of every series of every real dataset', async () => {
    const snapshot = await loadSnapshot(REAL_DATA);
    const buf = Buffer.alloc(NUMBER_TEXT_MAX);
    let checked = 0;
    for (const { meta, store } of snapshot.datasets.values()) {
      for (let s = 0; s < store.count; s++) {
        const [a, b] = [store.offsets[s], store.offsets[s + 1]];
        const [dates, values] = [store.dates.subarray(a, b), store.values.subarray(a, b)];
        const first = values.find((v) => !Number.isNaN(v)) ?? NaN;
        const all = [...TRANSFORMS.map((t) => applyTransform(dates, values, t, meta.frequency)), rebase(values, first)];
        for (const v of all.flatMap((out) => [...out])) {
          if (Number.isNaN(v)) continue;
          const text = buf.toString('latin1', 0, writeNumberText(buf, 0, v));
          if (text !== String(v)) assert.fail(`${meta.id}: ${String(v)} written ${text}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 400_000, `${checked} values`);
  });
});
