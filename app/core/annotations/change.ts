// Label changes as idempotent set/unset operations. The UI states what the user asked for ("label
// on", "verdict none") from what it shows; the write is a put or delete by the label's derived id,
// with no read of stored state first. Two tabs on one trajectory therefore never undo each
// other's labels: a stale tab's "set x" cannot delete a label another tab set (a toggle read
// from disk could), and replaying a change is harmless.
import { type Annotation, annotationId, makeAnnotation } from './annotation';

export type AnnotationChange =
  /** `on`: the label is wanted (true) or not (false) on this step. */
  | { op: 'label'; trajectoryId: string; stepId: string; label: string; on: boolean }
  /** An empty note removes it. */
  | { op: 'note'; trajectoryId: string; stepId?: string; note: string }
  /** `verdict`: the verdict wanted, or null for none. */
  | { op: 'verdict'; trajectoryId: string; verdict: string | null }
  /** A single-valued trajectory slot (`sufficient:`, `cause:`): `label` wanted, or null for none. */
  | { op: 'slot'; trajectoryId: string; prefix: string; label: string | null };

export interface AnnotationWrites {
  put: Annotation[];
  /** Annotation ids to delete (absent ids are fine). */
  delete: string[];
}

/** The puts and deletes that make `c` true for `annotator`, whatever is stored now. */
export function writesFor(c: AnnotationChange, annotator: string, createdAt?: string): AnnotationWrites {
  const at = createdAt === undefined ? {} : { createdAt };
  if (c.op === 'label') {
    const a = makeAnnotation({
      trajectoryId: c.trajectoryId,
      stepId: c.stepId,
      label: c.label,
      annotator,
      ...at,
    });
    return c.on ? { put: [a], delete: [] } : { put: [], delete: [a.id] };
  }
  if (c.op === 'note') {
    const fields = { trajectoryId: c.trajectoryId, label: 'note', annotator, note: c.note, ...at };
    const a = makeAnnotation(c.stepId === undefined ? fields : { ...fields, stepId: c.stepId });
    return c.note.trim() ? { put: [a], delete: [] } : { put: [], delete: [a.id] };
  }
  if (c.op === 'slot') {
    const slotId = annotationId({ annotator, trajectoryId: c.trajectoryId, label: c.prefix });
    if (c.label === null) return { put: [], delete: [slotId] };
    return {
      put: [makeAnnotation({ trajectoryId: c.trajectoryId, label: c.label, annotator, ...at })],
      delete: [],
    };
  }
  // Verdicts share one slot per annotator, so any verdict's id is the slot's id.
  const id = annotationId({ annotator, trajectoryId: c.trajectoryId, label: 'verdict:' });
  if (c.verdict === null) return { put: [], delete: [id] };
  return {
    put: [makeAnnotation({ trajectoryId: c.trajectoryId, label: `verdict:${c.verdict}`, annotator, ...at })],
    delete: [],
  };
}

/** `list` with `w` applied (an optimistic view of the store after the writes). */
export function applyWrites(list: readonly Annotation[], w: AnnotationWrites): Annotation[] {
  const gone = new Set([...w.delete, ...w.put.map((a) => a.id)]);
  return [...list.filter((a) => !gone.has(a.id)), ...w.put];
}

/** The change a toggle key asks for, read from what the user sees (not from the store). */
export function toggleLabel(
  shown: readonly Annotation[],
  annotator: string,
  trajectoryId: string,
  stepId: string,
  label: string,
): AnnotationChange {
  const on = !shown.some((a) => a.annotator === annotator && a.stepId === stepId && a.label === label);
  return { op: 'label', trajectoryId, stepId, label, on };
}
