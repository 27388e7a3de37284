// Where the table's view comes from: the app's table worker (app/ui/data/table-view.ts) or rows
// held in memory (the HTML report, which has no workers and no IndexedDB). The table calls the
// source it is given as a hook; this file imports no worker, so the report's bundle has none.
import { useMemo } from 'react';
import { aggregateByFile } from '../../core/table/aggregate';
import type { TrajectoryRow } from '../../core/table/row';
import { tableFacets } from '../../core/table/facets';
import { type TableQuery, tableView } from '../../core/table/query';
import type { TableSource } from '../../core/table/source';
import { tableCsv } from '../../core/table/table-csv';

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
