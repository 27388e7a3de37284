// The SQL runner in Node: DuckDB-WASM (the engine the app's worker runs, so a query means the same
// in both) loaded with a log's column batches, then locked: no file, network or extension access
// and no setting may change, and each statement passes the read-only check first
// (core/sql/read-only). Errors carry the line and column DuckDB points at.
import { createRequire } from 'node:module';
import * as arrow from 'apache-arrow';
import * as duckdb from '@duckdb/duckdb-wasm/blocking';
import type { ColumnBatch, TableBatches } from '../../core/sql/columns';
import { createTableSql } from '../../core/sql/ddl';
import { duckdbErrorPosition, errorHeadline, type SqlPosition } from '../../core/sql/error-position';
import { readOnlyIssue } from '../../core/sql/read-only';
import { type SqlType, type SqlValue, TABLE_NAMES } from '../../core/sql/schema';

export class SqlError extends Error {
  constructor(
    message: string,
    readonly position: SqlPosition | null,
  ) {
    super(position ? `${message} (line ${position.line}, column ${position.column})` : message);
    this.name = 'SqlError';
  }
}

export interface SqlResult {
  columns: Array<{ name: string; type: string }>;
  rows: SqlValue[][];
}

const ARROW_TYPES: Record<SqlType, () => arrow.DataType> = {
  VARCHAR: () => new arrow.Utf8(),
  DOUBLE: () => new arrow.Float64(),
  INTEGER: () => new arrow.Int32(),
  BOOLEAN: () => new arrow.Bool(),
};

function arrowTable(batch: ColumnBatch): arrow.Table {
  const vectors: Record<string, arrow.Vector> = {};
  for (const c of batch.columns) vectors[c.name] = arrow.vectorFromArray(c.values, ARROW_TYPES[c.type]());
  return new arrow.Table(vectors);
}

/** A result cell as JSON can carry it: 64-bit integers as numbers, nested values as JSON text. */
function cell(v: unknown): SqlValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  const json = (v as { toJSON?: () => unknown }).toJSON?.() ?? v;
  return JSON.stringify(json, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
}

export interface SqlEngine {
  query(sql: string): SqlResult;
  close(): void;
}

/** Starts DuckDB-WASM, loads the tables and locks the engine before any query runs. */
export async function openSqlEngine(batches: TableBatches): Promise<SqlEngine> {
  const require = createRequire(import.meta.url);
  const bundles: duckdb.DuckDBBundles = {
    mvp: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm'), mainWorker: '' },
    eh: { mainModule: require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm'), mainWorker: '' },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  // 64-bit counts and sums as doubles: every result cell fits JSON.
  db.open({ query: { castBigIntToDouble: true, castDecimalToDouble: true } });
  const conn = db.connect();
  for (const name of TABLE_NAMES) {
    conn.query(createTableSql(name));
    const batch = batches[name];
    // As IPC bytes: the engine reads them with its own copy of Arrow, whatever module instance
    // built the table here.
    if (batch.rows > 0)
      conn.insertArrowFromIPCStream(arrow.tableToIPC(arrowTable(batch), 'stream'), { name, create: false });
  }
  // The lock comes after loading: from here no statement reads or writes a file, loads an
  // extension (none is fetched behind the user's back) or undoes these settings.
  conn.query('SET autoinstall_known_extensions=false');
  conn.query('SET autoload_known_extensions=false');
  conn.query('SET enable_external_access=false');
  conn.query('SET lock_configuration=true');
  return {
    query(sql: string): SqlResult {
      const issue = readOnlyIssue(sql);
      if (issue?.kind === 'start') {
        // Not a statement this runner knows: DuckDB's parser says where it fails (a typo such as
        // `selec`); a statement that parses is still refused. Preparing runs nothing.
        try {
          conn.prepare(sql).close();
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          throw new SqlError(errorHeadline(message), duckdbErrorPosition(sql, message));
        }
      }
      if (issue) throw new SqlError(issue.message, { line: issue.line, column: issue.column });
      let table: arrow.Table;
      try {
        // Prepared, so the engine itself refuses more than one statement should the check above
        // ever read a literal or comment differently from DuckDB.
        const statement = conn.prepare(sql);
        try {
          table = statement.query();
        } finally {
          statement.close();
        }
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        throw new SqlError(errorHeadline(message), duckdbErrorPosition(sql, message));
      }
      const fields = table.schema.fields;
      const children = fields.map((_, i) => table.getChildAt(i));
      const rows: SqlValue[][] = [];
      for (let r = 0; r < table.numRows; r++) rows.push(children.map((c) => cell(c?.get(r))));
      return { columns: fields.map((f) => ({ name: f.name, type: String(f.type) })), rows };
    },
    close() {
      conn.close();
      db.reset();
    },
  };
}
