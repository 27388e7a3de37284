// The table's data: filtering, sorting, grouping and aggregates run in the table worker over all
// rows; the page holds only the view's summary and the rows of the pages it shows. Invalidating
// the rows key (imports, deletions, question sets) makes the worker read the rows again: all of
// them, or only those of the trajectories an import batch stored when nothing else changed since.
import {
  keepPreviousData,
  type QueryClient,
  replaceEqualDeep,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TableQuery, ViewItem } from '../../../core/table/query';
import { tableWorker } from '../../../runtime/table/client';
import type { TableSource } from '../../../core/table/source';
import { keys } from '../queries';
import { firstReadHeld, holdFirstRead } from './first-read-hold';

/**
 * What changed in the rows since the worker last read them: every row (at first, and after any
 * change that is not just trajectories stored), or the ids of the trajectories stored.
 */
let changed: Set<string> | 'all' = 'all';

/** Called by the change bridge before it invalidates the rows; `ids` absent: every row. */
export function noteRowsChanged(ids?: readonly string[]): void {
  if (ids === undefined) changed = 'all';
  else if (changed !== 'all') for (const id of ids) changed.add(id);
}

/** What changed since the last call (the worker reads that now). */
export function takeRowsChanged(): Set<string> | 'all' {
  const take = changed;
  changed = new Set();
  return take;
}

/** Reads what changed since the last read; everything when this table has read nothing yet. */
async function loadChanged(first: boolean): Promise<number> {
  // The first read waits while the Training page draws the stored summaries (./first-read-hold.ts).
  if (first) await firstReadHeld();
  const taken = takeRowsChanged();
  const take = first ? 'all' : taken;
  try {
    return take === 'all' ? await tableWorker().load() : await tableWorker().loadIds([...take]);
  } catch (e) {
    // What this read should have brought in is not in the worker: read everything next time.
    changed = 'all';
    throw e;
  }
}

/** Items per page fetched from the worker. */
export const TABLE_PAGE = 100;

/** The table worker's read of the rows; under the rows key, so every invalidation reloads it. */
const loadKey = [...keys.rows, 'table-worker'];

/**
 * Holds the table worker's first read of every row (./first-read-hold.ts) unless a read has begun
 * already: call before the first useTableLoad of the page mounts.
 */
export function holdFirstRowsRead(qc: QueryClient): void {
  const s = qc.getQueryState(loadKey);
  if (s === undefined || (s.data === undefined && s.fetchStatus === 'idle')) holdFirstRead();
}

/** The table worker's read of the rows as a query (useTableLoad); its data counts the reads. */
export function tableLoadQuery(qc: QueryClient) {
  return {
    queryKey: loadKey,
    // A table mounted again after its read was dropped reads every row: another tab may have
    // imported meanwhile, and nothing here announced it.
    queryFn: () => loadChanged(qc.getQueryData(loadKey) === undefined),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/** The table worker's read of the rows; its data counts the reads, so views key on it. */
export function useTableLoad() {
  return useQuery(tableLoadQuery(useQueryClient()));
}

/**
 * The id of every row in id order, from the table worker (the trajectory page's previous and
 * next before the table has shown a view); asked only while `enabled`.
 */
export function useTableIds(enabled: boolean) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['table-ids', load.data],
    queryFn: () => tableWorker().ids(),
    enabled: enabled && load.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });
}

/** The table over IndexedDB's rows: the table worker computes the view, pages come on demand. */
export function useWorkerTable(q: TableQuery): TableSource {
  const load = useTableLoad();
  const view = useQuery({
    queryKey: ['table-view', load.data, q],
    queryFn: () => tableWorker().view(q),
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
    useWindow: (from, to) => useTableItems(queryId, from, to, q),
    csv: () => tableWorker().csv(queryId ?? -1),
  };
}

/**
 * The items of [from, to) of the view `queryId`, fetched by page; an item not fetched yet is
 * undefined (drawn as a placeholder row).
 */
export function useTableItems(queryId: number | undefined, from: number, to: number, q?: TableQuery) {
  const qc = useQueryClient();
  const first = Math.floor(Math.max(0, from) / TABLE_PAGE);
  const last = Math.floor(Math.max(0, to - 1) / TABLE_PAGE);
  const pages: number[] = [];
  if (queryId !== undefined) for (let p = first; p <= last; p++) pages.push(p);
  // The pages last shown, by page number. A refreshed view (an import adding rows) keeps showing
  // them until its own pages arrive: no flash of placeholders, no mounting every row twice.
  // (react-query's keepPreviousData does not carry over to a new key in useQueries.)
  const shown = useRef(new Map<number, ViewItem[]>());
  // Only a refresh of the same filter, sort and grouping: another query's rows at these
  // positions are other trajectories (a click would open the wrong one).
  const shownFor = useRef(q);
  if (shownFor.current !== q) {
    shownFor.current = q;
    shown.current = new Map();
  }
  const results = useQueries({
    queries: pages.map((p) => ({
      queryKey: ['table-items', queryId, p],
      queryFn: async () => {
        const page = await tableWorker().items(queryId!, p * TABLE_PAGE, (p + 1) * TABLE_PAGE);
        // The worker no longer holds this view (many queries since): compute the view again, or
        // these rows would stay placeholders.
        if (page === null) void qc.invalidateQueries({ queryKey: ['table-view'] });
        return page;
      },
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 30_000,
      placeholderData: () => shown.current.get(p),
      // Items equal to those shown keep their objects, so their rows skip rendering.
      structuralSharing: (_old: unknown, data: unknown) => replaceEqualDeep(shown.current.get(p), data),
    })),
  });
  useEffect(() => {
    const next = new Map<number, ViewItem[]>();
    results.forEach((r, k) => {
      const page = pages[k]!;
      const data = r.data ?? shown.current.get(page);
      if (data) next.set(page, data);
    });
    shown.current = next;
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
