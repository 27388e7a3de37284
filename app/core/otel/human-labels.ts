// OpenInference annotations with annotator_kind HUMAN → Hopscope annotations, so labels exported
// to Phoenix (or made there) come back on import. Hopscope's own labels return as they left
// (label, note, annotator, time, the step they were on); another tool's human feedback with a label
// Hopscope does not know becomes a note ("name: label — explanation"). Ids are derived from
// (annotator, trajectory, step, slot), so importing the same file twice adds nothing.
import { type Annotation, AnnotationSchema, annotationId, makeAnnotation } from '../annotations/annotation';
import { isObj } from '../json';
import { buildTrajectory } from '../schema/builder';
import * as sc from './semconv';
import { attrField, indexed, type SpanRecord } from './span';
import { traceToEvents } from './spans-to-events';

/** Annotator recorded for human feedback that names none. */
export const UNNAMED_ANNOTATOR = 'otlp-human';

interface HumanRow {
  span: SpanRecord;
  index: number;
  row: Map<string, unknown>;
}

function humanRows(spans: readonly SpanRecord[]): HumanRow[] {
  const out: HumanRow[] = [];
  for (const span of spans)
    for (const { index, row } of indexed(span, sc.SPAN_ANNOTATION_RE))
      if (row.get('annotator_kind') === sc.ANNOTATOR_KINDS.human) out.push({ span, index, row });
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

function metadataOf(v: unknown): Record<string, unknown> {
  if (isObj(v)) return v;
  if (typeof v !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(v);
    return isObj(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function humanLabels(
  spans: readonly SpanRecord[],
  trajectoryId: string,
): { annotations: Annotation[]; issues: Array<{ field: string; message: string }> } {
  const rows = humanRows(spans);
  const issues: Array<{ field: string; message: string }> = [];
  if (rows.length === 0) return { annotations: [], issues };
  // Step ids as the import builds them, and the span each step came from.
  const { events, stepSpans } = traceToEvents(spans, { file: '', line: 0, format: 'otlp' });
  const stepIds = buildTrajectory(events).steps.map((s) => s.id);
  const root = spans.find((s) => s.parentId === null || !spans.some((p) => p.spanId === s.parentId));
  const byId = new Map<string, Annotation>();
  for (const { span, index, row } of rows) {
    const field = attrField(span, sc.spanAnnotation(index, 'annotator_kind'));
    const meta = metadataOf(row.get('metadata'));
    const name = text(row.get('name'));
    const value = text(row.get('label'));
    const explanation = text(row.get('explanation'));
    const annotator =
      typeof meta.annotator === 'string' && meta.annotator ? meta.annotator : UNNAMED_ANNOTATOR;
    const createdAt =
      typeof meta.createdAt === 'string' && meta.createdAt
        ? meta.createdAt
        : new Date(span.startMs ?? 0).toISOString();
    const own = stepIds.filter((_, i) => stepSpans[i] === span.spanId);
    const offset = typeof meta.spanStep === 'number' ? meta.spanStep : 0;
    const stepId = span === root || own.length === 0 ? undefined : own[Math.min(offset, own.length - 1)];
    const label = name === 'verdict' && value ? `verdict:${value}` : (value ?? name);
    if (!label) {
      issues.push({ field, message: 'a human annotation with neither name nor label was not imported' });
      continue;
    }
    const fields = { trajectoryId, label, annotator, createdAt, ...(stepId ? { stepId } : {}) };
    const known = AnnotationSchema.safeParse({
      ...fields,
      id: 'x',
      ...(explanation ? { note: explanation } : {}),
    });
    if (known.success) {
      const a = { ...known.data, id: annotationId(known.data) };
      byId.set(a.id, a);
      continue;
    }
    // Another tool's feedback: kept as a note, several on one span joined.
    const line = [name && value && name !== value ? `${name}: ${value}` : label, explanation]
      .filter(Boolean)
      .join(' — ');
    const note = makeAnnotation({ ...fields, label: 'note', note: line });
    const had = byId.get(note.id);
    byId.set(note.id, had?.note ? { ...had, note: `${had.note}\n${line}` } : note);
  }
  return { annotations: [...byId.values()], issues };
}
