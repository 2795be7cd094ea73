import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, runCommand, startChild, waitForHttp, type Child } from './children.js';

/** A running nginx serving one directory of static files on loopback. */
export interface StaticServer {
  child: Child;
  baseUrl: string;
}

/**
 * The configuration: one worker (like our one Node process), no access log,
 * sendfile, keep-alive without a request cap (Node has none either), and the
 * content types our server sends.
 */
function nginxConfig(root: string, runDir: string, port: number, workers: number): string {
  return `worker_processes ${workers};
daemon off;
pid ${join(runDir, 'nginx.pid')};
error_log ${join(runDir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 10000000;
  client_body_temp_path ${join(runDir, 'body')};
  proxy_temp_path ${join(runDir, 'proxy')};
  fastcgi_temp_path ${join(runDir, 'fastcgi')};
  uwsgi_temp_path ${join(runDir, 'uwsgi')};
  scgi_temp_path ${join(runDir, 'scgi')};
  types {
    text/csv csv;
    application/json json;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/csv application/json;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
}

/** Starts nginx in the foreground (daemon off) serving `root`; stopped by stopChild. */
export async function startNginx(root: string, runDir: string, workers = 1): Promise<StaticServer> {
  mkdirSync(runDir, { recursive: true });
  const port = await freePort();
  const config = join(runDir, 'nginx.conf');
  writeFileSync(config, nginxConfig(root, runDir, port, workers));
  const child = startChild('nginx', 'nginx', ['-p', runDir, '-e', join(runDir, 'error.log'), '-c', config]);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/`, child, 10000, (status) => status > 0);
  return { child, baseUrl };
}

/** nginx's version line, for the report. */
export async function nginxVersion(): Promise<string> {
  const { stdout, stderr } = await runCommand('nginx', ['-v']);
  return (stdout + stderr).trim().replace(/^nginx version:\s*/, '');
}
