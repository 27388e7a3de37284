// Browser side of `npm run bench -- table-sql`: stores N generated rows in IndexedDB, loads them
// into the app's table worker, starts the app's SQL worker and loads its tables from that worker
// (app/runtime/sql/client.ts's wiring), then times each table query both ways, alternating, in the
// same page: the JS path (the table worker's query) and the SQL path (its view, answered by the
// SQL worker). Both return the whole view (ids, counts, facets, aggregates) to the page.
import { NO_FILTERS, type TableQuery } from '../app/core/table/query';
import { sqlWorker } from '../app/runtime/sql/client';
import { tableWorker } from '../app/runtime/table/client';
import { storeRows } from './bench-rows';

export interface TableSqlResult {
  rows: number;
  store_s: number;
  table_load_ms: number;
  sql_load_ms: number;
  /** Per query: its name, kept rows, and each round's milliseconds on each path. */
  queries: Array<{ name: string; count: number; js_ms: number[]; sql_ms: number[] }>;
}

declare global {
  interface Window {
    runTableSql(rows: number, rounds: number): Promise<TableSqlResult>;
  }
}

const q = (filters: Partial<TableQuery['filters']>, sort: TableQuery['sort'] = null): TableQuery => ({
  filters: { ...NO_FILTERS, ...filters },
  sort,
  groupByFile: false,
  status: {},
});

/** What a researcher does with the table: open it, search, bound a metric and sort, narrow a step. */
const QUERIES: Array<[string, TableQuery]> = [
  ['unsorted, no filter', q({})],
  ['search "w12", by F1', q({ text: 'w12' }, { key: 'f1', dir: -1 })],
  ['F1 ≥ 0.5, by question', q({ ranges: { f1: { min: 0.5, max: null } } }, { key: 'question', dir: 1 })],
  ['one step, by score', q({ run: 'run', trainStep: '42' }, { key: 'score', dir: -1 })],
  ['2+ searches, by searches', q({ ranges: { rc: { min: 2, max: null } } }, { key: 'rc', dir: -1 })],
];

window.runTableSql = async (n, rounds) => {
  const t0 = performance.now();
  await storeRows(n);
  const storeS = (performance.now() - t0) / 1000;
  const l0 = performance.now();
  await tableWorker().load();
  const tableLoad = performance.now() - l0;
  // The page leaves SQL off (the JS path was faster here); the bench measures it on.
  await tableWorker().preferSql(true);
  const s0 = performance.now();
  const state = await sqlWorker().syncRows();
  const sqlLoad = performance.now() - s0;
  if (state.rows !== n) throw new Error(`SQL holds ${state.rows} rows, not ${n}`);
  const out: TableSqlResult = {
    rows: n,
    store_s: storeS,
    table_load_ms: tableLoad,
    sql_load_ms: sqlLoad,
    queries: [],
  };
  for (const [name, query] of QUERIES) {
    const entry = { name, count: -1, js_ms: [] as number[], sql_ms: [] as number[] };
    // A first run of each, untimed (JIT, DuckDB's first plan).
    await tableWorker().query(query);
    await tableWorker().view(query);
    for (let r = 0; r < rounds; r++) {
      const a0 = performance.now();
      const js = await tableWorker().query(query);
      entry.js_ms.push(performance.now() - a0);
      const b0 = performance.now();
      const sql = await tableWorker().view(query);
      entry.sql_ms.push(performance.now() - b0);
      if (sql.source !== 'sql') throw new Error(`${name}: the view came from ${sql.source}, not SQL`);
      if (sql.count !== js.count || sql.ids.join() !== js.ids.join())
        throw new Error(`${name}: SQL kept ${sql.count} rows, JS ${js.count} (or another order)`);
      entry.count = js.count;
    }
    out.queries.push(entry);
  }
  return out;
};
