// React-query hooks over stored corpora, question sets and indexes, and the bundled demo world.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { buildQuestionIndex } from '../../core/corpus/gold-join';
import { dataChanged } from './invalidation';
import {
  allQuestionSets,
  deleteCorpus,
  getQuestionSet,
  listCorpora,
  listIndexes,
  listQuestionSets,
} from '../../db/corpus-store';
import { getMeta, setMeta } from '../../db/store';
import { searchWorker } from '../../runtime/retrieval-client';

export const corpusKeys = {
  corpora: ['corpora'] as const,
  questionSets: ['question-sets'] as const,
  questionSet: (id: string) => ['question-set', id] as const,
  indexes: (corpusId: string) => ['indexes', corpusId] as const,
  demoWorld: ['demo-world'] as const,
  questionIndex: ['question-index'] as const,
};

export const DEMO_WORLD_NAME = 'Veloria demo world';

/**
 * Stores the bundled demo world (corpus + questions) once per page load; storing is idempotent
 * (content-hash ids). When the bundled files change, the old copy is replaced.
 */
export async function ensureDemoWorld(): Promise<string> {
  const base = `${import.meta.env.BASE_URL}demo/world/`;
  const sw = searchWorker();
  const corpus = await sw.loadUrl(`${base}corpus.jsonl`, 'corpus.jsonl', { name: DEMO_WORLD_NAME });
  if (!corpus.corpusId)
    throw new Error(`the demo corpus did not load: ${corpus.errors[0]?.message ?? 'no passages'}`);
  await sw.loadUrl(`${base}questions.jsonl`, 'questions.jsonl', {
    name: `${DEMO_WORLD_NAME} questions`,
    attachTo: corpus.corpusId,
  });
  const previous = await getMeta<string>('demo-world');
  if (previous && previous !== corpus.corpusId) await deleteCorpus(previous);
  await setMeta('demo-world', corpus.corpusId);
  return corpus.corpusId;
}

/** Deletes a corpus with its indexes and linked question sets, then refreshes the lists. */
export async function removeCorpus(qc: QueryClient, corpusId: string): Promise<void> {
  await deleteCorpus(corpusId);
  await dataChanged(qc, 'corpora', 'question-sets');
}

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

/** Every stored question, by id and by normalized text, for joining gold onto trajectories. */
export function useQuestionIndex() {
  return useQuery({
    queryKey: corpusKeys.questionIndex,
    queryFn: async () => buildQuestionIndex(await allQuestionSets()),
    staleTime: 60_000,
  });
}
