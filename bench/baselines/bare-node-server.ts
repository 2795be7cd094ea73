/**
 * The ceiling of Node itself: a bare `node:http` server answering every path
 * with a buffer read into memory at start (the same files nginx serves), with
 * only Content-Type and Content-Length. Env: DS_STATIC_DIR, PORT, HOST.
 */
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.env.DS_STATIC_DIR ?? '';
const TYPES: Record<string, string> = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };
const files = new Map<string, { body: Buffer; type: string }>();

function addDir(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) addDir(path);
    else files.set(`/${relative(root, path)}`, { body: readFileSync(path), type: TYPES[entry.name.split('.').pop() ?? ''] ?? 'application/octet-stream' });
  }
}
addDir(root);

const server = createServer((req, res) => {
  const file = files.get(req.url ?? '/');
  if (file === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found\n');
    return;
  }
  res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
  res.end(file.body);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(JSON.stringify({ msg: 'bare node listening', files: files.size, address: server.address() }));
});
process.on('SIGTERM', () => process.exit(0));
