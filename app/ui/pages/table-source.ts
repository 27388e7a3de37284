// Where the table's view comes from: the app's table worker (app/ui/data/table-view.ts) or rows
// held in memory (the HTML report, which has no workers and no IndexedDB). The table calls the
// source it is given as a hook; this file imports no worker, so the report's bundle has none.
import { useMemo } from 'react';
import { aggregateByFile } from '../../core/table/aggregate';
import type { TrajectoryRow } from '../../core/table/row';
import { tableCsv } from '../../core/table/table-csv';
import type { CsvCell } from '../../core/table/to-csv';
import { type TableQuery, type TableView, tableFacets, tableView, type ViewItem } from './table-rows';

export interface TableSource {
  loading: boolean;
  /** The view shown is the previous query's while this one is computed. */
  pending: boolean;
  /** The view shown was computed for another query or an older read of the rows. */
  stale: boolean;
  view: (TableView & { queryId: number }) | undefined;
  /** A hook: the item at each index of the window [from, to), once it is at hand. */
  useWindow: (from: number, to: number) => (i: number) => ViewItem | undefined;
  /** The view as CSV: rows as filtered and sorted, then the aggregates. */
  csv: () => Promise<{ header: string[]; rows: CsvCell[][] }>;
}

/** A hook giving the view of `q`, called by the table on every render. */
export type UseTableSource = (q: TableQuery) => TableSource;

/** The table over rows held in memory, computed here. */
export function useMemoryTable(rows: readonly TrajectoryRow[], q: TableQuery): TableSource {
  return useMemo(() => {
    const v = tableView(rows, q);
    const view = {
      queryId: 0,
      loaded: 0,
      total: rows.length,
      count: v.ids.length,
      itemCount: v.items.length,
      ids: v.ids,
      rowItems: Int32Array.from(v.rowItems),
      aggregates: aggregateByFile(v.filtered),
      facets: tableFacets(rows),
    };
    const itemAt = (i: number) => v.items[i];
    return {
      loading: false,
      pending: false,
      stale: false,
      view,
      useWindow: () => itemAt,
      csv: () => Promise.resolve(tableCsv(v.filtered)),
    };
  }, [rows, q]);
}
