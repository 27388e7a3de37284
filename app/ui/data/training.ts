// Hooks over training runs: the over-steps summaries and one question's samples, both computed in
// the table worker over the rows it holds (app/runtime/table/training.ts); the followed folders'
// state (app/services/training-follow.ts). Under the rows key, so every import refreshes them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { tableWorker } from '../../runtime/table/client';
import { followStatuses, subscribeFollows } from '../../services/training-follow';
import { useTableLoad } from './trajectories/table-view';

/** One summary per (run, step), recomputed in the worker after each read of the rows. */
export function useTrainingSummary() {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['training-summary', load.data],
    queryFn: () => tableWorker().trainingSummary(),
    enabled: load.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    // The plots keep showing the last summary while the next (a step just imported) is computed.
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });
}

/** Questions of `run` matching `text` (the picker of "one question through training"). */
export function useTrainingQuestions(run: string, text: string) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['training-questions', load.data, run, text],
    queryFn: () => tableWorker().trainingQuestions(run, text),
    enabled: load.data !== undefined && run !== '',
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** Every sample of `question` in `run`, by step. */
export function useQuestionSamples(run: string, question: string | null) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['training-question-samples', load.data, run, question],
    queryFn: () => tableWorker().questionSamples(run, question!),
    enabled: load.data !== undefined && run !== '' && question !== null,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** The folders followed now, and what each is doing. */
export function useFollows() {
  return useSyncExternalStore(subscribeFollows, followStatuses);
}

/** The run and question of training sample `id` (a `#/training/q/<id>` link); null without one. */
export function useTrainingSample(id: string | null) {
  const load = useTableLoad();
  return useQuery({
    queryKey: ['training-sample', load.data, id],
    queryFn: () => tableWorker().trainingSampleOf(id!),
    enabled: load.data !== undefined && id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
