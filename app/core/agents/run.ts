// Runs a strategy to a finished Trajectory: the live view and the stored result are the same fold
// (the builder's TrajectoryFolder) over the same events.
import { finalizeTrajectory, TrajectoryFolder, type TrajectoryEvent } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';
import { isAbort } from './session';
import type { StrategyContext, StrategyDef } from './types';

/**
 * Called after each event with the trajectory so far: the folder's own draft, unfinalized, which
 * later events change in place (read it during the call; a view that keeps it takes finalized
 * snapshots, core/schema/draft-snapshots.ts). Nothing is copied per event: a token used to copy
 * the whole step array.
 */
export type OnRunEvent = (e: TrajectoryEvent, draft: Trajectory) => void;

/**
 * Folds the strategy's events into a trajectory, calling `onEvent(event, draft)` after each.
 * Returns the finalized trajectory; a cancelled run returns what it had, with finishReason
 * "cancelled". Never throws for a run's own failures.
 */
export async function runStrategy<P extends object>(
  def: StrategyDef<P>,
  ctx: StrategyContext<P>,
  onEvent?: OnRunEvent,
): Promise<Trajectory> {
  const folder = new TrajectoryFolder();
  const apply = (e: TrajectoryEvent) => {
    folder.apply(e);
    onEvent?.(e, folder.draft);
  };
  try {
    for await (const e of def.run(ctx)) apply(e);
  } catch (e) {
    // Strategies finish cleanly on their own; this guards a consumer-side or unforeseen failure.
    apply({ type: 'finish', reason: isAbort(e, ctx.signal) ? 'cancelled' : 'error' });
  }
  return finalizeTrajectory(folder.draft);
}
