import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/**
 * The Parquet copy of a dataset, written by DuckDB from the canonical CSV:
 * dimension columns VARCHAR (codes stay text: `047` is not 47), `date` DATE,
 * `value` DOUBLE (missing = NULL), rows in the CSV's order. Plain Parquet
 * types and the default (snappy) compression, so pandas/pyarrow and R arrow
 * read it as well as DuckDB.
 */

/** Quotes an SQL identifier. */
export function sqlIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quotes an SQL string literal. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** One DuckDB connection that writes Parquet files; close it when done. */
export class ParquetWriter {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  /** Opens an in-memory DuckDB. */
  static async open(): Promise<ParquetWriter> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    return new ParquetWriter(instance, await instance.connect());
  }

  /**
   * Writes `parquetFile` from a canonical CSV (header: dims, date, value),
   * with key-value metadata (dataset id, license, ...) in the file footer.
   * Every field is read as text and cast explicitly, so no type is guessed.
   */
  async write(csvFile: string, parquetFile: string, dims: string[], metadata: Record<string, string>): Promise<void> {
    const names = [...dims, 'date', 'value'];
    const columns = names.map((n) => `${sqlString(n)}: 'VARCHAR'`).join(', ');
    const notNull = dims.length ? `, force_not_null = [${dims.map(sqlString).join(', ')}]` : '';
    const source = `read_csv(${sqlString(csvFile)}, header = true, auto_detect = false, delim = ',', quote = '"', escape = '"', nullstr = '', columns = {${columns}}${notNull})`;
    const select = [...dims.map(sqlIdent), 'CAST("date" AS DATE) AS "date"', 'CAST("value" AS DOUBLE) AS "value"'].join(', ');
    const kv = Object.entries(metadata)
      .map(([k, v]) => `${sqlIdent(k)}: ${sqlString(v)}`)
      .join(', ');
    const options = `FORMAT parquet${kv ? `, KV_METADATA {${kv}}` : ''}`;
    await this.connection.run(`COPY (SELECT ${select} FROM ${source}) TO ${sqlString(parquetFile)} (${options})`);
  }

  /**
   * Writes the Parquet copy of a history file (`{id}.vintages.csv`): like
   * `write`, plus `valid_from` and `valid_to` as TIMESTAMP (UTC).
   */
  async writeHistory(csvFile: string, parquetFile: string, dims: string[], metadata: Record<string, string>): Promise<void> {
    const names = [...dims, 'date', 'value', 'valid_from', 'valid_to'];
    const columns = names.map((n) => `${sqlString(n)}: 'VARCHAR'`).join(', ');
    const notNull = dims.length ? `, force_not_null = [${dims.map(sqlString).join(', ')}]` : '';
    const source = `read_csv(${sqlString(csvFile)}, header = true, auto_detect = false, delim = ',', quote = '"', escape = '"', nullstr = '', columns = {${columns}}${notNull})`;
    const stamp = (c: string): string => `strptime(${sqlIdent(c)}, '%Y-%m-%dT%H:%M:%SZ') AS ${sqlIdent(c)}`;
    const select = [...dims.map(sqlIdent), 'CAST("date" AS DATE) AS "date"', 'CAST("value" AS DOUBLE) AS "value"', stamp('valid_from'), stamp('valid_to')].join(
      ', ',
    );
    const kv = Object.entries(metadata)
      .map(([k, v]) => `${sqlIdent(k)}: ${sqlString(v)}`)
      .join(', ');
    await this.connection.run(`COPY (SELECT ${select} FROM ${source}) TO ${sqlString(parquetFile)} (FORMAT parquet, KV_METADATA {${kv}})`);
  }

  /** Closes the connection and the database. */
  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}
