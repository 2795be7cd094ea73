import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
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
