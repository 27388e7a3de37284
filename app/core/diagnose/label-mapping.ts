// Between the over/under-search label format (one object per trajectory, `FILE#N`) and
// Hopscope's annotations (one per step label, verdict, note or slot), so labels made with the
// keyboard export in the shared format and shared labels import as annotations:
//   search k necessary / redundant  ↔  step label `necessary-search` / `over-search` on search k
//   under_search true               ↔  step label `under-search` on the answer step
//   first_sufficient_search         ↔  trajectory slot `sufficient:<k>` / `sufficient:never`
//   failure_cause                   ↔  trajectory slot `cause:<cause>`
//   note                            ↔  the trajectory's note
// A verdict `under-searched` also reads as under_search true.
import {
  type Annotation,
  CAUSE_PREFIX,
  type FailureCause,
  FAILURE_CAUSES,
  makeAnnotation,
  sufficientLabel,
  sufficientOf,
} from '../annotations/annotation';
import type { Trajectory } from '../schema/trajectory';
import type { LabelledTrajectory } from './agreement';
import { searchHops } from './hops';
import { type LabelIssue, type SearchLabelRecord, splitLabelId } from './search-labels';

/** The step a trajectory-level under-search label sits on: the answer step, else the last. */
export function answerStepId(t: Trajectory): string | undefined {
  return ([...t.steps].reverse().find((s) => s.kind === 'answer') ?? t.steps[t.steps.length - 1])?.id;
}

/** Annotations saying what `label` says about `t`, by `annotator`. */
export function annotationsFromLabel(
  t: Trajectory,
  label: SearchLabelRecord,
  annotator: string,
  createdAt?: string,
): Annotation[] {
  const at = createdAt === undefined ? {} : { createdAt };
  const base = { trajectoryId: t.id, annotator, ...at };
  const out: Annotation[] = [];
  searchHops(t).forEach((h, i) => {
    const l = label.search_labels[i];
    if (l)
      out.push(
        makeAnnotation({
          ...base,
          stepId: h.step.id,
          label: l === 'redundant' ? 'over-search' : 'necessary-search',
        }),
      );
  });
  const answer = answerStepId(t);
  if (label.under_search && answer !== undefined)
    out.push(makeAnnotation({ ...base, stepId: answer, label: 'under-search' }));
  out.push(makeAnnotation({ ...base, label: sufficientLabel(label.first_sufficient_search) }));
  if (label.failure_cause)
    out.push(makeAnnotation({ ...base, label: `${CAUSE_PREFIX}${label.failure_cause}` }));
  if (label.note) out.push(makeAnnotation({ ...base, label: 'note', note: label.note }));
  return out;
}

/**
 * Shared labels → annotations. `find(file, record)` returns the trajectory stored for record N
 * of FILE; labels whose trajectory is not loaded, or whose search count differs from the
 * trajectory's, are reported by line and kept out.
 */
export function importSearchLabels(
  labels: ReadonlyArray<{ label: SearchLabelRecord; line: number }>,
  find: (file: string, record: number) => Trajectory | undefined,
  annotator: string,
  labelsFile: string,
): { annotations: Annotation[]; matched: number; issues: LabelIssue[] } {
  const annotations: Annotation[] = [];
  const issues: LabelIssue[] = [];
  let matched = 0;
  for (const { label, line } of labels) {
    const { file, record } = splitLabelId(label.id);
    const t = find(file, record);
    if (!t) {
      issues.push({
        file: labelsFile,
        line,
        field: 'id',
        message: `no loaded trajectory is record ${record} of ${file}`,
      });
      continue;
    }
    const searches = searchHops(t).length;
    if (searches !== label.searches) {
      issues.push({
        file: labelsFile,
        line,
        field: 'searches',
        message: `${label.id} has ${searches} searches in the loaded trajectory, the label says ${label.searches}`,
      });
      continue;
    }
    matched += 1;
    annotations.push(...annotationsFromLabel(t, label, label.annotator ?? annotator));
  }
  return { annotations, matched, issues };
}

/**
 * What one annotator's annotations say about `t`, in the label format. Searches they did not
 * label are null; the sufficiency point is undefined when they did not set it.
 */
export function judgementOf(
  t: Trajectory,
  annotations: readonly Annotation[],
  annotator: string,
): LabelledTrajectory & {
  complete: boolean;
  failure_cause: FailureCause | null;
  note?: string;
} {
  const mine = annotations.filter((a) => a.annotator === annotator && a.trajectoryId === t.id);
  const hops = searchHops(t);
  const search_labels = hops.map((h) => {
    const on = mine.filter((a) => a.stepId === h.step.id).map((a) => a.label);
    return on.includes('over-search') ? 'redundant' : on.includes('necessary-search') ? 'necessary' : null;
  });
  const under_search = mine.some((a) => a.label === 'under-search' || a.label === 'verdict:under-searched');
  const suff = mine.find((a) => a.stepId === undefined && sufficientOf(a.label) !== undefined);
  const cause = mine
    .find((a) => a.stepId === undefined && a.label.startsWith(CAUSE_PREFIX))
    ?.label.slice(CAUSE_PREFIX.length);
  const note = mine.find((a) => a.stepId === undefined && a.label === 'note')?.note;
  return {
    id: t.id,
    searches: hops.length,
    search_labels,
    under_search,
    ...(suff ? { first_sufficient_search: sufficientOf(suff.label) ?? null } : {}),
    complete: search_labels.every((l) => l !== null),
    failure_cause: (FAILURE_CAUSES as readonly string[]).includes(cause ?? '')
      ? (cause as FailureCause)
      : null,
    ...(note !== undefined ? { note } : {}),
  };
}

/** One annotator's labels of `t` in the shared format; null until every search is labelled. */
export function exportSearchLabel(
  t: Trajectory,
  annotations: readonly Annotation[],
  annotator: string,
  id: string,
): SearchLabelRecord | null {
  const j = judgementOf(t, annotations, annotator);
  if (!j.complete) return null;
  return {
    id,
    searches: j.searches,
    first_sufficient_search: j.first_sufficient_search ?? null,
    search_labels: j.search_labels.map((l) => l ?? 'necessary'),
    under_search: j.under_search,
    failure_cause: j.failure_cause,
    ...(j.note !== undefined ? { note: j.note } : {}),
    annotator,
  };
}
