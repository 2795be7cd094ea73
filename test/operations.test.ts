// Operations: request ids and access logs, rate limiting with standard
// headers, over-long URLs, graceful shutdown with requests in flight, and
// `--workers N` with answers and reloads consistent across workers.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PROJECT_ROOT } from '../src/config.js';
import { copyDataDir, followLog, holdStream, jsonLines, pollUntil, REAL_DATA, serverReady, spawnServer, startApp, type HeldStream } from './helpers.js';

v8.setFlagsFromString('--expose-gc');
/** A full garbage collection now (what a busy full run does at any moment). */
const collectGarbage = runInNewContext('gc') as () => void;

const exited = (proc: ChildProcess): Promise<number | null> =>
  new Promise((r) => (proc.exitCode !== null ? r(proc.exitCode) : proc.once('exit', (code) => r(code))));

describe('front door', () => {
  it('gives every request an id and keeps a given one', async () => {
    const app = await startApp(REAL_DATA);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const a = await fetch(`${base}/catalog`);
      assert.match(String(a.headers.get('x-request-id')), /^r[\w]+-[\w]+$/);
      assert.equal(a.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(a.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      const b = await fetch(`${base}/series?dataset=nope`, { headers: { 'x-request-id': 'trace-42' } });
      assert.equal(b.headers.get('x-request-id'), 'trace-42');
    } finally {
      await app.close();
    }
  });

  it('answers 414 to an over-long URL and 429 with RateLimit headers past the budget', async () => {
    // the front door sits in front of the framework: only a real connection reaches it (inject does not)
    const app = await startApp(REAL_DATA, { rateLimit: 5 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const long = await fetch(`${base}/series?dataset=ch_fso_ppi&dims=base=${'2020,'.repeat(3000)}`);
      assert.equal(long.status, 414);
      assert.match(((await long.json()) as { error: string }).error, /at most 8192/);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await fetch(`${base}/series?dataset=ch_fso_ppi&last=1`));
      assert.deepEqual(
        answers.map((r) => r.status),
        [200, 200, 200, 200, 429],
        'the 414 counted too',
      );
      assert.equal(answers[0].headers.get('ratelimit-limit'), '5');
      assert.equal(answers[2].headers.get('ratelimit-remaining'), '1');
      const refused = answers[4];
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal(((await refused.json()) as { status: number }).status, 429);
      const csv = await fetch(`${base}/series.csv?dataset=ch_fso_ppi`);
      assert.equal(csv.status, 429);
      assert.match(await csv.text(), /^error\n/);
      // a client past its budget (a load balancer, a monitor) still learns whether the service is up
      const health = await fetch(`${base}/health`);
      assert.equal(health.status, 200);
      assert.equal(health.headers.get('ratelimit-remaining'), null, '/health is not counted');
    } finally {
      await app.close();
    }
  });
});

describe('the real server process', () => {
  it('logs one JSON line per request with id, status, timing and bytes, cache hits too', async () => {
    const s = await spawnServer({ DS_ACCESS_LOG: 'true' });
    try {
      const url = `${s.base}/series?dataset=ch_fso_ppi&last=1`;
      const first = await fetch(url, { headers: { 'x-request-id': 'logcheck-1' } });
      const firstBody = await first.arrayBuffer();
      // the same URL again is answered from the response cache, before the framework
      const hit = await fetch(url, { headers: { 'x-request-id': 'logcheck-2' } });
      const hitBody = await hit.arrayBuffer();
      assert.deepEqual(Buffer.from(hitBody), Buffer.from(firstBody));
      for (const [res, id] of [
        [first, 'logcheck-1'],
        [hit, 'logcheck-2'],
      ] as const) {
        assert.equal(res.headers.get('x-request-id'), id);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
        assert.equal(res.headers.get('access-control-allow-origin'), '*');
        assert.equal(res.headers.get('etag'), first.headers.get('etag'));
      }
      // a line is written once its response is out, maybe after the client has it: wait until both are in the log
      const entryOf = (log: string, id: string) => jsonLines(log).find((l) => l.msg === 'request' && l.reqId === id);
      const log = await s.log.until((text) => ['logcheck-1', 'logcheck-2'].every((id) => entryOf(text, id)), 'an access-log line for each request');
      const entries = ['logcheck-1', 'logcheck-2'].map((id) => entryOf(log, id)!);
      for (const entry of entries) {
        assert.equal(entry.status, 200);
        assert.equal(entry.method, 'GET');
        assert.equal(typeof entry.ms, 'number');
        assert.equal(entry.bytes, firstBody.byteLength);
      }
      assert.deepEqual(
        entries.map((e) => e.cached),
        [false, true],
      );
    } finally {
      s.proc.kill('SIGTERM');
      await exited(s.proc);
    }
  });

  it('on SIGTERM finishes the requests in flight, then exits 0', async () => {
    const s = await spawnServer({ DS_ACCESS_LOG: 'true' });
    // a whole-dataset workbook takes a while (the first starts the heavy pool's thread: ~1.6 s idle here), far less than the
    // shutdown grace (10 s, which the biggest workbook, ch_fso_jobs_sex, outran on a loaded machine): the signal arrives while it is in flight
    const workbook = '/series.xlsx?dataset=ch_fso_ppi';
    const pending = fetch(s.base + workbook).then(async (r) => ({
      status: r.status,
      body: Buffer.from(await r.arrayBuffer()),
    }));
    // The front door numbers each request it takes in (`r<pid in base 36>-<n>`, front-door.ts) as it starts tracking it:
    // a probe numbered past the probes sent proves the workbook's request is tracked, so in flight until written out.
    let probes = 0;
    await pollUntil(
      async () => {
        const probe = await fetch(`${s.base}/health`);
        await probe.arrayBuffer();
        const id = String(probe.headers.get('x-request-id'));
        return parseInt(id.slice(id.indexOf('-') + 1), 36) - ++probes;
      },
      (others) => others >= 1,
      'the workbook request is taken in (requests numbered besides the probes)',
    );
    s.proc.kill('SIGTERM');
    const res = await pending;
    assert.equal(res.status, 200);
    assert.equal(res.body.subarray(0, 2).toString(), 'PK', 'a complete xlsx (zip) arrived');
    assert.equal(await exited(s.proc), 0);
    await assert.rejects(fetch(`${s.base}/health`), 'no longer accepting');
    // it was still in flight at the signal: its access-log line (written when it ends) follows the shutdown's
    const lines = jsonLines(s.log.text());
    const stopping = lines.findIndex((l) => String(l.msg).startsWith('shutting down'));
    const answered = lines.findIndex((l) => l.msg === 'request' && l.url === workbook);
    assert.ok(stopping >= 0 && answered > stopping, `the workbook was answered after the signal: ${s.log.text()}`);
  });
});

describe('--workers 2', () => {
  let copy: Awaited<ReturnType<typeof copyDataDir>>;
  let s: Awaited<ReturnType<typeof spawnServer>>;
  before(async () => {
    copy = await copyDataDir(REAL_DATA);
    s = await spawnServer({ DS_DATA_DIR: copy.dir, DS_WATCH: 'false', DS_ACCESS_LOG: 'true' }, ['--workers', '2']);
  });
  after(async () => {
    s.proc.kill('SIGTERM');
    assert.equal(await exited(s.proc), 0);
    await copy.remove();
  });

  it('both workers answer, with the same ETag and bytes', async () => {
    const url = `${s.base}/series.csv?dataset=ch_fso_ppi&dims=base=2020`;
    // workers accept connections themselves (SCHED_NONE, see server.ts): one may take a whole burst, so several bursts
    const answers = [];
    for (let burst = 0; burst < 4; burst++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 40 }, () =>
            fetch(url, { headers: { connection: 'close' } }).then(async (r) => ({ etag: r.headers.get('etag'), body: await r.text() })),
          ),
        )),
      );
    }
    assert.equal(new Set(answers.map((a) => a.etag)).size, 1);
    assert.equal(new Set(answers.map((a) => a.body)).size, 1);
    // each line is written once its response is out: wait until every answer is in the log
    const requests = (log: string) => jsonLines(log).filter((l) => l.msg === 'request');
    const log = await s.log.until((text) => requests(text).length >= answers.length, `${answers.length} access-log lines`);
    const pids = new Set(requests(log).map((l) => l.pid));
    assert.equal(pids.size, 2, 'requests were spread over two processes');
  });

  it('SIGHUP reloads every worker', async () => {
    const file = path.join(copy.dir, 'ch_kof_barometer.csv');
    await writeFile(file + '.tmp', (await readFile(file, 'utf8')).trimEnd() + '\n2099-01-01,7\n');
    await rename(file + '.tmp', file);
    const seen = jsonLines(s.log.text()).length;
    /** the workers that logged a reload since the signal */
    const reloaded = (log: string) =>
      new Set(
        jsonLines(log)
          .slice(seen)
          .filter((l) => l.msg === 'data reloaded')
          .map((l) => l.pid),
      );
    s.proc.kill('SIGHUP');
    await s.log.until((log) => reloaded(log).size === 2, 'each of the 2 workers logs "data reloaded"');
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${s.base}/series.csv?dataset=ch_kof_barometer&last=1`, { headers: { connection: 'close' } }).then((r) => r.text()),
      ),
    );
    assert.deepEqual(new Set(bodies), new Set(['date,value\n2099-01-01,7\n']));
  });
});

describe('workers that never drop a request', () => {
  /** pids of the processes that said they listen, in order. */
  const listeningPids = (log: string): number[] =>
    jsonLines(log)
      .filter((l) => String(l.msg).startsWith('listening on'))
      .map((l) => l.pid as number);

  it('a port in use is one clear line on stderr and exit 1, for one process and for workers', async () => {
    const holder = createNetServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = String((holder.address() as AddressInfo).port);
    try {
      for (const args of [[], ['--workers', '3']]) {
        const proc = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist', 'src', 'server.js'), ...args], {
          env: { ...process.env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DS_DATA_DIR: REAL_DATA, DS_WATCH: 'false' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
        assert.equal(await exited(proc), 1, `${args.join(' ')}: ${stderr}`);
        const lines = stderr.trim().split('\n');
        assert.equal(lines.length, 1, `one line (${args.join(' ') || 'one process'}): ${stderr}`);
        assert.match(lines[0], new RegExp(`127\\.0\\.0\\.1:${port}: the port is already in use`));
      }
    } finally {
      holder.close();
    }
  });

  it('--workers 2 share one budget: a client never gets more than DS_RATE_LIMIT across the workers', async () => {
    const s = await spawnServer({ DS_WATCH: 'false', DS_ACCESS_LOG: 'true', DS_RATE_LIMIT: '20' }, ['--workers', '2']);
    try {
      const statuses = [];
      /** The worker that answered: a request id is `r<pid in base 36>-<counter>` (front-door.ts). */
      const pids = new Set<number>();
      // fresh connections, so both workers see the client: at least 60, and on until both have answered (no wait for a log)
      for (let i = 0; i < 400 && (i < 60 || pids.size < 2); i++) {
        const r = await fetch(`${s.base}/catalog`, { headers: { connection: 'close' } });
        await r.arrayBuffer();
        statuses.push(r.status);
        const id = String(r.headers.get('x-request-id'));
        pids.add(parseInt(id.slice(1, id.indexOf('-')), 36));
        if (i === 0) assert.equal(r.headers.get('ratelimit-limit'), '10');
      }
      assert.equal(pids.size, 2, 'both workers answered');
      assert.ok(statuses.filter((x) => x === 200).length <= 20, `at most 20 answered: ${statuses.join(',')}`);
      assert.ok(statuses.includes(429));
    } finally {
      s.proc.kill('SIGTERM');
      await exited(s.proc);
    }
  });

  it('--workers 2 share one /events cap: one address holds at most DS_EVENTS_PER_CLIENT streams across the workers', async () => {
    const cap = 3;
    const s = await spawnServer({ DS_WATCH: 'false', DS_ACCESS_LOG: 'false', DS_RATE_LIMIT: '0', DS_EVENTS_PER_CLIENT: String(cap) }, ['--workers', '2']);
    const open: HeldStream[] = [];
    /** The pid of the worker that answered: a request id is `r<pid in base 36>-<counter>` (front-door.ts). */
    const pidOf = (stream: HeldStream): number => {
      const id = String(stream.headers['x-request-id']);
      return parseInt(id.slice(1, id.indexOf('-')), 36);
    };
    try {
      // fresh connections until both workers have refused one: each then holds what it may
      const refusedBy = new Set<number>();
      for (let i = 0; i < 300 && refusedBy.size < 2; i++) {
        const stream = await holdStream(`${s.base}/events`);
        if (stream.status === 200) open.push(stream);
        else {
          assert.equal(stream.status, 429, stream.body);
          assert.equal((JSON.parse(stream.body) as { code: string }).code, 'too_many_client_streams');
          refusedBy.add(pidOf(stream));
        }
      }
      assert.equal(refusedBy.size, 2, 'both workers refused a stream');
      assert.equal(open.length, cap, `streams open across the workers`);
      // a closed stream gives its place back, whichever worker held it (the release travels to the primary: retried until it has)
      open.pop()!.close();
      let again = await holdStream(`${s.base}/events`);
      for (let i = 0; i < 200 && again.status !== 200; i++) again = await holdStream(`${s.base}/events`);
      assert.equal(again.status, 200, 'a place is free again');
      open.push(again);
      assert.equal((await holdStream(`${s.base}/events`)).status, 429, 'and only one');
      // a worker that dies gives back the places of its streams (the primary forgets them when it exits)
      const victim = pidOf(open[0]);
      const lost = open.filter((stream) => pidOf(stream) === victim);
      process.kill(victim, 'SIGKILL');
      await Promise.all(lost.map((stream) => stream.ended));
      const kept = open.filter((stream) => pidOf(stream) !== victim);
      // retried until the primary has seen the exit
      for (let i = 0; i < 300 && kept.length < cap; i++) {
        const stream = await holdStream(`${s.base}/events`);
        if (stream.status === 200) kept.push(stream);
      }
      open.push(...kept.filter((stream) => !open.includes(stream)));
      assert.equal(kept.length, cap, `places back after ${lost.length} streams of a killed worker`);
    } finally {
      for (const stream of open) stream.close();
      s.proc.kill('SIGTERM');
      await exited(s.proc);
    }
  });

  it('--workers 2, a worker killed (SIGKILL) under a steady client: no request hangs, no 503, restarts back off, the new worker listens once loaded', async () => {
    const s = await spawnServer({ DS_WATCH: 'false', DS_ACCESS_LOG: 'false' }, ['--workers', '2']);
    try {
      const statuses: (number | string)[] = [];
      let running = true;
      let answered = (): void => {};
      /** Resolves once the steady client has had `n` more answers (or failures) than now. */
      const moreAnswers = (n: number): Promise<void> =>
        new Promise((resolve) => {
          const target = statuses.length + n;
          answered = () => void (statuses.length >= target && resolve());
        });
      const steady = (async () => {
        for (let i = 0; running; i++) {
          const url = `${s.base}/series?dataset=ch_fso_ppi&last=${(i % 50) + 1}`;
          try {
            const r = await fetch(url, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5000) });
            await r.arrayBuffer();
            statuses.push(r.status);
          } catch (e) {
            statuses.push((e as Error).name === 'TimeoutError' ? 'hung' : 'reset');
          }
          answered();
        }
      })();
      // a worker logs its data load a moment before it listens: under load the second may not listen yet, and would be taken for a replacement
      await s.log.until((log) => listeningPids(log).length === 2, 'both workers listen before the first kill');
      const victims = [];
      for (let round = 0; round < 3; round++) {
        // the client is served by the workers as they are now before the next kill
        await moreAnswers(10);
        const pids = listeningPids(s.log.text());
        const victim = pids[pids.length - 1];
        victims.push(victim);
        process.kill(victim, 'SIGKILL');
        // wait for the replacement to listen (it loads the data first)
        await s.log.until((log) => listeningPids(log).length === pids.length + 1, `a replacement for ${victim} listens`);
      }
      await moreAnswers(10);
      running = false;
      await steady;
      assert.ok(statuses.length > 20, `a steady client: ${statuses.length} requests`);
      assert.equal(statuses.filter((x) => x === 'hung').length, 0, 'no request left hanging');
      assert.equal(statuses.filter((x) => x === 503).length, 0, 'no 503 not_ready from a loading worker');
      // at most the request in flight at each kill is cut (the kernel resets its connection)
      assert.ok(statuses.filter((x) => x === 'reset').length <= victims.length, String(statuses.filter((x) => x !== 200)));
      // each replacement logged its data load before it listened
      const lines = s.log.text().split('\n');
      for (const pid of listeningPids(s.log.text()).slice(2)) {
        const loaded = lines.findIndex((l) => l.includes(`"pid":${pid},`) && l.includes('"msg":"data loaded"'));
        const listening = lines.findIndex((l) => l.includes(`"pid":${pid},`) && l.includes('"msg":"listening on'));
        assert.ok(loaded >= 0 && loaded < listening, `worker ${pid} loaded before listening`);
      }
      const delays = lines.filter((l) => l.includes('starting another')).map((l) => (JSON.parse(l) as { restart_in_ms: number }).restart_in_ms);
      assert.deepEqual(delays, [100, 200, 400], 'restarts back off');
    } finally {
      s.proc.kill('SIGTERM');
      await exited(s.proc);
    }
  });
});

describe('/events under a low file-descriptor limit', () => {
  it('with `ulimit -n 100` at most 50 streams open; the next gets 503 too_many_streams and other clients are still served', async () => {
    const server = path.join(PROJECT_ROOT, 'dist', 'src', 'server.js');
    const proc = spawn('sh', ['-c', `ulimit -n 100 && exec "${process.execPath}" "${server}"`], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DS_DATA_DIR: REAL_DATA,
        DS_WATCH: 'false',
        DS_EVENTS_PER_CLIENT: '1000',
        DS_RATE_LIMIT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = followLog(proc);
    // Each stream counts as open once the server has sent its first event on it, and is held on its own socket to
    // the end. The test once read only each fetch's status and dropped the Response: Node's fetch (undici) cancels
    // the body of a Response that is garbage-collected unread, which closes its connection, so the server rightly
    // forgot that stream; a collection during a busy full run let the 51st in (200). No counting bug: a forced
    // collection here made the old test fail every time.
    const streams: HeldStream[] = [];
    try {
      const base = await serverReady(log);
      for (let i = 0; i < 50; i++) {
        streams.push(await holdStream(`${base}/events`));
        assert.equal(streams[i].status, 200, `stream ${i + 1}`);
      }
      // a collection now (a busy run may have one at any moment) closes none of them
      collectGarbage();
      const refused = await fetch(`${base}/events`);
      assert.equal(refused.status, 503);
      assert.equal(((await refused.json()) as { code: string }).code, 'too_many_streams');
      const health = await fetch(`${base}/series?dataset=ch_fso_ppi&last=1`, { headers: { connection: 'close' } });
      assert.equal(health.status, 200, 'another client is still served');
    } finally {
      for (const stream of streams) stream.close();
      proc.kill('SIGTERM');
      await exited(proc);
    }
  });
});
