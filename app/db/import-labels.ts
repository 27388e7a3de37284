// Labels an imported file carries (an export with its annotations) are stored only on a step
// their record has: a label naming a step that is not there would be counted but never shown,
// and would land on whatever step later takes that id.
import type { Annotation } from '../core/annotations/annotation';
import type { ImportIssue } from '../core/importers/types';
import type { Trajectory } from '../core/schema/trajectory';
import { shownId } from './import-ids';

/** The batch's labels whose step is a step of their record, and a warning for each other one. */
export function labelsOnTheirSteps(
  file: string,
  trajectories: readonly Trajectory[],
  lines: readonly number[],
  annotations: readonly Annotation[],
): { kept: Annotation[]; issues: ImportIssue[] } {
  if (annotations.length === 0) return { kept: [], issues: [] };
  const records = new Map(
    trajectories.map((t, i) => [t.id, { steps: new Set(t.steps.map((s) => s.id)), line: lines[i] ?? 0 }]),
  );
  const kept: Annotation[] = [];
  const issues: ImportIssue[] = [];
  for (const a of annotations) {
    const r = records.get(a.trajectoryId);
    if (!r || a.stepId === undefined || r.steps.has(a.stepId)) {
      kept.push(a);
      continue;
    }
    issues.push({
      file,
      line: r.line,
      field: 'annotations',
      severity: 'warning',
      message: `label ${JSON.stringify(a.label)} by ${shownId(a.annotator)} names step ${shownId(a.stepId)}, which this record does not have; not imported`,
    });
  }
  return { kept, issues };
}
