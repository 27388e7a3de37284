// React-query hooks over stored corpora, question sets and indexes, and the bundled demo world.
import { useQuery } from '@tanstack/react-query';
import { ensureDemoWorld } from '../../../services/corpus/corpora';
import { getQuestionSet, listCorpora, listIndexes, listQuestionSets } from '../../../db/corpus-store';
import { currentQuestionIndex } from '../../../db/question-index';

export { removeCorpus } from '../../../services/corpus/corpora';

export const corpusKeys = {
  corpora: ['corpora'] as const,
  questionSets: ['question-sets'] as const,
  questionSet: (id: string) => ['question-set', id] as const,
  indexes: (corpusId: string) => ['indexes', corpusId] as const,
  demoWorld: ['demo-world'] as const,
  questionIndex: ['question-index'] as const,
};

export function useDemoWorld() {
  return useQuery({
    queryKey: corpusKeys.demoWorld,
    queryFn: ensureDemoWorld,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCorpora() {
  return useQuery({ queryKey: corpusKeys.corpora, queryFn: listCorpora });
}

export function useQuestionSets() {
  return useQuery({ queryKey: corpusKeys.questionSets, queryFn: listQuestionSets });
}

export function useQuestionSet(id: string | null) {
  return useQuery({
    queryKey: corpusKeys.questionSet(id ?? ''),
    queryFn: async () => (id ? ((await getQuestionSet(id)) ?? null) : null),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useIndexes(corpusId: string | null) {
  return useQuery({
    queryKey: corpusKeys.indexes(corpusId ?? ''),
    queryFn: () => (corpusId ? listIndexes(corpusId) : Promise.resolve([])),
    enabled: corpusId !== null,
  });
}

/**
 * Every stored question, by id and by normalized text, for joining gold onto trajectories (null
 * while no question set is stored): the index the stored rows are derived with, built once per
 * change of the sets (db/question-index).
 */
export function useQuestionIndex() {
  return useQuery({
    queryKey: corpusKeys.questionIndex,
    queryFn: async () => (await currentQuestionIndex()).index,
    staleTime: 60_000,
  });
}
