// The Trajectories table as filtered and sorted, saved as a Parquet `trajectories` table: the
// table worker writes it from the rows it holds (runtime/table/parquet); the page only saves it.
import { tableWorker } from '../../../runtime/table/client';
import { downloadBlob, stamp } from './download';

/** Saves the table's view as Parquet; resolves with how many rows the file holds. */
export async function downloadTableParquet(): Promise<number> {
  const { bytes, rows } = await tableWorker().parquet();
  if (rows === 0) throw new Error('the table shows no trajectories; clear the filters first');
  downloadBlob(
    `hopscope-table-${stamp()}.parquet`,
    new Blob([bytes], { type: 'application/vnd.apache.parquet' }),
  );
  return rows;
}
