// What the SQL worker needs of a DuckDB connection (the browser's async one, browser-engine.ts; a
// test's blocking one in Node), and the column batches as the Arrow IPC bytes it loads: DuckDB
// cannot load its Parquet extension offline, and IPC is read by the engine's own copy of Arrow.
import * as arrow from 'apache-arrow';
import { batchToIpc } from '../../core/sql/arrow-columns';
import type { ColumnBatch } from '../../core/sql/columns';
import type { PreparingConnection } from '../../core/sql/read-only-query';
import type { ArrowTableLike } from '../../core/sql/result';

export interface SqlConnection extends PreparingConnection<ArrowTableLike> {
  /** Runs an internal statement (tables, loads, the lock); never a user's query. */
  run(sql: string): Promise<ArrowTableLike>;
  insertIpc(table: string, bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
  /** Which DuckDB build runs it (`eh`, `mvp`), for the page to say. */
  bundle: string;
}

export function batchIpc(batch: ColumnBatch): Uint8Array {
  return batchToIpc(arrow, batch);
}
