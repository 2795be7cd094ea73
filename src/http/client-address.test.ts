// Which address a request counts against: DS_TRUST_PROXY's forms, and the
// right-most untrusted X-Forwarded-For address over many header shapes.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../config.js';
import { clientAddressRule, parseTrustedProxies, TRUST_PRIVATE } from './client-address.js';

const req = (remote: string, xff?: string): IncomingMessage =>
  ({ socket: { remoteAddress: remote }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

describe('DS_TRUST_PROXY', () => {
  it('false or empty trusts nobody, true trusts loopback and private networks, else a list', () => {
    assert.deepEqual(parseTrustedProxies('false'), []);
    assert.deepEqual(parseTrustedProxies(''), []);
    assert.deepEqual(parseTrustedProxies('TRUE'), TRUST_PRIVATE);
    assert.deepEqual(parseTrustedProxies(' 10.0.0.0/8 , 192.168.1.5,::1 '), ['10.0.0.0/8', '192.168.1.5', '::1']);
  });
  it('a bad entry stops the start with a message naming the setting', () => {
    for (const bad of ['10.0.0.0/99', 'proxy.example.org', '1.2.3']) {
      assert.throws(
        () => loadConfig({ DS_TRUST_PROXY: bad }),
        (e: unknown) => e instanceof ConfigError && e.message.includes(`DS_TRUST_PROXY=${bad}`),
      );
    }
    assert.deepEqual(loadConfig({ DS_TRUST_PROXY: '127.0.0.1' }).trustProxy, ['127.0.0.1']);
  });
});

describe('the client address', () => {
  it('without trusted proxies: the socket address, whatever the header says', () => {
    const clientOf = clientAddressRule([]);
    for (const xff of [undefined, '1.2.3.4', '1.2.3.4, 5.6.7.8', 'garbage']) assert.equal(clientOf(req('9.9.9.9', xff)), '9.9.9.9');
  });

  it('behind trusted proxies: the right-most address that is not one of them', () => {
    const clientOf = clientAddressRule(['127.0.0.1', '10.0.0.0/8']);
    const cases: [string, string | undefined, string][] = [
      ['127.0.0.1', undefined, '127.0.0.1'],
      ['127.0.0.1', '203.0.113.7', '203.0.113.7'],
      ['127.0.0.1', '1.1.1.1, 203.0.113.7', '203.0.113.7'],
      ['127.0.0.1', 'forged-text, 203.0.113.7', '203.0.113.7'],
      ['127.0.0.1', '203.0.113.7, 10.0.0.5', '203.0.113.7'],
      ['127.0.0.1', '8.8.8.8,203.0.113.7,10.1.1.1,10.2.2.2', '203.0.113.7'],
      // two X-Forwarded-For header lines reach us joined by Node: '1.1.1.1, 203.0.113.7'
      ['127.0.0.1', '10.9.9.9', '10.9.9.9'],
      ['127.0.0.1', '2001:db8::1', '2001:db8::1'],
      // an untrusted peer's header is not read at all
      ['198.51.100.9', '203.0.113.7', '198.51.100.9'],
    ];
    for (const [remote, xff, client] of cases) assert.equal(clientOf(req(remote, xff)), client, `${remote} + ${JSON.stringify(xff)}`);
  });
});
