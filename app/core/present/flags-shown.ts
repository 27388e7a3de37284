// Which flags a presenter's timeline shows once gold and flags are revealed: a flag on a step shows
// once that step has arrived (steps arrive in order, so its first position decides). Flags on no
// step, or on a step the trajectory lacks, are not the timeline's to show.
import type { Flag } from '../metrics/flags';
import type { Step } from '../schema/trajectory';

/**
 * The first position of each flagged step. Only flagged steps are looked up: a map of every step
 * id was a 75 ms task when a 100,000-step trajectory opened in the presenter.
 */
export function flaggedStepPositions(flags: readonly Flag[], steps: readonly Step[]): Map<string, number> {
  const wanted = new Set<string>();
  for (const f of flags) if (f.stepId !== undefined) wanted.add(f.stepId);
  const at = new Map<string, number>();
  for (let i = 0; i < steps.length && at.size < wanted.size; i++) {
    const id = steps[i]!.id;
    if (wanted.has(id) && !at.has(id)) at.set(id, i);
  }
  return at;
}

/** The flags whose step is among the first `arrived` steps. */
export function flagsShown(
  flags: readonly Flag[],
  positions: ReadonlyMap<string, number>,
  arrived: number,
): Flag[] {
  return flags.filter((f) => f.stepId !== undefined && (positions.get(f.stepId) ?? arrived) < arrived);
}
