// A publish never loses data by accident: an empty source, or a source that
// lacks datasets OUT has, is refused (exit 1, OUT untouched) unless
// --allow-removals says the removal is meant; validate of a directory with no
// dataset fails.
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FIXTURES } from '../../test/helpers.js';
import { runCli } from '../cli/run-cli.js';
import { captureIo } from '../cli/test-io.js';

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('publish refuses to remove datasets unless told to', () => {
  let root: string;
  let src: string;
  let out: string;
  let empty: string;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-removals-'));
    src = path.join(root, 'src');
    out = path.join(root, 'public');
    empty = path.join(root, 'empty');
    await cp(path.join(FIXTURES, 'tiny'), src, { recursive: true });
    await mkdir(empty);
    const first = await cli('publish', src, out);
    assert.equal(first.code, 0, first.out + first.err);
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const served = async (): Promise<string[]> => (JSON.parse(await readFile(path.join(out, 'catalog.json'), 'utf8')) as { id: string }[]).map((e) => e.id);

  it('refuses an empty source: exit 1, OUT unchanged, the message names the option', async () => {
    const before = await readlink(out);
    const run = await cli('publish', empty, out);
    assert.equal(run.code, 1, run.out);
    assert.match(run.out, /publish failed: .*no dataset.*--allow-removals/);
    assert.equal(await readlink(out), before);
    assert.deepEqual(await served(), ['tiny_cube', 'tiny_single']);
  });

  it('refuses an empty source into a new OUT too', async () => {
    const run = await cli('publish', empty, path.join(root, 'fresh'));
    assert.equal(run.code, 1, run.out);
    assert.match(run.out, /no dataset/);
  });

  it('refuses a source that lacks a published dataset (no catalog, one pair of files) and names it', async () => {
    const partial = path.join(root, 'partial');
    await mkdir(partial);
    for (const f of ['tiny_single.csv', 'tiny_single.json']) await cp(path.join(src, f), path.join(partial, f));
    const before = await readlink(out);
    const run = await cli('publish', partial, out);
    assert.equal(run.code, 1, run.out);
    assert.match(run.out, /would remove 1 dataset \(tiny_cube\).*--allow-removals/);
    assert.equal(await readlink(out), before);
    assert.deepEqual(await served(), ['tiny_cube', 'tiny_single']);
  });

  it('refuses a catalog that drops a dataset; --allow-removals publishes the removal and says so', async () => {
    const catalog = JSON.parse(await readFile(path.join(src, 'catalog.json'), 'utf8')) as { id: string }[];
    await writeFile(path.join(src, 'catalog.json'), JSON.stringify(catalog.filter((e) => e.id !== 'tiny_cube')));
    await rm(path.join(src, 'tiny_cube.csv'));
    const refused = await cli('publish', src, out);
    assert.equal(refused.code, 1);
    assert.deepEqual(await served(), ['tiny_cube', 'tiny_single']);
    const allowed = await cli('publish', '--allow-removals', src, out);
    assert.equal(allowed.code, 0, allowed.out + allowed.err);
    assert.match(allowed.out, /removed \(no longer in the source\): tiny_cube/);
    assert.deepEqual(await served(), ['tiny_single']);
  });

  it('--allow-removals also lets an empty source empty OUT', async () => {
    const run = await cli('publish', '--allow-removals', empty, out);
    assert.equal(run.code, 0, run.out + run.err);
    assert.deepEqual(await served(), []);
  });

  it('validate of a directory with no dataset exits 1 and says why', async () => {
    const run = await cli('validate', empty);
    assert.equal(run.code, 1);
    assert.match(run.out, /no dataset/);
    const json = await cli('validate', '--json', empty);
    assert.equal(json.code, 1);
    assert.equal((JSON.parse(json.out) as { ok: boolean }).ok, false);
  });
});
