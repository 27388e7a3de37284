// The table's data: filtering, sorting, grouping and aggregates run in the table worker over all
// rows; the page holds only the view's summary and the rows of the pages it shows. Invalidating
// the rows key (imports, labels, deletions) makes the worker read the rows again.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import * as Comlink from 'comlink';
import type { TableWorkerApi } from '../../../workers/table.worker';
import type { TableQuery, ViewItem } from '../pages/table-rows';
import type { TableSource } from '../pages/table-source';
import { keys } from './queries';

let remote: Comlink.Remote<TableWorkerApi> | null = null;

function tableWorker(): Comlink.Remote<TableWorkerApi> {
  remote ??= Comlink.wrap<TableWorkerApi>(
    new Worker(new URL('../../../workers/table.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-table',
    }),
  );
  return remote;
}

/** Items per page fetched from the worker. */
export const TABLE_PAGE = 100;

/** The table over IndexedDB's rows: the table worker computes the view, pages come on demand. */
export function useWorkerTable(q: TableQuery): TableSource {
  // Under the rows key, so every invalidation of rows reloads the worker's copy.
  const load = useQuery({
    queryKey: [...keys.rows, 'table-worker'],
    queryFn: () => tableWorker().load(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const view = useQuery({
    queryKey: ['table-view', load.data, q],
    queryFn: () => tableWorker().query(q),
    enabled: load.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });
  const queryId = view.data?.queryId;
  // `pending`: the view shown is the previous query's while the worker computes this one.
  return {
    loading: load.isLoading || (view.isLoading && !view.data),
    pending: view.isPlaceholderData || load.isFetching,
    stale: view.isPlaceholderData,
    view: view.data,
    useWindow: (from, to) => useTableItems(queryId, from, to),
    csv: () => tableWorker().csv(queryId ?? -1),
  };
}

/**
 * The items of [from, to) of the view `queryId`, fetched by page; an item not fetched yet is
 * undefined (drawn as a placeholder row).
 */
export function useTableItems(queryId: number | undefined, from: number, to: number) {
  const first = Math.floor(Math.max(0, from) / TABLE_PAGE);
  const last = Math.floor(Math.max(0, to - 1) / TABLE_PAGE);
  const pages: number[] = [];
  if (queryId !== undefined) for (let p = first; p <= last; p++) pages.push(p);
  const results = useQueries({
    queries: pages.map((p) => ({
      queryKey: ['table-items', queryId, p],
      queryFn: () => tableWorker().items(queryId!, p * TABLE_PAGE, (p + 1) * TABLE_PAGE),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 30_000,
      // A refreshed view (an import adding rows) keeps showing the rows it had until the new
      // page arrives: no flash of placeholders, no rebuilding every row twice.
      placeholderData: keepPreviousData,
    })),
  });
  return (i: number): ViewItem | undefined => {
    const k = Math.floor(i / TABLE_PAGE) - first;
    return results[k]?.data?.[i % TABLE_PAGE];
  };
}

/** The item at `i` of view `queryId`, fetched now (keyboard actions on a row off screen). */
export async function tableItemAt(queryId: number, i: number): Promise<ViewItem | undefined> {
  return (await tableWorker().items(queryId, i, i + 1))?.[0];
}
