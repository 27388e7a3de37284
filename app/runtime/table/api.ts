// The table worker's API (workers/table.worker.ts exposes it): holds every table row and answers
// the table's questions (filter, sort, group, aggregates, filter choices; app/core/table) off the
// main thread, so 100,000 rows never stall the page. The page asks for the rows of the visible
// window only.
import * as Comlink from 'comlink';
import { aggregateByFile } from '../../core/table/aggregate';
import { FacetCounts } from '../../core/table/facets';
import { mergeRowChanges } from '../../core/table/merge-rows';
import {
  filterRows,
  groupRows,
  sortRows,
  type TableQuery,
  type TableView,
  type ViewItem,
} from '../../core/table/query';
import type { SqlTableEngine } from '../sql/api';
import type { TrajectoryRow } from '../../core/table/row';
import type { RowConfidence } from '../../core/table/row-confidence';
import { RowCompactor } from '../../core/table/row-compact';
import { tableCsv } from '../../core/table/table-csv';
import { StepSummaries } from '../../core/training/step-summary';
import { QuestionIndex } from '../../core/training/question-index';
import { tableParquet } from './parquet';
import { getRows, listRowsStamped } from '../../db/store';
import { type RowsStamp, rowsStamp } from '../../db/rows-writes';
import { StoredSummaryKeeper } from './stored-summary';
import { createSqlFeed } from './sql-feed';
import { type Collection, inScope, tableScopeTest } from '../../core/collections/collection';
import { listCollections } from '../../db/collection-store';
import { createTrainingApi } from './training';
import { catchUpRows } from './catch-up';

export function createTableWorkerApi() {
  let rows: TrajectoryRow[] = [];
  let loaded = 0;
  // One copy of each value the rows repeat (row-compact.ts): fresh at each full read, so values
  // only rows since deleted held are let go; a partial read adds to it.
  let compactor = new RowCompactor();
  let collections: Collection[] = [];
  // The filter choices of the rows in scope (the chosen collections), kept up to date from what
  // each read changed (an import's batch), never by a pass over every row; counted afresh when
  // the scope or the list of collections changes. `counted` is the scope they count, or null.
  const facetCounts = new FacetCounts();
  let counted: { key: string; test: (collection: string) => boolean } | null = null;
  // Every row's training steps: the training page reads training runs, which the table's default
  // scope leaves out.
  const steps = new StepSummaries();
  // The training runs' questions (the Training page's picker asks on every refresh of an import).
  const questions = new QuestionIndex();
  // The last views computed, by query id: a page may still read one another view replaced (the
  // table back on a cached view after a search, a refresh still showing its previous pages). A
  // view held only as "the latest" left such a table with placeholder rows for good.
  const views = new Map<number, { items: ViewItem[]; filtered: TrajectoryRow[] }>();
  let filtered: TrajectoryRow[] = [];
  let queries = 0;
  let loading: Promise<number> = Promise.resolve(0);
  const sql = createSqlFeed(() => rows);
  // The SQL worker's answers to the table's questions, once it runs (the SQL box started it).
  let engine: SqlTableEngine | Comlink.Remote<SqlTableEngine> | null = null;
  let syncing = false;
  // Off: at 100,000 rows the JS path answered 1.6-6x faster than SQL (docs/benchmarks.md, table-sql).
  let preferSql = false;
  let byId: { of: readonly TrajectoryRow[]; map: Map<string, TrajectoryRow> } | null = null;
  // The summaries stored for the next session's first plots, under the stamp the rows are proven at.
  const keeper = new StoredSummaryKeeper(
    () => steps.summaries(),
    (step) => {
      loading = loading.then(async () => (await step(), loaded)).catch(() => 0);
    },
  );

  /** The view of the kept rows in table order: items, ids and each row's item, sent to the page. */
  function finish(
    kept: TrajectoryRow[],
    q: TableQuery,
    parts: Pick<TableView, 'total' | 'aggregates' | 'facets'>,
    source: 'js' | 'sql',
  ): TableView & { queryId: number; source: 'js' | 'sql' } {
    const items = groupRows(kept, q.groupByFile);
    filtered = kept;
    const ids: string[] = [];
    const at: number[] = [];
    items.forEach((it, i) => {
      if (it.type !== 'row') return;
      ids.push(it.row.id);
      at.push(i);
    });
    const rowItems = Int32Array.from(at);
    const queryId = ++queries;
    views.set(queryId, { items, filtered: kept });
    views.delete(queryId - KEPT_VIEWS);
    const out = {
      queryId,
      loaded,
      count: ids.length,
      itemCount: items.length,
      ids,
      rowItems,
      source,
      ...parts,
    };
    return Comlink.transfer(out, [rowItems.buffer]);
  }

  /** The SQL worker's view, when its tables hold the rows held here; null otherwise. */
  async function sqlView(q: TableQuery) {
    if (!engine || !preferSql) return null;
    const at = sql.generation();
    const v = await engine.tableView(q, collections, at);
    if (v === null) {
      // Behind (a reload or an import batch since): bring it up to date for the views to come.
      if (!syncing) {
        syncing = true;
        void Promise.resolve(engine.syncRows())
          .catch(() => undefined)
          .finally(() => (syncing = false));
      }
      return null;
    }
    // The rows changed while SQL answered: its ids name rows no longer held.
    if (at !== sql.generation()) return null;
    if (byId?.of !== rows) byId = { of: rows, map: new Map(rows.map((r) => [r.id, r])) };
    const map = byId.map;
    const kept = v.ids.flatMap((id) => map.get(id) ?? []);
    if (kept.length !== v.ids.length) return null;
    return finish(kept, q, { total: v.total, aggregates: v.aggregates, facets: v.facets }, 'sql');
  }

  /**
   * Reads run one after another: two overlapping reads could finish out of order (one re-deriving
   * rows after a question set changed is slow), and the older list would then replace the newer.
   */
  function queue(read: () => Promise<RowsRead>): Promise<number> {
    const next = loading.then(async () => {
      const r = await read();
      if (r.changed) for (const row of r.changed.after) compactor.compact(row);
      else {
        compactor = new RowCompactor();
        for (const row of r.rows) compactor.compact(row);
      }
      rows = r.rows;
      const listed = await listCollections();
      const sameList = collectionsKey(listed) === collectionsKey(collections);
      collections = listed;
      // The SQL worker replaces just the rows a batch stored; anything else rebuilds its tables.
      sql.note(r.changed && r.ids ? r.ids : 'all');
      if (r.changed) {
        steps.change(r.changed.before, r.changed.after);
        questions.change(r.changed.before, r.changed.after);
        const c = counted;
        if (c && sameList)
          facetCounts.change(
            r.changed.before.filter((x) => c.test(x.collection)),
            r.changed.after.filter((x) => c.test(x.collection)),
          );
        else counted = null;
      } else {
        steps.reset(rows);
        questions.reset(rows);
        counted = null;
      }
      if (r.changed && r.ids) await keeper.idsRead(r.stamp, r.ids);
      else keeper.fullRead(r.stamp);
      return ++loaded;
    });
    loading = next.catch(() => 0);
    return next;
  }

  const api = {
    ...createTrainingApi(() => rows, steps, questions),
    /** Serves the SQL worker these rows (app/runtime/sql). */
    connectSql: (port: MessagePort) => sql.connectSql(port),
    /**
     * Brings every row up to what is stored (after an import, a deletion, a question set, any other
     * write): only the rows written since the rows held were proven current when the write log
     * names them (./catch-up.ts), else every row read from IndexedDB again.
     */
    load(): Promise<number> {
      return queue(async () => (await catchUpRows(rows, keeper.current())) ?? listRowsStamped());
    },
    /**
     * Reads the rows of these trajectories only (stored by an import since the last read; one that
     * is gone is dropped). Linear in the table, not in what IndexedDB holds: an import refreshing
     * the table after every batch no longer reads every row each time.
     */
    loadIds(ids: string[]): Promise<number> {
      return queue(async () => {
        // Before the read: every row write it counts is in what the read finds.
        const stamp = await rowsStamp();
        const fresh = await getRows(ids);
        // A row stored under another derivation needs listRows' re-derivation.
        if (fresh === null) return listRowsStamped();
        const m = mergeRowChanges(rows, ids, fresh);
        return { rows: m.rows, changed: m, ids, stamp };
      });
    },
    /** Resolves once the summaries due to be stored for the next session are (tests, benches). */
    flushStoredSummary: (): Promise<void> => keeper.flush(),
    /** The rows' stamp the rows held are proven current at (tests); null while not proven. */
    provenStamp: (): RowsStamp | null => keeper.current(),
    /** Takes the SQL worker's answers (the other end of the port given to its serveTable). */
    useSql(port: MessagePort): void {
      engine = Comlink.wrap<SqlTableEngine>(port);
    },
    /** Takes the SQL worker's API itself (Node tests, where both run in one thread). */
    useSqlEngine(e: SqlTableEngine): void {
      engine = e;
    },
    /** Whether view() asks SQL first (off by default: the JS path is faster; the bench turns it on). */
    preferSql(on: boolean): void {
      preferSql = on;
    },
    /**
     * The table's view: from SQL (core/sql/table-sql) when preferred and the SQL worker holds the
     * rows held here, else from the JS path (query); the two give the same view
     * (core/sql/table-sql.test.ts).
     */
    async view(q: TableQuery): Promise<TableView & { queryId: number; source: 'js' | 'sql' }> {
      return (await sqlView(q)) ?? api.query(q);
    },
    /** Filters, sorts and groups the rows in JS; the view's items stay here, read by window. */
    query(q: TableQuery): TableView & { queryId: number; source: 'js' | 'sql' } {
      // The chosen collections first: the total, the filter choices and the aggregates are theirs.
      const chosen = q.filters.collections ?? null;
      const run = q.filters.run ?? null;
      const scoped = inScope(rows, chosen, collections, run);
      const key = `${JSON.stringify([chosen, chosen === null ? run : null])}|${collectionsKey(collections)}`;
      if (counted?.key !== key) {
        facetCounts.reset(scoped);
        counted = { key, test: tableScopeTest(chosen, run, collections) };
      }
      const status = new Map(Object.entries(q.status));
      const judged = new Map(Object.entries(q.judged ?? {}));
      const kept = sortRows(filterRows(scoped, q.filters, status, judged), q.sort);
      return finish(
        kept,
        q,
        { total: scoped.length, aggregates: aggregateByFile(kept), facets: facetCounts.facets() },
        'js',
      );
    },
    /** Items [from, to) of view `queryId`; null once it is no longer among the views kept. */
    items(queryId: number, from: number, to: number): ViewItem[] | null {
      const items = views.get(queryId)?.items;
      if (!items) return null;
      // Without the search text (all the reasoning, queries and titles, kilobytes a row): only the
      // filter reads it, here, and copying it to the page for every page of rows cost frames.
      return items
        .slice(Math.max(0, from), Math.max(0, to))
        .map((it) => (it.type === 'row' ? { type: 'row', row: { ...it.row, searchText: '' } } : it));
    },
    /**
     * The id of every row, in id order (as IndexedDB lists them): the trajectory page's previous
     * and next before the table has shown a view. Leaves the current view alone.
     */
    ids(): string[] {
      return rows.map((r) => r.id);
    },
    /**
     * The confidence of each of `ids` this worker holds (`null`: a row without one), and the ids it
     * does not hold: the unsure-judge plan reads these here, not every row from IndexedDB on the
     * page's thread (a 1.4 s task at each refresh of a big import, profiled).
     */
    confidences(ids: string[]): { held: Array<[string, RowConfidence | null]>; missing: string[] } {
      if (byId?.of !== rows) byId = { of: rows, map: new Map(rows.map((r) => [r.id, r])) };
      const map = byId.map;
      const held: Array<[string, RowConfidence | null]> = [];
      const missing: string[] = [];
      for (const id of ids) {
        const r = map.get(id);
        if (r) held.push([id, r.sure]);
        else missing.push(id);
      }
      return { held, missing };
    },
    /** The last view (the table on screen) as a Parquet `trajectories` table (./parquet.ts). */
    parquet: () => tableParquet(filtered),
    /** The view `queryId` as CSV (rows as filtered and sorted, then the aggregates). */
    csv(queryId: number) {
      const view = views.get(queryId);
      if (!view) throw new Error('the table changed while exporting; export again');
      return tableCsv(view.filtered);
    },
  };
  return api;
}

/** How many of the latest views stay readable by window (each holds references, not copies). */
export const KEPT_VIEWS = 8;

export type TableWorkerApi = ReturnType<typeof createTableWorkerApi>;

/** A read of the rows: every row, and what changed when it merged some (else all is new). */
interface RowsRead {
  rows: TrajectoryRow[];
  /** The rows' stamp read before the read (db/rows-writes.ts). */
  stamp: RowsStamp;
  changed?: { before: TrajectoryRow[]; after: TrajectoryRow[] };
  /** The ids the read was asked for (loadIds), which the SQL worker replaces. */
  ids?: string[];
}

/** What of the list of collections decides a scope (which are training runs). */
function collectionsKey(list: readonly Collection[]): string {
  return list.map((c) => `${c.id}:${c.kind}`).join(',');
}
