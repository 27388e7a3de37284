import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceStored } from '../../services/changes';
import { bridgeDataChanges } from './refresh/invalidation';

// Counts the reads the import dialog's queries make: its collections (names only: a count of them
// reads every row) and every report.
const reads = vi.hoisted(() => ({ summaries: 0, list: 0, imports: 0 }));
vi.mock('../../services/collections', () => ({
  collectionSummaries: async () => (reads.summaries++, []),
  listCollections: async () => (reads.list++, []),
  listDeletions: async () => [],
}));
vi.mock('../../db/store', () => ({ listImports: async () => (reads.imports++, []) }));

const { collectionListQuery } = await import('./collections');
const { importsQuery } = await import('./queries');

const settle = () => new Promise((r) => setTimeout(r, 5));

/** The closed or open import dialog's two queries, then `n` of an import's once-a-second refreshes. */
async function refreshes(open: boolean, n: number): Promise<typeof reads> {
  reads.summaries = 0;
  reads.list = 0;
  reads.imports = 0;
  const qc = new QueryClient();
  const uninstall = bridgeDataChanges(qc);
  const off = [
    new QueryObserver(qc, collectionListQuery(open)).subscribe(() => {}),
    new QueryObserver(qc, importsQuery(open)).subscribe(() => {}),
  ];
  await settle();
  for (let i = 0; i < n; i++) {
    announceStored([`t${i}`]);
    await settle();
  }
  off.forEach((f) => f());
  uninstall();
  return { ...reads };
}

afterEach(() => vi.clearAllMocks());

describe('the import dialog’s reads during an import', () => {
  it('reads neither every row (collection counts) nor every report while the dialog is closed', async () => {
    expect(await refreshes(false, 20)).toEqual({ summaries: 0, list: 0, imports: 0 });
  });

  it('reads the collections’ names (never their counts) and the reports on each refresh while open', async () => {
    const open = await refreshes(true, 3);
    expect(open.summaries).toBe(0);
    expect(open.list).toBe(4);
    expect(open.imports).toBe(4);
  });
});
