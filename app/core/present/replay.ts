// Presenter mode: a stored trajectory turned back into the builder's events. Each event is one
// "beat" the presenter steps through; a step's text arrives as `step_token` beats, so the model's
// words stream at the speed the presenter picks. `replayEventStream` defines the beats; `Replay`
// shows the state after any beat without folding the ones before it (see there).
import { addAt, type Positions, type TrajectoryEvent } from '../schema/builder';
import { lastAtOrBefore } from '../sorted';
import { type PlanNode, SCHEMA_ID, type Step, type Trajectory } from '../schema/trajectory';

/** Longest streamed beat: longer words arrive in pieces, as a tokenizer would cut them. */
export const TOKEN_CHARS = 12;

const WORDS = /\s*\S+\s*|\s+/g;

/** Splits text into beats of one word each (with its trailing space); long words in pieces. */
export function tokenChunks(text: string, size = TOKEN_CHARS): string[] {
  const out: string[] = [];
  for (const word of text.match(WORDS) ?? [])
    for (let i = 0; i < word.length; i += size) out.push(word.slice(i, i + size));
  return out;
}

/**
 * Where the first `m` of tokenChunks(text) end in the text (`m` past the last: its length), and
 * how many chunks there are in all, without making the chunks.
 */
function chunkPrefix(text: string, m: number, size = TOKEN_CHARS): { end: number; count: number } {
  let count = 0;
  let end = text.length;
  WORDS.lastIndex = 0;
  for (let w = WORDS.exec(text); w; w = WORDS.exec(text)) {
    const pieces = Math.ceil(w[0].length / size);
    if (count < m && count + pieces >= m) end = w.index + Math.min(w[0].length, (m - count) * size);
    count += pieces;
  }
  return { end: m > 0 ? end : 0, count };
}

/** The text a step streams: search steps show their queries at once, other steps' text streams. */
const streamedText = (s: Step): string => (s.kind === 'search' ? '' : (s.text ?? ''));

/**
 * The events that rebuild `t`, one at a time: start, the plan (every node pending), then per step
 * the step without its text, its text as token beats, its plan node marked active and, when a
 * later step moves on or the run ends, done with its answer; the answer and the finish last.
 * Folded by the builder they give `t` back (when step ids are unique: the builder appends a
 * token to every step of its id); `Replay` shows the fold after any of them.
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
      nodes: plan.map(pendingCopy),
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
    const text = streamedText(s);
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

function pendingCopy(n: PlanNode): PlanNode {
  return { id: n.id, text: n.text, dependsOn: n.dependsOn, status: 'pending' };
}

function finalPatch(n: PlanNode): Omit<PlanNode, 'id'> {
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
 * Plan positions whose frames match the fold exactly. Past these, a node no beat has touched yet
 * shows as stored instead of as a pending copy: 200,000 pending copies, made while the presenter
 * opened, cost a 70-130 ms garbage collection. Only a plan's first 100 nodes are drawn
 * (plan-layout's MAX_DRAWN_NODES) and real plans have 2-8, so no frame shown differs.
 */
export const EXACT_PLAN_NODES = 10_000;

/** A `plan_node` beat that marks a node active (others mark it done as the log left it). */
const ACTIVE: Partial<PlanNode> = { status: 'active' };

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
  /** Event index of step k's `step` beat, and its token beats; filled up to `ready`. */
  private readonly stepAt: Int32Array;
  private readonly tokens: Int32Array;
  private ready = 0;
  private misnumbered = false;
  /** Step copies whose stored index is not their position (the builder's fold numbers them). */
  private readonly renumbered = new Map<number, Step>();
  /** The next event index after the events indexed so far. */
  private cursor: number;
  /**
   * Plan positions indexed; each id's positions (a list when it repeats); pending copies of the
   * first EXACT_PLAN_NODES, and of later ones a beat touches.
   */
  private planIndexed = 0;
  private readonly positions: Positions = new Map();
  private uniqueIds = true;
  private readonly pending: PlanNode[] = [];
  private readonly latePending = new Map<number, PlanNode>();
  // Plan beats, in event order: event index, its node's first plan position (with unique ids its
  // only one), whether it marks the node done, the plan position whose stored node is the done
  // patch, the id's beat before (-1: none), and whether the id had a done beat before. Typed
  // arrays of the most beats there can be, made once: 200,000 beats pushed onto arrays and a map
  // of ids made garbage whose collection held the page 40-60 ms.
  private beats = 0;
  private beatAt = new Int32Array(0);
  private beatPos = new Int32Array(0);
  private beatDone = new Uint8Array(0);
  private beatSrc = new Int32Array(0);
  private beatPrev = new Int32Array(0);
  private beatAgain = new Uint8Array(0);
  /** Each id's last beat so far, at its first plan position (-1: none). */
  private lastBeat = new Int32Array(0);
  private active: string | undefined;
  private readonly worked = new Set<string | undefined>();
  /** Plan positions scanned for nodes no step worked on (they end as logged, after the steps). */
  private unworkedScanned = 0;
  /** Events after the beats (the answer, the finish), once every step and beat is indexed. */
  private tail: { answer: number; finish: number } | null = null;
  // The plan after the first `applied` beats (the last frame's); node objects, made once.
  private moved: PlanNode[] | null = null;
  private applied = 0;
  private readonly made = new Map<string, PlanNode>();
  private lastPatches: { b: number; patches: Array<Partial<PlanNode>> } | null = null;

  /** `exactPlanNodes`: see EXACT_PLAN_NODES (smaller in tests). */
  constructor(
    private readonly t: Trajectory,
    private readonly exact = EXACT_PLAN_NODES,
  ) {
    this.steps = t.steps;
    this.plan = t.plan ?? [];
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
    const plan = this.plan;
    if (this.planIndexed < plan.length) {
      const to = Math.min(plan.length, this.planIndexed + work * 4);
      for (let j = this.planIndexed; j < to; j++) {
        const n = plan[j]!;
        if (this.positions.has(n.id)) this.uniqueIds = false;
        addAt(this.positions, n.id, j);
        if (j < this.exact) this.pending.push(pendingCopy(n));
      }
      this.planIndexed = to;
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
          if (this.active !== undefined) this.beat(this.active, true, this.lastPosition(this.active));
          this.active = undefined;
          if (s.planNode !== undefined && this.positions.has(s.planNode)) {
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
        this.beat(this.active, true, this.lastPosition(this.active));
      return;
    }
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

  private lastPosition(id: string): number {
    const at = this.positions.get(id)!;
    return typeof at === 'number' ? at : at[at.length - 1]!;
  }

  /** Records a plan beat at the next event index. */
  private beat(id: string, done: boolean, src: number): void {
    if (this.beats === 0) this.makeBeatArrays();
    const b = this.beats++;
    const at = this.positions.get(id)!;
    const pos = typeof at === 'number' ? at : at[0]!;
    const prev = this.lastBeat[pos]!;
    this.beatAt[b] = this.cursor++;
    this.beatPos[b] = pos;
    this.beatDone[b] = done ? 1 : 0;
    this.beatSrc[b] = src;
    this.beatPrev[b] = prev;
    this.beatAgain[b] = prev >= 0 && (this.beatDone[prev] || this.beatAgain[prev]) ? 1 : 0;
    this.lastBeat[pos] = b;
  }

  /**
   * Room for every beat: at most two per step (a node done, the next one active), one at the
   * end, and one per plan node no step worked on.
   */
  private makeBeatArrays(): void {
    const most = 2 * this.steps.length + 1 + this.plan.length;
    this.beatAt = new Int32Array(most);
    this.beatPos = new Int32Array(most);
    this.beatDone = new Uint8Array(most);
    this.beatSrc = new Int32Array(most);
    this.beatPrev = new Int32Array(most);
    this.beatAgain = new Uint8Array(most);
    this.lastBeat = new Int32Array(this.plan.length).fill(-1);
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
    if (this.plan.length > 0 && at >= 1) t.plan = this.planAt(at);
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

  /**
   * The plan after event `at`: the last frame's plan with each node whose id has beats in between
   * set to its state after its id's last beat up to `at`.
   */
  private planAt(at: number): PlanNode[] {
    while (this.planIndexed < this.plan.length) this.index(4096);
    const target = lastAtOrBefore(this.beats, (b) => this.beatAt[b]!, at) + 1;
    // Pending copies, then (past EXACT_PLAN_NODES) the stored nodes; a new array either way.
    const plan = (this.moved ??= this.pending.concat(this.plan.slice(this.exact)));
    if (target === this.applied) return plan.slice();
    const forward = target > this.applied;
    const [from, to] = forward ? [this.applied, target] : [target, this.applied];
    this.applied = target;
    if (this.uniqueIds) {
      // One position per id: each beat in between sets its node, the last write being the id's
      // state at `target` (forward, its last beat in between; backward, the beat before its first
      // one in between). No map of ids: a jump over 200,000 beats made one, and its garbage.
      if (forward) for (let b = from; b < to; b++) plan[this.beatPos[b]!] = this.node(b, this.beatPos[b]!);
      else
        for (let b = to - 1; b >= from; b--) {
          const p = this.beatPos[b]!;
          const prev = this.beatPrev[b]!;
          plan[p] = prev < 0 ? this.untouched(p) : this.node(prev, p);
        }
      return plan.slice();
    }
    // Each touched id's last beat before `target` (as above), so an id at many positions has
    // each of them set once.
    const last = new Map<string, number>();
    for (let b = from; b < to; b++) {
      const id = this.plan[this.beatPos[b]!]!.id;
      if (forward) last.set(id, b);
      else if (!last.has(id)) last.set(id, this.beatPrev[b]!);
    }
    for (const [id, b] of last) {
      const at = this.positions.get(id)!;
      for (const p of typeof at === 'number' ? [at] : at)
        plan[p] = b < 0 ? this.untouched(p) : this.node(b, p);
    }
    return plan.slice();
  }

  /**
   * Plan node p after beat b: pending patched by each of its id's beats up to b, in turn. With
   * unique ids that is the stored node once done (its patch is every field it has), and one of two
   * active copies otherwise. Repeated ids fold their distinct patches, each where it last came:
   * a patch written again overwrites every key it wrote before, so the result is the same.
   */
  private node(b: number, p: number): PlanNode {
    if (this.uniqueIds) {
      if (this.beatDone[b]) return this.plan[p]!;
      const again = this.beatAgain[b]!;
      const key = `${again ? 'again' : 'active'}:${p}`;
      let n = this.made.get(key);
      if (!n) this.made.set(key, (n = { ...(again ? this.plan[p]! : this.pendingAt(p)), ...ACTIVE }));
      return n;
    }
    const key = `${b}:${p}`;
    let n = this.made.get(key);
    if (n) return n;
    n = this.pendingAt(p);
    for (const patch of this.patchesUpTo(b)) n = { ...n, ...patch };
    // Kept so consecutive frames share nodes; dropped when a hostile plan would grow it unbounded.
    if (this.made.size > 100_000) this.made.clear();
    this.made.set(key, n);
    return n;
  }

  /** Node p as a frame shows it before any beat touches it (see EXACT_PLAN_NODES). */
  private untouched(p: number): PlanNode {
    return p < this.exact ? this.pending[p]! : this.plan[p]!;
  }

  /** Node p pending, the start of its beats' patches; past EXACT_PLAN_NODES made when first needed. */
  private pendingAt(p: number): PlanNode {
    if (p < this.exact) return this.pending[p]!;
    let n = this.latePending.get(p);
    if (!n) this.latePending.set(p, (n = pendingCopy(this.plan[p]!)));
    return n;
  }

  /** The distinct patches of beat b's id up to b, oldest first, each where it came last. */
  private patchesUpTo(b: number): Array<Partial<PlanNode>> {
    if (this.lastPatches?.b === b) return this.lastPatches.patches;
    const seen = new Set<number>();
    const patches: Array<Partial<PlanNode>> = [];
    for (let c = b; c >= 0; c = this.beatPrev[c]!) {
      const src = this.beatDone[c] ? this.beatSrc[c]! : -1;
      if (seen.has(src)) continue;
      seen.add(src);
      patches.push(src < 0 ? ACTIVE : finalPatch(this.plan[src]!));
    }
    patches.reverse();
    this.lastPatches = { b, patches };
    return patches;
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
