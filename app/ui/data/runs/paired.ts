// React-query hooks over the paired-comparison service. Keys sit under `rows`, so whatever
// refreshes the rows (an import, a finished run) refreshes these too.
import { useQuery } from '@tanstack/react-query';
import type { PairedMetric } from '../../../core/compare/paired';
import {
  comparePairedGroups,
  listRunGroups,
  loadGroupsAsStrategies,
} from '../../../services/compare/paired-compare';
import { keys } from '../queries';

/** The groups a side can take. */
export function useRunGroups() {
  return useQuery({ queryKey: [...keys.rows, 'groups'], queryFn: listRunGroups });
}

export function usePairedComparison(a: string | null, b: string | null, metric: PairedMetric) {
  return useQuery({
    queryKey: [...keys.rows, 'paired', a, b, metric],
    queryFn: () => comparePairedGroups(a ?? '', b ?? '', metric),
    enabled: a !== null && b !== null,
  });
}

/** Trajectories of imported groups, labelled as strategies for the batch comparison. */
export function useGroupsAsStrategies(groupIds: readonly string[], reserved: readonly string[]) {
  return useQuery({
    queryKey: [...keys.rows, 'as-strategies', groupIds, reserved],
    queryFn: () => loadGroupsAsStrategies(groupIds, reserved),
    enabled: groupIds.length > 0,
  });
}
