import { afterEach, describe, expect, it, vi } from 'vitest';
import { queriesThroughImportRefreshes } from '../../testing/refresh-reads';
import { bridgeDataChanges } from './refresh/invalidation';

// The table's collection chooser is always on screen: what it reads on each of an import's
// once-a-second refreshes. Counting collections reads every stored row on the page's thread.
const reads = vi.hoisted(() => ({ summaries: 0, list: 0 }));
vi.mock('../../services/collections', () => ({
  collectionSummaries: async () => (reads.summaries++, []),
  listCollections: async () => (reads.list++, []),
  listDeletions: async () => [],
}));

const { collectionChooserQueries } = await import('./collections');

/** The chooser's two queries (its menu open or closed), then `n` refreshes of an import. */
async function refreshes(menuOpen: boolean, n: number): Promise<typeof reads> {
  reads.summaries = 0;
  reads.list = 0;
  await queriesThroughImportRefreshes(collectionChooserQueries(menuOpen), bridgeDataChanges, n);
  return { ...reads };
}

afterEach(() => vi.clearAllMocks());

describe('the collection chooser’s reads during an import', () => {
  it('reads only the collections (no row) on each refresh while its menu is closed', async () => {
    expect(await refreshes(false, 20)).toEqual({ summaries: 0, list: 21 });
  });

  it('counts the rows, and again on each refresh, while its menu is open', async () => {
    expect(await refreshes(true, 3)).toEqual({ summaries: 4, list: 4 });
  });
});
