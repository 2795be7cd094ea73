// loadSnapshot: the real directory loads whole, in catalog order, with counts
// that equal its files; a reload reuses what did not change; on tiny copies,
// files the catalog does not list, a CSV without metadata, a bad catalog entry
// and a dataset that breaks on reload (its previous version stays) are each
// reported as the one issue they are.
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyDataDir, FIXTURES, parseCsvText, REAL_DATA } from '../../test/helpers.js';
import { loadSnapshot } from './load-snapshot.js';
import type { LoadIssue, Snapshot } from './model.js';

/** The issues as `severity dataset file: message`, for comparing. */
const said = (issues: LoadIssue[]): string[] => issues.map((i) => `${i.severity} ${i.dataset} ${i.file}: ${i.message}`);

describe('loadSnapshot on the real data', () => {
  let snapshot: Snapshot;
  before(async () => {
    snapshot = await loadSnapshot(REAL_DATA);
  });

  it('loads every dataset of the catalog, in its order, without an error', async () => {
    const catalog = JSON.parse(await readFile(path.join(REAL_DATA, 'catalog.json'), 'utf8')) as { id: string }[];
    assert.deepEqual(
      [...snapshot.datasets.keys()],
      catalog.map((e) => e.id),
    );
    assert.deepEqual(
      snapshot.issues.filter((i) => i.severity === 'error'),
      [],
    );
    assert.ok(snapshot.categories.length > 0 && snapshot.licenses.size > 0);
  });

  it('counts the observations and series its files hold', async () => {
    let rows = 0;
    let series = 0;
    for (const ds of snapshot.datasets.values()) {
      const lines = parseCsvText(await readFile(path.join(REAL_DATA, ds.files.data), 'utf8'))
        .slice(1)
        .filter((r) => r.join('') !== '');
      rows += lines.length;
      series += new Set(lines.map((r) => r.slice(0, -2).join('\u0000'))).size;
    }
    assert.equal(snapshot.observations, rows);
    assert.equal(snapshot.series, series);
  });

  it('reuses every unchanged dataset on reload, with the same version', async () => {
    const again = await loadSnapshot(REAL_DATA, snapshot);
    assert.equal(again.version, snapshot.version);
    for (const [id, ds] of again.datasets) assert.equal(ds, snapshot.datasets.get(id), id);
    assert.equal(again.derived.size, 0, 'a new snapshot derives afresh');
  });
});

describe('loadSnapshot on tiny copies', () => {
  let copy: { dir: string; remove: () => Promise<void> };
  before(async () => {
    copy = await copyDataDir(path.join(FIXTURES, 'tiny'));
  });
  after(() => copy.remove());

  it('serves a pair the catalog does not list (warning) and not a CSV without metadata (error)', async () => {
    await writeFile(path.join(copy.dir, 'extra.csv'), await readFile(path.join(copy.dir, 'tiny_single.csv')));
    await writeFile(path.join(copy.dir, 'extra.json'), await readFile(path.join(copy.dir, 'tiny_single.json')));
    await writeFile(path.join(copy.dir, 'lonely.csv'), 'date,value\n2020-01-01,1\n');
    try {
      const s = await loadSnapshot(copy.dir);
      assert.deepEqual([...s.datasets.keys()], ['tiny_cube', 'tiny_single', 'extra']);
      const issues = said(s.issues);
      assert.ok(issues.includes('warning extra catalog.json: extra.csv and extra.json are not listed in catalog.json (served anyway)'), issues.join('\n'));
      assert.ok(issues.includes('error lonely lonely.csv: no metadata file lonely.json beside it (not served)'), issues.join('\n'));
    } finally {
      await Promise.all(['extra.csv', 'extra.json', 'lonely.csv'].map((f) => rm(path.join(copy.dir, f))));
    }
  });

  it('skips a catalog entry without a valid id, and reports it', async () => {
    const file = path.join(copy.dir, 'catalog.json');
    const catalog = await readFile(file, 'utf8');
    await writeFile(file, JSON.stringify([...JSON.parse(catalog), { id: 'Bad Id' }]));
    try {
      const s = await loadSnapshot(copy.dir);
      assert.deepEqual([...s.datasets.keys()], ['tiny_cube', 'tiny_single']);
      assert.ok(
        said(s.issues).includes('error Bad Id catalog.json: entry with id "Bad Id" skipped: expected a unique id of [a-z0-9_]'),
        said(s.issues).join('\n'),
      );
    } finally {
      await writeFile(file, catalog);
    }
  });

  it('keeps the previous version of a dataset that breaks on reload, and changes only what changed', async () => {
    const first = await loadSnapshot(copy.dir);
    const file = path.join(copy.dir, 'tiny_single.csv');
    const good = await readFile(file);
    await writeFile(file, 'date,value\n2020-01-01,not a number\n');
    try {
      const broken = await loadSnapshot(copy.dir, first);
      assert.equal(broken.datasets.get('tiny_single'), first.datasets.get('tiny_single'), 'the previous version is served');
      assert.equal(broken.datasets.get('tiny_cube'), first.datasets.get('tiny_cube'), 'an unchanged dataset is reused');
      assert.ok(said(broken.issues).includes('warning tiny_single tiny_single.csv: the previously loaded version is still served'));
      await writeFile(file, 'date,value\n2020-01-01,11\n2020-02-01,12\n');
      const changed = await loadSnapshot(copy.dir, first);
      assert.notEqual(changed.version, first.version);
      assert.deepEqual([...changed.datasets.get('tiny_single')!.store.values], [11, 12]);
      assert.equal(changed.datasets.get('tiny_cube'), first.datasets.get('tiny_cube'));
    } finally {
      await writeFile(file, good);
    }
  });
});
