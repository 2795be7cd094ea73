// A data directory that is a link swapped by `dataseries publish`: the holder
// sees the swap (which only the link's parent directory reports), reloads from
// the new version, and keeps following the link on later swaps.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FIXTURES, nextSwap } from '../../test/helpers.js';
import { publish } from '../publish/publish.js';
import { DataHolder } from './data-holder.js';
import type { Snapshot } from './model.js';

const quiet = { info: () => undefined, error: (obj: object, msg: string) => assert.fail(`${msg} ${JSON.stringify(obj)}`) };

describe('a data directory swapped by publish', () => {
  let root: string;
  let src: string;
  let out: string;
  let holder: DataHolder;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-holder-link-'));
    src = path.join(root, 'src');
    out = path.join(root, 'public');
    await cp(path.join(FIXTURES, 'tiny'), src, { recursive: true });
    assert.equal((await publish({ src, out, keep: 10 })).aborted, null);
    holder = new DataHolder(out, quiet);
    await holder.ready;
    holder.watch(20);
  });
  after(async () => {
    holder.close();
    await rm(root, { recursive: true, force: true });
  });

  /** Publishes the fixture with a changed first value and waits for the holder's swap. */
  async function publishValue(value: string): Promise<Snapshot> {
    const file = path.join(src, 'tiny_single.csv');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^2020-01-01,[^\n]*$/m, `2020-01-01,${value}`));
    const swapped = nextSwap(holder);
    const report = await publish({ src, out, keep: 10 });
    assert.ok(report.changed);
    return await swapped;
  }

  const firstValue = (s: Snapshot): number => s.datasets.get('tiny_single')!.store.values[0];

  it('reloads when the link is swapped, from the new version directory', async () => {
    assert.equal(firstValue(holder.current!), 10);
    const s = await publishValue('11');
    assert.equal(firstValue(s), 11);
    assert.equal(s.dir, await realpath(out));
  });

  it('follows the link again on the next swap', async () => {
    const s = await publishValue('12.5');
    assert.equal(firstValue(s), 12.5);
    assert.equal(holder.current, s);
  });
});
