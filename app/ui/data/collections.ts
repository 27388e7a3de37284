// Hooks over the collections service: the list with counts, and the deletions that can be undone.
import { useQuery } from '@tanstack/react-query';
import { collectionSummaries, listDeletions } from '../../services/collections';

export function useCollectionSummaries() {
  return useQuery({ queryKey: ['collections', 'summaries'], queryFn: collectionSummaries });
}

export function useDeletions() {
  return useQuery({ queryKey: ['collections', 'deletions'], queryFn: listDeletions });
}
