import type { DuckDBConnection } from '@duckdb/node-api';

/** A row of a query: numbers as numbers (DuckDB's BIGINT included), text, booleans, null. */
export type QueryRow = Record<string, number | string | boolean | null>;

/**
 * Runs SQL on a sweep's results with DuckDB, where `points` names the table of `file`: a Parquet
 * file (points.parquet, or a shard's) or a DuckDB database written by `ccalc sweep`. Integers come
 * back as JS numbers; other values as DuckDB gives them to JS.
 * @example await querySweep('out/sweep-kmax/points.parquet', 'SELECT "ecn.kMax", avg(pauses) AS pauses FROM points GROUP BY 1 ORDER BY 1')
 */
export async function querySweep(file: string, sql: string): Promise<QueryRow[]> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const parquet = /\.parquet$/i.test(file);
  const instance = await DuckDBInstance.create(parquet ? ':memory:' : file, parquet ? {} : { access_mode: 'READ_ONLY' });
  let connection: DuckDBConnection | undefined;
  try {
    connection = await instance.connect();
    if (parquet) await connection.run(`CREATE VIEW points AS SELECT * FROM read_parquet('${file.replace(/'/g, "''")}')`);
    const rows = (await connection.runAndReadAll(sql)).getRowObjectsJS();
    return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : (v as QueryRow[string])])));
  } finally {
    connection?.closeSync();
    instance.closeSync();
  }
}
