// A trajectory → one OTLP trace of OpenInference spans: a root AGENT span (question in, answer
// out, rewards and human labels as annotations), a CHAIN span per plan node (`graph.node.*`), and
// one span per step in order: RETRIEVER per search (query and documents), RERANKER per rank step,
// LLM per model-written step. `hopscope.*` attributes keep what the conventions have no name for.
import type { Annotation } from '../annotations/annotation';
import { hash53 } from '../hash';
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import { type AttrValue, keyValue, nanos, type OtlpSpan } from './otlp-json';
import * as sc from './semconv';

/** A computed reward as the export needs it (RewardResult fits). */
export interface RewardValue {
  id: string;
  label: string;
  value: number | null;
  paper?: string;
  formula?: string;
}

export interface TraceInput {
  trajectory: Trajectory;
  annotations?: readonly Annotation[];
  rewards?: readonly RewardValue[];
}

type Attrs = Array<[string, AttrValue | undefined]>;

/** 16 hex digits from a string (OTLP span ids are 8 bytes, trace ids 16). */
function hex16(text: string, seed: number): string {
  return Number.parseInt(hash53(text, seed), 36).toString(16).padStart(16, '0');
}

export function traceIdOf(trajectoryId: string): string {
  return hex16(trajectoryId, 1) + hex16(trajectoryId, 2);
}

function docAttrs(docs: readonly Doc[], key: (i: number, f: sc.DocumentField) => string): Attrs {
  return docs.flatMap((d, i): Attrs => {
    const meta: Record<string, unknown> = { rank: d.rank };
    if (d.title !== undefined) meta.title = d.title;
    if (d.query !== undefined) meta.query = d.query;
    return [
      [key(i, 'id'), d.id],
      [key(i, 'content'), d.text],
      [key(i, 'score'), d.score === undefined ? undefined : { double: d.score }],
      [key(i, 'metadata'), JSON.stringify(meta)],
    ];
  });
}

function stepCommon(s: Step): Attrs {
  return [
    [sc.HOPSCOPE.stepKind, s.kind],
    [sc.HOPSCOPE.stepHop, s.hop],
    [sc.HOPSCOPE.stepTurn, s.turn],
    [sc.GRAPH_NODE_ID, s.planNode],
  ];
}

/** The step (or search + retrieve pair) at `i` as span kind, name and attributes; `used` steps. */
function stepSpan(steps: readonly Step[], i: number): { used: number; name: string; attrs: Attrs } {
  const s = steps[i] as Step;
  const next = steps[i + 1];
  if (s.kind === 'search' || s.kind === 'retrieve') {
    const paired = s.kind === 'search' && next?.kind === 'retrieve' && next.hop === s.hop;
    const queries = s.queries ?? (s.kind === 'search' && s.text !== undefined ? [s.text] : []);
    const docs = paired ? (next.docs ?? []) : (s.docs ?? []);
    const attrs: Attrs = [
      [sc.SPAN_KIND, sc.SPAN_KINDS.retriever],
      [sc.INPUT_VALUE, queries.length === 1 ? queries[0] : JSON.stringify(queries)],
      [sc.INPUT_MIME_TYPE, queries.length === 1 ? 'text/plain' : 'application/json'],
      ...docAttrs(docs, sc.retrievalDocument),
      ...stepCommon(s),
    ];
    if (s.kind === 'search' && !paired) attrs.push([sc.HOPSCOPE.searchOnly, true]);
    return { used: paired ? 2 : 1, name: 'search', attrs };
  }
  if (s.kind === 'rank') {
    const docs = s.docs ?? (s.ranking ?? []).map((id, r) => ({ id, text: '', rank: r + 1 }));
    return {
      used: 1,
      name: 'rank',
      attrs: [
        [sc.SPAN_KIND, sc.SPAN_KINDS.reranker],
        ...docAttrs(docs, sc.rerankerOutputDocument),
        ...stepCommon(s),
      ],
    };
  }
  const attrs: Attrs = [[sc.SPAN_KIND, sc.SPAN_KINDS.llm], ...stepCommon(s)];
  if (s.text !== undefined)
    attrs.push(
      [sc.llmOutputMessage(0, 'role'), 'assistant'],
      [sc.llmOutputMessage(0, 'content'), s.text],
      [sc.OUTPUT_VALUE, s.text],
    );
  attrs.push(
    [sc.LLM_TOKEN_COUNT_COMPLETION, s.tokens],
    [sc.HOPSCOPE.stepRaw, s.raw],
    [sc.HOPSCOPE.stepDecision, s.decision],
  );
  return { used: 1, name: s.kind, attrs };
}

/**
 * Rewards (CODE) and human labels (HUMAN) as OpenInference span annotations. `spanSteps`: the ids
 * of the steps this span stands for, when several (a search and its retrieve), so a label's
 * metadata says which one it was on and import puts it back there.
 */
function annotationAttrs(
  rewards: readonly RewardValue[],
  labels: readonly Annotation[],
  spanSteps: readonly string[] = [],
): Attrs {
  const out: Attrs = [];
  let i = 0;
  for (const r of rewards) {
    if (r.value === null) continue;
    out.push(
      [sc.spanAnnotation(i, 'name'), r.id],
      [sc.spanAnnotation(i, 'score'), { double: r.value }],
      [sc.spanAnnotation(i, 'explanation'), [r.label, r.paper, r.formula].filter(Boolean).join(' · ')],
      [sc.spanAnnotation(i, 'annotator_kind'), sc.ANNOTATOR_KINDS.code],
      [sc.spanAnnotation(i, 'identifier'), `${sc.HOPSCOPE_ANNOTATION_PREFIX}reward:${r.id}`],
    );
    i++;
  }
  for (const a of labels) {
    const verdict = a.label.startsWith('verdict:') ? a.label.slice('verdict:'.length) : undefined;
    out.push(
      [sc.spanAnnotation(i, 'name'), verdict !== undefined ? 'verdict' : a.label],
      [sc.spanAnnotation(i, 'label'), verdict ?? a.label],
      [sc.spanAnnotation(i, 'explanation'), a.note],
      [sc.spanAnnotation(i, 'annotator_kind'), sc.ANNOTATOR_KINDS.human],
      [sc.spanAnnotation(i, 'identifier'), `${sc.HOPSCOPE_ANNOTATION_PREFIX}label:${a.id}`],
      [sc.spanAnnotation(i, 'metadata'), JSON.stringify(labelMetadata(a, spanSteps))],
    );
    i++;
  }
  return out;
}

function labelMetadata(a: Annotation, spanSteps: readonly string[]) {
  const at = a.stepId === undefined ? -1 : spanSteps.indexOf(a.stepId);
  return { annotator: a.annotator, createdAt: a.createdAt, ...(at > 0 ? { spanStep: at } : {}) };
}

/**
 * The spans of one trajectory's trace. `startMs` places the trace in time: steps follow one
 * another by their recorded `ms` (zero-length when none was recorded), so order survives.
 */
export function trajectoryToSpans(input: TraceInput, startMs: number): OtlpSpan[] {
  const t = input.trajectory;
  const traceId = traceIdOf(t.id);
  let n = 0;
  const nextId = () => hex16(`${traceId}:${n++}`, 3);
  const rootId = nextId();
  const span = (
    name: string,
    parent: string | undefined,
    from: number,
    to: number,
    attrs: Attrs,
    error?: string,
  ) => {
    const out: OtlpSpan = {
      traceId,
      spanId: parent === undefined ? rootId : nextId(),
      name,
      kind: 1,
      startTimeUnixNano: nanos(from),
      endTimeUnixNano: nanos(to),
      attributes: attrs
        .filter((a): a is [string, AttrValue] => a[1] !== undefined)
        .map(([k, v]) => keyValue(k, v)),
      status: error !== undefined ? { code: 2, message: error } : { code: 1 },
    };
    if (parent !== undefined) out.parentSpanId = parent;
    return out;
  };

  const labels = input.annotations ?? [];
  const children: OtlpSpan[] = [];
  for (const node of t.plan ?? []) {
    const attrs: Attrs = [
      [sc.SPAN_KIND, sc.SPAN_KINDS.chain],
      [sc.GRAPH_NODE_ID, node.id],
      [sc.GRAPH_NODE_NAME, node.text],
      [sc.GRAPH_NODE_PARENT_ID, node.dependsOn[0] ?? 'root'],
      [sc.INPUT_VALUE, node.resolvedText ?? node.text],
      [sc.OUTPUT_VALUE, node.answer],
      [sc.HOPSCOPE.planStatus, node.status],
      [sc.HOPSCOPE.planDependsOn, JSON.stringify(node.dependsOn)],
      [sc.HOPSCOPE.planResolvedText, node.resolvedText],
    ];
    children.push(span(`plan ${node.id}`, rootId, startMs, startMs, attrs));
  }
  let clock = startMs;
  for (let i = 0; i < t.steps.length;) {
    const s = t.steps[i] as Step;
    const { used, name, attrs } = stepSpan(t.steps, i);
    const spanSteps = t.steps.slice(i, i + used).map((x) => x.id);
    const stepLabels = labels.filter((a) => a.stepId !== undefined && spanSteps.includes(a.stepId));
    attrs.push(...annotationAttrs([], stepLabels, spanSteps));
    const end = clock + (s.ms ?? 0);
    children.push(span(name, rootId, clock, end, attrs, s.error));
    clock = end;
    i += used;
  }
  const rootAttrs: Attrs = [
    [sc.SPAN_KIND, sc.SPAN_KINDS.agent],
    [sc.AGENT_NAME, t.agent.strategy],
    [sc.INPUT_VALUE, t.question],
    [sc.OUTPUT_VALUE, t.answer?.text],
    [sc.LLM_MODEL_NAME, t.agent.model],
    [sc.LLM_INVOCATION_PARAMETERS, JSON.stringify(t.agent.params)],
    [sc.GRAPH_NODE_ID, t.plan?.length ? 'root' : undefined],
    [sc.HOPSCOPE.gold, t.gold ? JSON.stringify(t.gold) : undefined],
    [sc.HOPSCOPE.reported, t.reported ? JSON.stringify(t.reported) : undefined],
    [sc.HOPSCOPE.source, JSON.stringify(t.source)],
    [sc.HOPSCOPE.finishReason, t.finishReason],
    [sc.METADATA, JSON.stringify({ hopscopeId: t.id })],
    ...annotationAttrs(
      input.rewards ?? [],
      labels.filter((a) => a.stepId === undefined),
    ),
  ];
  const rootEnd = Math.max(clock, startMs + (t.timing?.ms ?? 0));
  return [span(t.agent.strategy || 'agent', undefined, startMs, rootEnd, rootAttrs), ...children];
}
