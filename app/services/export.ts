// Export use cases: annotations alone, or trajectories with their annotations joined. Both write
// the 1-based `step` number next to each annotation's stable `stepId` (see `withStepNumber`).
import { type Annotation, annotationsToJsonl, withStepNumber } from '../core/annotations/annotation';
import type { Trajectory } from '../core/schema/trajectory';
import { forEachTrajectory, getTrajectory, listAnnotations } from '../db/store';

/** Every stored annotation as JSONL, each step label with its step's number. */
export async function exportAnnotationsText(): Promise<string> {
  const list = await listAnnotations();
  const steps = new Map<string, Trajectory['steps'] | undefined>();
  for (const id of new Set(list.filter((a) => a.stepId !== undefined).map((a) => a.trajectoryId)))
    steps.set(id, (await getTrajectory(id))?.steps);
  return annotationsToJsonl(list.map((a) => withStepNumber(a, steps.get(a.trajectoryId))));
}

/** Trajectories in Hopscope JSONL with their annotations joined under `annotations`. */
export async function exportTrajectoriesText(): Promise<string> {
  const byTraj = new Map<string, Annotation[]>();
  for (const a of await listAnnotations())
    byTraj.set(a.trajectoryId, [...(byTraj.get(a.trajectoryId) ?? []), a]);
  const lines: string[] = [];
  await forEachTrajectory((t) => {
    const annotations = (byTraj.get(t.id) ?? []).map((a) => withStepNumber(a, t.steps));
    lines.push(JSON.stringify({ ...t, annotations }));
  });
  return lines.join('\n') + (lines.length ? '\n' : '');
}
