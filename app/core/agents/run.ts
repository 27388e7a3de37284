// Runs a strategy to a finished Trajectory: the live view and the stored result are the same fold
// (the builder's TrajectoryFolder) over the same events.
import { finalizeTrajectory, TrajectoryFolder, type TrajectoryEvent } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';
import { isAbort } from './session';
import type { StrategyContext, StrategyDef } from './types';

/**
 * Folds the strategy's events into a trajectory, calling `onEvent(event, draft)` after each (the
 * draft is the trajectory so far, unfinalized, a copy the caller may keep). Returns the finalized trajectory; a cancelled run
 * returns what it had, with finishReason "cancelled". Never throws for a run's own failures.
 */
export async function runStrategy<P extends object>(
  def: StrategyDef<P>,
  ctx: StrategyContext<P>,
  onEvent?: (e: TrajectoryEvent, draft: Trajectory) => void,
): Promise<Trajectory> {
  const folder = new TrajectoryFolder();
  const apply = (e: TrajectoryEvent) => {
    folder.apply(e);
    // The folder changes its draft in place; a listener gets a snapshot (O(steps), as a live
    // view's re-render is anyway).
    if (onEvent) {
      const d = folder.draft;
      onEvent(e, { ...d, steps: d.steps.slice(), ...(d.plan ? { plan: d.plan.slice() } : {}) });
    }
  };
  try {
    for await (const e of def.run(ctx)) apply(e);
  } catch (e) {
    // Strategies finish cleanly on their own; this guards a consumer-side or unforeseen failure.
    apply({ type: 'finish', reason: isAbort(e, ctx.signal) ? 'cancelled' : 'error' });
  }
  return finalizeTrajectory(folder.draft);
}
