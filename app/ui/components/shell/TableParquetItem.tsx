import { plural } from '../../../core/plural';
import { downloadTableParquet } from '../../data/export/table-parquet';
import { parseHash } from '../../state/router';
import { useUi } from '../../state/ui-store';

/** Export ▾ → the Trajectories table as filtered and sorted, as Parquet (pandas, polars, DuckDB). */
export function TableParquetItem({ run }: { run: (fn: () => Promise<void>) => Promise<void> }) {
  const setToast = useUi((s) => s.setToast);
  return (
    <button
      type="button"
      role="menuitem"
      data-testid="export-table-parquet"
      title="The Trajectories table as filtered and sorted, as the Parquet `trajectories` table (docs/reference/sql.md); the Import dialog opens it again"
      onClick={() =>
        void run(async () => {
          if (parseHash(location.hash).page !== 'trajectories')
            throw new Error('open the Trajectories table: the Parquet export saves its rows as filtered');
          const rows = await downloadTableParquet();
          setToast(`Parquet of ${plural(rows, 'trajectory')} saved`);
        })
      }
    >
      Table as Parquet (the table as filtered)
    </button>
  );
}
