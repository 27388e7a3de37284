// The mark of a table row opened from a Parquet index (`npm run cli -- index`, or the table's
// Parquet export): the row is stored, its trajectory body is not, so nothing can be derived again
// from it and the trajectory page says where the steps are instead (docs/storage.md). The row's
// searches are its own `searches` field, held once; the mark says only whether they were read.

import type { SearchRow } from '../sql/search-rows';

export interface IndexedFrom {
  /** The Parquet file the row was read from (`run.parquet`). */
  parquet: string;
  /** The companion `.searches.parquet` was opened with it, so the row's `searches` are the index's. */
  searchesOpened: boolean;
}

/** What rows stored before the mark held the searches themselves carry (read, never written). */
interface LegacyIndexedFrom {
  parquet: string;
  searches?: unknown[] | null;
}

/**
 * An indexed row's searches as the index lists them; null when its searches file was not opened
 * (or the row is not indexed). A row stored by an older version says so by its own copy.
 */
export function indexedSearches(row: { indexed?: IndexedFrom; searches: SearchRow[] }): SearchRow[] | null {
  const from = row.indexed as (IndexedFrom & LegacyIndexedFrom) | undefined;
  if (!from) return null;
  const opened = from.searchesOpened ?? Array.isArray(from.searches);
  return opened ? row.searches : null;
}
