// The command line: help, exit codes scripts rely on (0 ok, 1 validation
// errors, 2 usage), validate printing exactly the loader's issues, the
// progress display only on a terminal or with --progress, and the compiled
// `dataseries` binary (validate, usage errors, serve until SIGTERM).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FIXTURES, followLog, REAL_DATA, serverReady } from '../../test/helpers.js';
import { PROJECT_ROOT } from '../config.js';
import { loadSnapshot } from '../data/load-snapshot.js';
import { formatIssue } from './format-issues.js';
import { runCli } from './run-cli.js';
import { captureIo } from './test-io.js';

const QUARANTINE = path.resolve(REAL_DATA, '..', 'quarantine');
const BIN = path.join(PROJECT_ROOT, 'dist', 'src', 'cli.js');

async function cli(argv: string[], isTTY = false) {
  const io = captureIo(isTTY);
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('dataseries help and usage errors', () => {
  it('prints help with exit 0, for the command line and for each command', async () => {
    for (const argv of [[], ['--help'], ['help'], ['validate', '--help'], ['publish', '-h'], ['serve', '--help']]) {
      const run = await cli(argv);
      assert.equal(run.code, 0, argv.join(' '));
      assert.match(run.out, /^Usage|^dataseries: validate, publish and serve/m);
      assert.match(run.out, /Exit codes/);
    }
    assert.match((await cli(['--version'])).out, /^\d+\.\d+\.\d+\n$/);
  });

  it('exits 2 with what is wrong and where to read more', async () => {
    const cases: [string[], RegExp][] = [
      [['frobnicate'], /unknown command 'frobnicate'.*\nSee 'dataseries --help'/],
      [['validate'], /expected DIR, got none\nSee 'dataseries validate --help'/],
      [['validate', 'a', 'b'], /expected DIR, got a b/],
      [['validate', '--nope', 'x'], /Unknown option '--nope'/],
      [['validate', '/no/such/dir'], /DIR \/no\/such\/dir does not exist/],
      [['publish', REAL_DATA], /expected SRC OUT/],
      [['publish', '--keep', '1', REAL_DATA, '/tmp/x'], /--keep 1: expected a whole number of at least 2/],
      [['serve', '--port', 'eighty'], /PORT=eighty: expected a whole number/],
    ];
    for (const [argv, message] of cases) {
      const run = await cli(argv);
      assert.equal(run.code, 2, argv.join(' '));
      assert.match(run.err, message);
      assert.equal(run.out, '');
    }
  });
});

describe('dataseries validate', () => {
  it('prints every issue of the loader, one line each with file and line, and exits 1 on errors', async () => {
    const run = await cli(['validate', QUARANTINE]);
    assert.equal(run.code, 1);
    const { issues } = await loadSnapshot(QUARANTINE);
    assert.ok(issues.length >= 5);
    const lines = run.out.trimEnd().split('\n');
    assert.deepEqual(
      lines.slice(0, -1),
      issues.map((i) => formatIssue(QUARANTINE, i)),
    );
    assert.ok(
      lines.includes(`${QUARANTINE}/ch_snb_capweums.csv:2808: error: "SPTH" is not a level of dimension "D0" (see dimensions.D0.levels in the metadata)`),
    );
    assert.match(lines.at(-1)!, /0 datasets loaded, 5 errors, 0 warnings$/);
  });

  it('accepts the real data (warnings only), unless --strict', async () => {
    const run = await cli(['validate', REAL_DATA]);
    assert.equal(run.code, 0);
    assert.match(run.out, /45 datasets loaded, 0 errors, 28 warnings\n$/); // 26 catalog disagreements, 2 unknown licenses
    assert.match(run.out, /catalog\.json: warning: \[ch_\w+\] catalog says/);
    assert.equal((await cli(['validate', '--strict', REAL_DATA])).code, 1);
  });

  it('--json gives the counts and the issues as data', async () => {
    const run = await cli(['validate', '--json', QUARANTINE]);
    const report = JSON.parse(run.out) as { ok: boolean; errors: number; issues: { file: string; line?: number }[] };
    assert.equal(run.code, 1);
    assert.equal(report.ok, false);
    assert.equal(report.errors, 5);
    assert.ok(report.issues.some((i) => i.file === 'ch_snb_snbiprogq.csv' && i.line === 2339));
  });
});

describe('the progress display of publish', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ds-cli-'));
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('redraws one line on a terminal, prints lines with --progress, and is silent otherwise', async () => {
    const tty = await cli(['publish', path.join(FIXTURES, 'tiny'), path.join(root, 'a')], true);
    assert.equal(tty.code, 0);
    assert.ok(tty.err.includes('\r\x1b[2Kwriting [....................] 0/2 tiny_cube'), JSON.stringify(tty.err));
    assert.ok(tty.err.endsWith('\r\x1b[2K'), 'the line is cleared at the end');
    const lines = await cli(['publish', '--progress', path.join(FIXTURES, 'tiny'), path.join(root, 'b')]);
    assert.match(lines.err, /^writing \[[#.]+\] 1\/2 tiny_single \(\d+\.\d s\)$/m);
    assert.ok(!lines.err.includes('\r'));
    const quiet = await cli(['publish', path.join(FIXTURES, 'tiny'), path.join(root, 'c')]);
    assert.equal(quiet.err, '');
    assert.match(quiet.out, /^published 2 datasets to .*: 2 written, 0 unchanged$/m);
  });
});

describe('the compiled dataseries binary', { skip: existsSync(BIN) ? false : 'run npm run build first' }, () => {
  it('validates with exit codes 1 and 2 as in-process', () => {
    assert.equal(spawnSync(process.execPath, [BIN, 'validate', QUARANTINE]).status, 1);
    assert.equal(spawnSync(process.execPath, [BIN, 'validate', REAL_DATA]).status, 0);
    const usage = spawnSync(process.execPath, [BIN, 'validate'], { encoding: 'utf8' });
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /expected DIR/);
  });

  it('serves a data directory until SIGTERM, then exits 0', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--data', path.join(FIXTURES, 'tiny'), '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, LOG_LEVEL: 'info', DS_ACCESS_LOG: 'false' },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // it listens, then says when its data is loaded: wait for both lines of its log
      const address = await serverReady(followLog(child));
      assert.equal((await fetch(`${address}/health`)).status, 200);
      assert.equal(((await (await fetch(`${address}/catalog`)).json()) as unknown[]).length, 2);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0);
  });
});
