// What the trajectory page shows, derived in one place: the stored record with gold joined from
// the question sets, its metrics, its diagnosis, its flags and its plan's layout. Runs in the
// trajectory worker (./api.ts): on a 100,000-step trajectory, a 50,000-document retrieval or a
// 200,000-dependency plan, reading and deriving on the page was one task of 0.3-1 s. The record
// reaches the page in messages (./view-messages.ts), each a short task.
import { joinGold } from '../../core/corpus/gold-join';
import { type Diagnosis, diagnose } from '../../core/diagnose/diagnose';
import { type Flag, flagTrajectory } from '../../core/metrics/flags';
import { type TrajectoryMetrics, trajectoryMetrics } from '../../core/metrics/trajectory-metrics';
import { layoutPlan, type PlanLayout } from '../../core/plan/plan-layout';
import type { Trajectory } from '../../core/schema/trajectory';
import { currentQuestionIndex } from '../../db/question-index';
import { getTrajectory } from '../../db/store';

/** Everything derived from a trajectory that its page shows beside the record itself. */
export interface TrajectoryDerived {
  /** The question set the gold was joined from, when it came from one. */
  goldFrom: string | null;
  metrics: TrajectoryMetrics;
  diagnosis: Diagnosis;
  flags: Flag[];
  /** The plan's drawing (null without a plan). */
  planLayout: PlanLayout | null;
}

export interface TrajectoryView extends TrajectoryDerived {
  trajectory: Trajectory;
}

/** Derives the view of a trajectory (gold already joined or not: `goldFrom` says where from). */
export function deriveView(trajectory: Trajectory, goldFrom: string | null): TrajectoryView {
  const metrics = trajectoryMetrics(trajectory);
  const diagnosis = diagnose(trajectory);
  return {
    trajectory,
    goldFrom,
    metrics,
    diagnosis,
    flags: flagTrajectory(trajectory, metrics, diagnosis),
    planLayout: trajectory.plan?.length ? layoutPlan(trajectory.plan) : null,
  };
}

/** The stored trajectory `id` with the question sets' gold joined, derived; null when not stored. */
export async function loadTrajectoryView(id: string): Promise<TrajectoryView | null> {
  const stored = await getTrajectory(id);
  if (!stored) return null;
  const { index } = await currentQuestionIndex();
  const joined = joinGold(stored, index);
  return deriveView(joined.trajectory, joined.from);
}
