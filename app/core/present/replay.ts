// Presenter mode: a stored trajectory turned back into the builder's events, so the replay grows
// through the same fold (schema/builder.ts `TrajectoryFolder`, `applyEvent` in place) a live run
// grows through. Each event is one "beat" the presenter steps through; a step's text arrives as
// `step_token` beats, so the model's words stream at the speed the presenter picks.
import { type TrajectoryEvent, TrajectoryFolder } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';

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
 * The events that rebuild `t`: start, the plan (every node pending), then per step the step
 * without its text, its text as token beats, its plan node marked active and, when a later step
 * moves on or the run ends, done with its answer; the answer and the finish last.
 */
export function replayEvents(t: Trajectory): TrajectoryEvent[] {
  const ev: TrajectoryEvent[] = [];
  const start: TrajectoryEvent = {
    type: 'start',
    id: t.id,
    question: t.question,
    source: t.source,
    agent: t.agent,
  };
  if (t.gold) start.gold = t.gold;
  if (t.reported) start.reported = t.reported;
  ev.push(start);
  const plan = t.plan ?? [];
  if (plan.length > 0)
    ev.push({
      type: 'plan',
      nodes: plan.map((n) => ({ id: n.id, text: n.text, dependsOn: n.dependsOn, status: 'pending' })),
    });
  const final = new Map(plan.map((n) => [n.id, n]));
  let active: string | undefined;
  const close = () => {
    const n = active === undefined ? undefined : final.get(active);
    if (n) ev.push({ type: 'plan_node', id: n.id, patch: finalPatch(n) });
    active = undefined;
  };
  for (const s of t.steps) {
    if (s.planNode !== active) {
      close();
      if (s.planNode !== undefined && final.has(s.planNode)) {
        active = s.planNode;
        ev.push({ type: 'plan_node', id: s.planNode, patch: { status: 'active' } });
      }
    }
    const { index: _index, ...step } = s;
    // Search steps show their queries at once; other steps' text streams in.
    const text = s.kind === 'search' ? '' : (s.text ?? '');
    ev.push({ type: 'step', step: text ? { ...step, text: '' } : step });
    for (const c of tokenChunks(text)) ev.push({ type: 'step_token', stepId: s.id, text: c });
  }
  close();
  // Nodes no step worked on end as the log left them.
  const worked = new Set(t.steps.map((s) => s.planNode));
  for (const n of plan)
    if (!worked.has(n.id) && n.status !== 'pending')
      ev.push({ type: 'plan_node', id: n.id, patch: finalPatch(n) });
  if (t.answer) {
    const a: TrajectoryEvent = { type: 'answer', text: t.answer.text };
    if (t.answer.confidence !== undefined) a.confidence = t.answer.confidence;
    ev.push(a);
  }
  const fin: TrajectoryEvent = { type: 'finish', reason: t.finishReason ?? 'done' };
  if (t.timing) fin.timing = t.timing;
  ev.push(fin);
  return ev;
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
 * trajectory crashed the tab. A folder moves forward in place (linear); stepping back replays
 * from the start. Steps carry their stored documents, so the doc marks (duplicate, gold, answer)
 * the importer derived are the ones shown.
 */
export class Replay {
  readonly events: TrajectoryEvent[];
  /**
   * The frames a presenter steps between with the arrow keys: every frame whose next event is
   * not a token of the same step, so one key press shows a whole step (its text streamed in
   * full) and play mode streams the tokens between two stops.
   */
  readonly stops: number[];
  private folder = new TrajectoryFolder();
  private applied = -1;

  constructor(t: Trajectory) {
    this.events = replayEvents(t);
    this.stops = this.events.flatMap((_, i) => (this.streamingAt(i) === undefined ? [i] : []));
  }

  get length(): number {
    return this.events.length;
  }

  /** The step whose tokens are arriving after frame i, if any. */
  streamingAt(i: number): string | undefined {
    const next = this.events[i + 1];
    return next?.type === 'step_token' ? next.stepId : undefined;
  }

  /** Frame i (clamped to the replay); its trajectory is a snapshot later frames do not change. */
  frame(i: number): ReplayFrame {
    const at = Math.max(0, Math.min(this.events.length - 1, i));
    if (at < this.applied) {
      this.folder = new TrajectoryFolder();
      this.applied = -1;
    }
    while (this.applied < at) this.folder.apply(this.events[++this.applied]!);
    // The folder replaces step and plan-node objects, never changes them: copying the arrays is
    // enough for the snapshot to stay as it is.
    const d = this.folder.draft;
    const t: Trajectory = { ...d, steps: d.steps.slice() };
    if (d.plan) t.plan = d.plan.slice();
    return { t, streamingStepId: this.streamingAt(at) };
  }
}

/** The stop after (dir 1) or before (dir -1) frame `at`; stays at the ends. */
export function nextStop(stops: readonly number[], at: number, dir: 1 | -1): number {
  if (dir === 1) return stops.find((s) => s > at) ?? stops.at(-1) ?? at;
  return [...stops].reverse().find((s) => s < at) ?? stops[0] ?? at;
}

/**
 * The trajectory without what the audience should not see yet: gold answers, gold plan and
 * passages, and the gold / answer-bearing marks on documents. Presenter mode shows them on demand.
 */
export function withoutGold(t: Trajectory): Trajectory {
  const { gold: _gold, ...rest } = t;
  return {
    ...rest,
    steps: t.steps.map((s) =>
      s.docs ? { ...s, docs: s.docs.map(({ gold: _g, containsAnswer: _a, ...d }) => d) } : s,
    ),
  };
}
