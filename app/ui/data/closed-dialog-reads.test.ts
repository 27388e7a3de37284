import { afterEach, describe, expect, it, vi } from 'vitest';
import { queriesThroughImportRefreshes } from '../../testing/refresh-reads';
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

/** The closed or open import dialog's two queries, then `n` of an import's once-a-second refreshes. */
async function refreshes(open: boolean, n: number): Promise<typeof reads> {
  reads.summaries = 0;
  reads.list = 0;
  reads.imports = 0;
  await queriesThroughImportRefreshes([collectionListQuery(open), importsQuery(open)], bridgeDataChanges, n);
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
