/**
 * What Node's `writeHead` costs per form of the header list (issue 24, round
 * 4): the headers of a cached /series.csv answer as a flat [name, value, …]
 * list (what we pass), as [[name, value], …] pairs and as an object, and the
 * two headers of the bare node:http baseline. Each call makes a new
 * IncomingMessage and ServerResponse (on an unconnected socket: nothing is
 * written) and builds the header block; CPU ns per call by process.cpuUsage
 * (sorted, `--reps` of `--count`). Nothing is asserted.
 *
 *   npx tsx bench/headers-micro.ts [--count 200000] [--reps 5]
 */
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { count: { type: 'string', default: '200000' }, reps: { type: 'string', default: '5' } } });

/** The headers of a cached 3.2 KB /series.csv (rate limit off), in the order we send them. */
const FLAT = [
  ['x-request-id', 'r1-abc'],
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['etag', 'W/"csv-e91ff91c83c47cee-1Qe_kOryNXiiuqK7"'],
  ['cache-control', 'public, max-age=60, stale-while-revalidate=300'],
  ['vary', 'Accept-Encoding'],
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', 'ETag, Content-Disposition'],
  ['content-type', 'text/csv; charset=utf-8'],
  ['content-length', '3211'],
].flat();
const PAIRS: [string, string][] = [];
for (let i = 0; i < FLAT.length; i += 2) PAIRS.push([FLAT[i], FLAT[i + 1]]);

const FORMS: Record<string, string[] | [string, string][] | OutgoingHttpHeaders> = {
  'flat list (ours)': FLAT,
  pairs: PAIRS,
  object: Object.fromEntries(PAIRS),
  'bare: 2 headers': ['content-type', 'text/csv; charset=utf-8', 'content-length', '3211'],
};

const socket = new Socket();

/** CPU ns per writeHead of `headers`, a new request and response each. */
function pass(headers: (typeof FORMS)[string], count: number): number {
  const start = process.cpuUsage();
  let sink = 0;
  for (let i = 0; i < count; i++) {
    const res = new ServerResponse(new IncomingMessage(socket));
    res.writeHead(200, headers as OutgoingHttpHeaders);
    sink += res.statusCode;
  }
  const used = process.cpuUsage(start);
  if (sink === 0) console.log(sink);
  return ((used.user + used.system) / count) * 1000;
}

const count = Number(args.count);
for (const headers of Object.values(FORMS)) pass(headers, count / 2);
const times: Record<string, number[]> = Object.fromEntries(Object.keys(FORMS).map((k) => [k, []]));
for (let r = 0; r < Number(args.reps); r++) for (const [name, headers] of Object.entries(FORMS)) times[name].push(pass(headers, count));
for (const [name, ns] of Object.entries(times))
  console.log(
    `${name}: ${[...ns]
      .sort((a, b) => a - b)
      .map((n) => n.toFixed(0))
      .join(' ')} ns a writeHead`,
  );
