// Hooks over the collections service: the list with counts, and the deletions that can be undone.
import { useQuery } from '@tanstack/react-query';
import { collectionSummaries, listCollections, listDeletions } from '../../services/collections';

/**
 * Every collection with its counts, a read of every row: `enabled` false reads nothing (the import
 * dialog, always mounted, while closed: an import's refresh once a second read every row).
 */
export const collectionSummariesQuery = (enabled = true) => ({
  queryKey: ['collections', 'summaries'] as const,
  queryFn: collectionSummaries,
  enabled,
});

export function useCollectionSummaries(enabled = true) {
  return useQuery(collectionSummariesQuery(enabled));
}

/**
 * Every collection's name and kind, without counts: one read of the collections store, not of the
 * rows (the table's chooser, always mounted, refreshed once a second while an import runs).
 */
export const collectionListQuery = (enabled = true) => ({
  queryKey: ['collections', 'list'] as const,
  queryFn: listCollections,
  enabled,
});

export function useCollectionList(enabled = true) {
  return useQuery(collectionListQuery(enabled));
}

export function useDeletions() {
  return useQuery({ queryKey: ['collections', 'deletions'], queryFn: listDeletions });
}

/**
 * The table's collection chooser: names and kinds always, counts only while its menu is open
 * (`menuOpen`); the chooser is always on screen.
 */
export const collectionChooserQueries = (menuOpen: boolean) =>
  [collectionListQuery(), collectionSummariesQuery(menuOpen)] as const;

export function useCollectionChooser(menuOpen: boolean) {
  const [listQuery, countsQuery] = collectionChooserQueries(menuOpen);
  const list = useQuery(listQuery).data;
  const counts = useQuery(countsQuery).data;
  return { list, counts };
}
