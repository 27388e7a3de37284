// React Query drops an invalidation that arrives while a query's first fetch is running: with no
// data yet, a refetch joins the fetch in flight instead of starting after it (query-core's
// Query.fetch). An import finishing while the table reads its rows for the first time was lost
// that way: the table kept the list read before the import. This replays such an invalidation
// once the fetch settles.
import type { Query, QueryClient } from '@tanstack/react-query';

export function keepLateInvalidations(qc: QueryClient): () => void {
  const late = new Set<Query>();
  return qc.getQueryCache().subscribe((e) => {
    if (e.type === 'removed') late.delete(e.query);
    if (e.type !== 'updated') return;
    const q = e.query;
    const t = e.action.type;
    if (t === 'invalidate' && q.state.fetchStatus !== 'idle' && q.state.data === undefined) late.add(q);
    else if ((t === 'success' || t === 'error') && late.delete(q))
      // After the cache has applied this result.
      queueMicrotask(() => void qc.invalidateQueries({ queryKey: q.queryKey, exact: true }));
  });
}
