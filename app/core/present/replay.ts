// Presenter mode: a stored trajectory turned back into the builder's events, so the replay grows
// through the same fold (schema/builder.ts `TrajectoryFolder`, `applyEvent` in place) a live run
// grows through. Each event is one "beat" the presenter steps through; a step's text arrives as
// `step_token` beats, so the model's words stream at the speed the presenter picks.
import { type TrajectoryEvent, TrajectoryFolder } from '../schema/builder';
import type { PlanNode, Step, Trajectory } from '../schema/trajectory';

/** Longest streamed beat: longer words arrive in pieces, as a tokenizer would cut them. */
export const TOKEN_CHARS = 12;

/** Splits text into beats of one word each (with its trailing space); long words in pieces. */
export function tokenChunks(text: string, size = TOKEN_CHARS): string[] {
  const out: string[] = [];
  for (const word of text.match(/\s*\S+\s*|\s+/g) ?? [])
    for (let i = 0; i < word.length; i += size) out.push(word.slice(i, i + size));
  return out;
}

/**
 * The events that rebuild `t`, one at a time (a long trajectory's replay is made in slices, see
 * Replay.extend): start, the plan (every node pending), then per step the step without its text,
 * its text as token beats, its plan node marked active and, when a later step moves on or the run
 * ends, done with its answer; the answer and the finish last.
 */
export function* replayEventStream(t: Trajectory): Generator<TrajectoryEvent, void> {
  const start: TrajectoryEvent = {
    type: 'start',
    id: t.id,
    question: t.question,
    source: t.source,
    agent: t.agent,
  };
  if (t.gold) start.gold = t.gold;
  if (t.reported) start.reported = t.reported;
  yield start;
  const plan = t.plan ?? [];
  if (plan.length > 0)
    yield {
      type: 'plan',
      nodes: plan.map((n) => ({ id: n.id, text: n.text, dependsOn: n.dependsOn, status: 'pending' })),
    };
  const final = new Map<string, PlanNode>();
  for (const n of plan) final.set(n.id, n);
  let active: string | undefined;
  for (const s of t.steps) {
    if (s.planNode !== active) {
      // The node worked on before is done, as the log left it.
      const n = active === undefined ? undefined : final.get(active);
      if (n) yield { type: 'plan_node', id: n.id, patch: finalPatch(n) };
      active = undefined;
      if (s.planNode !== undefined && final.has(s.planNode)) {
        active = s.planNode;
        yield { type: 'plan_node', id: s.planNode, patch: { status: 'active' } };
      }
    }
    const { index: _index, ...step } = s;
    // Search steps show their queries at once; other steps' text streams in.
    const text = s.kind === 'search' ? '' : (s.text ?? '');
    yield { type: 'step', step: text ? { ...step, text: '' } : step };
    for (const c of tokenChunks(text)) yield { type: 'step_token', stepId: s.id, text: c };
  }
  const last = active === undefined ? undefined : final.get(active);
  if (last) yield { type: 'plan_node', id: last.id, patch: finalPatch(last) };
  // Nodes no step worked on end as the log left them.
  const worked = new Set(t.steps.map((s) => s.planNode));
  for (const n of plan)
    if (!worked.has(n.id) && n.status !== 'pending')
      yield { type: 'plan_node', id: n.id, patch: finalPatch(n) };
  if (t.answer) {
    const a: TrajectoryEvent = { type: 'answer', text: t.answer.text };
    if (t.answer.confidence !== undefined) a.confidence = t.answer.confidence;
    yield a;
  }
  const fin: TrajectoryEvent = { type: 'finish', reason: t.finishReason ?? 'done' };
  if (t.timing) fin.timing = t.timing;
  yield fin;
}

function finalPatch(n: NonNullable<Trajectory['plan']>[number]) {
  const { id: _id, ...patch } = n;
  return patch;
}

/** What one beat shows: the trajectory so far and the step tokens are streaming into. */
export interface ReplayFrame {
  t: Trajectory;
  /** The step whose text is still arriving (its next beat is a token), if any. */
  streamingStepId: string | undefined;
}

/**
 * The replay's frames, frame i being the state after events[0..i], built when asked for. Keeping
 * every frame (each a copy of the trajectory so far) was quadratic: presenting a 100,000-step
 * trajectory crashed the tab. A folder moves forward in place and steps back by undoing events,
 * each O(size of the event); replaying from the start on every step back cost 150-290 ms on
 * 100,000 steps. The events are made in slices (`extend`), so a long replay never holds the page
 * in one long task. Steps carry their stored documents, so the doc marks (duplicate, gold,
 * answer) the importer derived are the ones shown.
 */
export class Replay {
  private readonly events: TrajectoryEvent[] = [];
  private readonly source: Iterator<TrajectoryEvent, void>;
  private done = false;
  private folder = new TrajectoryFolder(undefined, { undo: true });
  private applied = -1;

  constructor(t: Trajectory) {
    this.source = replayEventStream(t);
    this.pull(); // the start, so there is always a frame to show
  }

  /** Whether every event has been made (until then `last` still grows). */
  get complete(): boolean {
    return this.done;
  }

  /** The last frame made so far: the end of the replay once complete. */
  get last(): number {
    return this.events.length - 1;
  }

  /** Makes events for about `budgetMs` milliseconds; returns whether the replay is complete. */
  extend(budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    do for (let k = 0; k < 32 && !this.done; k++) this.pull();
    while (!this.done && performance.now() < until);
    return this.done;
  }

  private pull(): void {
    if (this.done) return;
    const r = this.source.next();
    if (r.done) this.done = true;
    else this.events.push(r.value);
  }

  /** Event i (made if need be: steps ahead are made on demand, a few events each). */
  event(i: number): TrajectoryEvent | undefined {
    while (this.events.length <= i && !this.done) this.pull();
    return this.events[i];
  }

  /** The step whose tokens are arriving after frame i, if any. */
  streamingAt(i: number): string | undefined {
    const next = this.event(i + 1);
    return next?.type === 'step_token' ? next.stepId : undefined;
  }

  /**
   * The stop after (dir 1) or before (dir -1) frame `at`. Stops are the frames whose next event is
   * not a token of the same step, so one arrow key shows a whole step (its text streamed in full)
   * and play mode streams the tokens between two stops. Stays at the ends.
   */
  nextStop(at: number, dir: 1 | -1): number {
    if (dir === 1) {
      let i = Math.max(0, at + 1);
      while (this.streamingAt(i) !== undefined) i++;
      return this.event(i) === undefined ? this.last : i;
    }
    let i = Math.min(at, this.last) - 1;
    while (i > 0 && this.streamingAt(i) !== undefined) i--;
    return Math.max(0, i);
  }

  /**
   * Moves toward frame `target` (Infinity: the end) for about `budgetMs` milliseconds, making
   * events on the way; true once there. A far jump (End on 100,000 steps: 240-310 ms in one
   * task) is done in slices this way, and frame(target) is then immediate.
   */
  seek(target: number, budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    for (;;) {
      if (target > this.last && !this.done) this.extend(Math.min(2, budgetMs));
      else {
        const at = Math.max(0, Math.min(this.last, target));
        this.moveTo(at, 2048);
        if (this.applied === at) return true;
      }
      if (performance.now() >= until) return false;
    }
  }

  /** Applies or undoes up to `most` events toward frame `at` (made). */
  private moveTo(at: number, most = Number.POSITIVE_INFINITY): void {
    // Back by undoing, unless starting over is shorter (Home from the end).
    if (this.applied - at > at + 1) {
      this.folder = new TrajectoryFolder(undefined, { undo: true });
      this.applied = -1;
    }
    for (let n = 0; n < most && this.applied !== at; n++)
      if (this.applied > at) {
        this.folder.undo();
        this.applied--;
      } else this.folder.apply(this.events[++this.applied]!);
  }

  /** Frame i (clamped to the replay); its trajectory is a snapshot later frames do not change. */
  frame(i: number): ReplayFrame {
    this.event(i);
    const at = Math.max(0, Math.min(this.last, i));
    this.moveTo(at);
    // The folder replaces step and plan-node objects, never changes them: copying the arrays is
    // enough for the snapshot to stay as it is.
    const d = this.folder.draft;
    const t: Trajectory = { ...d, steps: d.steps.slice() };
    if (d.plan) t.plan = d.plan.slice();
    return { t, streamingStepId: this.streamingAt(at) };
  }
}

// Each step's copy without gold marks, kept while the step object is the same: a frame shares
// every step but the newest with the frame before, so hiding gold costs a lookup per step, not a
// copy of every step and document per frame.
const hiddenSteps = new WeakMap<Step, Step>();

/**
 * The trajectory without what the audience should not see yet: gold answers, gold plan and
 * passages, and the gold / answer-bearing marks on documents. Presenter mode shows them on demand.
 */
export function withoutGold(t: Trajectory): Trajectory {
  const { gold: _gold, ...rest } = t;
  return {
    ...rest,
    steps: t.steps.map((s) => {
      if (!s.docs) return s;
      let h = hiddenSteps.get(s);
      if (!h) {
        h = { ...s, docs: s.docs.map(({ gold: _g, containsAnswer: _a, ...d }) => d) };
        hiddenSteps.set(s, h);
      }
      return h;
    }),
  };
}
