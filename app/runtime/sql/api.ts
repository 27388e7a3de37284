// The SQL worker's API (workers/sql.worker.ts exposes it): DuckDB holding the SQL tables
// (docs/reference/sql.md) of what the page stores, and one read-only query at a time over them.
// The tables are loaded from the stored, already derived rows the table worker holds (its feed,
// app/runtime/table/sql-feed.ts, over a MessagePort) and the stored labels; after a reload they are
// rebuilt from those in bulk, and after an import only the rows a batch stored are replaced.
// Every load and query runs one after another, so a query never sees a half-loaded table.
import * as Comlink from 'comlink';
import type { Annotation } from '../../core/annotations/annotation';
import { resultBatch } from '../../core/sql/arrow-types';
import { type ColumnBatch, SqlTables } from '../../core/sql/columns';
import { createTableSql } from '../../core/sql/ddl';
import { lockEngine } from '../../core/sql/engine-lock';
import { batchToParquet } from '../../core/sql/parquet';
import { readOnlyQuery, SqlError } from '../../core/sql/read-only-query';
import {
  type ArrowTableLike,
  resultColumns,
  resultOf,
  resultRows,
  type SqlResultColumn,
} from '../../core/sql/result';
import { type SqlValue, TABLE_NAMES } from '../../core/sql/schema';
import { stepSummariesBySql } from '../../core/sql/step-summary-sql';
import type { StepSummary } from '../../core/training/step-summary';
import type { SqlPosition } from '../../core/sql/error-position';
import {
  aggregatesOfRows,
  facetsOfRows,
  type ScopeCollections,
  type SqlStatement,
  tableAggregatesSql,
  tableCountSql,
  tableFacetsSql,
  tableIdsSql,
} from '../../core/sql/table-sql';
import type { Aggregate } from '../../core/table/aggregate';
import type { TableFacets } from '../../core/table/facets';
import type { TableQuery } from '../../core/table/query';
import { toCsv } from '../../core/table/to-csv';
import type { SqlFeed, SqlFeedBatches } from '../table/sql-feed';
import { batchIpc, type SqlConnection } from './connection';

/** Rows of a result sent to the page to show; the exports hold every row. */
export const SHOWN_ROWS = 10_000;
/** Rows the feed sends per message during a rebuild. */
const REBUILD_CHUNK = 10_000;
/** Ids per DELETE when an import's rows are replaced. */
const DELETE_CHUNK = 1_000;

export type SqlAnswer =
  | {
      ok: true;
      /** Names this result for its exports (only the latest is kept). */
      resultId: number;
      columns: SqlResultColumn[];
      /** The first SHOWN_ROWS rows. */
      rows: SqlValue[][];
      rowCount: number;
      ms: number;
    }
  | { ok: false; message: string; position: SqlPosition | null; kind: SqlError['kind'] };

/** The table's view as SQL answers it (core/sql/table-sql): what the JS path's tableView gives. */
export interface TableSqlView {
  ids: string[];
  total: number;
  count: number;
  facets: TableFacets;
  aggregates: Aggregate[];
  ms: number;
}

/** How far the tables are: the feed's generation they hold and the rows and labels loaded. */
export interface SqlState {
  generation: number;
  rows: number;
  labels: number;
  bundle: string;
  /** The last full rebuild: rows and milliseconds (docs/benchmarks.md). */
  rebuild: { rows: number; ms: number } | null;
}

/** The Training page's per-step summaries from SQL, and the feed generation they were taken at. */
export interface SqlStepSummaries {
  generation: number;
  steps: StepSummary[];
  /** Milliseconds the GROUP BY queries and their mapping took (docs/benchmarks.md, training-sql, sql-1m). */
  ms: number;
}

export interface SqlWorkerDeps {
  open: () => Promise<SqlConnection>;
  labels: () => Promise<Annotation[]>;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function createSqlWorkerApi(deps: SqlWorkerDeps) {
  let feed: Comlink.Remote<SqlFeed> | SqlFeed | null = null;
  let engine: Promise<SqlConnection> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const state: SqlState = { generation: -1, rows: 0, labels: 0, bundle: '', rebuild: null };
  let last: { id: number; table: ArrowTableLike } | null = null;
  let results = 0;
  /** Row loads queued or running. */
  let syncs = 0;

  /** Runs `fn` after everything queued before it. */
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  }

  function conn(): Promise<SqlConnection> {
    engine ??= (async () => {
      const c = await deps.open();
      for (const name of TABLE_NAMES) await c.run(createTableSql(name));
      // Locked before any user query; loads after it only touch these tables.
      await lockEngine((sql) => c.run(sql));
      state.bundle = c.bundle;
      return c;
    })();
    return engine;
  }

  async function insert(c: SqlConnection, batch: ColumnBatch): Promise<void> {
    if (batch.rows > 0) await c.insertIpc(batch.table, batchIpc(batch));
  }

  async function insertRows(c: SqlConnection, b: SqlFeedBatches): Promise<void> {
    await insert(c, b.trajectories);
    await insert(c, b.searches);
  }

  /** Brings the trajectories and searches to the feed's rows; false when they changed meanwhile. */
  async function syncOnce(c: SqlConnection, f: Comlink.Remote<SqlFeed> | SqlFeed): Promise<boolean> {
    const ch = await f.changes(state.generation);
    if (ch.all) {
      const t0 = performance.now();
      await c.run('DELETE FROM trajectories');
      await c.run('DELETE FROM searches');
      for (let from = 0; from < ch.rows; from += REBUILD_CHUNK) {
        const b = await f.batches(ch.generation, from, from + REBUILD_CHUNK);
        if (b === null) return false;
        await insertRows(c, b);
      }
      state.rebuild = { rows: ch.rows, ms: Math.round(performance.now() - t0) };
    } else if (ch.ids.length > 0) {
      const b = await f.batchesOf(ch.generation, ch.ids);
      if (b === null) return false;
      for (let i = 0; i < ch.ids.length; i += DELETE_CHUNK) {
        const list = ch.ids
          .slice(i, i + DELETE_CHUNK)
          .map(quote)
          .join(',');
        await c.run(`DELETE FROM trajectories WHERE id IN (${list})`);
        await c.run(`DELETE FROM searches WHERE trajectory_id IN (${list})`);
      }
      await insertRows(c, b);
    }
    state.generation = ch.generation;
    state.rows = ch.rows;
    return true;
  }

  const api = {
    /** Takes the table worker's feed (the other end of the port given to its connectSql). */
    connect(port: MessagePort): void {
      feed = Comlink.wrap<SqlFeed>(port);
    },
    /** Takes the feed itself (Node tests, where both run in one thread). */
    useFeed(f: SqlFeed): void {
      feed = f;
    },
    /** Brings the trajectories and searches up to the table worker's rows. */
    syncRows(): Promise<SqlState> {
      syncs += 1;
      const done = serial(async () => {
        const c = await conn();
        if (!feed) throw new Error('the SQL worker has no table feed');
        // The rows changed while they were read: read what changed again.
        for (let tries = 0; !(await syncOnce(c, feed)); tries++)
          if (tries > 20) throw new Error('the table kept changing while SQL loaded it; run again');
        return { ...state };
      });
      void done.then(
        () => (syncs -= 1),
        () => (syncs -= 1),
      );
      return done;
    },
    /** Reloads the labels table from the annotation store. */
    syncLabels(): Promise<SqlState> {
      return serial(async () => {
        const c = await conn();
        const t = new SqlTables();
        for (const a of await deps.labels()) t.addLabel(a);
        await c.run('DELETE FROM labels');
        await insert(c, t.batches.labels);
        state.labels = t.batches.labels.rows;
        return { ...state };
      });
    },
    /** Runs one read-only statement; an error or refusal comes back as its message and position. */
    query(sql: string): Promise<SqlAnswer> {
      return serial(async (): Promise<SqlAnswer> => {
        const c = await conn();
        const t0 = performance.now();
        try {
          const table = await readOnlyQuery(c, sql);
          last = { id: ++results, table };
          return {
            ok: true,
            resultId: last.id,
            columns: resultColumns(table),
            rows: resultRows(table, 0, SHOWN_ROWS),
            rowCount: table.numRows,
            ms: Math.round(performance.now() - t0),
          };
        } catch (e) {
          if (e instanceof SqlError)
            return { ok: false, message: e.headline, position: e.position, kind: e.kind };
          throw e;
        }
      });
    },
    /**
     * One summary per (run, step) of the rows the tables hold (core/sql/step-summary-sql: SQL sums,
     * the JS path's summary function), queued after any load so it never reads a half-loaded table.
     */
    trainingSummary(): Promise<SqlStepSummaries> {
      return serial(async () => {
        const c = await conn();
        const t0 = performance.now();
        // The Arrow answer itself: its numeric columns are read as typed arrays, not cell by cell.
        const steps = await stepSummariesBySql((sql) => c.run(sql));
        return { generation: state.generation, steps, ms: Math.round(performance.now() - t0) };
      });
    },
    /** Result `id`, every row, as CSV (core's one writer: formulas defused). */
    csv(id: number): string {
      const r = resultOf(latest(id));
      return toCsv(
        r.columns.map((c) => c.name),
        r.rows,
      );
    },
    /** Result `id`, every row, as Parquet, each column typed from DuckDB's Arrow type. */
    parquet(id: number): ArrayBuffer {
      const bytes = batchToParquet(resultBatch(resultOf(latest(id))));
      return Comlink.transfer(bytes, [bytes]);
    },
    state: (): SqlState => ({ ...state }),
    /**
     * The table's view (filter, sort, facets, aggregates; core/sql/table-sql) over the tables, when
     * they hold generation `at` of the table worker's rows; null when they hold another (the table
     * worker then answers in JS).
     */
    tableView(q: TableQuery, collections: ScopeCollections, at: number): Promise<TableSqlView | null> {
      // Never waits for a load (a rebuild takes a minute at 100,000 rows): the JS path answers.
      if (syncs > 0 || state.generation !== at) return Promise.resolve(null);
      return serial(async () => {
        if (state.generation !== at) return null;
        const c = await conn();
        const t0 = performance.now();
        const records = async (s: SqlStatement) => {
          const st = await c.prepare(s.sql);
          try {
            const r = resultOf(await st.query(...s.params));
            const names = r.columns.map((col) => col.name);
            return r.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]])));
          } finally {
            await st.close();
          }
        };
        const ids = (await records(tableIdsSql(q, collections))).map((r) => String(r.id));
        const counts = (await records(tableCountSql(q, collections)))[0] ?? {};
        const facets = facetsOfRows(await records(tableFacetsSql(q.filters, collections)));
        const aggregates = aggregatesOfRows(await records(tableAggregatesSql(q, collections)));
        return {
          ids,
          total: Number(counts.total ?? 0),
          count: Number(counts.count ?? 0),
          facets,
          aggregates,
          ms: performance.now() - t0,
        };
      });
    },
    /** Serves tableView to the table worker on a port (app/runtime/sql/client.ts). */
    serveTable(port: MessagePort): void {
      Comlink.expose({ tableView: api.tableView, syncRows: api.syncRows }, port);
    },
  };
  return api;

  function latest(id: number): ArrowTableLike {
    if (last?.id !== id) throw new Error('that result was replaced by a newer query; run it again to export');
    return last.table;
  }
}

export type SqlWorkerApi = ReturnType<typeof createSqlWorkerApi>;
/** What the table worker asks of the SQL worker (serveTable). */
export type SqlTableEngine = Pick<SqlWorkerApi, 'tableView' | 'syncRows'>;
