// React-query hooks over forks: a trajectory's forks, its gold passage, passages to put in.
import { useQuery } from '@tanstack/react-query';
import type { Trajectory } from '../../../core/schema/trajectory';
import {
  forksOf,
  goldPassageFor,
  type ModelSource,
  type RetrieverConfig,
  searchReplacements,
} from '../../../services/compare/fork';

export type { RetrieverConfig };

export const forkKeys = {
  forks: (parentId: string) => ['forks', parentId] as const,
  gold: (id: string) => ['fork-gold', id] as const,
};

export function useForks(parentId: string) {
  return useQuery({ queryKey: forkKeys.forks(parentId), queryFn: () => forksOf(parentId) });
}

export function useGoldPassage(t: Trajectory) {
  return useQuery({
    queryKey: [...forkKeys.gold(t.id), t.gold?.supporting?.length ?? 0],
    queryFn: () => goldPassageFor(t),
    staleTime: 60_000,
  });
}

export function useReplacementSearch(retriever: RetrieverConfig | null, embed: ModelSource, query: string) {
  return useQuery({
    queryKey: ['fork-replacements', retriever, embed.modelId, query],
    queryFn: () => (retriever ? searchReplacements(retriever, embed, query) : Promise.resolve([])),
    enabled: retriever !== null && query.trim() !== '',
    staleTime: 60_000,
  });
}
