// The rate limit behind deploy/'s nginx: a replica with DS_TRUST_PROXY set to
// the proxy's address (127.0.0.1) counts the client nginx saw, the right-most
// X-Forwarded-For entry that is not a trusted proxy. Clients come from other
// loopback addresses (127.0.0.2, 127.0.0.3) so that they are not the proxy.
// Every request asks for a distinct URL: a cache hit never reaches a replica.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REAL_DATA } from '../helpers.js';
import { freePort, getFrom, until, HAS_NGINX, startProxy, startReplica, type Proxy, type Replica } from './proxy-harness.js';

const LIMIT = 5;

describe('the rate limit behind nginx', { skip: HAS_NGINX ? false : 'nginx is not installed (.ci/run installs nginx-light)' }, () => {
  let replica: Replica;
  let proxy: Proxy;
  let n = 0;
  const next = (): string => `${proxy.url}/series.csv?dataset=ch_kof_barometer&last=${++n}`;

  before(async () => {
    const port = await freePort();
    replica = await startReplica({
      dataDir: REAL_DATA,
      baseUrl: `http://127.0.0.1:${port}`,
      env: { DS_RATE_LIMIT: String(LIMIT), DS_TRUST_PROXY: '127.0.0.1', DS_WATCH: 'false' },
    });
    proxy = await startProxy([replica], port);
  });
  after(async () => {
    await proxy?.stop();
    await replica?.stop();
  });

  it('counts the real client, whatever X-Forwarded-For it forges, and no other client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      // a new forged address every time: if the replica believed it, the budget would never run out
      const res = await getFrom(next(), { 'x-forwarded-for': `203.0.113.${i + 1}` }, '127.0.0.2');
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, [...Array(LIMIT).fill(200), 429, 429]);
    const refused = await getFrom(next(), { 'x-forwarded-for': '127.0.0.3, 198.51.100.7' }, '127.0.0.2');
    assert.equal(refused.status, 429, 'a forged chain naming another client does not help either');
    assert.ok(refused.headers['retry-after'], 'a 429 says when to retry');

    // another client behind the same proxy has its own budget
    assert.equal((await getFrom(next(), {}, '127.0.0.3')).status, 200);
    const logged = () => replica.log.filter((l) => l.msg === 'request' && l.url?.includes('&last=')).length;
    await until(() => logged() === LIMIT + 4, `the access-log lines of ${LIMIT + 4} requests`);
    const clients = new Set(replica.log.filter((l) => l.msg === 'request' && l.url?.includes('&last=')).map((l) => l.client));
    assert.deepEqual([...clients].sort(), ['127.0.0.2', '127.0.0.3'], 'the access log names the real clients');
  });
});
