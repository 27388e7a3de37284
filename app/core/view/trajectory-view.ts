// A trajectory's view: what every screen shows beside the record (the table's row, the trajectory
// page, a live run, a fork, the report, the presenter and the CLI), derived by one function so no
// number is derived twice: the record with the loaded question sets' gold joined in, its metrics,
// its search diagnosis (over/under-search, sufficiency) and its flags. Pure.
import { joinGold, type QuestionIndex } from '../corpus/gold-join';
import { type Diagnosis, diagnose } from '../diagnose/diagnose';
import { type Flag, type FlagKind, flagTrajectory } from '../metrics/flags';
import { type MetricOptions, type TrajectoryMetrics, trajectoryMetrics } from '../metrics/trajectory-metrics';
import { layoutPlan, type PlanLayout } from '../plan/plan-layout';
import { computeRewards, type RewardParams } from '../rewards/registry';
import type { RewardContext, RewardResult } from '../rewards/types';
import type { Trajectory } from '../schema/trajectory';

/** Everything derived from a trajectory that a screen shows beside the record itself. */
export interface TrajectoryDerived {
  /** The question set the gold was joined from; null when the record's own gold (or none). */
  goldFrom: string | null;
  metrics: TrajectoryMetrics;
  diagnosis: Diagnosis;
  /** Every flag, ordered by the step it points at (flagTrajectory). */
  flags: Flag[];
}

export interface TrajectoryView extends TrajectoryDerived {
  /** The record as the numbers were derived from it: with the joined gold. */
  trajectory: Trajectory;
}

export interface ViewOptions {
  /** The loaded question sets, whose gold fills what the record lacks (joinGold). */
  questions?: QuestionIndex | null;
  /** How EM / F1 / acc normalize answers (the CLI's --normalization); the app's default else. */
  metrics?: MetricOptions;
}

/**
 * The view of `original`: gold joined from `questions`, then metrics, diagnosis and flags, each
 * computed once and the flags from those same metrics and diagnosis. Each part is derived when
 * first read, so a screen that reads only the metrics (a paired comparison of thousands of
 * records) does not pay for the diagnosis (milliseconds a record); spreading or cloning the view
 * reads every part.
 */
export function trajectoryView(original: Trajectory, opts: ViewOptions = {}): TrajectoryView {
  const { trajectory, from } = joinGold(original, opts.questions ?? null);
  let m: TrajectoryMetrics | undefined;
  let d: Diagnosis | undefined;
  let f: Flag[] | undefined;
  const metrics = () => (m ??= trajectoryMetrics(trajectory, opts.metrics));
  const diagnosis = () => (d ??= diagnose(trajectory));
  return {
    trajectory,
    goldFrom: from,
    get metrics() {
      return metrics();
    },
    get diagnosis() {
      return diagnosis();
    },
    get flags() {
      return (f ??= flagTrajectory(trajectory, metrics(), diagnosis()));
    },
  };
}

/** The plan's drawing (null without a plan): the trajectory page and the presenter lay it out once. */
export function planLayoutOf(t: Trajectory): PlanLayout | null {
  return t.plan?.length ? layoutPlan(t.plan) : null;
}

/**
 * Flags that judge how a run ended: a run still going has not ended, so they wait for its finish
 * (a live run without its answer yet is not "no answer").
 */
const OUTCOME_FLAGS: ReadonlySet<FlagKind> = new Set(['no-answer']);

/** The flags a run shows so far: all once it finished, else those about the steps it has taken. */
export function flagsSoFar(flags: readonly Flag[], finished: boolean): Flag[] {
  return finished ? [...flags] : flags.filter((f) => !OUTCOME_FLAGS.has(f.kind));
}

/**
 * The papers' rewards of a view, computed on its gold-joined record (core/rewards' registry);
 * `ctx` brings the models and the correctness signal where a screen has them.
 */
export function viewRewards(
  view: Pick<TrajectoryView, 'trajectory'>,
  ctx: RewardContext = {},
  which?: readonly string[],
  params?: RewardParams,
): Promise<RewardResult[]> {
  return computeRewards(view.trajectory, ctx, which, params);
}
