import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { formatIsoDate } from '../data/dates.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import type { Snapshot } from '../data/model.js';
import { REAL_DATA } from '../../test/helpers.js';
import { computeView } from './compute-view.js';
import { columnarJsonBytes, columnarJsonChunks, csvBytes, csvChunks, csvField } from './encode.js';
import { labelledLead } from './encode-labelled-csv.js';
import { TRANSFORMS, type SelectionView } from './view.js';

/** The CSV as the contract states it, written the plain way: strings, the published text of an untransformed value (else String(v)), an empty field for a missing value. */
function reference(view: SelectionView, lead = { names: view.dataset.meta.dimOrder, fields: (s: SelectionView['series'][number]) => s.codes }): Buffer {
  const lines = [[...lead.names, 'date', 'value'].map(csvField).join(',')];
  for (const [k, s] of view.series.entries()) {
    const fields = lead.fields(s, k).map(csvField);
    const text = (i: number): string => (Number.isNaN(s.values[i]) ? '' : (s.published?.texts.byIndex.get(s.published.first + i) ?? String(s.values[i])));
    for (let i = 0; i < s.dates.length; i++) lines.push([...fields, formatIsoDate(s.dates[i]), text(i)].join(','));
  }
  return Buffer.from(lines.join('\n') + '\n', 'utf8');
}

describe('the CSV encoders (issue 16: bytes written straight, same text as the plain way)', () => {
  let snapshot: Snapshot;
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
  });

  it('csvBytes and csvChunks (in pieces of any size) write the reference text on every real dataset, transform and window', () => {
    let views = 0;
    for (const dataset of snapshot.datasets.values()) {
      const { dates } = dataset.store;
      const mid = dates[dates.length >> 1];
      for (const transform of TRANSFORMS) {
        for (const [from, to] of [
          [null, null],
          [mid, null],
          [null, mid],
        ] as const) {
          const view = computeView(dataset, { datasetId: dataset.meta.id, dims: {}, from, to, last: null, transform, base: null });
          const want = reference(view);
          assert.ok(csvBytes(view).equals(want), `${dataset.meta.id} ${transform} ${from}-${to}: csvBytes`);
          assert.ok(Buffer.concat([...csvChunks(view, undefined, 97)]).equals(want), `${dataset.meta.id} ${transform}: csvChunks in 97-byte pieces`);
          views++;
        }
      }
      const view = computeView(dataset, { datasetId: dataset.meta.id, dims: {}, from: null, to: null, last: 3, transform: 'level', base: null });
      // series labels with a comma and a quote: the label column is quoted as any field
      const labels = view.series.map((s) => `${s.codes.join(', ')} "${dataset.meta.id}"`);
      for (const lang of ['en', 'de'] as const)
        assert.ok(
          csvBytes(view, labelledLead(view, lang, labels)).equals(reference(view, labelledLead(view, lang, labels))),
          `${dataset.meta.id}: labelled ${lang}`,
        );
    }
    assert.ok(views >= 45 * 15, `every dataset was written (${views} views)`);
  });

  it('a large answer after a small one, and a small one after a large one, keep their own bytes', () => {
    const dataset = [...snapshot.datasets.values()].sort((a, b) => b.store.values.length - a.store.values.length)[0];
    const whole = computeView(dataset, { datasetId: dataset.meta.id, dims: {}, from: null, to: null, last: null, transform: 'level', base: null });
    const small = computeView(dataset, { datasetId: dataset.meta.id, dims: {}, from: null, to: null, last: 1, transform: 'level', base: null });
    const a = csvBytes(small);
    const b = csvBytes(whole);
    const c = csvBytes(small);
    assert.ok(a.equals(reference(small)) && b.equals(reference(whole)) && c.equals(reference(small)));
    assert.ok(a.equals(c), 'the first answer was not overwritten by the later ones');
  });

  it("the published CSV's header and code fields are made once per dataset and kept on it, and do not grow with the answers (issue 24, round 3)", async () => {
    const fresh = await loadSnapshot(REAL_DATA);
    const dataset = fresh.datasets.get('ch_fso_ppi')!;
    const one = computeView(dataset, { datasetId: dataset.meta.id, dims: {}, from: null, to: null, last: 2, transform: 'level', base: null });
    const before = dataset.derived.size;
    assert.ok(csvBytes(one).equals(reference(one)));
    assert.equal(dataset.derived.size, before + 1, 'one value on the dataset');
    const kept = [...dataset.derived.values()].at(-1) as { header: Uint8Array; fields: { bytes: Uint8Array } };
    assert.equal(Buffer.from(kept.header).toString(), [...dataset.meta.dimOrder, 'date', 'value'].join(',') + '\n');
    const size = kept.fields.bytes.length;
    const yoy = computeView(dataset, { ...one.selection, transform: 'yoy', last: null });
    assert.ok(csvBytes(yoy).equals(reference(yoy)), 'another answer');
    assert.equal(dataset.derived.size, before + 1, 'the same value serves it');
    assert.equal(kept.fields.bytes.length, size, 'nothing kept per series or per answer');
  });

  it('columnarJsonBytes and columnarJsonChunks write the plain JSON text on every real dataset, transform and window (issue 24, round 3)', () => {
    /** The columnar JSON written the plain way: JSON.stringify of each code, the ISO date, String(v) or null. */
    const plain = (view: SelectionView): string => {
      const columns = view.dataset.meta.dimOrder.map((_, j) => view.series.flatMap((s) => Array.from(s.dates, () => JSON.stringify(s.codes[j]))));
      columns.push(view.series.flatMap((s) => Array.from(s.dates, (d) => `"${formatIsoDate(d)}"`)));
      columns.push(view.series.flatMap((s) => Array.from(s.values, (v) => (Number.isNaN(v) ? 'null' : String(v)))));
      const names = [...view.dataset.meta.dimOrder, 'date', 'value'];
      return '{' + names.map((name, k) => `${JSON.stringify(name)}:[${columns[k].join(',')}]`).join(',') + '}';
    };
    let views = 0;
    for (const dataset of snapshot.datasets.values()) {
      const { dates } = dataset.store;
      const mid = dates[dates.length >> 1];
      for (const transform of TRANSFORMS) {
        for (const [from, to, last] of [
          [null, null, null],
          [mid, null, null],
          [null, mid, 2],
          [mid + 1e6, null, null],
        ] as const) {
          const view = computeView(dataset, { datasetId: dataset.meta.id, dims: {}, from, to, last, transform, base: null });
          const want = plain(view);
          assert.equal(columnarJsonBytes(view).toString('utf8'), want, `${dataset.meta.id} ${transform} ${from}-${to}: columnarJsonBytes`);
          assert.equal(Buffer.concat([...columnarJsonChunks(view)]).toString('utf8'), want, `${dataset.meta.id} ${transform}: columnarJsonChunks`);
          // small pieces: every piece boundary falls between items, and the pieces still join to the same text
          const pieces = [...columnarJsonChunks(view, 64)];
          assert.equal(Buffer.concat(pieces).toString('utf8'), want, `${dataset.meta.id} ${transform}: columnarJsonChunks in pieces of 64`);
          for (const piece of pieces) assert.doesNotThrow(() => new TextDecoder('utf-8', { fatal: true }).decode(piece), 'a piece ends between characters');
          views++;
        }
      }
    }
    assert.ok(views >= 45 * 20, `every dataset was written (${views} views)`);
  });

  it('a code column of any length is its code repeated, whole and in pieces, on every real dataset (issue 24, round 5: copied in doubling blocks)', () => {
    const lengths = [...Array.from({ length: 70 }, (_, k) => k + 1), 100, 127, 128, 129, 200, 255, 256, 257, 300, 511, 512, 513, 1000];
    for (const dataset of snapshot.datasets.values()) {
      // its longest series
      const { offsets, count } = dataset.store;
      let id = 0;
      for (let s = 1; s < count; s++) if (offsets[s + 1] - offsets[s] > offsets[id + 1] - offsets[id]) id = s;
      const dims = Object.fromEntries(dataset.meta.dimensions.map((d, j) => [d.id, [d.levels[dataset.store.codes[j][id]].code]]));
      for (const last of lengths) {
        const view = computeView(dataset, { datasetId: dataset.meta.id, dims, from: null, to: null, last, transform: 'level', base: null });
        const n = view.observations;
        const whole = columnarJsonBytes(view);
        const parsed = JSON.parse(whole.toString('utf8')) as Record<string, unknown[]>;
        dataset.meta.dimOrder.forEach((dim, j) =>
          assert.deepEqual(
            parsed[dim],
            Array.from({ length: n }, () => view.series[0].codes[j]),
            `${dataset.meta.id} ${dim}: ${n} items`,
          ),
        );
        assert.ok(Buffer.concat([...columnarJsonChunks(view, 50)]).equals(whole), `${dataset.meta.id}: ${n} items in pieces`);
      }
    }
  });

  it('a piece of columnarJsonChunks keeps room for the closing ]} after the longest number text, 25 characters (issue 24, round 4)', () => {
    // the diff of 2013-10-07 is -1.0805236850819355e-6, written -0.0000010805236850819355: the answer's last item
    const dataset = snapshot.datasets.get('ch_seco_wwa')!;
    const view = computeView(dataset, {
      datasetId: 'ch_seco_wwa',
      dims: { structure: ['seco_wwa'] },
      from: null,
      to: 15_985,
      last: null,
      transform: 'diff',
      base: null,
    });
    const whole = columnarJsonBytes(view).toString('utf8');
    assert.ok(whole.endsWith(',-0.0000010805236850819355]}'), whole.slice(-40));
    for (let size = 1; size <= 400; size++) {
      const joined = Buffer.concat([...columnarJsonChunks(view, size)]).toString('utf8');
      assert.ok(joined === whole, `in pieces of ${size}: ends ${joined.slice(-30)}`);
    }
  });
});
