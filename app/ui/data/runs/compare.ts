// Hooks over the compare-runs service: the aligned comparison of a link's runs, and the runs of
// one question for the trajectory view's "All runs of this question".
import { useQuery } from '@tanstack/react-query';
import type { Trajectory } from '../../../core/schema/trajectory';
import { loadComparison, runsOfSameQuestion } from '../../../services/compare/compare-runs';
import { useQuestionIndex } from '../corpus/corpora';
import { useUi } from '../../state/ui-store';

export function useComparison(ids: readonly string[]) {
  const index = useQuestionIndex();
  return useQuery({
    queryKey: ['compare', ids.join('\u0000'), index.dataUpdatedAt],
    queryFn: () => loadComparison(ids, index.data ?? null),
    enabled: !index.isLoading,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRunsOfQuestion(t: Pick<Trajectory, 'id' | 'question'>) {
  // The runs in the collections chosen on the Trajectories table.
  const scope = useUi((s) => s.filters.collections);
  return useQuery({
    // Under ['rows'], so a new import (which invalidates the rows) refreshes the count. Keyed by
    // the id alone (its question comes with it): a 5 MB question in the key was hashed each render.
    queryKey: ['rows', 'same-question', t.id, scope],
    queryFn: () => runsOfSameQuestion(t, scope),
  });
}
