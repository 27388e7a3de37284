// What the audience should not see yet while a trajectory is presented: its gold.
import type { Step, Trajectory } from '../schema/trajectory';

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
