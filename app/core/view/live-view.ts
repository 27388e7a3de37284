// The view of a run that is still growing (a live run, a fork). The run machine redraws every
// 50 ms while tokens stream, and deriving the view (gold join, metrics, diagnosis, flags) costs
// milliseconds a record; tokens change only the step they stream into, which no flag or metric
// judges until it ends. So the view is derived again only when what it judges changed: a step
// finalized (added, or its streaming ended), the answer, the finish, the gold, the plan or the
// question sets; a token's redraw reuses the last view. Pure.
import type { QuestionIndex } from '../corpus/gold-join';
import type { Trajectory } from '../schema/trajectory';
import { type TrajectoryView, trajectoryView, type ViewOptions } from './trajectory-view';

type Derive = (t: Trajectory, opts: ViewOptions) => TrajectoryView;

/** What a growing run's view is derived from; equal keys, equal view. */
interface Key {
  /** The steps the view judges: every step but the one streaming tokens, by identity. */
  steps: readonly unknown[];
  rest: readonly unknown[];
}

function keyOf(t: Trajectory, streamingStepId: string | undefined, questions: QuestionIndex | null): Key {
  return {
    steps: streamingStepId === undefined ? t.steps : t.steps.filter((s) => s.id !== streamingStepId),
    rest: [t.question, t.answer, t.finishReason, t.gold, t.plan, t.agent, questions],
  };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** One growing run's views: `of` derives only when a finalized step (or the answer…) changed. */
export class LiveViewMemo {
  private last: { key: Key; view: TrajectoryView } | null = null;

  /** `derive`: trajectoryView (a test counts its calls). */
  constructor(private readonly derive: Derive = trajectoryView) {}

  of(t: Trajectory, streamingStepId: string | undefined, questions: QuestionIndex | null): TrajectoryView {
    const key = keyOf(t, streamingStepId, questions);
    const last = this.last;
    if (last && sameList(key.steps, last.key.steps) && sameList(key.rest, last.key.rest)) return last.view;
    const view = this.derive(t, { questions });
    this.last = { key, view };
    return view;
  }
}
