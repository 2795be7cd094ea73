// /health behind deploy/'s nginx: a visitor through the proxy gets the public
// view (no paths, no load messages), even from this machine, because nginx
// adds X-Forwarded-For; the operator on the replica's machine, asking the
// replica directly, gets the details.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FIXTURES } from '../helpers.js';
import { freePort, getFrom, HAS_NGINX, startProxy, startReplica, type Proxy, type Replica } from './proxy-harness.js';

describe('/health behind nginx', { skip: HAS_NGINX ? false : 'nginx is not installed (.ci/run installs nginx-light)' }, () => {
  let replica: Replica;
  let proxy: Proxy;
  const dataDir = `${FIXTURES}/tiny`;

  before(async () => {
    const port = await freePort();
    replica = await startReplica({ dataDir, baseUrl: `http://127.0.0.1:${port}`, env: { DS_TRUST_PROXY: '127.0.0.1', DS_WATCH: 'false' } });
    proxy = await startProxy([replica], port);
  });
  after(async () => {
    await proxy?.stop();
    await replica?.stop();
  });

  it('is the public view through the proxy and the operator view on the replica directly', async () => {
    const through = JSON.parse((await getFrom(`${proxy.url}/health`)).body.toString()) as Record<string, unknown>;
    assert.equal(through.view, 'public');
    assert.equal(through.status, 'ok');
    assert.equal(through.data_dir, undefined);
    assert.ok(!JSON.stringify(through).includes(dataDir), 'no path through the proxy');
    const direct = JSON.parse((await getFrom(`${replica.url}/health`)).body.toString()) as Record<string, unknown>;
    assert.equal(direct.view, 'operator');
    assert.equal(direct.data_dir, dataDir);
  });
});
