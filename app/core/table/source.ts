// What the table component asks of wherever its view comes from: the table worker (the app,
// app/ui/data/table-view.ts) or rows held in memory (the HTML report, app/ui/pages/table-source.ts).
import type { TableQuery, TableView, ViewItem } from './query';
import type { CsvCell } from './to-csv';

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
