// The trajectory page's data: the trajectory worker reads the record, joins gold and derives
// metrics, diagnosis, flags and the plan layout (app/runtime/trajectory).
import { useQuery } from '@tanstack/react-query';
import { openTrajectoryView } from '../../../runtime/trajectory/client';

export { warmTrajectoryWorker } from '../../../runtime/trajectory/client';
export type { TrajectoryView } from '../../../runtime/trajectory/view';

export const trajectoryViewKey = (id: string) => ['trajectory-view', id] as const;

/** A stored trajectory as its page shows it; null when no trajectory has this id. */
export function useTrajectoryView(id: string) {
  return useQuery({
    queryKey: trajectoryViewKey(id),
    queryFn: () => openTrajectoryView(id),
    staleTime: Number.POSITIVE_INFINITY,
    // Comparing a 100,000-step record with the previous copy would be one long task.
    structuralSharing: false,
  });
}
