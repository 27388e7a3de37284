// Finalized snapshots of a trajectory that is still growing (a live run, a fork), for a view that
// redraws while the run goes. The run's folder changes its draft in place; each snapshot is a
// finalized copy (finalizeTrajectory's marks) in which a step is finalized once per change: the
// steps that did not change since the last snapshot keep their finalized object, so a redraw
// costs the changed steps (the one streaming tokens), not the whole trajectory.
import { type DocMarks, docMarksOf, contentId, finalizeStep } from './builder';
import type { Gold, PlanNode, Step, Trajectory } from './trajectory';

type FinalizeStep = typeof finalizeStep;

export class DraftSnapshots {
  /** The draft's step objects as last finalized, their finalized forms and their docs' keys. */
  private from: Step[] = [];
  private done: Step[] = [];
  private keys: string[][] = [];
  /** The first step whose docs hold a content key (a later doc with it is a duplicate). */
  private first = new Map<string, number>();
  private gold: Gold | undefined;
  private marks: DocMarks = docMarksOf(undefined);
  private last: { draft: Trajectory; plan: PlanNode[] | undefined; t: Trajectory } | null = null;

  /** `finalize`: the step finalizer (finalizeStep; a test counts its calls). */
  constructor(private readonly finalize: FinalizeStep = finalizeStep) {}

  /**
   * `draft` finalized, equal to finalizeTrajectory(draft). The same object as the last snapshot
   * when nothing changed; steps are compared by identity (the folder replaces a step it changes).
   */
  of(draft: Trajectory): Trajectory {
    if (draft.gold !== this.gold) {
      this.gold = draft.gold;
      this.marks = docMarksOf(draft.gold);
      this.truncate(0);
    }
    const steps = draft.steps;
    let i = 0;
    while (i < steps.length && i < this.from.length && steps[i] === this.from[i]) i++;
    const stepsSame = i === steps.length && i === this.from.length;
    const plan = draft.plan;
    const last = this.last;
    const planSame =
      last !== null &&
      (plan === undefined
        ? last.plan === undefined
        : last.plan !== undefined &&
          plan.length === last.plan.length &&
          plan.every((n, j) => n === last.plan![j]));
    if (last && last.draft === draft && stepsSame && planSame) return last.t;
    this.truncate(i);
    for (; i < steps.length; i++) {
      const at = i;
      const s = steps[at]!;
      const { step, keys } = this.finalize(s, this.marks, (k) => (this.first.get(k) ?? at) < at);
      for (const k of keys) if (!this.first.has(k)) this.first.set(k, at);
      this.from.push(s);
      this.done.push(step);
      this.keys.push(keys);
    }
    const finalSteps = stepsSame && last ? last.t.steps : this.done.slice();
    const finalPlan = plan && (planSame && last ? last.t.plan : plan.slice());
    const t: Trajectory = {
      ...draft,
      id: draft.id || contentId(draft, finalSteps),
      steps: finalSteps,
      ...(finalPlan ? { plan: finalPlan } : {}),
    };
    this.last = { draft, plan: finalPlan, t };
    return t;
  }

  /** Forgets the steps from `i` on, and the keys that first appeared in them. */
  private truncate(i: number): void {
    for (let j = i; j < this.keys.length; j++)
      for (const k of this.keys[j]!) if ((this.first.get(k) ?? -1) >= i) this.first.delete(k);
    this.from.length = i;
    this.done.length = i;
    this.keys.length = i;
    if (i === 0) this.last = null;
  }
}
