// The SQL worker's connection in Node tests: the CLI's DuckDB build (blocking) wrapped as the async
// connection the page's worker has (runtime/sql/connection). The test passes the opener in
// (nodeDuckDB, app/cli/sql/duckdb): app/testing may not import app/cli, a test may.
import type { DuckDBBindings, DuckDBConnection } from '@duckdb/duckdb-wasm/blocking';
import { afterEach } from 'vitest';
import type { SqlConnection } from '../runtime/sql/connection';

type OpenNodeDuckDB = () => Promise<{ db: DuckDBBindings; conn: DuckDBConnection }>;

/** An `open` for createSqlWorkerApi; each connection it opened is closed after each test. */
export function nodeSqlConnections(openNodeDuckDB: OpenNodeDuckDB): () => Promise<SqlConnection> {
  const closers: Array<() => void> = [];
  afterEach(() => closers.splice(0).forEach((c) => c()));
  return async () => {
    const { db, conn } = await openNodeDuckDB();
    const close = () => {
      conn.close();
      db.reset();
    };
    closers.push(close);
    return {
      close: async () => close(),
      bundle: 'node',
      run: async (sql) => conn.query(sql),
      prepare: async (sql) => conn.prepare(sql),
      insertIpc: async (name, bytes) => conn.insertArrowFromIPCStream(bytes, { name, create: false }),
    };
  };
}
