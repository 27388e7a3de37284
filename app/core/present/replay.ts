// Presenter mode: a stored trajectory replayed beat by beat (replay-events.ts defines the beats);
// `Replay` shows the state after any beat without folding the ones before it. The plan's state
// at a beat is plan-beats.ts'; what the audience should not see yet, hide-gold.ts'.
import { type PlanNode, SCHEMA_ID, type Step, type Trajectory } from '../schema/trajectory';
import { lastAtOrBefore } from '../sorted';
import { EXACT_PLAN_NODES, PlanBeats } from './plan-beats';
import { chunkPrefix, streamedText } from './replay-events';

/** What one beat shows: the trajectory so far and the step tokens are streaming into. */
export interface ReplayFrame {
  t: Trajectory;
  /** The step whose text is still arriving (its next beat is a token), if any. */
  streamingStepId: string | undefined;
}

/**
 * The replay of `replayEventStream(t)`, frame i being the builder's fold of events 0..i. A frame
 * is made from the stored trajectory, not by folding: the steps before the newest are the stored
 * step objects (the fold rebuilds them equal), the newest has the text streamed so far, and the
 * plan is moved to frame i by applying or taking back the `plan_node` beats in between. Folding
 * 100,000 steps' 200,000 events kept ~70 MB of events, step copies and undo records alive, and
 * collecting them held the page 50-90 ms at a time; a frame now costs a copy of the step and plan
 * arrays, and the replay keeps a few numbers per step and per plan beat. Those (where each
 * step's beats start, the plan beats) are indexed in slices (`extend`), so a long replay never
 * holds the page in one long task; what a frame needs before then is indexed on demand.
 * Steps that share an id (a malformed log) each show their own text, where the fold would append
 * a later one's tokens to the earlier ones too.
 */
export class Replay {
  private readonly steps: readonly Step[];
  private readonly plan: readonly PlanNode[];
  private readonly planBeats: PlanBeats;
  /** Event index of step k's `step` beat, and its token beats; filled up to `ready`. */
  private readonly stepAt: Int32Array;
  private readonly tokens: Int32Array;
  private ready = 0;
  private misnumbered = false;
  /** Step copies whose stored index is not their position (the builder's fold numbers them). */
  private readonly renumbered = new Map<number, Step>();
  /** The next event index after the events indexed so far. */
  private cursor: number;
  /** The plan node the steps indexed last work on, and every node a step worked on. */
  private active: string | undefined;
  private readonly worked = new Set<string | undefined>();
  /** Plan positions scanned for nodes no step worked on (they end as logged, after the steps). */
  private unworkedScanned = 0;
  /** Events after the beats (the answer, the finish), once every step and beat is indexed. */
  private tail: { answer: number; finish: number } | null = null;

  /** `exact`: see EXACT_PLAN_NODES (smaller in tests). */
  constructor(
    private readonly t: Trajectory,
    exact = EXACT_PLAN_NODES,
  ) {
    this.steps = t.steps;
    this.plan = t.plan ?? [];
    // At most two plan beats per step (a node done, the next one active), one at the end, and one
    // per plan node no step worked on.
    this.planBeats = new PlanBeats(this.plan, 2 * this.steps.length + 1 + this.plan.length, exact);
    this.stepAt = new Int32Array(this.steps.length);
    this.tokens = new Int32Array(this.steps.length);
    this.cursor = 1 + (this.plan.length > 0 ? 1 : 0);
  }

  /** Whether every event has been indexed (until then `last` still grows). */
  get complete(): boolean {
    return this.tail !== null;
  }

  /** The last frame indexed so far: the end of the replay once complete. */
  get last(): number {
    return this.tail ? this.tail.finish : this.cursor - 1;
  }

  /** Indexes for about `budgetMs` milliseconds; returns whether the replay is complete. */
  extend(budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    do this.index(256);
    while (!this.tail && performance.now() < until);
    return this.tail !== null;
  }

  /** Indexes about `work` more steps (four times as many plan nodes). */
  private index(work: number): void {
    if (this.tail) return;
    const beats = this.planBeats;
    if (!beats.nodesIndexed) {
      beats.indexNodes(work * 4);
      return;
    }
    const steps = this.steps;
    if (this.ready < steps.length) {
      const to = Math.min(steps.length, this.ready + work);
      for (let k = this.ready; k < to; k++) {
        const s = steps[k]!;
        this.worked.add(s.planNode);
        if (s.index !== k) this.misnumbered = true;
        if (s.planNode !== this.active) {
          if (this.active !== undefined) this.beat(this.active, true, beats.lastPosition(this.active));
          this.active = undefined;
          if (s.planNode !== undefined && beats.hasNode(s.planNode)) {
            this.active = s.planNode;
            this.beat(s.planNode, false, -1);
          }
        }
        const text = streamedText(s);
        this.stepAt[k] = this.cursor;
        this.tokens[k] = text ? chunkPrefix(text, 0).count : 0;
        this.cursor += 1 + this.tokens[k]!;
      }
      this.ready = to;
      if (to === steps.length && this.active !== undefined)
        this.beat(this.active, true, beats.lastPosition(this.active));
      return;
    }
    const plan = this.plan;
    if (this.unworkedScanned < plan.length) {
      // Nodes no step worked on end as the log left them, each by its own patch.
      const to = Math.min(plan.length, this.unworkedScanned + work * 4);
      for (let j = this.unworkedScanned; j < to; j++) {
        const n = plan[j]!;
        if (!this.worked.has(n.id) && n.status !== 'pending') this.beat(n.id, true, j);
      }
      this.unworkedScanned = to;
      return;
    }
    const answer = this.t.answer ? this.cursor++ : Number.POSITIVE_INFINITY;
    this.tail = { answer, finish: this.cursor };
  }

  /** Records a plan beat at the next event index. */
  private beat(id: string, done: boolean, src: number): void {
    this.planBeats.add(this.cursor++, id, done, src);
  }

  /** Indexes until event i is known (or the replay is complete). */
  private indexTo(i: number): void {
    while (!this.tail && this.cursor <= i) this.index(1);
  }

  /** Whether event i exists (indexing on demand). */
  has(i: number): boolean {
    this.indexTo(i);
    return i >= 0 && i <= this.last;
  }

  /** The step whose `step` beat is the last at or before event i, or -1. */
  private stepOf(i: number): number {
    return lastAtOrBefore(this.ready, (k) => this.stepAt[k]!, i);
  }

  /** The step whose tokens are arriving after frame i, if any. */
  streamingAt(i: number): string | undefined {
    const next = i + 1;
    this.indexTo(next);
    const k = this.stepOf(next);
    if (k < 0) return undefined;
    const into = next - this.stepAt[k]!;
    return into >= 1 && into <= this.tokens[k]! ? this.steps[k]!.id : undefined;
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
      return this.has(i) ? i : this.last;
    }
    let i = Math.min(at, this.last) - 1;
    while (i > 0 && this.streamingAt(i) !== undefined) i--;
    return Math.max(0, i);
  }

  /**
   * Indexes toward frame `target` (Infinity: the end) for about `budgetMs` milliseconds; true once
   * it is indexed, so frame(target) is then immediate. End on a long replay waits for this.
   */
  seek(target: number, budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    while (!this.tail && this.cursor <= target) {
      this.index(256);
      if (performance.now() >= until) return this.tail !== null || this.cursor > target;
    }
    return true;
  }

  /** Frame i (clamped to the replay); its trajectory is a snapshot later frames do not change. */
  frame(i: number): ReplayFrame {
    this.indexTo(i);
    const at = Math.max(0, Math.min(this.last, i));
    const t: Trajectory = {
      schema: SCHEMA_ID,
      id: this.t.id,
      question: this.t.question,
      source: this.t.source,
      agent: this.t.agent,
      steps: this.stepsAt(at),
    };
    if (this.t.gold) t.gold = this.t.gold;
    if (this.t.reported) t.reported = this.t.reported;
    if (this.plan.length > 0 && at >= 1) t.plan = this.planBeats.planAt(at);
    if (this.tail && at >= this.tail.answer) {
      const a = this.t.answer!;
      t.answer = a.confidence === undefined ? { text: a.text } : { text: a.text, confidence: a.confidence };
    }
    if (this.tail && at >= this.tail.finish) {
      t.finishReason = this.t.finishReason ?? 'done';
      if (this.t.timing) t.timing = this.t.timing;
    }
    return { t, streamingStepId: this.streamingAt(at) };
  }

  /** The steps after event `at`: the stored ones before the newest, which has its text so far. */
  private stepsAt(at: number): Step[] {
    const k = this.stepOf(at);
    if (k < 0) return [];
    const steps = this.steps.slice(0, k + 1);
    if (this.misnumbered) for (let j = 0; j <= k; j++) if (steps[j]!.index !== j) steps[j] = this.numbered(j);
    const streamed = at - this.stepAt[k]!;
    if (streamed < this.tokens[k]!) {
      const s = steps[k]!;
      const { end } = chunkPrefix(streamedText(s), streamed);
      steps[k] = { ...s, text: streamedText(s).slice(0, end) };
    }
    return steps;
  }

  private numbered(j: number): Step {
    let s = this.renumbered.get(j);
    if (!s) this.renumbered.set(j, (s = { ...this.steps[j]!, index: j }));
    return s;
  }
}
