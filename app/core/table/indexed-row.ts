// The mark of a table row opened from a Parquet index (`npm run cli -- index`, or the table's
// Parquet export): the row is stored, its trajectory body is not, so nothing can be derived again
// from it and the trajectory page says where the steps are instead (docs/storage.md).

import type { SearchRow } from '../sql/search-rows';

/** What an indexed row keeps of the `searches` table: one entry per search, in `k` order. */
export type IndexedSearch = Omit<SearchRow, 'trajectoryId'>;

export interface IndexedFrom {
  /** The Parquet file the row was read from (`run.parquet`). */
  parquet: string;
  /** Its searches, when the companion `.searches.parquet` was opened with it; null when not. */
  searches: IndexedSearch[] | null;
}
