// One trace's spans → trajectory events, mapped by `openinference.span.kind`: the AGENT/CHAIN
// root is the trajectory (`input.value` question, `output.value` answer), RETRIEVER a search with
// its documents, RERANKER a rank step, LLM a model step, TOOL a tool decision, and spans carrying
// `graph.node.id` plan nodes. `hopscope.*` attributes, when present (a Hopscope export), restore
// what the conventions have no name for, so metrics survive the round trip.
import type { StepInput, TrajectoryEvent } from '../schema/builder';
import type { PlanNode, Step, Trajectory } from '../schema/trajectory';
import { isObj } from '../json';
import { STEP_KINDS } from '../schema/trajectory';
import * as sc from './semconv';
import { attrField, indexed, json, num, spanError, type SpanRecord, str } from './span';
import { docsOf, inputValues, llmText } from './span-content';
import { spanKind, spanTree } from './span-tree';

export interface TraceContext {
  file: string;
  line: number;
  format: string;
}

type PlanInput = Omit<PlanNode, 'status'> & { status?: PlanNode['status'] };

function stepKindOf(span: SpanRecord, fallback: Step['kind']): Step['kind'] {
  const k = str(span, sc.HOPSCOPE.stepKind);
  if (k === undefined) return fallback;
  const known = STEP_KINDS.find((x) => x === k);
  if (!known) throw spanError(span, `unknown step kind "${k}"`, attrField(span, sc.HOPSCOPE.stepKind));
  return known;
}

function durationMs(span: SpanRecord): number | undefined {
  if (span.startMs === null || span.endMs === null) return undefined;
  const d = span.endMs - span.startMs;
  return d > 0 ? d : undefined;
}

/** Fields every step carries over from its span (hop, turn, plan node, time, error). */
function common(span: SpanRecord, planNode: string | undefined): Partial<StepInput> {
  const out: Partial<StepInput> = {};
  const hop = num(span, sc.HOPSCOPE.stepHop);
  const turn = num(span, sc.HOPSCOPE.stepTurn);
  if (hop !== undefined) out.hop = hop;
  if (turn !== undefined) out.turn = turn;
  if (planNode !== undefined) out.planNode = planNode;
  const ms = durationMs(span);
  if (ms !== undefined) out.ms = ms;
  if (span.error) out.error = span.error;
  return out;
}

const LEAF = Symbol('leaf');

export function spansToEvents(spans: readonly SpanRecord[], ctx: TraceContext): TrajectoryEvent[] {
  return traceToEvents(spans, ctx).events;
}

/** The events, and for each step (in order) the id of the span it came from (labels sit on spans). */
export function traceToEvents(
  spans: readonly SpanRecord[],
  ctx: TraceContext,
): { events: TrajectoryEvent[]; stepSpans: string[] } {
  const tree = spanTree(spans);
  const { root } = tree;
  const question = inputValues(root)[0];
  if (question === undefined || question.trim() === '')
    throw spanError(root, 'the root span has no question (input.value)', attrField(root, sc.INPUT_VALUE));
  const steps: StepInput[] = [];
  const stepSpans: string[] = [];
  const add = (span: SpanRecord, step: StepInput) => {
    steps.push(step);
    stepSpans.push(span.spanId);
  };
  const plan: PlanInput[] = [];
  const rootNode = str(root, sc.GRAPH_NODE_ID);
  let hops = 0;
  let model: string | undefined;
  const finalAnswer = str(root, sc.OUTPUT_VALUE);

  // Returns the plan node the span's children work on, or LEAF when they are not steps.
  const visit = (span: SpanRecord, planNode: string | undefined): string | undefined | typeof LEAF => {
    const kind = spanKind(span);
    model ??= str(span, sc.LLM_MODEL_NAME);
    const nodeId = str(span, sc.GRAPH_NODE_ID);
    if (nodeId !== undefined && nodeId !== rootNode) {
      // The first span naming a node defines it; later ones (its steps) work on it.
      if (!plan.some((n) => n.id === nodeId)) plan.push(planNodeOf(span, nodeId, rootNode));
      planNode = nodeId;
    }
    const at = common(span, planNode);
    const hasDocs = indexed(span, sc.RETRIEVAL_DOCUMENT_RE).length > 0;
    if (kind === sc.SPAN_KINDS.retriever || (kind === sc.SPAN_KINDS.tool && hasDocs)) {
      const queries = inputValues(span);
      const hop = at.hop ?? ++hops;
      hops = Math.max(hops, hop);
      const turn = at.turn ?? hop;
      const docs = docsOf(span, sc.RETRIEVAL_DOCUMENT_RE, 'retrieval.documents', `h${hop}`, queries[0]);
      // Hopscope's own export marks a search without a retrieve step, and a lone retrieve step.
      const only = str(span, sc.HOPSCOPE.stepKind);
      if (only !== 'retrieve') {
        const search: StepInput = { ...at, kind: 'search', hop, turn, queries, text: queries.join('\n') };
        if (span.attrs.get(sc.HOPSCOPE.searchOnly) === true) {
          if (docs.length > 0) search.docs = docs;
          add(span, search);
          return LEAF;
        }
        add(span, search);
      }
      // The span's time and error belong to the search step when there is one.
      const { ms: _, error: __, ...shared } = at;
      add(span, { ...(only === 'retrieve' ? at : shared), kind: 'retrieve', hop, turn, docs });
      return LEAF; // an EMBEDDING child of a retriever is not a step of the agent
    }
    if (kind === sc.SPAN_KINDS.reranker) {
      const query = str(span, sc.RERANKER_QUERY) ?? inputValues(span)[0];
      const docs = docsOf(span, sc.RERANKER_OUTPUT_DOCUMENT_RE, 'reranker.output_documents', 'r', query);
      add(span, { ...at, kind: stepKindOf(span, 'rank'), docs, ranking: docs.map((d) => d.id) });
      return LEAF;
    }
    if (kind === sc.SPAN_KINDS.llm) {
      const text = llmText(span);
      const isAnswer = text !== undefined && finalAnswer !== undefined && text.trim() === finalAnswer.trim();
      const step: StepInput = { ...at, kind: stepKindOf(span, isAnswer ? 'answer' : 'think') };
      if (text !== undefined) step.text = text;
      const tokens = num(span, sc.LLM_TOKEN_COUNT_COMPLETION);
      if (tokens !== undefined) step.tokens = tokens;
      const raw = str(span, sc.HOPSCOPE.stepRaw);
      if (raw !== undefined) step.raw = raw;
      const decision = str(span, sc.HOPSCOPE.stepDecision);
      if (decision !== undefined) step.decision = decision;
      add(span, step);
    } else if (kind === sc.SPAN_KINDS.tool) {
      const name = str(span, sc.TOOL_NAME) ?? span.name;
      const input = str(span, sc.INPUT_VALUE);
      const output = str(span, sc.OUTPUT_VALUE);
      const text = [input !== undefined ? `${name}(${input})` : name, output].filter(Boolean).join(' → ');
      add(span, { ...at, kind: stepKindOf(span, 'decision'), decision: `tool: ${name}`, text });
    }
    return planNode;
  };
  // Depth first in the children's order, with a stack of its own: a trace may be a parent chain
  // thousands of spans deep, deeper than the call stack.
  const pending: Array<{ span: SpanRecord; planNode: string | undefined }> = [];
  const under = (span: SpanRecord, planNode: string | undefined) => {
    const children = tree.children(span);
    for (let i = children.length - 1; i >= 0; i--)
      pending.push({ span: children[i] as SpanRecord, planNode });
  };
  under(root, undefined);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const planNode = visit(next.span, next.planNode);
    if (planNode !== LEAF) under(next.span, planNode);
  }

  const start = startEvent(root, question, ctx, model);
  const events: TrajectoryEvent[] = [start];
  if (plan.length > 0) events.push({ type: 'plan', nodes: plan });
  for (const step of steps) events.push({ type: 'step', step });
  if (finalAnswer !== undefined) events.push({ type: 'answer', text: finalAnswer });
  const finish: Extract<TrajectoryEvent, { type: 'finish' }> = {
    type: 'finish',
    reason:
      str(root, sc.HOPSCOPE.finishReason) ??
      (root.error ? 'error' : finalAnswer !== undefined ? 'answer' : 'no-answer'),
  };
  const ms = durationMs(root);
  if (ms !== undefined) finish.timing = { ms };
  events.push(finish);
  return { events, stepSpans };
}

function planNodeOf(span: SpanRecord, id: string, rootNode: string | undefined): PlanInput {
  const text = str(span, sc.GRAPH_NODE_NAME) ?? str(span, sc.INPUT_VALUE) ?? id;
  const dependsOn = json(span, sc.HOPSCOPE.planDependsOn);
  const parent = str(span, sc.GRAPH_NODE_PARENT_ID);
  const node: PlanInput = {
    id,
    text,
    dependsOn: Array.isArray(dependsOn)
      ? dependsOn.map(String)
      : parent !== undefined && parent !== rootNode
        ? [parent]
        : [],
  };
  const answer = str(span, sc.OUTPUT_VALUE);
  if (answer !== undefined) node.answer = answer;
  const resolved = str(span, sc.HOPSCOPE.planResolvedText);
  if (resolved !== undefined) node.resolvedText = resolved;
  const status = str(span, sc.HOPSCOPE.planStatus);
  const statuses: readonly PlanNode['status'][] = ['pending', 'active', 'done', 'skipped', 'failed'];
  const known = statuses.find((s) => s === status);
  node.status = known ?? (span.error ? 'failed' : 'done');
  return node;
}

function startEvent(
  root: SpanRecord,
  question: string,
  ctx: TraceContext,
  model: string | undefined,
): Extract<TrajectoryEvent, { type: 'start' }> {
  const source: Trajectory['source'] = { kind: 'import', format: ctx.format, file: ctx.file, line: ctx.line };
  const saved = json(root, sc.HOPSCOPE.source);
  if (isObj(saved))
    for (const k of ['dataset', 'qid', 'system'] as const)
      if (typeof saved[k] === 'string') source[k] = saved[k];
  const params = json(root, sc.LLM_INVOCATION_PARAMETERS);
  const agent: Trajectory['agent'] = {
    strategy: str(root, sc.AGENT_NAME) ?? root.name,
    params: isObj(params) ? params : {},
  };
  if (model !== undefined) agent.model = model;
  const start: Extract<TrajectoryEvent, { type: 'start' }> = {
    type: 'start',
    id: `otel-${root.traceId}`,
    question: question.trim(),
    source,
    agent,
  };
  const gold = json(root, sc.HOPSCOPE.gold);
  if (gold !== undefined) {
    if (!isObj(gold) || !Array.isArray(gold.answers))
      throw spanError(
        root,
        'hopscope.gold must be an object with answers',
        attrField(root, sc.HOPSCOPE.gold),
      );
    start.gold = gold as Trajectory['gold'];
  }
  const reported = reportedOf(root);
  if (Object.keys(reported).length > 0) start.reported = reported;
  return start;
}

/**
 * What the source reported about itself: Hopscope's saved `reported`, plus scores from other
 * tools' non-human annotations on the root (Phoenix evals). Hopscope's own rewards are recomputed, not read.
 */
function reportedOf(root: SpanRecord): NonNullable<Trajectory['reported']> {
  const out: NonNullable<Trajectory['reported']> = {};
  const saved = json(root, sc.HOPSCOPE.reported);
  if (isObj(saved))
    for (const [k, v] of Object.entries(saved))
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out[k] = v;
  for (const { row } of indexed(root, sc.SPAN_ANNOTATION_RE)) {
    const id = row.get('identifier');
    if (typeof id === 'string' && id.startsWith(sc.HOPSCOPE_ANNOTATION_PREFIX)) continue;
    // Human feedback imports as annotations (human-labels.ts), not as reported scores.
    if (row.get('annotator_kind') === sc.ANNOTATOR_KINDS.human) continue;
    const name = row.get('name');
    const value = row.get('score') ?? row.get('label');
    if (typeof name === 'string' && (typeof value === 'number' || typeof value === 'string'))
      out[name] = value;
  }
  return out;
}
