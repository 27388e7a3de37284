// A trajectory cut into parts of bounded size and put back together. Passing a whole trajectory
// between threads costs one task for its deserialization: a 100,000-step record or a
// 200,000-node plan froze the page for 0.1-0.3 s that way. Sent part by part, each message is a
// short task and the page stays responsive while the rest arrives.
import type { Doc, PlanNode, Step, Trajectory } from './trajectory';

export type TrajectoryChunk =
  /** The record without its steps and plan nodes (`plan` present, empty, when it has one). */
  | { kind: 'head'; trajectory: Trajectory }
  | { kind: 'steps'; steps: Step[] }
  /** More documents of the last step sent (a retrieval of tens of thousands of documents). */
  | { kind: 'docs'; docs: Doc[] }
  | { kind: 'plan'; nodes: PlanNode[] };

/** Items (steps, documents, queries, plan nodes and their dependencies) per part. */
export const CHUNK_ITEMS = 5_000;

const stepItems = (s: Step) => 1 + (s.queries?.length ?? 0);

/** The parts of `t`, in order: head, steps (documents split off where a step has many), plan. */
export function* trajectoryChunks(t: Trajectory, budget = CHUNK_ITEMS): Generator<TrajectoryChunk> {
  const head: Trajectory = { ...t, steps: [] };
  if (t.plan) head.plan = [];
  yield { kind: 'head', trajectory: head };
  let steps: Step[] = [];
  let items = 0;
  for (const s of t.steps) {
    const docs = s.docs ?? [];
    if (items + stepItems(s) + docs.length > budget && steps.length > 0) {
      yield { kind: 'steps', steps };
      steps = [];
      items = 0;
    }
    if (docs.length <= budget) {
      steps.push(s);
      items += stepItems(s) + docs.length;
      continue;
    }
    // A step with more documents than a part holds goes alone, its documents after it.
    yield { kind: 'steps', steps: [{ ...s, docs: docs.slice(0, budget) }] };
    for (let i = budget; i < docs.length; i += budget)
      yield { kind: 'docs', docs: docs.slice(i, i + budget) };
  }
  if (steps.length > 0) yield { kind: 'steps', steps };
  let nodes: PlanNode[] = [];
  items = 0;
  for (const n of t.plan ?? []) {
    const size = 1 + n.dependsOn.length;
    if (items + size > budget && nodes.length > 0) {
      yield { kind: 'plan', nodes };
      nodes = [];
      items = 0;
    }
    nodes.push(n);
    items += size;
  }
  if (nodes.length > 0) yield { kind: 'plan', nodes };
}

/** Puts parts back together, in the order trajectoryChunks gave them. */
export class TrajectoryAssembler {
  private t: Trajectory | null = null;

  add(p: TrajectoryChunk): void {
    if (p.kind === 'head') {
      this.t = p.trajectory;
      return;
    }
    const t = this.t;
    if (!t) throw new Error(`trajectory part '${p.kind}' arrived before the head`);
    // Loops, not push(...items): spreading a large array overflows the stack.
    if (p.kind === 'steps') for (const s of p.steps) t.steps.push(s);
    else if (p.kind === 'plan') for (const n of p.nodes) (t.plan ??= []).push(n);
    else {
      const last = t.steps.at(-1);
      if (!last) throw new Error('trajectory documents arrived before their step');
      const docs = (last.docs ??= []);
      for (const d of p.docs) docs.push(d);
    }
  }

  result(): Trajectory {
    if (!this.t) throw new Error('no trajectory head arrived');
    return this.t;
  }
}
