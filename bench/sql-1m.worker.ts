// Bench-only SQL worker for `npm run bench -- sql-1m`: the app's SQL worker API
// (createSqlWorkerApi, as workers/sql.worker.ts exposes it through browser-api.ts) on the app's
// DuckDB-WASM build (openBrowserEngine), so its tables are made by the app's DDL and locked by the
// app's lock, and trainingSummary, query and tableView are the page's own. Beside it, what only a
// benchmark may do with the engine it opened: fill the tables by INSERT … SELECT (sql-1m-data.ts),
// read DuckDB's memory, EXPLAIN ANALYZE a query, and time an Arrow load of bench-rows' rows.
import * as Comlink from 'comlink';
import { SqlTables } from '../app/core/sql/columns';
import { type ArrowTableLike, resultOf } from '../app/core/sql/result';
import { resultColumnsOf } from '../app/core/sql/result-columns';
import { STEP_SUMMARY_SQL, stepSummariesBySql, stepSummariesFromSql } from '../app/core/sql/step-summary-sql';
import type { StepSummary } from '../app/core/training/step-summary';
import { createSqlWorkerApi } from '../app/runtime/sql/api';
import { openBrowserEngine } from '../app/runtime/sql/browser-engine';
import { batchIpc, type SqlConnection } from '../app/runtime/sql/connection';
import { row } from './bench-rows';
import * as before from './step-summary-sql-before';

let engine: SqlConnection | null = null;
const api = createSqlWorkerApi({
  open: async () => (engine = await openBrowserEngine()),
  labels: async () => [],
});

function opened(): SqlConnection {
  if (!engine) throw new Error('the engine is not open: call syncLabels first');
  return engine;
}

/**
 * The summaries as one version's stepSummariesBySql takes them through the engine, each query
 * timed by its name in `queries` (the engine round trip, plus the cell-by-cell read where `read`
 * does one; a typed-array read is in the mapping, in `ms` only).
 */
async function summaries<T>(
  queries: Record<string, string>,
  read: (t: ArrowTableLike) => T,
  bySql: (query: (sql: string) => Promise<T>) => Promise<StepSummary[]>,
): Promise<{ steps: StepSummary[]; query_ms: Record<string, number>; ms: number }> {
  const t0 = performance.now();
  const queryMs: Record<string, number> = {};
  const steps = await bySql(async (sql) => {
    const name = Object.keys(queries).find((k) => queries[k] === sql) ?? 'other';
    const q0 = performance.now();
    const r = read(await opened().run(sql));
    queryMs[name] = (queryMs[name] ?? 0) + performance.now() - q0;
    return r;
  });
  return { steps, query_ms: queryMs, ms: performance.now() - t0 };
}

const bench = {
  /** The summaries as trainingSummary takes them (one query, its Arrow answer read as columns). */
  summariesNow: () => summaries(STEP_SUMMARY_SQL, (t) => t, stepSummariesBySql),
  /** The same as trainingSummary took them before branch summarysql (three queries, resultOf). */
  summariesBefore: () => summaries(before.STEP_SUMMARY_SQL, resultOf, before.stepSummariesBySql),
  /**
   * Where the worker's time after today's query goes, on its Arrow answer: reading the text
   * columns (run, extras) cell by cell, the numeric ones as typed arrays, and the whole mapping.
   */
  async mappingMs(): Promise<{ rows: number; strings: number; numbers: number; map: number }> {
    const t = await opened().run(STEP_SUMMARY_SQL.steps);
    const s0 = performance.now();
    const c = resultColumnsOf(t);
    c.values('run');
    c.values('extras');
    const s1 = performance.now();
    for (const f of t.schema.fields) if (f.name !== 'run' && f.name !== 'extras') c.numbers(f.name);
    const s2 = performance.now();
    stepSummariesFromSql(resultColumnsOf(t), null);
    return { rows: t.numRows, strings: s1 - s0, numbers: s2 - s1, map: performance.now() - s2 };
  },
  /** Runs each statement in order; milliseconds each. */
  async fill(statements: string[]): Promise<number[]> {
    const ms: number[] = [];
    for (const s of statements) {
      const t0 = performance.now();
      await opened().run(s);
      ms.push(performance.now() - t0);
    }
    return ms;
  },
  /** The first cell of a statement's result, as a number. */
  async scalar(sql: string): Promise<number> {
    return Number(resultOf(await opened().run(sql)).rows[0]?.[0]);
  },
  /** DuckDB's own count of the memory it holds (PRAGMA database_size, duckdb_memory()). */
  async duckMemory(): Promise<{
    memory_usage: string;
    memory_limit: string;
    by_tag: Record<string, number>;
  }> {
    const size = resultOf(await opened().run('PRAGMA database_size'));
    const col = (name: string) => String(size.rows[0]?.[size.columns.findIndex((c) => c.name === name)]);
    const tags = resultOf(
      await opened().run('SELECT tag, memory_usage_bytes FROM duckdb_memory() WHERE memory_usage_bytes > 0'),
    );
    return {
      memory_usage: col('memory_usage'),
      memory_limit: col('memory_limit'),
      by_tag: Object.fromEntries(tags.rows.map((r) => [String(r[0]), Number(r[1])])),
    };
  },
  /** EXPLAIN ANALYZE's plan of `sql`, as DuckDB prints it. */
  async explain(sql: string): Promise<string> {
    const r = resultOf(await opened().run(`EXPLAIN ANALYZE ${sql}`));
    return r.rows.map((x) => String(x[x.length - 1])).join('\n');
  },
  /**
   * The other way to load: `n` rows of bench-rows (as an import leaves them) turned into the
   * app's column batches and loaded as Arrow IPC, 10,000 a batch as the page's rebuild sends them;
   * milliseconds making the batches (JS) and inserting them (DuckDB).
   */
  async arrowLoad(n: number, offset: number): Promise<{ batches_ms: number; insert_ms: number }> {
    let batchesMs = 0;
    let insertMs = 0;
    for (let from = 0; from < n; from += 10_000) {
      const b0 = performance.now();
      const t = new SqlTables();
      for (let i = from; i < Math.min(n, from + 10_000); i++) t.addRow(row(offset + i));
      const ipc = [batchIpc(t.batches.trajectories), batchIpc(t.batches.searches)] as const;
      const i0 = performance.now();
      batchesMs += i0 - b0;
      await opened().insertIpc('trajectories', ipc[0]);
      await opened().insertIpc('searches', ipc[1]);
      insertMs += performance.now() - i0;
    }
    return { batches_ms: batchesMs, insert_ms: insertMs };
  },
};

const exposed = { ...api, ...bench };
export type Sql1mWorker = typeof exposed;
Comlink.expose(exposed);
