// The SQL box's data: the SQL worker (app/runtime/sql) loads the tables from the table worker's
// rows and the stored labels, kept current as they change (each read of the table's rows, each
// change to the labels, brings the SQL tables up to date before the next result), then runs the
// box's query. Nothing starts until a query is asked for.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SqlAnswer } from '../../runtime/sql/api';
import { sqlWorker } from '../../runtime/sql/client';
import { downloadBlob, downloadText, stamp } from './export/download';
import { useAllAnnotations } from './queries';
import { useTableLoad } from './trajectories/table-view';

export type { SqlAnswer, SqlState } from '../../runtime/sql/api';

/**
 * The SQL tables' trajectories and searches brought up to the table worker's rows (one load shared
 * by the SQL box and the Training page); placeholder data while a newer read of the rows loads.
 */
export function useSqlRows(enabled: boolean) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['sql-rows', load.data],
    queryFn: () => sqlWorker().syncRows(),
    enabled: enabled && load.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** The SQL tables brought up to the stored rows and labels; `version` changes when they change. */
function useSqlTables(enabled: boolean) {
  const annotations = useAllAnnotations();
  const rows = useSqlRows(enabled);
  const labels = useQuery({
    queryKey: ['sql-labels', annotations.dataUpdatedAt],
    queryFn: () => sqlWorker().syncLabels(),
    enabled: enabled && annotations.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  const ready = rows.data !== undefined && labels.data !== undefined;
  // A result runs once both loads it depends on are done (never over a table being reloaded).
  const current = ready && !rows.isPlaceholderData && !labels.isPlaceholderData;
  return {
    ready,
    loading: rows.isFetching || labels.isFetching,
    error: rows.error ?? labels.error,
    state: rows.data && labels.data ? { ...rows.data, labels: labels.data.labels } : undefined,
    version: current ? `${rows.data.generation}:${labels.dataUpdatedAt}` : null,
  };
}

/** The result of `sql` (null: none asked), re-run when the tables change. */
export function useSqlResult(sql: string | null) {
  const tables = useSqlTables(sql !== null);
  const result = useQuery({
    queryKey: ['sql-result', sql, tables.version],
    queryFn: async (): Promise<SqlAnswer> => sqlWorker().query(sql as string),
    enabled: sql !== null && tables.version !== null,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    structuralSharing: false,
    gcTime: 0,
  });
  return {
    tables,
    answer: result.data,
    running: result.isFetching || (sql !== null && !tables.ready),
    error: result.error ?? tables.error,
  };
}

/** Downloads result `id` (every row, not only those shown) as CSV. */
export async function downloadSqlCsv(id: number): Promise<void> {
  downloadText(`hopscope-sql-${stamp()}.csv`, await sqlWorker().csv(id), 'text/csv');
}

/** Downloads result `id` as Parquet, each column typed from DuckDB's Arrow type. */
export async function downloadSqlParquet(id: number): Promise<void> {
  const bytes = await sqlWorker().parquet(id);
  downloadBlob(
    `hopscope-sql-${stamp()}.parquet`,
    new Blob([bytes], { type: 'application/vnd.apache.parquet' }),
  );
}
