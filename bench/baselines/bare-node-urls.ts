/**
 * The cold path's ceiling of Node itself (issue 24): a bare `node:http`
 * server answering each URL of a list with the exact body (and status and
 * Content-Type) our server sent for it, looked up by the request URL in a map
 * filled at start. Env: DS_URL_MANIFEST (lines `status\ttype\tfile\turl`,
 * written by bench/cold.ts), PORT, HOST. `/health` answers 200.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

interface Entry {
  status: number;
  type: string;
  body: Buffer;
}

const answers = new Map<string, Entry>();
for (const line of readFileSync(process.env.DS_URL_MANIFEST ?? '', 'utf8').split('\n')) {
  if (line === '') continue;
  const [status, type, file, url] = line.split('\t');
  answers.set(url, { status: Number(status), type, body: readFileSync(file) });
}

const server = createServer((req, res) => {
  const entry = answers.get(req.url ?? '/');
  if (entry === undefined) {
    res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'text/plain' });
    res.end('\n');
    return;
  }
  res.writeHead(entry.status, { 'content-type': entry.type, 'content-length': entry.body.length });
  res.end(entry.body);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(JSON.stringify({ msg: 'bare node (urls) listening', answers: answers.size, address: server.address() }));
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
