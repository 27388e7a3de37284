import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepLateInvalidations } from './late-invalidation';

/** A query whose first read is slow, invalidated while that read runs (an import finishing). */
async function scenario(keep: boolean): Promise<number[]> {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (keep) keepLateInvalidations(qc);
  let stored = 14;
  const reads: number[] = [];
  let release!: () => void;
  const firstRead = new Promise<void>((r) => (release = r));
  const observer = new QueryObserver(qc, {
    queryKey: ['rows', 'table-worker'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const n = stored;
      if (reads.length === 0) await firstRead;
      reads.push(n);
      return n;
    },
  });
  const seen: number[] = [];
  const unsubscribe = observer.subscribe((r) => {
    if (r.data !== undefined && seen.at(-1) !== r.data) seen.push(r.data);
  });
  await Promise.resolve();
  stored = 15;
  // Not awaited: the refetch joins the read in flight, which waits for release.
  void qc.invalidateQueries({ queryKey: ['rows'] });
  release();
  await new Promise((r) => setTimeout(r, 20));
  unsubscribe();
  return seen;
}

describe('keepLateInvalidations', () => {
  it('re-reads after an invalidation that arrived during the first fetch', async () => {
    expect(await scenario(true)).toEqual([14, 15]);
  });

  it('is needed: React Query alone keeps the stale first read', async () => {
    expect(await scenario(false)).toEqual([14]);
  });
});
