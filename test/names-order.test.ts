// Level codes keep the order the metadata file writes them in, whatever
// they look like: `_T, 1, 2` must not become `1, 2, _T` (a JavaScript
// object lists integer-like keys first). Checked on every real dataset for
// /dataset/{id}/meta (text order of the keys), /search-index.json and the
// pickers' order.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { entriesInOrder, keysInOrder, parseJsonInOrder } from '../src/data/json-order.js';
import { REAL_DATA, startApp } from './helpers.js';

type Json = Record<string, unknown>;

const ids = (JSON.parse(readFileSync(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as Json[]).map((e) => String(e.id));
const fileMeta = (id: string): Json => parseJsonInOrder(readFileSync(path.join(REAL_DATA, `${id}.json`), 'utf8')) as Json;
const dimsOf = (meta: Json): [string, Json][] => entriesInOrder(meta.dimensions as Json) as [string, Json][];

/** The hierarchy as `parent: child, child` lines in written order (a leaf may be {}, [] or null). */
function hierarchyLines(node: unknown, parent = '(top)', known?: Set<string>): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [];
  const children = keysInOrder(node).filter((c) => !known || known.has(c));
  const own = children.length ? [`${parent}: ${children.join(', ')}`] : [];
  return [...own, ...children.flatMap((c) => hierarchyLines((node as Json)[c], c, known))];
}

/** Display order: the hierarchy's pre-order, then the levels it leaves out, in file order. */
function displayOrder(dim: Json): string[] {
  const levels = keysInOrder(dim.levels as Json);
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    for (const c of keysInOrder(node)) {
      if (!levels.includes(c) || out.includes(c)) continue;
      out.push(c);
      visit((node as Json)[c]);
    }
  };
  visit(dim.hierarchy);
  return [...out, ...levels.filter((c) => !out.includes(c))];
}

describe('level order as written, on every real dataset', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());

  it('the test can fail: many real dimensions have integer-like codes a plain object reorders', () => {
    let reordered = 0;
    for (const id of ids) {
      const plain = JSON.parse(readFileSync(path.join(REAL_DATA, `${id}.json`), 'utf8')) as Json;
      for (const [dim, d] of dimsOf(fileMeta(id))) {
        const written = keysInOrder(d.levels as Json).join();
        if (Object.keys(((plain.dimensions as Json)[dim] as Json).levels as Json).join() !== written) reordered++;
      }
    }
    assert.ok(reordered >= 10, `${reordered} dimensions`);
  });

  it('/dataset/{id}/meta writes levels and hierarchy children in the file order, as text', async () => {
    for (const id of ids) {
      const res = await app.inject({ url: `/dataset/${id}/meta` });
      assert.equal(res.statusCode, 200, id);
      const served = parseJsonInOrder(res.body) as Json;
      const written = fileMeta(id);
      assert.deepEqual(keysInOrder(served.dimensions as Json), written.dim_order, id);
      for (const [dim, d] of dimsOf(written)) {
        const got = (served.dimensions as Json)[dim] as Json;
        assert.deepEqual(keysInOrder(got.levels as Json), keysInOrder(d.levels as Json), `${id} ${dim} levels`);
        const known = new Set(keysInOrder(d.levels as Json));
        assert.deepEqual(hierarchyLines(got.hierarchy), hierarchyLines(d.hierarchy, '(top)', known), `${id} ${dim} hierarchy`);
      }
    }
  });

  it("/search-index.json lists each dimension's levels in display order (hierarchy as written)", async () => {
    const records = (await app.inject({ url: '/search-index.json' })).json() as Json[];
    for (const id of ids) {
      for (const [dim, d] of dimsOf(fileMeta(id))) {
        const listed = records.filter((r) => r.datasetId === id && r.dim === dim).map((r) => String(r.code));
        const order = displayOrder(d).filter((c) => listed.includes(c));
        assert.deepEqual(listed, order, `${id} ${dim}`);
      }
    }
  });

  it('the dataset page lists picker levels in display order', async () => {
    for (const id of ['ch_fso_pop_detail', 'ch_fso_jobs_sex', 'ch_fso_besta']) {
      const html = (await app.inject({ url: `/d/${id}` })).body;
      for (const [dim, d] of dimsOf(fileMeta(id))) {
        const order = displayOrder(d);
        const shown = [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].filter((m) => m[1] === dim).map((m) => m[2]);
        const options = [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
        const seen = shown.length ? shown : options.filter((c) => order.includes(c));
        assert.deepEqual(
          seen,
          order.filter((c) => seen.includes(c)),
          `${id} ${dim}`,
        );
      }
    }
  });
});
