/**
 * The baseline: the original service's design. Every request to `/series.csv`
 * or `/series` runs one SQL query with DuckDB over the dataset's Parquet copy
 * and encodes the rows it returns. Env: DS_PARQUET_DIR (written by
 * parquet-copy.ts), PORT, HOST (127.0.0.1), DS_DUCKDB_CONNECTIONS (4), DS_DUCKDB_SETUP (SQL run once, e.g. SET threads=1).
 */
import { createServer, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { MANIFEST, sqlIdent, sqlString, type ParquetManifest } from './parquet-copy.js';

const parquetDir = process.env.DS_PARQUET_DIR ?? '';
const manifest = JSON.parse(readFileSync(join(parquetDir, MANIFEST), 'utf8')) as ParquetManifest;
const instance = await DuckDBInstance.create(':memory:');
const idle: DuckDBConnection[] = [];
const waiting: ((connection: DuckDBConnection) => void)[] = [];
for (let i = 0; i < Number(process.env.DS_DUCKDB_CONNECTIONS ?? 4); i++) idle.push(await instance.connect());
// Settings apply to the whole instance; DS_DUCKDB_SETUP adds any for experiments.
for (const statement of (process.env.DS_DUCKDB_SETUP ?? '').split(';').filter((s) => s.trim() !== '')) await idle[0].run(statement);

// A DuckDB connection runs one query at a time: requests wait for a free one.
async function withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const connection = idle.pop() ?? (await new Promise<DuckDBConnection>((resolve) => waiting.push(resolve)));
  try {
    return await work(connection);
  } finally {
    const next = waiting.shift();
    if (next !== undefined) next(connection);
    else idle.push(connection);
  }
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The SQL and its parameters for one selection. */
function buildQuery(params: URLSearchParams): { sql: string; values: DuckDBValue[]; dims: string[] } {
  const dataset = params.get('dataset') ?? '';
  const dims = manifest.datasets[dataset];
  if (dims === undefined) throw new BadRequest(`unknown dataset ${dataset}`, 404);
  const where: string[] = [];
  const values: DuckDBValue[] = [];
  for (const part of (params.get('dims') ?? '').split(';').filter((p) => p !== '')) {
    const [dim, codes = ''] = part.split('=');
    if (!dims.includes(dim)) throw new BadRequest(`unknown dimension ${dim}`, 400);
    const slots = codes.split(',').map((code) => {
      values.push(code);
      return `$${values.length}`;
    });
    where.push(`${sqlIdent(dim)} IN (${slots.join(', ')})`);
  }
  for (const [param, op] of [
    ['from', '>='],
    ['to', '<='],
  ] as const) {
    const date = params.get(param);
    if (date === null) continue;
    values.push(date);
    where.push(`date ${op} CAST($${values.length} AS DATE)`);
  }
  const columns = [...dims.map(sqlIdent), `strftime(date, '%Y-%m-%d') AS date`, 'value'];
  const order = [...dims.map(sqlIdent), 'date'].join(', ');
  const file = sqlString(join(parquetDir, `${dataset}.parquet`));
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  return { sql: `SELECT ${columns.join(', ')} FROM read_parquet(${file}) ${filter} ORDER BY ${order}`, values, dims };
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function encodeCsv(names: string[], columns: unknown[][]): string {
  const rows = columns.length === 0 ? 0 : columns[0].length;
  const lines = [names.join(',')];
  for (let r = 0; r < rows; r++) lines.push(columns.map((column) => csvField(column[r])).join(','));
  return lines.join('\n') + '\n';
}

function encodeJson(names: string[], columns: unknown[][]): string {
  const object: Record<string, unknown[]> = {};
  names.forEach((name, i) => (object[name] = columns[i]));
  return JSON.stringify(object);
}

async function answer(url: URL, res: ServerResponse): Promise<void> {
  const csv = url.pathname === '/series.csv';
  if (!csv && url.pathname !== '/series') {
    res.writeHead(url.pathname === '/health' ? 200 : 404, { 'content-type': 'application/json' });
    res.end('{}');
    return;
  }
  const { sql, values, dims } = buildQuery(url.searchParams);
  const columns = await withConnection(async (connection) => {
    // A load generator closes its connections at the end of a run: skip what nobody waits for any more.
    if (res.destroyed || res.socket === null || res.socket.destroyed) return null;
    const reader = await connection.runAndReadAll(sql, values);
    return reader.getColumnsJS();
  });
  if (columns === null) return;
  const names = [...dims, 'date', 'value'];
  if (csv) {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    res.end(encodeCsv(names, columns));
  } else {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(encodeJson(names, columns));
  }
}

const server = createServer((req, res) => {
  answer(new URL(req.url ?? '/', 'http://localhost'), res).catch((error: unknown) => {
    const status = error instanceof BadRequest ? error.status : 500;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: String(error instanceof Error ? error.message : error) }));
  });
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(JSON.stringify({ msg: 'duckdb baseline listening', address: server.address() }));
});
process.on('SIGTERM', () => process.exit(0));
