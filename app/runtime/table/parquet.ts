// The table's rows as a Parquet file, written where the rows are (the table worker): each value
// read from the stored row through the SQL schema's columns (core/sql), none derived again, so
// the file is the `trajectories` table `index` writes and the Import dialog opens.
import * as Comlink from 'comlink';
import { rowsBatch } from '../../core/sql/indexed-rows';
import { batchToParquet } from '../../core/sql/parquet';
import type { TrajectoryRow } from '../../core/table/row';

/** `rows` (the view as filtered and sorted) as Parquet bytes, moved to the page, not copied. */
export function tableParquet(rows: readonly TrajectoryRow[]): { bytes: ArrayBuffer; rows: number } {
  const bytes = batchToParquet(rowsBatch(rows));
  return Comlink.transfer({ bytes, rows: rows.length }, [bytes]);
}
