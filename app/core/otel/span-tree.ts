// The span tree of one trace: its root (an AGENT or CHAIN span, the trajectory) and each span's
// children in the order they ran (start time, then position in the file).
import { RecordError } from '../importers/types';
import { SPAN_KIND, SPAN_KINDS } from './semconv';
import { attrField, spanError, type SpanRecord } from './span';

export interface SpanTree {
  root: SpanRecord;
  children(span: SpanRecord): SpanRecord[];
}

const byTime = (a: SpanRecord, b: SpanRecord) => (a.startMs ?? 0) - (b.startMs ?? 0) || a.order - b.order;

export function spanKind(span: SpanRecord): string | undefined {
  const v = span.attrs.get(SPAN_KIND);
  return typeof v === 'string' ? v.toUpperCase() : undefined;
}

/**
 * Builds the tree. The root is the span without a parent in the trace; several of them are
 * allowed only when exactly one is an AGENT/CHAIN span (the others, e.g. spans whose parent was
 * not exported, hang under it by time).
 */
export function spanTree(spans: readonly SpanRecord[]): SpanTree {
  const first = spans[0];
  if (!first) throw new RecordError('the trace has no spans');
  const ids = new Set<string>();
  for (const s of spans) {
    if (ids.has(s.spanId))
      throw spanError(
        s,
        `span id ${s.spanId} appears twice in trace ${s.traceId}`,
        `${s.field || 'context'}.spanId`,
      );
    ids.add(s.spanId);
  }
  const tops = spans.filter((s) => s.parentId === null || !ids.has(s.parentId));
  const agents = tops.filter((s) => {
    const k = spanKind(s);
    return k === SPAN_KINDS.agent || k === SPAN_KINDS.chain;
  });
  if (agents.length !== 1) {
    const where = tops[0] ?? first;
    const kinds = tops.map((s) => spanKind(s) ?? 'no kind').join(', ');
    throw spanError(
      where,
      agents.length === 0
        ? `trace ${first.traceId} has no AGENT or CHAIN root span (root spans: ${kinds || 'none, the parents form a cycle'})`
        : `trace ${first.traceId} has ${agents.length} AGENT/CHAIN root spans; expected one`,
      attrField(where, SPAN_KIND),
    );
  }
  const root = agents[0] as SpanRecord;
  const kids = new Map<string, SpanRecord[]>();
  for (const s of spans) {
    if (s === root) continue;
    const parent = s.parentId !== null && ids.has(s.parentId) ? s.parentId : root.spanId;
    kids.set(parent, [...(kids.get(parent) ?? []), s]);
  }
  for (const list of kids.values()) list.sort(byTime);
  return { root, children: (span) => kids.get(span.spanId) ?? [] };
}
