// What one trace carries besides the trajectory: the rewards Hopscope can compute without a model
// (they go out as CODE annotations) and the human labels (HUMAN annotations).
import type { Annotation } from '../annotations/annotation';
import { computeRewards, REWARDS } from '../rewards/registry';
import type { Trajectory } from '../schema/trajectory';
import type { TraceInput } from './trajectory-to-otlp';

/** Rewards that need only the trajectory and its gold (no embedder, no judge model). */
const MODEL_FREE = REWARDS.filter((r) => !r.needs.some((n) => n === 'embedder' || n === 'llm')).map(
  (r) => r.id,
);

export async function traceInput(
  trajectory: Trajectory,
  annotations: readonly Annotation[] = [],
  signal?: AbortSignal,
): Promise<TraceInput> {
  const rewards = await computeRewards(trajectory, signal ? { signal } : {}, MODEL_FREE);
  return { trajectory, annotations, rewards };
}
