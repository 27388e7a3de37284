// What the app's trajectory page and the report's share besides their parts: opening a step (its
// number in the address) and the keys that move between steps and trajectories.
import { stepNumber } from '../../../core/schema/step-number';
import type { Step, Trajectory } from '../../../core/schema/trajectory';
import { navigate } from '../../state/router';

/** Shows step `sid` of `t`, its 1-based number in the address (replacing the current entry). */
export function openStep(t: Trajectory, sid: string): void {
  const s = t.steps.find((x) => x.id === sid);
  if (s) navigate({ page: 'trajectory', id: t.id, step: String(stepNumber(s)) }, { replace: true });
}

/**
 * Handles the moves both share: j/k and the arrows (steps), n/p and ]/[ (trajectories), P
 * (present), Esc (back to the table). Returns whether `k` was one of them.
 */
export function moveKey(
  k: string,
  t: Trajectory,
  selected: Step | undefined,
  goTrajectory: (delta: number) => void,
): boolean {
  const move = (d: number) => {
    const at = selected ? selected.index : -1;
    const s = t.steps[Math.max(0, Math.min(t.steps.length - 1, at + d))];
    if (s) openStep(t, s.id);
  };
  if (k === 'j' || k === 'ArrowDown') move(1);
  else if (k === 'k' || k === 'ArrowUp') move(-1);
  else if (k === 'n' || k === ']') goTrajectory(1);
  else if (k === 'p' || k === '[') goTrajectory(-1);
  else if (k === 'P') navigate({ page: 'present', id: t.id });
  else if (k === 'Escape') navigate({ page: 'trajectories' });
  else return false;
  return true;
}
