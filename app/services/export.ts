// Export use cases: annotations alone, trajectories with their annotations joined, or every
// trajectory as an OTLP/JSON trace for Phoenix and other OpenInference tools. The JSONL exports
// write the 1-based `step` number next to each annotation's stable `stepId` (`withStepNumber`).
import { type Annotation, annotationsToJsonl, withStepNumber } from '../core/annotations/annotation';
import { otlpEnvelope, traceJson } from '../core/otel/otlp-request';
import { traceInput } from '../core/otel/trace-input';
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

async function annotationsByTrajectory(): Promise<Map<string, Annotation[]>> {
  const byTraj = new Map<string, Annotation[]>();
  for (const a of await listAnnotations())
    byTraj.set(a.trajectoryId, [...(byTraj.get(a.trajectoryId) ?? []), a]);
  return byTraj;
}

/**
 * Every stored trajectory as one OTLP/JSON ExportTraceServiceRequest: a trace each, model-free
 * rewards as CODE annotations and human labels as HUMAN ones.
 */
export async function exportOtlpText(): Promise<string> {
  const byTraj = await annotationsByTrajectory();
  // Gathered first: computing rewards inside the cursor loop would let the IDB transaction close.
  const all: Trajectory[] = [];
  await forEachTrajectory((t) => void all.push(t));
  const { head, tail } = otlpEnvelope();
  const start = Date.now();
  const parts: string[] = [];
  for (const [i, t] of all.entries())
    parts.push(traceJson(await traceInput(t, byTraj.get(t.id)), start + 1000 * i));
  return `${head}${parts.join(',')}${tail}\n`;
}

/** Trajectories in Hopscope JSONL with their annotations joined under `annotations`. */
export async function exportTrajectoriesText(): Promise<string> {
  const byTraj = await annotationsByTrajectory();
  const lines: string[] = [];
  await forEachTrajectory((t) => {
    const annotations = (byTraj.get(t.id) ?? []).map((a) => withStepNumber(a, t.steps));
    lines.push(JSON.stringify({ ...t, annotations }));
  });
  return lines.join('\n') + (lines.length ? '\n' : '');
}
