// Human labels on trajectories and steps (docs/trajectory-schema.md, docs/diagnose.md). Stored apart from trajectories and
// joined on export. Ids are derived from (annotator, trajectory, step, slot) so applying or
// importing the same label twice never duplicates it.
import { z } from 'zod';
import { stepNumber } from '../schema/step-number';
import type { Step } from '../schema/trajectory';

export const STEP_LABELS = [
  { id: 'necessary-search', key: '1', title: 'Necessary search', hint: 'this search was needed' },
  { id: 'over-search', key: '2', title: 'Over-search', hint: 'evidence was already in hand' },
  { id: 'under-search', key: '3', title: 'Under-search', hint: 'a search was missing here' },
  { id: 'wrong-entity', key: '4', title: 'Wrong entity', hint: 'bound the wrong entity' },
  { id: 'irrelevant-docs', key: '5', title: 'Irrelevant docs', hint: 'retrieval brought noise' },
  { id: 'good-stop', key: '6', title: 'Good stop', hint: 'stopped at the right time' },
] as const;

export const VERDICTS = [
  { id: 'good', key: 'g', title: 'Good search behaviour' },
  { id: 'over-searched', key: 'o', title: 'Over-searched' },
  { id: 'under-searched', key: 'u', title: 'Under-searched' },
  { id: 'other-failure', key: 'f', title: 'Other failure' },
] as const;

export type StepLabel = (typeof STEP_LABELS)[number]['id'];
export type Verdict = (typeof VERDICTS)[number]['id'];

const LABEL_IDS = STEP_LABELS.map((l) => l.id) as [StepLabel, ...StepLabel[]];
const VERDICT_LABELS = VERDICTS.map((v) => `verdict:${v.id}`);

/**
 * Trajectory-level labels of the over/under-search format (docs/diagnose.md): the sufficiency
 * point (`sufficient:<k>`, k the 1-based search, 0 = no search needed; `sufficient:never`) and
 * the failure cause of a wrong answer (`cause:<cause>`). Each is one slot per annotator.
 */
export const SUFFICIENT_PREFIX = 'sufficient:';
export const CAUSE_PREFIX = 'cause:';
export const FAILURE_CAUSES = [
  'under-search',
  'retrieval-miss',
  'wrong-entity',
  'reasoning-error',
  'answer-granularity',
  'gold-label-issue',
  'over-search-drift',
] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];

function isTrajectoryLabel(label: string): boolean {
  if (VERDICT_LABELS.includes(label)) return true;
  if (label.startsWith(SUFFICIENT_PREFIX))
    return /^(never|\d{1,6})$/.test(label.slice(SUFFICIENT_PREFIX.length));
  if (label.startsWith(CAUSE_PREFIX))
    return (FAILURE_CAUSES as readonly string[]).includes(label.slice(CAUSE_PREFIX.length));
  return false;
}

/** The sufficiency point a `sufficient:` label states: k, null for never, undefined if not one. */
export function sufficientOf(label: string): number | null | undefined {
  if (!label.startsWith(SUFFICIENT_PREFIX)) return undefined;
  const v = label.slice(SUFFICIENT_PREFIX.length);
  return v === 'never' ? null : Number(v);
}

export function sufficientLabel(point: number | null): string {
  return `${SUFFICIENT_PREFIX}${point === null ? 'never' : point}`;
}

export const AnnotationSchema = z
  .object({
    id: z.string().min(1),
    trajectoryId: z.string().min(1),
    stepId: z.string().optional(),
    /** A step label, `note`, or `verdict:<verdict>` (trajectory level only). */
    label: z.string().min(1),
    note: z.string().optional(),
    annotator: z.string().min(1),
    createdAt: z.string().min(1),
  })
  .superRefine((a, ctx) => {
    const ok =
      a.label === 'note' ||
      (a.stepId !== undefined && (LABEL_IDS as string[]).includes(a.label)) ||
      (a.stepId === undefined && isTrajectoryLabel(a.label));
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['label'],
        message: `unknown label "${a.label}" for a ${a.stepId === undefined ? 'trajectory' : 'step'}`,
      });
  });

export type Annotation = z.infer<typeof AnnotationSchema>;

/** The slot a label occupies: notes, verdicts, sufficiency and cause are single-valued, step labels toggle. */
function slot(label: string): string {
  for (const prefix of ['verdict:', SUFFICIENT_PREFIX, CAUSE_PREFIX])
    if (label.startsWith(prefix)) return prefix.slice(0, -1);
  return label;
}

export function annotationId(a: Pick<Annotation, 'annotator' | 'trajectoryId' | 'stepId' | 'label'>): string {
  return [a.annotator, a.trajectoryId, a.stepId ?? '', slot(a.label)].join('|');
}

export function makeAnnotation(
  fields: Omit<Annotation, 'id' | 'createdAt'> & { createdAt?: string },
): Annotation {
  const a: Annotation = {
    id: annotationId(fields),
    trajectoryId: fields.trajectoryId,
    label: fields.label,
    annotator: fields.annotator,
    createdAt: fields.createdAt ?? new Date().toISOString(),
  };
  if (fields.stepId !== undefined) a.stepId = fields.stepId;
  if (fields.note !== undefined) a.note = fields.note;
  return a;
}

export interface AnnotationParseResult {
  annotations: Annotation[];
  errors: Array<{ line: number; field?: string; message: string }>;
}

/** Parses annotation JSONL; every bad line is reported, every good one kept. */
export function parseAnnotationsJsonl(text: string): AnnotationParseResult {
  const out: AnnotationParseResult = { annotations: [], errors: [] };
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      out.errors.push({ line: i + 1, message: `invalid JSON: ${(e as Error).message}` });
      return;
    }
    const r = AnnotationSchema.safeParse(value);
    if (!r.success) {
      const issue = r.error.issues[0];
      const err: { line: number; field?: string; message: string } = {
        line: i + 1,
        message: issue?.message ?? 'invalid annotation',
      };
      if (issue?.path.length) err.field = issue.path.join('.');
      out.errors.push(err);
      return;
    }
    // Ids are recomputed so a hand-edited file cannot create duplicate slots.
    out.annotations.push({ ...r.data, id: annotationId(r.data) });
  });
  return out;
}

/**
 * An annotation as exported: `stepId` stays the stable key for machines; `step` adds the 1-based
 * number a person reads on that step (timeline, step panel, URL, flag evidence). `step` is
 * derived, so importing drops it and recomputes nothing from it.
 */
export type ExportedAnnotation = Annotation & { step?: number };

/** The annotation with the number of its step among `steps` (its trajectory's), when it has one. */
export function withStepNumber(
  a: Annotation,
  steps: ReadonlyArray<Pick<Step, 'id' | 'index'>> | undefined,
): ExportedAnnotation {
  const s = a.stepId === undefined ? undefined : steps?.find((x) => x.id === a.stepId);
  return s ? { ...a, step: stepNumber(s) } : a;
}

export function annotationsToJsonl(list: readonly ExportedAnnotation[]): string {
  return list.map((a) => JSON.stringify(a)).join('\n') + (list.length ? '\n' : '');
}

/** Annotation status of one trajectory, for the trajectory table. */
export function annotationStatus(list: readonly Annotation[]): 'none' | 'partial' | 'done' {
  if (list.length === 0) return 'none';
  return list.some((a) => a.label.startsWith('verdict:')) ? 'done' : 'partial';
}
