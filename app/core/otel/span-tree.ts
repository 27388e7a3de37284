// The span tree of one trace: its root (an AGENT or CHAIN span, the trajectory) and each span's
// children in the order they ran (start time, then position in the file). Built without
// recursion: a trace may be an 8,000-span parent chain.
import type { ImportIssue } from '../importers/types';
import { RecordError } from '../importers/types';
import { SPAN_KIND, SPAN_KINDS } from './semconv';
import { attrField, spanError, type SpanRecord } from './span';

export interface SpanTree {
  root: SpanRecord;
  children(span: SpanRecord): SpanRecord[];
  /** Spans whose parent chain loops (or who are their own parent), hung under the root. */
  loops: Array<{ span: SpanRecord; loop: string[] }>;
}

const byTime = (a: SpanRecord, b: SpanRecord) => (a.startMs ?? 0) - (b.startMs ?? 0) || a.order - b.order;

export function spanKind(span: SpanRecord): string | undefined {
  const v = span.attrs.get(SPAN_KIND);
  return typeof v === 'string' ? v.toUpperCase() : undefined;
}

const isAgent = (s: SpanRecord) => {
  const k = spanKind(s);
  return k === SPAN_KINDS.agent || k === SPAN_KINDS.chain;
};

/**
 * Builds the tree. The root is the span without a parent in the trace; several of them are
 * allowed only when exactly one is an AGENT/CHAIN span (the others, e.g. spans whose parent was
 * not exported, hang under it by time). Spans whose parents form a cycle are kept: the cycle is
 * cut at one span, which hangs under the root, and `loops` names it for the import report.
 */
export function spanTree(spans: readonly SpanRecord[]): SpanTree {
  const first = spans[0];
  if (!first) throw new RecordError('the trace has no spans');
  const byId = new Map<string, SpanRecord>();
  for (const s of spans) {
    if (byId.has(s.spanId))
      throw spanError(
        s,
        `span id ${s.spanId} appears twice in trace ${s.traceId}`,
        `${s.field || 'context'}.spanId`,
      );
    byId.set(s.spanId, s);
  }
  const parentOf = (s: SpanRecord) => (s.parentId === null ? undefined : byId.get(s.parentId));
  const tops = spans.filter((s) => parentOf(s) === undefined);
  let agents = tops.filter(isAgent);
  // No top-level agent: one whose parent chain loops (never reaches a top) is the root, reported.
  // One on the cycle comes first (its chain's other agents hang below it, as any span does), and
  // an AGENT span before a CHAIN span; only one below the cycle is the root when none is on it.
  if (agents.length === 0) {
    const looping = spans.filter((s) => isAgent(s) && chainLoops(s, parentOf));
    const onCycle = looping.filter((s) => loopThrough(s, parentOf) !== null);
    agents = onCycle.length > 0 ? onCycle : looping;
    const agentKind = agents.filter((s) => spanKind(s) === SPAN_KINDS.agent);
    if (agentKind.length > 0) agents = agentKind;
  }
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
  const loops: SpanTree['loops'] = [];
  if (parentOf(root)) loops.push({ span: root, loop: loopThrough(root, parentOf) ?? [] });

  const kids = new Map<SpanRecord, SpanRecord[]>();
  const hang = (child: SpanRecord, parent: SpanRecord) => {
    const list = kids.get(parent);
    if (list) list.push(child);
    else kids.set(parent, [child]);
  };
  for (const s of spans) if (s !== root) hang(s, parentOf(s) ?? root);

  // Spans the root does not reach sit on (or below) a parent cycle.
  const reached = new Set<SpanRecord>();
  const reach = (from: SpanRecord) => {
    const stack = [from];
    for (let s = stack.pop(); s; s = stack.pop()) {
      if (reached.has(s)) continue;
      reached.add(s);
      for (const k of kids.get(s) ?? []) stack.push(k);
    }
  };
  reach(root);
  for (const s of spans) {
    if (reached.has(s)) continue;
    // Up the parents from s: the first span seen twice is on the cycle; it is cut there.
    const seen = new Set<SpanRecord>();
    let cut = s;
    while (!seen.has(cut)) {
      seen.add(cut);
      cut = parentOf(cut) as SpanRecord;
    }
    const parent = parentOf(cut) as SpanRecord;
    const siblings = kids.get(parent) ?? [];
    siblings.splice(siblings.indexOf(cut), 1);
    hang(cut, root);
    loops.push({ span: cut, loop: loopThrough(cut, parentOf) ?? [cut.spanId] });
    reach(cut);
  }
  for (const list of kids.values()) list.sort(byTime);
  return { root, children: (span) => kids.get(span) ?? [], loops };
}

function chainLoops(s: SpanRecord, parentOf: (s: SpanRecord) => SpanRecord | undefined): boolean {
  const seen = new Set<SpanRecord>();
  for (let p: SpanRecord | undefined = s; p; p = parentOf(p)) {
    if (seen.has(p)) return true;
    seen.add(p);
  }
  return false;
}

/** The span ids around the parent cycle through `s` (s first), or null when there is none. */
function loopThrough(s: SpanRecord, parentOf: (s: SpanRecord) => SpanRecord | undefined): string[] | null {
  const chain = [s.spanId];
  const seen = new Set<SpanRecord>([s]);
  for (let p = parentOf(s); p; p = parentOf(p)) {
    if (p === s) return chain;
    if (seen.has(p)) return null; // a cycle above s, not through it
    seen.add(p);
    chain.push(p.spanId);
  }
  return null;
}

/** Ids shown of a long loop. */
const LOOP_SHOWN = 6;

/** The report's warnings for spans kept despite a parent cycle (the record is not lost). */
export function spanTreeWarnings(tree: SpanTree): Array<Omit<ImportIssue, 'file' | 'line'>> {
  return tree.loops.map(({ span, loop }) => {
    const shown = loop.length > LOOP_SHOWN ? [...loop.slice(0, LOOP_SHOWN), '…'] : loop;
    const what =
      loop.length === 0
        ? `the parent chain of span ${span.spanId} loops`
        : loop.length === 1
          ? `span ${span.spanId} is its own parent`
          : `spans ${[...shown, span.spanId].join(' → ')} are each other's parents`;
    const where =
      span === tree.root ? 'its parent is ignored and it is the root' : 'it is imported under the root span';
    const issue: Omit<ImportIssue, 'file' | 'line'> = {
      severity: 'warning',
      field: span.field ? `${span.field}.parentSpanId` : 'parent_id',
      message: `${what}; ${where}`,
    };
    return issue;
  });
}
