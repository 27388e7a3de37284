// The SQL runner in Node: DuckDB-WASM (the engine the app's worker runs, so a query means the same
// in both) loaded with a log's column batches, then locked as the page's worker locks it
// (core/sql/engine-lock), each statement through the same read-only gate (core/sql/read-only-query).
// Errors carry the line and column DuckDB points at.
import { createRequire } from 'node:module';
import * as arrow from 'apache-arrow';
import * as duckdb from '@duckdb/duckdb-wasm/blocking';
import { ARROW_TYPE_OF } from '../../core/sql/arrow-types';
import type { ColumnBatch, TableBatches } from '../../core/sql/columns';
import { createTableSql } from '../../core/sql/ddl';
import { lockEngine } from '../../core/sql/engine-lock';
import { readOnlyQuery } from '../../core/sql/read-only-query';
import { resultOf, type SqlResult } from '../../core/sql/result';
import { TABLE_NAMES } from '../../core/sql/schema';

export { SqlError } from '../../core/sql/read-only-query';
export type { SqlResult } from '../../core/sql/result';

function arrowTable(batch: ColumnBatch): arrow.Table {
  const vectors: Record<string, arrow.Vector> = {};
  for (const c of batch.columns)
    vectors[c.name] = arrow.vectorFromArray(c.values, new arrow[ARROW_TYPE_OF[c.type]]());
  return new arrow.Table(vectors);
}

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
    if (batch.rows > 0)
      conn.insertArrowFromIPCStream(arrow.tableToIPC(arrowTable(batch), 'stream'), { name, create: false });
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
