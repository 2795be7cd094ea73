// A file rewritten in place while the server's loader reads it (a careless
// publisher): a read that saw the file change, or a file modified moments
// before (file times tick coarsely), is refused with `retry`, so the holder
// reads it again once it settles.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIXTURES, followLog } from '../../test/helpers.js';
import { parseDataset, readDataset, SETTLE_MS, type DatasetFiles } from './load-dataset.js';

describe('a CSV rewritten in place while it is read', () => {
  let dir: string;
  const files: DatasetFiles = { id: 'tiny_single', data: 'tiny_single.csv', meta: 'tiny_single.json', fallback: {} };
  const versions: Buffer[] = [];

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ds-changing-'));
    await cp(path.join(FIXTURES, 'tiny'), dir, { recursive: true });
    // two versions of the same size, large enough that a read takes a while
    const rows = Array.from({ length: 100_000 }, (_, i) => `${1000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,`);
    for (const v of ['1.5', '2.5']) versions.push(Buffer.from('date,value\n' + rows.map((r) => r + v + '\n').join('')));
    await writeFile(path.join(dir, files.data), versions[0]);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Not asserted: that every taken read is one whole version. Linux sets mtime when a write begins, so a writer
  // preempted half-way through one write leaves a mix whose size and time look settled; only a manifest (or
  // writing beside and renaming) rules that out. docs/deployment.md says so.
  it('refuses (to retry) the reads that saw the file change, and takes it once it settles', async () => {
    const file = path.join(dir, files.data);
    const sources = [path.join(dir, 'a.bin'), path.join(dir, 'b.bin')];
    await Promise.all(sources.map((f, i) => writeFile(f, versions[i])));
    // the writer rewrites the file in place, over and over, alternating the two versions (one write each: a
    // writer that stops half-way for longer than SETTLE_MS leaves a stable mix no loader can tell from data)
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs'); const v = ${JSON.stringify(sources)}.map((f) => fs.readFileSync(f));
         const fd = fs.openSync(${JSON.stringify(file)}, 'r+'); let k = 0;
         fs.writeSync(fd, v[k++ % 2], 0, v[0].length, 0); fs.writeSync(1, 'writing\\n');
         for (;;) fs.writeSync(fd, v[k++ % 2], 0, v[0].length, 0);`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const writing = followLog(writer).until((log) => log.includes('writing'), 'the writer has begun');
    let refused = 0;
    let taken = 0;
    try {
      // the writer (a new process) says so once its first write is done
      await writing;
      for (let i = 0; i < 25; i++) {
        const bytes = await readDataset(dir, files, SETTLE_MS);
        if ('missing' in bytes) {
          assert.equal(bytes.retry, true);
          assert.match(bytes.message, /changed while being read/);
          refused++;
          continue;
        }
        taken++;
      }
    } finally {
      const exited = new Promise((r) => writer.once('exit', r));
      writer.kill();
      await exited;
    }
    assert.ok(refused > 0, `at least one read saw the file change (${refused} refused, ${taken} taken)`);
    // the point: a file settles by time (SETTLE_MS after its last change, the loader's rule): wait until then by its own mtime
    const settled = (await stat(file)).mtimeMs + SETTLE_MS - Date.now();
    if (settled > 0) await sleep(Math.ceil(settled) + 1);
    const load = parseDataset(files, await readDataset(dir, files, SETTLE_MS));
    assert.ok(load.ok, `once the writer stops and the file settles, it is taken: ${JSON.stringify(load.issues)}`);
  });
});
