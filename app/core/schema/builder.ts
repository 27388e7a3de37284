// Folds a stream of trajectory events into a Trajectory. Importers and live strategies both emit
// these events, so the live view and the final view are the same reducer (DESIGN.md §1).
import { hash53 } from '../hash';
import { containsAnyAnswer, normalizeText, normalizeTitle } from '../metrics/normalize';
import type { Doc, Gold, PlanNode, Step, Trajectory, TrajectorySource } from './trajectory';
import { SCHEMA_ID } from './trajectory';

export type StepInput = Omit<Step, 'id' | 'index'> & { id?: string };

export type TrajectoryEvent =
  | {
      type: 'start';
      id?: string;
      question: string;
      source: TrajectorySource;
      agent: Trajectory['agent'];
      gold?: Gold;
      raw?: string;
      reported?: Trajectory['reported'];
    }
  | { type: 'plan'; nodes: Array<Omit<PlanNode, 'status'> & { status?: PlanNode['status'] }> }
  | { type: 'plan_node'; id: string; patch: Partial<Omit<PlanNode, 'id'>> }
  | { type: 'step'; step: StepInput }
  | { type: 'step_token'; stepId: string; text: string }
  | { type: 'step_update'; stepId: string; patch: Partial<Omit<Step, 'id' | 'index'>> }
  | { type: 'answer'; text: string; confidence?: number }
  /** `raw`: the whole transcript, when a live run only knows it at the end. */
  | { type: 'finish'; reason: string; timing?: Trajectory['timing']; raw?: string }
  /** A whole trajectory at once (Hopscope's own JSONL). */
  | { type: 'snapshot'; trajectory: Trajectory };

/** An empty trajectory; `start` fills it in. */
export function emptyTrajectory(): Trajectory {
  return {
    schema: SCHEMA_ID,
    id: '',
    question: '',
    source: { kind: 'import' },
    agent: { strategy: 'unknown', params: {} },
    steps: [],
  };
}

/** Pure reducer: returns a new trajectory, never mutates its input. */
export function applyEvent(t: Trajectory, e: TrajectoryEvent): Trajectory {
  switch (e.type) {
    case 'start': {
      const next: Trajectory = {
        ...t,
        id: e.id ?? t.id,
        question: e.question,
        source: e.source,
        agent: e.agent,
      };
      if (e.gold) next.gold = e.gold;
      if (e.raw !== undefined) next.raw = e.raw;
      if (e.reported) next.reported = e.reported;
      return next;
    }
    case 'plan':
      return { ...t, plan: e.nodes.map((n) => ({ ...n, status: n.status ?? 'pending' })) };
    case 'plan_node':
      return { ...t, plan: (t.plan ?? []).map((n) => (n.id === e.id ? { ...n, ...e.patch } : n)) };
    case 'step': {
      const index = t.steps.length;
      const step = { ...e.step, id: e.step.id ?? `s${index}`, index } as Step;
      return { ...t, steps: [...t.steps, step] };
    }
    case 'step_token':
      return {
        ...t,
        steps: t.steps.map((s) => (s.id === e.stepId ? { ...s, text: (s.text ?? '') + e.text } : s)),
      };
    case 'step_update':
      return { ...t, steps: t.steps.map((s) => (s.id === e.stepId ? { ...s, ...e.patch } : s)) };
    case 'answer': {
      const answer: Trajectory['answer'] = { text: e.text };
      if (e.confidence !== undefined) answer.confidence = e.confidence;
      return { ...t, answer };
    }
    case 'snapshot':
      return e.trajectory;
    case 'finish': {
      const next = { ...t, finishReason: e.reason };
      if (e.timing) next.timing = e.timing;
      if (e.raw !== undefined) next.raw = e.raw;
      return next;
    }
  }
}

/** Folds events and finalizes (stable id, duplicate / gold / answer flags on docs). */
export function buildTrajectory(events: Iterable<TrajectoryEvent>): Trajectory {
  let t = emptyTrajectory();
  for (const e of events) t = applyEvent(t, e);
  return finalizeTrajectory(t);
}

/**
 * A document's content identity: normalized title + the start of its normalized text. Duplicate
 * marks use it, and the compare view aligns documents of different runs by it. Ids from
 * different retrievers are not comparable; title + text is what the agent saw.
 */
export function docKey(d: Pick<Doc, 'title' | 'text'>): string {
  return `${normalizeTitle(d.title ?? '')}\u0000${normalizeText(d.text).slice(0, 400)}`;
}

/**
 * Fills the derived fields the importer left unset: doc `duplicate` (seen in an earlier hop),
 * `containsAnswer` (holds a normalized gold answer) and `gold` (a gold supporting passage), and
 * a content-hash id when none was given.
 */
export function finalizeTrajectory(t: Trajectory): Trajectory {
  const seen = new Set<string>();
  const answers = t.gold?.answers ?? [];
  const goldTitles = new Set(
    (t.gold?.supporting ?? []).map((s) => normalizeTitle(s.title ?? '')).filter(Boolean),
  );
  const goldIds = new Set((t.gold?.supporting ?? []).map((s) => s.docId).filter(Boolean));
  const steps = t.steps.map((s) => {
    if (!s.docs) return s;
    const stepSeen = new Set<string>();
    const docs = s.docs.map((d) => {
      const key = docKey(d);
      const out: Doc = { ...d };
      if (out.duplicate === undefined) out.duplicate = seen.has(key);
      stepSeen.add(key);
      if (out.containsAnswer === undefined && answers.length > 0)
        out.containsAnswer = containsAnyAnswer(`${d.title ?? ''} ${d.text}`, answers);
      if (out.gold === undefined && (goldTitles.size > 0 || goldIds.size > 0))
        out.gold = goldIds.has(d.id) || goldTitles.has(normalizeTitle(d.title ?? ''));
      return out;
    });
    for (const k of stepSeen) seen.add(k);
    return { ...s, docs };
  });
  const id = t.id || `t_${hash53(JSON.stringify([t.source.format, t.question, t.raw ?? steps]))}`;
  return { ...t, id, steps };
}
