// The plan of a presented trajectory at any beat (Replay's frames): the `plan_node` beats recorded
// as they are indexed, and the plan after any of them made by applying or taking back the beats
// between the last frame's and the next one's, never by folding from the start.
import { addAt, type Positions } from '../schema/builder';
import type { PlanNode } from '../schema/trajectory';
import { lastAtOrBefore } from '../sorted';
import { finalPatch, pendingCopy } from './replay-events';

/**
 * Plan positions whose frames match the fold exactly. Past these, a node no beat has touched yet
 * shows as stored instead of as a pending copy: 200,000 pending copies, made while the presenter
 * opened, cost a 70-130 ms garbage collection. Real plans have 2-8 nodes, so no frame shown
 * differs; in a bigger one, only a node scrolled to past these could show as stored.
 */
export const EXACT_PLAN_NODES = 10_000;

/** A `plan_node` beat that marks a node active (others mark it done as the log left it). */
const ACTIVE: Partial<PlanNode> = { status: 'active' };

/** The plan's beats of one replay, and the plan after any of them. */
export class PlanBeats {
  /**
   * Plan positions indexed; each id's positions (a list when it repeats); pending copies of the
   * first EXACT_PLAN_NODES, and of later ones a beat touches.
   */
  private indexed = 0;
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
  // The plan after the first `applied` beats (the last frame's); node objects, made once.
  private moved: PlanNode[] | null = null;
  private applied = 0;
  private readonly made = new Map<string, PlanNode>();
  private lastPatches: { b: number; patches: Array<Partial<PlanNode>> } | null = null;

  /** `mostBeats`: room for every beat the replay can make; `exact`: see EXACT_PLAN_NODES. */
  constructor(
    private readonly plan: readonly PlanNode[],
    private readonly mostBeats: number,
    private readonly exact = EXACT_PLAN_NODES,
  ) {}

  /** Whether every plan node is indexed (beats need their node's positions). */
  get nodesIndexed(): boolean {
    return this.indexed === this.plan.length;
  }

  /** Indexes about `work` more plan nodes. */
  indexNodes(work: number): void {
    const plan = this.plan;
    const to = Math.min(plan.length, this.indexed + work);
    for (let j = this.indexed; j < to; j++) {
      const n = plan[j]!;
      if (this.positions.has(n.id)) this.uniqueIds = false;
      addAt(this.positions, n.id, j);
      if (j < this.exact) this.pending.push(pendingCopy(n));
    }
    this.indexed = to;
  }

  /** Whether a node of this id is in the plan (among the nodes indexed). */
  hasNode(id: string): boolean {
    return this.positions.has(id);
  }

  /** The last plan position of id (whose stored node a done beat patches with). */
  lastPosition(id: string): number {
    const at = this.positions.get(id)!;
    return typeof at === 'number' ? at : at[at.length - 1]!;
  }

  /** Records a plan beat at event index `event`: node `id` done (patched as node `src`) or active. */
  add(event: number, id: string, done: boolean, src: number): void {
    if (this.beats === 0) this.makeBeatArrays();
    const b = this.beats++;
    const at = this.positions.get(id)!;
    const pos = typeof at === 'number' ? at : at[0]!;
    const prev = this.lastBeat[pos]!;
    this.beatAt[b] = event;
    this.beatPos[b] = pos;
    this.beatDone[b] = done ? 1 : 0;
    this.beatSrc[b] = src;
    this.beatPrev[b] = prev;
    this.beatAgain[b] = prev >= 0 && (this.beatDone[prev] || this.beatAgain[prev]) ? 1 : 0;
    this.lastBeat[pos] = b;
  }

  private makeBeatArrays(): void {
    const most = this.mostBeats;
    this.beatAt = new Int32Array(most);
    this.beatPos = new Int32Array(most);
    this.beatDone = new Uint8Array(most);
    this.beatSrc = new Int32Array(most);
    this.beatPrev = new Int32Array(most);
    this.beatAgain = new Uint8Array(most);
    this.lastBeat = new Int32Array(this.plan.length).fill(-1);
  }

  /**
   * The plan after event `at` (its beats recorded): the last frame's plan with each node whose id
   * has beats in between set to its state after its id's last beat up to `at`.
   */
  planAt(at: number): PlanNode[] {
    while (!this.nodesIndexed) this.indexNodes(16_384);
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
