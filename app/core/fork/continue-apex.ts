// Continuing a fork with APEX-Searcher: its state is the plan (sub-questions, #n references), the
// sub-answers and the accumulated knowledge they make, the documents seen, and for the
// sub-question the fork cut into its decision, the documents found and the queries tried. All of
// it is read back from the prefix's plan, decision, search, retrieve and sub_answer steps (each
// carries its planNode), so only what is left of the plan calls the model.
import { type ApexNodeResume, type ApexResume, apexBody } from '../agents/apex/apex';
import { parseContinue, parseSufficiency } from '../agents/apex/apex-decision';
import { type PlanLine, parsePlan } from '../agents/apex/apex-plan';
import type { Ev } from '../agents/session';
import { fillTemplate } from '../agents/template';
import type { FinishReason } from '../agents/types';
import type { Trajectory } from '../schema/trajectory';
import type { AnySession } from './continue-tagged';
import type { ForkPoint } from './point';

/** The plan the prefix holds: its plan step's text, else the parent's plan nodes. */
function planLines(parent: Trajectory, point: ForkPoint): PlanLine[] {
  const step = point.prefix.find((s) => s.kind === 'plan');
  if (step?.text?.trim()) return parsePlan(step.text);
  if (step === undefined || point.changed === null)
    return (parent.plan ?? []).map((n) => ({ id: n.id, text: n.text, dependsOn: n.dependsOn ?? [] }));
  return [];
}

/** Why APEX cannot continue from this point, or null. */
export function apexProblem(parent: Trajectory, point: ForkPoint): string | null {
  const edited = point.changed === null ? undefined : point.prefix[point.changed];
  if (edited?.kind === 'plan' && planLines(parent, point).length === 0)
    return 'the edited plan has no sub-questions: no numbered ("1. …") or bulleted ("- …") lines';
  if (planLines(parent, point).length === 0)
    return `the parent (${parent.agent.strategy}) has no plan, and APEX continues from its sub-questions`;
  if (
    point.prefix.some((s) => s.kind === 'search' || s.kind === 'retrieve') &&
    !point.prefix.some((s) => s.planNode)
  )
    return "the parent's searches belong to no plan step, so APEX cannot tell which sub-question they served";
  return null;
}

export function apexResume(s: AnySession, parent: Trajectory, point: ForkPoint): ApexResume {
  const lines = planLines(parent, point);
  const answers = new Map<string, string>();
  const knowledge: string[] = [];
  const seen = new Set<string>();
  const nodes = new Map<string, ApexNodeResume>();
  let lastNode: string | undefined;
  for (const [i, st] of point.prefix.entries()) {
    const id = st.planNode;
    if (id === undefined) continue;
    lastNode = id;
    const line = lines.find((l) => l.id === id);
    const node =
      nodes.get(id) ??
      ({ resolved: line?.text ?? '', decision: 'retrieve', found: [], tried: [], hops: 0 } as ApexNodeResume);
    nodes.set(id, node);
    switch (st.kind) {
      case 'decision':
        if (st.hop === undefined) {
          // The node's own decision: its text is the resolved sub-question. The logged decision is
          // read as a live reply is ("Answer" answers), by the one reader (apex-decision.ts).
          if (st.text?.trim()) node.resolved = st.text.trim();
          node.decision = parseSufficiency(st.decision ?? '');
        } else {
          // An edited continuation decision is read from its new text, a logged one from its word.
          const logged = st.decision?.trim() ? st.decision : undefined;
          const go = parseContinue(i === point.changed || !logged ? (st.text ?? '') : logged);
          node.stopped = go === 'stop';
          node.forceHop = go === 'continue';
        }
        break;
      case 'search': {
        const q = (st.queries ?? [st.text ?? '']).join(' ').trim();
        node.hops = st.hop ?? node.hops + 1;
        node.pendingQuery = q;
        node.forceHop = false;
        break;
      }
      case 'retrieve':
        if (node.pendingQuery !== undefined) node.tried.push(node.pendingQuery);
        delete node.pendingQuery;
        for (const d of st.docs ?? []) {
          if (!seen.has(d.id)) node.found.push(d);
          seen.add(d.id);
        }
        break;
      case 'sub_answer':
        if (st.text?.trim()) {
          answers.set(id, st.text.trim());
          knowledge.push(
            fillTemplate(s.prompt('knowledgeItem'), { question: node.resolved, answer: st.text.trim() }),
          );
        }
        nodes.delete(id);
        break;
    }
  }
  const current = lastNode !== undefined ? nodes.get(lastNode) : undefined;
  const at = lastNode === undefined ? -1 : lines.findIndex((l) => l.id === lastNode);
  const next = current ? Math.max(at, 0) : at + 1;
  if (current && point.mode === 'search_more') {
    current.decision = 'retrieve';
    current.stopped = false;
    current.forceHop = true;
  }
  return {
    lines,
    answers,
    knowledge,
    seen,
    next,
    ...(current ? { current } : {}),
    ...(point.mode === 'answer_now' ? { answerNow: true } : {}),
  };
}

export async function* continueApex(
  s: AnySession,
  parent: Trajectory,
  point: ForkPoint,
): AsyncGenerator<Ev, FinishReason, undefined> {
  return yield* apexBody(s, apexResume(s, parent, point));
}
