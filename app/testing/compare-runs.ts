// Hand-built runs for the compare tests, folded by the real builder (so duplicate, gold and
// answer marks on documents are the ones an import would set).
import { type StepInput, type TrajectoryEvent, buildTrajectory } from '../core/schema/builder';
import type { Gold, PlanNode, Trajectory } from '../core/schema/trajectory';

export interface HopSpec {
  query: string | string[];
  /** Titles; each document's text is `<title> text.` unless given as [title, text]. */
  docs: Array<string | [string, string]>;
  think?: string;
}

export interface RunSpec {
  id: string;
  question?: string;
  gold?: Gold;
  hops: HopSpec[];
  answer?: string;
  strategy?: string;
  live?: boolean;
}

export const QUESTION = 'Where was the founder of the Casmere Botanical Institute born?';

/** A Search-R1-shaped run: per hop a think, a search and a retrieve in one turn, then an answer. */
export function run(spec: RunSpec): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      id: spec.id,
      question: spec.question ?? QUESTION,
      source: spec.live
        ? { kind: 'live', dataset: 'demo' }
        : { kind: 'import', format: 'hopscope', file: `${spec.id}.jsonl` },
      agent: { strategy: spec.strategy ?? 'search-r1', params: {} },
      gold: spec.gold ?? { answers: ['Tavish'] },
    },
  ];
  const step = (s: StepInput): void => void events.push({ type: 'step', step: s });
  spec.hops.forEach((h, i) => {
    const hop = i + 1;
    const queries = Array.isArray(h.query) ? h.query : [h.query];
    step({ kind: 'think', turn: hop, text: h.think ?? `thinking before hop ${hop}` });
    step({ kind: 'search', turn: hop, hop, queries, text: queries.join('\n') });
    step({
      kind: 'retrieve',
      turn: hop,
      hop,
      docs: h.docs.map((d, r) => {
        const [title, text] = Array.isArray(d) ? d : [d, `${d} text.`];
        return { id: `${spec.id}-h${hop}d${r + 1}`, title, text, rank: r + 1 };
      }),
    });
  });
  if (spec.answer !== undefined) {
    step({ kind: 'answer', turn: spec.hops.length + 1, text: spec.answer });
    events.push({ type: 'answer', text: spec.answer });
  }
  return buildTrajectory(events);
}

export interface PlannedSpec {
  id: string;
  plan: Array<Pick<PlanNode, 'id' | 'text'> & { dependsOn?: string[] }>;
  /** Per plan node id: its hops (query + doc titles) and the decision after them, then its sub-answer. */
  work: Array<{ node: string; hops: HopSpec[]; stop?: string; subAnswer: string }>;
  answer: string;
}

/** An APEX-shaped run: a plan, then per sub-question decision → search/retrieve hops → sub-answer. */
export function plannedRun(spec: PlannedSpec): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      id: spec.id,
      question: QUESTION,
      source: { kind: 'import', format: 'hopscope', file: `${spec.id}.jsonl` },
      agent: { strategy: 'apex-searcher', params: {} },
      gold: { answers: ['Tavish'] },
    },
    { type: 'plan', nodes: spec.plan.map((n) => ({ ...n, dependsOn: n.dependsOn ?? [] })) },
  ];
  let turn = 0;
  const step = (s: StepInput): void => void events.push({ type: 'step', step: { ...s, turn: ++turn } });
  step({ kind: 'plan', text: 'plan' });
  for (const w of spec.work) {
    step({ kind: 'decision', planNode: w.node, decision: 'retrieve' });
    w.hops.forEach((h, i) => {
      const q = Array.isArray(h.query) ? h.query : [h.query];
      step({ kind: 'search', planNode: w.node, hop: i + 1, queries: q });
      step({
        kind: 'retrieve',
        planNode: w.node,
        hop: i + 1,
        docs: h.docs.map((d, r) => {
          const [title, text] = Array.isArray(d) ? d : [d, `${d} text.`];
          return { id: `${spec.id}-${w.node}-${i}-${r}`, title, text, rank: r + 1 };
        }),
      });
    });
    step({ kind: 'decision', planNode: w.node, hop: w.hops.length + 1, decision: w.stop ?? 'stop' });
    step({ kind: 'sub_answer', planNode: w.node, text: w.subAnswer });
  }
  step({ kind: 'answer', text: spec.answer });
  events.push({ type: 'answer', text: spec.answer });
  return buildTrajectory(events);
}
