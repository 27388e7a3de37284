// Export use cases: annotations alone, trajectories with their annotations joined, or every
// trajectory as an OTLP/JSON trace for Phoenix and other OpenInference tools. The JSONL exports
// write the 1-based `step` number next to each annotation's stable `stepId` (`withStepNumber`).
import { type Annotation, annotationsToJsonl, withStepNumber } from '../core/annotations/annotation';
import { otlpEnvelope, traceJson } from '../core/otel/otlp-request';
import { traceInput } from '../core/otel/trace-input';
import type { Trajectory } from '../core/schema/trajectory';
import { annotationsInCollection, forEachInCollection } from '../db/collection-store';
import { forEachTrajectory, getTrajectory, listAnnotations } from '../db/store';

/** What an export takes: everything stored, or one collection (or one import of it). */
export interface ExportScope {
  collection: string;
  /** One file (import) of the collection only. */
  file?: string;
}

function eachTrajectory(scope: ExportScope | undefined, fn: (t: Trajectory) => void): Promise<void> {
  return scope ? forEachInCollection(scope.collection, scope.file, fn) : forEachTrajectory(fn);
}

async function annotationsOf(scope: ExportScope | undefined): Promise<Annotation[]> {
  if (!scope) return listAnnotations();
  const list = await annotationsInCollection(scope.collection);
  if (scope.file === undefined) return list;
  const ids = new Set<string>();
  await eachTrajectory(scope, (t) => void ids.add(t.id));
  return list.filter((a) => ids.has(a.trajectoryId));
}

/** Every stored annotation (or a collection's) as JSONL, each step label with its step's number. */
export async function exportAnnotationsText(scope?: ExportScope): Promise<string> {
  const list = await annotationsOf(scope);
  const steps = new Map<string, Trajectory['steps'] | undefined>();
  for (const id of new Set(list.filter((a) => a.stepId !== undefined).map((a) => a.trajectoryId)))
    steps.set(id, (await getTrajectory(id))?.steps);
  return annotationsToJsonl(list.map((a) => withStepNumber(a, steps.get(a.trajectoryId))));
}

async function annotationsByTrajectory(scope: ExportScope | undefined): Promise<Map<string, Annotation[]>> {
  const byTraj = new Map<string, Annotation[]>();
  for (const a of await annotationsOf(scope))
    byTraj.set(a.trajectoryId, [...(byTraj.get(a.trajectoryId) ?? []), a]);
  return byTraj;
}

/**
 * Every stored trajectory as one OTLP/JSON ExportTraceServiceRequest: a trace each, model-free
 * rewards as CODE annotations and human labels as HUMAN ones.
 */
export async function exportOtlpText(scope?: ExportScope): Promise<string> {
  const byTraj = await annotationsByTrajectory(scope);
  // Gathered first: computing rewards inside the cursor loop would let the IDB transaction close.
  const all: Trajectory[] = [];
  await eachTrajectory(scope, (t) => void all.push(t));
  const { head, tail } = otlpEnvelope();
  const start = Date.now();
  const parts: string[] = [];
  for (const [i, t] of all.entries())
    parts.push(traceJson(await traceInput(t, byTraj.get(t.id)), start + 1000 * i));
  return `${head}${parts.join(',')}${tail}\n`;
}

/** Trajectories in Hopscope JSONL with their annotations joined under `annotations`. */
export async function exportTrajectoriesText(scope?: ExportScope): Promise<string> {
  const byTraj = await annotationsByTrajectory(scope);
  const lines: string[] = [];
  await eachTrajectory(scope, (t) => {
    const annotations = (byTraj.get(t.id) ?? []).map((a) => withStepNumber(a, t.steps));
    lines.push(JSON.stringify({ ...t, annotations }));
  });
  return lines.join('\n') + (lines.length ? '\n' : '');
}
