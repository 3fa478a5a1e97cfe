import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { DuckDBAppender, DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ScenarioError } from '../units.ts';
import { FileError } from '../json-file.ts';
import { tableValue } from './parameter-values.ts';
import type { Sweep, SweepPoint } from './sweep-definition.ts';
import type { PointOutcome } from './run-point.ts';

/** The SQL type of a parameter's column: every value a number, every one a boolean, or text. */
export type ColumnType = 'DOUBLE' | 'BOOLEAN' | 'VARCHAR';

/** The parameters' columns and their types, from every value the sweep gives them. */
export function parameterColumns(sweep: Sweep): { path: string; type: ColumnType }[] {
  return sweep.parameters.map((path) => {
    const values = sweep.blocks.flatMap((b) => (path in b[0] ? b.map((a) => tableValue(a[path])) : []));
    const type: ColumnType = values.every((v) => typeof v === 'number') ? 'DOUBLE' : values.every((v) => typeof v === 'boolean') ? 'BOOLEAN' : 'VARCHAR';
    return { path, type };
  });
}

/** A quoted SQL identifier (the parameter columns are named by their scenario paths: "ecn.kMax"). */
const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
/** A quoted SQL string literal (file paths). */
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * A sweep's results: one row per point in the table `points` of an embedded DuckDB database: the
 * sweep's id, the point's index and hash (of its scenario), the varied parameters (quantities in SI
 * units), the figures, compute time (ms), engine, seed (a parameter column if the sweep varies it)
 * and the error (null when it ran). Each row is
 * committed as it is added, so an interrupted sweep keeps what it computed (`--resume`).
 */
export class ResultsTable {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly appender: DuckDBAppender,
    private readonly sweep: Sweep,
    private readonly columns: { path: string; type: ColumnType }[],
    /** Hashes of the points already computed without error (skipped by a resumed sweep). */
    readonly done: Set<string>,
  ) {
    this.seedColumn = !sweep.parameters.includes('seed');
  }

  /** Whether the table has its own seed column (not when the seed is a varied parameter). */
  private readonly seedColumn: boolean;

  /**
   * Opens the database `file` for a sweep: a new one, or with `resume` the one a previous run of
   * the same sweep left (its failed points are removed, to be run again). Refuses to overwrite an
   * existing database without `resume`, or to resume another sweep's.
   */
  static async open(file: string, sweep: Sweep, resume: boolean): Promise<ResultsTable> {
    const exists = existsSync(file);
    if (exists && !resume) throw new ScenarioError('--out', file, 'a folder without a sweep table (pass --resume to continue the sweep there, or choose another --out)');
    const { DuckDBInstance } = await import('@duckdb/node-api');
    let instance: DuckDBInstance;
    try {
      instance = await DuckDBInstance.create(file);
    } catch (e) {
      throw new FileError(file, null, null, `cannot be opened as a DuckDB database (${(e as Error).message.split('\n')[0]})`);
    }
    const connection = await instance.connect();
    const columns = parameterColumns(sweep);
    const done = new Set<string>();
    try {
      if (exists) {
        const ids = (await connection.runAndReadAll('SELECT DISTINCT sweep_id FROM points')).getRows().map((r) => String(r[0]));
        if (ids.some((id) => id !== sweep.id)) throw new ScenarioError('--resume', file, `the table of this sweep (id ${sweep.id}); it holds sweep ${ids.join(', ')}: the sweep file changed since (choose another --out)`);
        await connection.run('DELETE FROM points WHERE error IS NOT NULL');
        for (const [hash] of (await connection.runAndReadAll('SELECT hash FROM points')).getRows()) done.add(String(hash));
      } else {
        const parameters = columns.map((c) => `${quote(c.path)} ${c.type}`);
        const figures = sweep.figures.map((f) => `${quote(f)} DOUBLE`);
        // A sweep that varies the seed has it as a parameter column already.
        const seed = sweep.parameters.includes('seed') ? [] : ['seed BIGINT'];
        await connection.run(`CREATE TABLE points (${['sweep_id VARCHAR', 'point INTEGER', 'hash VARCHAR', ...parameters, ...figures, 'compute_ms DOUBLE', 'engine VARCHAR', ...seed, 'error VARCHAR'].join(', ')})`);
      }
      return new ResultsTable(instance, connection, await connection.createAppender('points'), sweep, columns, done);
    } catch (e) {
      connection.closeSync();
      instance.closeSync();
      if (!exists) await rm(file, { force: true });
      if (e instanceof ScenarioError) throw e;
      throw new FileError(file, null, null, `not a sweep table ccalc can ${exists ? 'resume' : 'write'} (${(e as Error).message.split('\n')[0]})`);
    }
  }

  /** Adds a point's row and commits it. */
  add(point: SweepPoint, hash: string, outcome: PointOutcome): void {
    const a = this.appender;
    a.appendVarchar(this.sweep.id);
    a.appendInteger(point.index);
    a.appendVarchar(hash);
    for (const c of this.columns) {
      const v = tableValue(point.assignment[c.path]);
      if (c.type === 'DOUBLE') a.appendDouble(v as number);
      else if (c.type === 'BOOLEAN') a.appendBoolean(v as boolean);
      else a.appendVarchar(String(v));
    }
    for (const f of this.sweep.figures) {
      const v = outcome.ok ? outcome.figures[f] : null;
      if (v === null || v === undefined) a.appendNull();
      else a.appendDouble(v);
    }
    if (outcome.ok) {
      a.appendDouble(Math.round(outcome.computeMs * 1e3) / 1e3);
      a.appendVarchar(outcome.engine);
      if (this.seedColumn) a.appendBigInt(BigInt(outcome.seed));
      a.appendNull();
    } else {
      a.appendNull();
      a.appendNull();
      if (this.seedColumn) a.appendNull();
      a.appendVarchar(outcome.error);
    }
    a.endRow();
    a.flushSync();
  }

  /** Writes the table to a Parquet file, ordered by point. */
  async exportParquet(file: string): Promise<void> {
    await this.connection.run(`COPY (SELECT * FROM points ORDER BY point) TO ${literal(file)} (FORMAT parquet)`);
  }

  close(): void {
    this.appender.closeSync();
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

/**
 * Joins the Parquet files of a sharded sweep (`shard-<i>-of-<n>.parquet`) into one table: checks
 * that all n shards are there, of one sweep, each point once and none missing of `points`, then
 * writes `database` (table `points`) and `parquet`. Returns the number of rows and of failed points.
 */
export async function mergeShards(files: string[], points: number, sweepId: string, database: string, parquet: string): Promise<{ rows: number; failed: number }> {
  if (existsSync(database)) throw new ScenarioError('merge', database, 'a folder without a merged table yet (remove it to merge again)');
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(database);
  const connection = await instance.connect();
  let merged = false;
  try {
    await connection.run(`CREATE TABLE points AS SELECT * FROM read_parquet([${files.map(literal).join(', ')}]) ORDER BY point`);
    const scalar = async (sql: string): Promise<unknown> => (await connection.runAndReadAll(sql)).getRows()[0]?.[0];
    const other = await scalar(`SELECT sweep_id FROM points WHERE sweep_id <> ${literal(sweepId)} LIMIT 1`);
    if (other !== undefined) throw new ScenarioError('merge', String(other), `shards of one sweep (id ${sweepId}, as sweep.json says)`);
    const duplicate = await scalar('SELECT point FROM points GROUP BY point HAVING count(*) > 1 LIMIT 1');
    if (duplicate !== undefined) throw new ScenarioError('merge', `point ${String(duplicate)}`, 'each point in one shard only (it is in two: were shards of different counts mixed?)');
    const rows = Number(await scalar('SELECT count(*) FROM points'));
    if (rows !== points) {
      const missing = (await connection.runAndReadAll(`SELECT i FROM range(${points}) t(i) WHERE i NOT IN (SELECT point FROM points) ORDER BY i LIMIT 10`)).getRows().map((r) => String(r[0]));
      throw new ScenarioError('merge', `${rows} of ${points} points`, `every point of the sweep; missing: ${missing.join(', ')}${points - rows > missing.length ? ', …' : ''} (run those shards again with --resume)`);
    }
    const failed = Number(await scalar('SELECT count(*) FROM points WHERE error IS NOT NULL'));
    await connection.run(`COPY (SELECT * FROM points ORDER BY point) TO ${literal(parquet)} (FORMAT parquet)`);
    merged = true;
    return { rows, failed };
  } finally {
    connection.closeSync();
    instance.closeSync();
    // A merge that failed leaves no table behind (it is made again from the shards).
    if (!merged) await rm(database, { force: true });
  }
}
