import { DuckDBInstance } from '@duckdb/node-api';
const i = await DuckDBInstance.create(':memory:'); const c = await i.connect();
const r = await c.runAndReadAll(process.argv[2]);
console.table(r.getRowObjectsJson());
