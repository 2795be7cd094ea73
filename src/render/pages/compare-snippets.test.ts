// The code card with a compared series of another dataset (Compare, issue
// 15): one block per dataset, R and Python with their set-up once and the
// compared data frames named df2, df2_<transform>; the other tools one CSV
// URL per dataset. (test/browser/snippets.test.ts runs them in R and Python.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExplorerMeta, ExplorerState } from '../../selection/state.js';
import { buildSnippets, SNIPPET_TOOLS, type SnippetInput } from './snippets.js';

const level = (code: string) => ({ code, label: code, data: true, depth: 0 });
const meta = (id: string, dim: string, codes: string[]): ExplorerMeta => ({
  id,
  lang: 'en',
  frequency: 'monthly',
  dims: [{ id: dim, label: dim, mode: 'multi', levels: codes.map(level) }],
  combos: [],
  defaults: { dims: {}, transform: 'level' },
  transforms: ['level', 'pct', 'yoy', 'index', 'diff'],
});
const state = (dim: string, codes: string[], transform: string): ExplorerState => ({
  dims: { [dim]: codes },
  from: '2000-01-01',
  to: null,
  transform,
  base: null,
});
const input = (m: ExplorerMeta, s: ExplorerState): SnippetInput => ({
  baseUrl: 'https://x.org',
  meta: m,
  state: s,
  transformName: 'yoy',
  transformNote: 'ds() returns levels; the chart shows {transform}:',
  csvNote: 'As CSV:',
  excelHint: 'Excel:',
});
const count = (text: string, re: RegExp): number => text.split('\n').filter((l) => re.test(l)).length;

describe('snippets with compared datasets', () => {
  for (const transform of ['level', 'yoy']) {
    it(`${transform}: one ds() per dataset, set-up once, df2 for the second, one URL per dataset in the other tools`, () => {
      const primary = input(meta('ch_a', 'item', ['1', '2']), state('item', ['1', '2'], transform));
      const other = input(meta('ch_b', 'region', ['CH', 'ZH']), state('region', ['CH'], transform));
      const third = input(meta('ch_c', 'sex', ['m', 'f']), state('sex', ['f'], transform));
      const all = buildSnippets(primary, [other, third]);
      const alone = buildSnippets(primary);
      for (const tool of SNIPPET_TOOLS) assert.ok(all[tool].startsWith(alone[tool]), `${tool}: the first block is the page's own`);
      assert.equal(count(all.r, /^library\(dataseries\)$/), 1);
      assert.equal(count(all.python, /^from dataseries import ds$/), 1);
      assert.equal(count(all.python, /^import pandas as pd$/), transform === 'level' ? 0 : 1);
      assert.match(all.r, /^df <- ds\("ch_a"/m);
      assert.match(all.r, /^df2 <- ds\("ch_b", region = "CH"/m);
      assert.match(all.r, /^df3 <- ds\("ch_c", sex = "f"/m);
      assert.match(all.python, /^df2 = ds\("ch_b", region="CH"/m);
      if (transform === 'yoy') {
        assert.match(all.r, /^df2_yoy <- read\.csv\($/m);
        assert.match(all.python, /^df3_yoy = pd\.read_csv\($/m);
      }
      assert.ok(!/\n\n\n/.test(all.r + all.python), 'no double blank lines');
      for (const tool of ['stata', 'matlab', 'julia', 'excel', 'sas', 'curl'] as const) {
        for (const id of ['ch_a', 'ch_b', 'ch_c']) assert.ok(all[tool].includes(`dataset=${id}&`), `${tool} reads ${id}`);
      }
    });
  }

  it('every tool keeps each dataset: Stata a frame per dataset, the others a name per dataset', () => {
    const primary = input(meta('ch_a', 'item', ['1', '2']), state('item', ['1'], 'yoy'));
    const other = input(meta('ch_b', 'region', ['CH', 'ZH']), state('region', ['CH'], 'yoy'));
    const third = input(meta('ch_c', 'sex', ['m', 'f']), state('sex', ['f'], 'yoy'));
    const all = buildSnippets(primary, [other, third]);
    // Stata: `import delimited …, clear` clears the current frame only; each import after the first in a new frame, the first current at the end
    const stata = all.stata.split('\n');
    const imports = stata.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('import delimited'));
    assert.equal(imports.length, 3);
    const frameAt = (i: number): string => stata.slice(0, i).findLast((l) => l.startsWith('frame change ')) ?? 'frame change default';
    assert.deepEqual(
      imports.map(([, i]) => frameAt(i)),
      ['frame change default', 'frame change df2', 'frame change df3'],
    );
    assert.deepEqual(
      stata.filter((l) => l.startsWith('frame create ')),
      ['frame create df2', 'frame create df3'],
    );
    assert.equal(stata.at(-1), 'frame change default');
    // the others: the data of each dataset under its own name
    const assigned = (code: string, re: RegExp): string[] => code.split('\n').flatMap((l) => re.exec(l)?.[1] ?? []);
    assert.deepEqual(assigned(all.matlab, /^(\w+) = readtable\(/), ['data', 'data2', 'data3']);
    assert.deepEqual(assigned(all.julia, /^(\w+) = DataFrame\(/), ['df', 'df2', 'df3']);
    assert.deepEqual(assigned(all.sas, /^data (work\.\w+);$/), ['work.series', 'work.series2', 'work.series3']);
    assert.equal(count(all.julia, /^using CSV/), 1);
    assert.deepEqual(assigned(all.curl, / -o (\S+)$/), ['ch_a.csv', 'ch_b.csv', 'ch_c.csv']);
  });
});
