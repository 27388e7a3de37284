// Folds a stream of trajectory events into a Trajectory. Importers and live strategies both emit
// these events, so the live view and the final view are the same reducer.
import { hash53 } from '../hash';
import { docContainsAnyAnswer, normalizeText, normalizeTitle } from '../metrics/normalize';
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
      training?: Trajectory['training'];
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
      if (e.training) next.training = e.training;
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

/**
 * Most steps one trajectory may hold. Far above any real agent (a few hundred turns); a record
 * past it is refused whole with this count in its report line, never cut silently.
 */
export const MAX_STEPS = 1_000_000;

/** Thrown when a record passes a builder limit; the importer reports it on the record's line. */
export class TrajectoryLimitError extends Error {
  override name = 'TrajectoryLimitError';
}

/**
 * The same fold as `applyEvent`, in place on a private draft: each event costs O(1) (steps and
 * plan nodes are found through id indexes, never by copying or scanning the arrays), so a record
 * of n steps builds in O(n). `applyEvent` copies the steps array per event, O(n²) over a
 * 30,000-step import. Input events are never mutated.
 */
export class TrajectoryFolder {
  private t: Trajectory = emptyTrajectory();
  // Every position of an id (a number, or a list when the id repeats): `applyEvent` patches each
  // match, so a repeated id is patched alike. One number per id, not a list: a 200,000-node plan
  // made as many lists.
  private stepAt: Positions = new Map();
  private planAt: Positions = new Map();

  constructor(private readonly maxSteps = MAX_STEPS) {}

  /** The trajectory so far (unfinalized). Owned by the folder: later events change it. */
  get draft(): Trajectory {
    return this.t;
  }

  apply(e: TrajectoryEvent): void {
    const t = this.t;
    switch (e.type) {
      case 'step': {
        const index = t.steps.length;
        if (index >= this.maxSteps)
          throw new TrajectoryLimitError(
            `more than ${this.maxSteps.toLocaleString('en')} steps in one trajectory (the limit); the record is not imported`,
          );
        const step = { ...e.step, id: e.step.id ?? `s${index}`, index } as Step;
        t.steps.push(step);
        addAt(this.stepAt, step.id, index);
        return;
      }
      case 'step_token':
      case 'step_update':
        replaceAt(t.steps, this.stepAt, e.stepId, (s) =>
          e.type === 'step_token' ? { ...s, text: (s.text ?? '') + e.text } : { ...s, ...e.patch },
        );
        return;
      case 'plan_node':
        if (t.plan) replaceAt(t.plan, this.planAt, e.id, (n) => ({ ...n, ...e.patch }));
        return;
      default: {
        // Whole-trajectory events (start, plan, answer, finish, snapshot) are O(size of the event).
        // A plan's nodes are kept as given when they have a status (the folder replaces nodes,
        // never changes them): a 200,000-node plan is not copied node by node.
        let next: Trajectory;
        if (e.type === 'snapshot') next = { ...e.trajectory };
        else if (e.type === 'plan')
          next = {
            ...t,
            plan: e.nodes.map((n) => (n.status ? (n as PlanNode) : { ...n, status: 'pending' })),
          };
        else next = applyEvent(t, e);
        if (next.steps !== t.steps) {
          next.steps = next.steps.slice();
          this.stepAt = new Map();
          next.steps.forEach((s, i) => addAt(this.stepAt, s.id, i));
        }
        if (next.plan !== t.plan) {
          // A plan event's array is new already; others may share the event's or a snapshot's.
          if (next.plan && e.type !== 'plan') next.plan = next.plan.slice();
          this.planAt = new Map();
          (next.plan ?? []).forEach((n, i) => addAt(this.planAt, n.id, i));
        }
        this.t = next;
      }
    }
  }
}

/** Every position of an id: a number, or a list when the id repeats. */
export type Positions = Map<string, number | number[]>;

export function addAt(at: Positions, id: string, i: number): void {
  const had = at.get(id);
  if (had === undefined) at.set(id, i);
  else if (typeof had === 'number') at.set(id, [had, i]);
  else had.push(i);
}

/** Replaces the element at each position of `id` with `patch` of it. */
function replaceAt<T>(list: T[], at: Positions, id: string, patch: (x: T) => T): void {
  const one = (i: number) => {
    list[i] = patch(list[i]!);
  };
  const had = at.get(id);
  if (typeof had === 'number') one(had);
  else if (had) for (const i of had) one(i);
}

/** Folds events and finalizes (stable id, duplicate / gold / answer flags on docs). Linear in events. */
export function buildTrajectory(events: Iterable<TrajectoryEvent>): Trajectory {
  const folder = new TrajectoryFolder();
  for (const e of events) folder.apply(e);
  return finalizeTrajectory(folder.draft);
}

/**
 * A document's content identity: normalized title + the start of its normalized text. Duplicate
 * marks use it, and the compare view aligns documents of different runs by it. Ids from
 * different retrievers are not comparable; title + text is what the agent saw.
 */
export function docKey(d: Pick<Doc, 'title' | 'text'>): string {
  return `${normalizeTitle(d.title ?? '')}\u0000${normalizeText(d.text).slice(0, 400)}`;
}

/** What a step's docs are marked against: the trajectory's gold answers and supporting passages. */
export interface DocMarks {
  answers: readonly string[];
  goldTitles: ReadonlySet<string>;
  goldIds: ReadonlySet<string>;
}

export function docMarksOf(gold: Gold | undefined): DocMarks {
  return {
    answers: gold?.answers ?? [],
    goldTitles: new Set((gold?.supporting ?? []).map((s) => normalizeTitle(s.title ?? '')).filter(Boolean)),
    goldIds: new Set((gold?.supporting ?? []).map((s) => s.docId).filter((x): x is string => !!x)),
  };
}

/**
 * One step as finalizeTrajectory leaves it: its docs marked against `marks`, `duplicate` where
 * `seenBefore` knows the doc's content key from an earlier step. `keys`: the content keys of its
 * docs, which the steps after it see. A step without docs comes back as it is.
 */
export function finalizeStep(
  s: Step,
  marks: DocMarks,
  seenBefore: (key: string) => boolean,
): { step: Step; keys: string[] } {
  if (!s.docs) return { step: s, keys: [] };
  const { answers, goldTitles, goldIds } = marks;
  const keys = new Set<string>();
  const docs = s.docs.map((d) => {
    const key = docKey(d);
    const out: Doc = { ...d };
    if (out.duplicate === undefined) out.duplicate = seenBefore(key);
    keys.add(key);
    if (out.containsAnswer === undefined && answers.length > 0)
      out.containsAnswer = docContainsAnyAnswer(out, answers);
    if (out.gold === undefined && (goldTitles.size > 0 || goldIds.size > 0))
      out.gold = goldIds.has(d.id) || goldTitles.has(normalizeTitle(d.title ?? ''));
    return out;
  });
  return { step: { ...s, docs }, keys: [...keys] };
}

/** The id a trajectory without one is given: a hash of its content. */
export function contentId(t: Trajectory, steps: readonly Step[]): string {
  return `t_${hash53(JSON.stringify([t.source.format, t.question, t.raw ?? steps]))}`;
}

/**
 * Fills the derived fields the importer left unset: doc `duplicate` (seen in an earlier hop),
 * `containsAnswer` (holds a normalized gold answer) and `gold` (a gold supporting passage), and
 * a content-hash id when none was given.
 */
export function finalizeTrajectory(t: Trajectory): Trajectory {
  const seen = new Set<string>();
  const marks = docMarksOf(t.gold);
  const steps = t.steps.map((s) => {
    const { step, keys } = finalizeStep(s, marks, (k) => seen.has(k));
    for (const k of keys) seen.add(k);
    return step;
  });
  return { ...t, id: t.id || contentId(t, steps), steps };
}
