// Hooks over the collections service: the list with counts, and the deletions that can be undone.
import { useQuery } from '@tanstack/react-query';
import { collectionSummaries, listDeletions } from '../../services/collections';

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

export function useDeletions() {
  return useQuery({ queryKey: ['collections', 'deletions'], queryFn: listDeletions });
}
