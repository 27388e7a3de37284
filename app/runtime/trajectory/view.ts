// What the trajectory page shows, derived in one place: the stored record with gold joined from
// the question sets, its metrics, its diagnosis, its flags and its plan's layout. Runs in the
// trajectory worker (./api.ts): on a 100,000-step trajectory, a 50,000-document retrieval or a
// 200,000-dependency plan, reading and deriving on the page was one task of 0.3-1 s. The record
// reaches the page in messages (./view-messages.ts), each a short task.
import type { QuestionIndex } from '../../core/corpus/gold-join';
import type { PlanLayout } from '../../core/plan/plan-layout';
import type { Trajectory } from '../../core/schema/trajectory';
import {
  planLayoutOf,
  type TrajectoryDerived as ViewDerived,
  trajectoryView,
} from '../../core/view/trajectory-view';
import { currentQuestionIndex } from '../../db/question-index';
import { getTrajectory } from '../../db/store';

/** Everything derived from a trajectory that its page shows beside the record itself. */
export interface TrajectoryDerived extends ViewDerived {
  /** The plan's drawing (null without a plan). */
  planLayout: PlanLayout | null;
}

export interface TrajectoryView extends TrajectoryDerived {
  trajectory: Trajectory;
}

/**
 * The page's view of a trajectory: the one every screen derives (core/view: gold joined from
 * `questions`, metrics, diagnosis, flags), with its plan laid out.
 */
export function deriveView(original: Trajectory, questions: QuestionIndex | null = null): TrajectoryView {
  const view = trajectoryView(original, { questions });
  return { ...view, planLayout: planLayoutOf(view.trajectory) };
}

/** The stored trajectory `id` with the question sets' gold joined, derived; null when not stored. */
export async function loadTrajectoryView(id: string): Promise<TrajectoryView | null> {
  const stored = await getTrajectory(id);
  if (!stored) return null;
  const { index } = await currentQuestionIndex();
  return deriveView(stored, index);
}
