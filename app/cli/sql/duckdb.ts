// The SQL runner in Node: DuckDB-WASM (the engine the app's worker runs, so a query means the same
// in both) loaded with a log's column batches, then locked as the page's worker locks it
// (core/sql/engine-lock), each statement through the same read-only gate (core/sql/read-only-query).
// Errors carry the line and column DuckDB points at.
import { createRequire } from 'node:module';
import * as arrow from 'apache-arrow';
import * as duckdb from '@duckdb/duckdb-wasm/blocking';
import { batchToIpc, sliceBatch } from '../../core/sql/arrow-columns';
import type { TableBatches } from '../../core/sql/columns';
import { createTableSql } from '../../core/sql/ddl';
import { lockEngine } from '../../core/sql/engine-lock';
import { readOnlyQuery } from '../../core/sql/read-only-query';
import { resultOf, type SqlResult } from '../../core/sql/result';
import { TABLE_NAMES } from '../../core/sql/schema';

export { SqlError } from '../../core/sql/read-only-query';
export type { SqlResult } from '../../core/sql/result';

/** Rows per Arrow message loaded (text offsets are 32-bit). */
const LOAD_ROWS = 50_000;

export interface SqlEngine {
  query(sql: string): Promise<SqlResult>;
  close(): void;
}

/** DuckDB-WASM's blocking build in Node, opened as the page's worker opens it. */
export async function nodeDuckDB(): Promise<{ db: duckdb.DuckDBBindings; conn: duckdb.DuckDBConnection }> {
  const require = createRequire(import.meta.url);
  const bundles: duckdb.DuckDBBundles = {
    mvp: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm'), mainWorker: '' },
    eh: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm'), mainWorker: '' },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  // 64-bit counts and sums as doubles: every result cell fits JSON.
  db.open({ query: { castBigIntToDouble: true, castDecimalToDouble: true } });
  return { db, conn: db.connect() };
}

/** Starts DuckDB-WASM, loads the tables and locks the engine before any query runs. */
export async function openSqlEngine(batches: TableBatches): Promise<SqlEngine> {
  const { db, conn } = await nodeDuckDB();
  for (const name of TABLE_NAMES) {
    conn.query(createTableSql(name));
    const batch = batches[name];
    // As IPC bytes: the engine reads them with its own copy of Arrow, whatever module instance
    // built the table here.
    for (let from = 0; from < batch.rows; from += LOAD_ROWS)
      conn.insertArrowFromIPCStream(batchToIpc(arrow, sliceBatch(batch, from, from + LOAD_ROWS)), {
        name,
        create: false,
      });
  }
  await lockEngine((sql) => conn.query(sql));
  return {
    query: async (sql: string) => resultOf(await readOnlyQuery(conn, sql)),
    close() {
      conn.close();
      db.reset();
    },
  };
}
