// What the trajectory page shows, derived in one place: the stored record with gold joined from
// the question sets, its metrics, its diagnosis, its flags and its plan's layout. Runs in the
// trajectory worker (workers/trajectory.worker.ts): on a 100,000-step trajectory, a 50,000-document
// retrieval or a 200,000-dependency plan, reading and deriving on the page was one task of
// 0.3-1 s. The record reaches the page in chunks (core/schema/trajectory-chunks.ts), each a
// short task, and the derived values after it.
import { joinGold } from '../core/corpus/gold-join';
import { type Diagnosis, diagnose } from '../core/diagnose/diagnose';
import { type Flag, flagTrajectory } from '../core/metrics/flags';
import { type TrajectoryMetrics, trajectoryMetrics } from '../core/metrics/trajectory-metrics';
import { layoutPlan, type PlanLayout } from '../core/plan/plan-layout';
import {
  CHUNK_ITEMS,
  type TrajectoryChunk,
  TrajectoryAssembler,
  trajectoryChunks,
} from '../core/schema/trajectory-chunks';
import type { Trajectory } from '../core/schema/trajectory';
import { currentQuestionIndex } from '../db/question-index';
import { getTrajectory } from '../db/store';

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

/** The derived arrays that grow with the trajectory (50,000 searches: 50,000 verdicts). */
const LONG_LISTS = ['verdicts', 'searchLabels', 'overSearch', 'diagnosisFlags', 'flags'] as const;
type LongList = (typeof LONG_LISTS)[number];

function longList(d: TrajectoryDerived, name: LongList): unknown[] {
  return name === 'flags'
    ? d.flags
    : name === 'diagnosisFlags'
      ? d.diagnosis.flags
      : (d.diagnosis[name] as unknown[]);
}

export type TrajectoryViewMessage =
  | TrajectoryChunk
  /** The derived values, their long lists empty (they follow as `items`). */
  | { kind: 'derived'; derived: TrajectoryDerived }
  | { kind: 'items'; list: LongList; items: unknown[] };

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

/**
 * The messages that carry a view to the page, each of at most `budget` items: the record's
 * chunks, the derived values, then their long lists in slices (13 MB of flags for a
 * 100,000-step trajectory that repeats its queries).
 */
export function* viewMessages(v: TrajectoryView, budget = CHUNK_ITEMS): Generator<TrajectoryViewMessage> {
  yield* trajectoryChunks(v.trajectory, budget);
  const { trajectory: _, ...full } = v;
  const derived: TrajectoryDerived = {
    ...full,
    flags: [],
    diagnosis: { ...full.diagnosis, verdicts: [], searchLabels: [], overSearch: [], flags: [] },
  };
  yield { kind: 'derived', derived };
  for (const list of LONG_LISTS) {
    const all = longList(full, list);
    for (let i = 0; i < all.length; i += budget)
      yield { kind: 'items', list, items: all.slice(i, i + budget) };
  }
}

/** Puts a view back together from viewMessages, in their order. */
export class ViewAssembler {
  private readonly chunks = new TrajectoryAssembler();
  private derived: TrajectoryDerived | null = null;

  add(m: TrajectoryViewMessage): void {
    if (m.kind === 'derived') this.derived = m.derived;
    else if (m.kind !== 'items') this.chunks.add(m);
    else {
      if (!this.derived) throw new Error(`derived ${m.list} arrived before the derived values`);
      const list = longList(this.derived, m.list);
      for (const x of m.items) list.push(x);
    }
  }

  result(): TrajectoryView {
    if (!this.derived) throw new Error('the derived values never arrived');
    return { ...this.derived, trajectory: this.chunks.result() };
  }
}
