// React-query access to stored batch runs for the Run page's views.
import { useQuery } from '@tanstack/react-query';
import { batchTrajectories, listBatches } from '../../../db/batch-store';
import type { BatchRecord } from '../../../db/db';

export const batchKeys = {
  batches: ['batches'] as const,
  trajectories: (id: string, done: number, version: number) =>
    ['batch-trajectories', id, done, version] as const,
};

export function useBatches() {
  return useQuery({ queryKey: batchKeys.batches, queryFn: listBatches });
}

/** The trajectories a batch has stored; `version` changes as the runner stores more. */
export function useBatchTrajectories(b: BatchRecord, version: number) {
  return useQuery({
    queryKey: batchKeys.trajectories(b.id, b.done.length, version),
    queryFn: () => batchTrajectories(b),
  });
}

export { removeBatch } from '../../../services/batch/batch-create';
