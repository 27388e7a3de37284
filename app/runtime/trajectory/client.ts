// The page's side of the trajectory worker: starts it once and puts a trajectory's view back
// together from its messages, so no single task on the page deserializes a huge trajectory.
import * as Comlink from 'comlink';
import type { TrajectoryWorkerApi } from './api';
import type { TrajectoryView } from './view';
import { type TrajectoryViewMessage, ViewAssembler } from './view-messages';

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

/** The view of stored trajectory `id`, derived in the worker; null when not stored. */
export async function openTrajectoryView(id: string): Promise<TrajectoryView | null> {
  const view = new ViewAssembler();
  const receive = (m: TrajectoryViewMessage) => view.add(m);
  return (await trajectoryWorker().open(id, Comlink.proxy(receive))) ? view.result() : null;
}
