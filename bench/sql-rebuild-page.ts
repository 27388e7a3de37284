// Browser side of `npm run bench -- sql-rebuild`: stores N table rows in IndexedDB (as imports
// leave them), then does what a reload does: the app's table worker reads every row (the baseline:
// a reload pays it with or without SQL), and the app's SQL worker rebuilds its DuckDB tables from
// that worker's rows over the MessagePort (app/runtime/sql/client.ts's wiring). Rounds repeat the
// read and the rebuild; the driver calls window.runSqlRebuild.
import { SqlTables } from '../app/core/sql/columns';
import { createTableSql } from '../app/core/sql/ddl';
import { openBrowserEngine } from '../app/runtime/sql/browser-engine';
import { sqlWorker } from '../app/runtime/sql/client';
import { batchIpc } from '../app/runtime/sql/connection';
import { tableWorker } from '../app/runtime/table/client';
import { row, storeRows } from './bench-rows';

export interface SqlRebuildResult {
  rows: number;
  searches: number;
  bundle: string;
  store_s: number;
  engine_start_ms: number;
  table_read_ms: number[];
  rebuild_ms: number[];
  group_by_step_ms: number[];
}

declare global {
  interface Window {
    runSqlRebuild(rows: number, rounds: number): Promise<SqlRebuildResult>;
    runOpfsReopen(rows: number): Promise<{ write_ms: number; reopen_ms: number }>;
  }
}

window.runSqlRebuild = async (n, rounds) => {
  const t0 = performance.now();
  await storeRows(n);
  const storeS = (performance.now() - t0) / 1000;
  const sql = sqlWorker();
  const e0 = performance.now();
  await sql.syncLabels(); // starts DuckDB (no labels stored)
  const engineStart = performance.now() - e0;
  const out: SqlRebuildResult = {
    rows: n,
    searches: 0,
    bundle: '',
    store_s: storeS,
    engine_start_ms: engineStart,
    table_read_ms: [],
    rebuild_ms: [],
    group_by_step_ms: [],
  };
  for (let r = 0; r < rounds; r++) {
    const r0 = performance.now();
    await tableWorker().load();
    out.table_read_ms.push(performance.now() - r0);
    const s0 = performance.now();
    const state = await sql.syncRows();
    out.rebuild_ms.push(performance.now() - s0);
    if (state.rows !== n) throw new Error(`SQL holds ${state.rows} rows, not ${n}`);
    out.bundle = state.bundle;
    const q0 = performance.now();
    const a = await sql.query(
      'SELECT step, count(*), avg(f1), avg(searches) FROM trajectories GROUP BY step',
    );
    out.group_by_step_ms.push(performance.now() - q0);
    if (!a.ok || a.rowCount !== Math.min(n, 200)) throw new Error('GROUP BY step did not answer every step');
    const s = await sql.query('SELECT count(*) FROM searches');
    out.searches = s.ok ? Number(s.rows[0]?.[0]) : -1;
  }
  return out;
};

/**
 * The other way to survive a reload: the tables in a DuckDB file in OPFS. Writes the same rows
 * there once, closes the engine, then times a fresh engine opening the file and counting its rows
 * (engine start included, as a reload would pay it).
 */
window.runOpfsReopen = async (n) => {
  const path = 'opfs://hopscope-bench.duckdb';
  const w0 = performance.now();
  const c = await openBrowserEngine(path);
  for (const name of ['trajectories', 'searches'] as const) {
    await c.run(`DROP TABLE IF EXISTS ${name}`);
    await c.run(createTableSql(name));
  }
  for (let from = 0; from < n; from += 10_000) {
    const t = new SqlTables();
    for (let i = from; i < Math.min(n, from + 10_000); i++) t.addRow(row(i));
    await c.insertIpc('trajectories', batchIpc(t.batches.trajectories));
    await c.insertIpc('searches', batchIpc(t.batches.searches));
  }
  await c.run('CHECKPOINT');
  await c.close();
  const writeMs = performance.now() - w0;
  const r0 = performance.now();
  const again = await openBrowserEngine(path);
  const count = Number((await again.run('SELECT count(*) AS n FROM trajectories')).getChildAt(0)?.get(0));
  const reopenMs = performance.now() - r0;
  await again.close();
  if (count !== n) throw new Error(`the OPFS file holds ${count} rows, not ${n}`);
  return { write_ms: writeMs, reopen_ms: reopenMs };
};

export interface TrainingSqlResult {
  rows: number;
  steps: number;
  /** The Training page's summaries from SQL (the SQL worker's four GROUP BY queries), page-side ms. */
  sql_ms: number[];
  /** The same from the table worker's JS (its summaries after a full read of the rows). */
  js_ms: number[];
}

declare global {
  interface Window {
    runTrainingSql(rows: number, rounds: number): Promise<TrainingSqlResult>;
  }
}

/**
 * `npm run bench -- training-sql`: the Training page's per-step summaries over N stored rows, from
 * SQL (sqlWorker().trainingSummary) and from the table worker's JS (after a fresh read of the rows,
 * what a reload pays), each round both; the two must agree on every step's samples.
 */
window.runTrainingSql = async (n, rounds) => {
  await storeRows(n);
  const sql = sqlWorker();
  const out: TrainingSqlResult = { rows: n, steps: 0, sql_ms: [], js_ms: [] };
  for (let r = 0; r < rounds; r++) {
    await tableWorker().load();
    const j0 = performance.now();
    const js = await tableWorker().trainingSummary();
    out.js_ms.push(performance.now() - j0);
    const state = await sql.syncRows();
    if (state.rows !== n) throw new Error(`SQL holds ${state.rows} rows, not ${n}`);
    const s0 = performance.now();
    const fromSql = await sql.trainingSummary();
    out.sql_ms.push(performance.now() - s0);
    const key = (s: { run: string; step: number; samples: number }) => `${s.run}:${s.step}:${s.samples}`;
    if (fromSql.steps.map(key).join() !== js.map(key).join())
      throw new Error('SQL and the table worker disagree on the steps');
    out.steps = fromSql.steps.length;
  }
  return out;
};
