import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { DuckDBInstance } from '@duckdb/node-api';
import { runCommand } from './children.js';
import { nginxVersion } from './nginx.js';
import { wrkVersion } from './wrk.js';

/** The machine and tools a run measured on, for the report. */
export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  kernel: string;
  node: string;
  nginx: string;
  wrk: string;
  duckdb: string;
  commit: string;
  loadAverage: string;
}

/** Collects the machine's description (CPU model, cores, memory, tool versions, git commit). */
export async function describeMachine(root: string, workTree: boolean): Promise<Machine> {
  const cpuInfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.*)$/m.exec(cpuInfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  const git = await runCommand('git', ['log', '-1', '--format=%h %s'], { cwd: root });
  const dirty = await runCommand('git', ['status', '--porcelain', '--untracked-files=no', 'src'], { cwd: root });
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpu: model.trim(),
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    kernel: release(),
    node: process.version,
    nginx: await nginxVersion(),
    wrk: await wrkVersion(),
    duckdb: await duckdbVersion(),
    commit:
      (git.code === 0 ? git.stdout.trim() : 'no commit') +
      (!workTree ? ' (committed tree)' : dirty.stdout.trim() !== '' ? ' (work tree, src/ has uncommitted changes)' : ' (work tree)'),
    loadAverage: loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
  };
}

async function duckdbVersion(): Promise<string> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll('SELECT version()');
    return `@duckdb/node-api, DuckDB ${String(reader.getRowsJS()[0][0])}`;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
