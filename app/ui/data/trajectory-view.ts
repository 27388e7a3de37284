// The trajectory page's data: the trajectory worker reads the record, joins gold and derives
// metrics, diagnosis, flags and the plan layout (app/services/trajectory-view.ts); the record
// arrives in chunks, so no single task on the page deserializes a huge trajectory.
import { useQuery } from '@tanstack/react-query';
import * as Comlink from 'comlink';
import {
  type TrajectoryView,
  type TrajectoryViewMessage,
  ViewAssembler,
} from '../../services/trajectory-view';
import type { TrajectoryWorkerApi } from '../../../workers/trajectory.worker';

export type { TrajectoryView } from '../../services/trajectory-view';

let remote: Comlink.Remote<TrajectoryWorkerApi> | null = null;

function trajectoryWorker(): Comlink.Remote<TrajectoryWorkerApi> {
  remote ??= Comlink.wrap<TrajectoryWorkerApi>(
    new Worker(new URL('../../../workers/trajectory.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-trajectory',
    }),
  );
  return remote;
}

/**
 * Starts the trajectory worker once the page is idle, so the first trajectory opened does not
 * wait for the worker to load; returns the cancel (for an effect's cleanup).
 */
export function warmTrajectoryWorker(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => void trajectoryWorker(), { timeout: 3_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => void trajectoryWorker(), 1_000);
  return () => clearTimeout(handle);
}

async function openView(id: string): Promise<TrajectoryView | null> {
  const view = new ViewAssembler();
  const receive = (m: TrajectoryViewMessage) => view.add(m);
  return (await trajectoryWorker().open(id, Comlink.proxy(receive))) ? view.result() : null;
}

export const trajectoryViewKey = (id: string) => ['trajectory-view', id] as const;

/** A stored trajectory as its page shows it; null when no trajectory has this id. */
export function useTrajectoryView(id: string) {
  return useQuery({
    queryKey: trajectoryViewKey(id),
    queryFn: () => openView(id),
    staleTime: Number.POSITIVE_INFINITY,
    // Comparing a 100,000-step record with the previous copy would be one long task.
    structuralSharing: false,
  });
}
