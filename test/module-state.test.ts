/**
 * STYLE.md, "state on the instance, not in the module": no module of src/
 * keeps data in a module-level cache. What is computed once from a snapshot
 * or a dataset is kept on it (src/data/derived.ts). A module-level map, set
 * or `let` that starts empty is a cache; the few that stay are memos of
 * constants, each named here with why.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../src/config.js';
import { derived, derivedKey } from '../src/data/derived.js';
import { loadSnapshot } from '../src/data/load-snapshot.js';
import { searchEngine } from '../src/discovery/search-engine.js';
import { buildExplorerMeta } from '../src/selection/from-dataset.js';
import { REAL_DATA } from './helpers.js';

/** Module-level state that stays, by `file:name`, and why: none of it holds an instance's data. */
const STAYS: Record<string, string> = {
  'src/i18n/format.ts:integerFormats': 'Intl formatters by language: constants of the runtime',
  'src/i18n/format.ts:dayFormats': 'Intl formatters by language: constants of the runtime',
  'src/i18n/format.ts:pluralRules': 'Intl plural rules by language: constants of the runtime',
  'src/i18n/chart-text.ts:numberFormats': 'Intl formatters by language and options: constants of the runtime',
  'src/i18n/chart-text.ts:dateFormats': 'Intl formatters by language and options: constants of the runtime',
  'src/render/chart-font.ts:metrics': 'advance widths of the two weights of the bundled font: constants of the build',
  'src/data/dates.ts:DATE_TEXT': 'a bounded memo of a pure function (day number → ISO text): the same for every instance',
  'src/query/encode-bytes.ts:scratch': 'a scratch buffer each answer overwrites before use: holds nothing between answers',
  'src/query/closest.ts:rows': 'the two rows of editDistance, which each call overwrites before use: hold nothing between calls',
  'src/http/front-door.ts:counter': 'request ids must be unique per process (their prefix is the pid), whatever app serves',
  'src/render/pages/chart-notes.ts:listFormats': 'Intl list formats by language: constants of the runtime',
  'src/selection/params.ts:TAKEN': 'the parameters each route takes, as a list and a set: a memo of the constant parameter table',
  'src/selection/read-query.ts:factsCache':
    'shared with the browser bundle, which has no app instance: a WeakMap keyed by the explorer meta it is a pure function of (the meta is kept on its dataset)',
  'src/selection/read-selection.ts:factsCache':
    "a WeakMap keyed by the dataset it is a pure function of (goes with it): it holds functions, and a dataset's derived map crosses to the image workers by structured clone, which cannot carry them",
  'src/sdmx/names.ts:NAMES':
    "shared with the browser bundle (the snippet card's SDMX URL): a WeakMap keyed by the dataset it is a pure function of (goes with it); it holds functions, which a dataset's derived map cannot carry to the image workers",
  'src/selection/naming.ts:pathCache':
    'shared with the browser bundle, which has no app instance: a WeakMap keyed by the dimension object it is a pure function of (the dimension lives in the explorer meta, kept on its dataset)',
};

/** Module-level `let`s and maps or sets built empty (`new Map()`, `new WeakMap<K, V>()`), as `file:name`. */
function moduleState(): string[] {
  const files = readdirSync(path.join(PROJECT_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.posix.join('src', f.split(path.sep).join('/')));
  const found: string[] = [];
  const STATE = /^(?:export )?(?:let (\w+)|const (\w+)(?::[^=]+)? = new (?:Weak)?(?:Map|Set)(?:<.*>)?\(\))/gm;
  for (const file of files) {
    for (const m of readFileSync(path.join(PROJECT_ROOT, file), 'utf8').matchAll(STATE)) found.push(`${file}:${m[1] ?? m[2]}`);
  }
  return found.sort();
}

describe('state on the instance', () => {
  it('no module of src/ keeps a cache of data: only the named memos of constants stay', () => {
    assert.deepEqual(
      moduleState().filter((s) => !(s in STAYS)),
      [],
    );
    assert.deepEqual(
      Object.keys(STAYS).filter((s) => !moduleState().includes(s)),
      [],
      'a memo that is gone leaves this list',
    );
  });

  it('what is derived from a snapshot or a dataset lives on it, and a new snapshot starts afresh', async () => {
    const [a, b] = [await loadSnapshot(REAL_DATA), await loadSnapshot(REAL_DATA)];
    assert.equal(a.derived.size, 0);
    const engine = searchEngine(a);
    assert.equal(searchEngine(a), engine, 'built once per snapshot');
    assert.ok([...a.derived.values()].includes(engine), 'kept on the snapshot');
    assert.notEqual(searchEngine(b), engine, 'another snapshot has its own');
    const ds = a.datasets.get('ch_fso_ppi')!;
    const meta = buildExplorerMeta(ds, 'de');
    assert.equal(buildExplorerMeta(ds, 'de'), meta);
    assert.ok(
      [...ds.derived.values()].some((v) => v instanceof Map && v.get('de') === meta),
      'the explorer meta is kept on its dataset',
    );
  });

  it('derived builds a value once per holder and key', () => {
    const key = derivedKey<{ n: number }>('probe');
    const [one, two] = [{ derived: new Map() }, { derived: new Map() }];
    let built = 0;
    const first = derived(one, key, () => ({ n: ++built }));
    assert.equal(
      derived(one, key, () => ({ n: ++built })),
      first,
    );
    assert.deepEqual(
      derived(two, key, () => ({ n: ++built })),
      { n: 2 },
    );
  });
});
