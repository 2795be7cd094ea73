import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { WAIT_BOUND_MS } from '../../test/helpers.js';
import { InFlight } from './in-flight.js';

/** A body larger than a socket's buffers: each answer is still leaving the socket when its response closes. */
const BODY = Buffer.alloc(1 << 20, 'x');
const ANSWERS = 20;

describe('InFlight', () => {
  let server: Server;
  let inFlight: InFlight;
  const sockets: Socket[] = [];
  before(async () => {
    inFlight = new InFlight();
    server = createServer((_req, res) => {
      inFlight.track(res);
      res.writeHead(200, ['content-length', String(BODY.length)]);
      res.end(BODY);
    });
    server.on('connection', (s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it('leaves no listener on a kept-alive socket once its answers are out, however many large answers it carried', async () => {
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    for (let i = 0; i < ANSWERS; i++) client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    // read every answer: each ends with its whole body, so count bodies' bytes
    const want = ANSWERS * BODY.length;
    let body = 0;
    await new Promise<void>((done) =>
      client.on('data', (chunk: Buffer) => {
        body += chunk.length;
        if (body >= want) done();
      }),
    );
    const socket = sockets[0];
    // every answer is out: nothing is in flight, and the socket has Node's own listeners only (a fresh socket's count)
    const fresh = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => fresh.once('connect', r));
    await new Promise((r) => setImmediate(r));
    assert.equal(sockets.length, 2);
    assert.equal(socket.listenerCount('close'), sockets[1].listenerCount('close'), 'as many close listeners as a socket that carried nothing');
    assert.equal(socket.listenerCount('drain'), sockets[1].listenerCount('drain'));
    client.destroy();
    fresh.destroy();
    await inFlight.drain();
  });
});

/** A cached answer's size: many fit in a socket's buffer, so no write of one alone makes the socket wait for 'drain'. */
const SMALL = Buffer.alloc(3300, 'y');
/** Pipelined on one socket, more than the kernel's buffers hold: answers close while later ones still wait in the socket. */
const PIPELINED = 5000;

describe('InFlight with pipelined small answers', () => {
  let server: Server;
  let inFlight: InFlight;
  const sockets: Socket[] = [];
  /** the most 'drain' listeners the socket had when an answer closed */
  let mostDrainListeners = 0;
  before(async () => {
    inFlight = new InFlight();
    server = createServer((req, res) => {
      inFlight.track(res);
      res.sendDate = false;
      res.on('close', () => (mostDrainListeners = Math.max(mostDrainListeners, req.socket.listenerCount('drain'))));
      res.writeHead(200, ['content-length', String(SMALL.length)]);
      res.end(SMALL);
    });
    server.on('connection', (s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it('counts nothing in flight once every answer is out, the connection still open, and adds no socket listener', async () => {
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    // every answer has the same length (no Date: sendDate is off): read one to learn it
    const one = await new Promise<number>((done) => {
      let got = Buffer.alloc(0);
      const take = (chunk: Buffer): void => {
        got = Buffer.concat([got, chunk]);
        const head = got.indexOf('\r\n\r\n');
        if (head >= 0 && got.length >= head + 4 + SMALL.length) {
          client.off('data', take);
          done(got.length);
        }
      };
      client.on('data', take);
      client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    const want = PIPELINED * one;
    let bytes = 0;
    const received = new Promise<void>((done) =>
      client.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= want) done();
      }),
    );
    client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(PIPELINED));
    await received;
    // the last answers' 'close' (after their 'finish') has run by the next turn of the loop
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    let drained = false;
    const drain = inFlight.drain().then(() => (drained = true));
    await new Promise((r) => setImmediate(r));
    // 'finish' comes once an answer's bytes have left the process: closed, it is out (the socket may hold later answers' bytes, which they count)
    assert.equal(drained, true, 'nothing in flight while the client keeps its connection');
    const fresh = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => fresh.once('connect', r));
    await new Promise((r) => setImmediate(r));
    assert.ok(mostDrainListeners <= sockets[1].listenerCount('drain'), `${mostDrainListeners} drain listeners on one socket at once`);
    client.destroy();
    fresh.destroy();
    await drain;
  });
});

describe('InFlight with an answer larger than the socket takes', () => {
  /** more than the kernel's buffers of a loopback connection hold */
  const LARGE = Buffer.alloc(32 << 20, 'z');

  it('keeps an answer in flight until the client has read it out of the process', async () => {
    const inFlight = new InFlight();
    let handed!: () => void;
    const sent = new Promise<void>((r) => (handed = r));
    const server = createServer((_req, res) => {
      inFlight.track(res);
      res.writeHead(200, ['content-length', String(LARGE.length)]);
      res.end(LARGE);
      handed();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.pause();
    client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await sent;
    let drained = false;
    const drain = inFlight.drain().then(() => (drained = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(drained, false, 'in flight while its bytes wait in the process');
    let bytes = 0;
    client.on('data', (chunk: Buffer) => (bytes += chunk.length));
    client.resume();
    await drain;
    assert.ok(bytes > 0);
    client.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
});

describe('InFlight with a pipelining client that hangs up', () => {
  const QUEUED = 50;

  it('counts nothing in flight once the client has gone, the answers queued behind the first too (Node 20 closes none of them)', async () => {
    const inFlight = new InFlight();
    let made = 0;
    let allMade!: () => void;
    const madeAll = new Promise<void>((r) => (allMade = r));
    const server = createServer((_req, res) => {
      inFlight.track(res);
      res.writeHead(200, ['content-length', String(BODY.length)]);
      res.end(BODY);
      if (++made === QUEUED) allMade();
    });
    const accepted = new Promise<Socket>((r) => server.once('connection', r));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.pause();
    client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(QUEUED));
    await madeAll;
    const socket = await accepted;
    const gone = new Promise((r) => socket.once('close', r));
    client.destroy();
    await gone;
    // a leaked count never drains: bounded, so the failure says so instead of hanging
    let bound!: NodeJS.Timeout;
    const stuck = new Promise<'stuck'>((r) => (bound = setTimeout(() => r('stuck'), WAIT_BOUND_MS)));
    const outcome = await Promise.race([inFlight.drain().then(() => 'drained' as const), stuck]);
    clearTimeout(bound);
    server.close();
    assert.equal(outcome, 'drained', `${QUEUED} answers made, the client gone, something still in flight`);
  });
});
