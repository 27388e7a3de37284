// The table worker's API (workers/table.worker.ts exposes it): holds every table row and answers
// the table's questions (filter, sort, group, aggregates, filter choices; app/core/table) off the
// main thread, so 100,000 rows never stall the page. The page asks for the rows of the visible
// window only.
import * as Comlink from 'comlink';
import { aggregateByFile } from '../../core/table/aggregate';
import { tableFacets } from '../../core/table/facets';
import { mergeRows } from '../../core/table/merge-rows';
import { type TableQuery, type TableView, tableView, type ViewItem } from '../../core/table/query';
import type { TrajectoryRow } from '../../core/table/row';
import { tableCsv } from '../../core/table/table-csv';
import { getRows, listRows } from '../../db/store';
import { type Collection, inScope } from '../../core/collections/collection';
import { listCollections } from '../../db/collection-store';
import { createTrainingApi } from './training';

export function createTableWorkerApi() {
  let rows: TrajectoryRow[] = [];
  let loaded = 0;
  let collections: Collection[] = [];
  // The filter choices of the rows in scope, for the scope they were read for.
  let facets = { scope: '', loaded: -1, facets: tableFacets([]) };
  let items: ViewItem[] = [];
  let filtered: TrajectoryRow[] = [];
  let queries = 0;
  let loading: Promise<number> = Promise.resolve(0);

  /**
   * Reads run one after another: two overlapping reads could finish out of order (one re-deriving
   * rows after a question set changed is slow), and the older list would then replace the newer.
   */
  function queue(read: () => Promise<TrajectoryRow[]>): Promise<number> {
    const next = loading.then(async () => {
      rows = await read();
      collections = await listCollections();
      return ++loaded;
    });
    loading = next.catch(() => 0);
    return next;
  }

  return {
    ...createTrainingApi(() => rows),
    /** Reads every row from IndexedDB again (after a deletion, a question set, any other write). */
    load(): Promise<number> {
      return queue(async () => listRows());
    },
    /**
     * Reads the rows of these trajectories only (stored by an import since the last read; one that
     * is gone is dropped). Linear in the table, not in what IndexedDB holds: an import refreshing
     * the table after every batch no longer reads every row each time.
     */
    loadIds(ids: string[]): Promise<number> {
      return queue(async () => {
        const fresh = await getRows(ids);
        // A row stored under another derivation needs listRows' re-derivation.
        return fresh === null ? listRows() : mergeRows(rows, ids, fresh);
      });
    },
    /** Filters, sorts and groups the rows; the view's items stay here, read by window. */
    query(q: TableQuery): TableView & { queryId: number } {
      // The chosen collections first: the total, the filter choices and the aggregates are theirs.
      const scoped = inScope(rows, q.filters.collections ?? null, collections);
      const scope = JSON.stringify(q.filters.collections ?? null);
      if (facets.loaded !== loaded || facets.scope !== scope)
        facets = { scope, loaded, facets: tableFacets(scoped) };
      const v = tableView(scoped, q);
      items = v.items;
      filtered = v.filtered;
      const rowItems = Int32Array.from(v.rowItems);
      const out = {
        queryId: ++queries,
        loaded,
        total: scoped.length,
        count: v.ids.length,
        itemCount: items.length,
        ids: v.ids,
        rowItems,
        aggregates: aggregateByFile(v.filtered),
        facets: facets.facets,
      };
      return Comlink.transfer(out, [rowItems.buffer]);
    },
    /** Items [from, to) of view `queryId`; null once a newer query replaced it. */
    items(queryId: number, from: number, to: number): ViewItem[] | null {
      if (queryId !== queries) return null;
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
    /** The view `queryId` as CSV (rows as filtered and sorted, then the aggregates). */
    csv(queryId: number) {
      if (queryId !== queries) throw new Error('the table changed while exporting; export again');
      return tableCsv(filtered);
    },
  };
}

export type TableWorkerApi = ReturnType<typeof createTableWorkerApi>;
