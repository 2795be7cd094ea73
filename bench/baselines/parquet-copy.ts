import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/** What the DuckDB baseline needs to know about each Parquet copy. */
export interface ParquetManifest {
  /** dataset id → its dimension columns in dim_order */
  datasets: Record<string, string[]>;
}

/** The manifest's file name inside the Parquet directory. */
export const MANIFEST = 'manifest.json';

/** Quotes an SQL identifier. */
export function sqlIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quotes an SQL string literal. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Writes one Parquet file per dataset of a data directory (codes as text, date
 * as DATE, value as DOUBLE), the way the original service kept its data, plus
 * a manifest of dimension columns.
 */
export async function writeParquetCopies(dataDir: string, outDir: string): Promise<ParquetManifest> {
  const catalog = JSON.parse(readFileSync(join(dataDir, 'catalog.json'), 'utf8')) as { id: string }[];
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const manifest: ParquetManifest = { datasets: {} };
  try {
    for (const { id } of catalog) {
      const meta = JSON.parse(readFileSync(join(dataDir, `${id}.json`), 'utf8')) as { dim_order?: string[] | null };
      const dims = meta.dim_order ?? [];
      const columns = [...dims.map(sqlIdent), 'CAST(date AS DATE) AS date', 'TRY_CAST(value AS DOUBLE) AS value'];
      const source = `read_csv(${sqlString(join(dataDir, `${id}.csv`))}, header = true, all_varchar = true, nullstr = ['', 'NA'])`;
      const target = sqlString(join(outDir, `${id}.parquet`));
      await connection.run(`COPY (SELECT ${columns.join(', ')} FROM ${source}) TO ${target} (FORMAT parquet)`);
      manifest.datasets[id] = dims;
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  writeFileSync(join(outDir, MANIFEST), JSON.stringify(manifest));
  return manifest;
}
