// The registry of named rewards (docs/architecture.md §5): each cites its paper and returns its value with
// the formula and inputs. `computeRewards` runs a selection on one trajectory; a reward that fails
// (a model adapter error) comes back with value null and the error as its note, so one broken
// port does not hide the other rewards. Cancellation (AbortError) is passed through.
import { AbortError, isAbort } from '../abort';
import type { Trajectory } from '../schema/trajectory';
import { apexSepr } from './apex-sepr';
import { exsearchLogWeight } from './exsearch';
import { qagentStage1, qagentStage2 } from './qagent';
import { searchR1Em, searchR1Format } from './search-r1';
import type { RewardContext, RewardDef, RewardResult } from './types';
import { whenToSearchReward } from './when-to-search';

export const REWARDS: readonly RewardDef[] = [
  searchR1Em,
  searchR1Format,
  qagentStage1,
  qagentStage2,
  whenToSearchReward,
  apexSepr,
  exsearchLogWeight,
];

export function rewardById(id: string): RewardDef | undefined {
  return REWARDS.find((r) => r.id === id);
}

/** Per-reward parameter overrides, keyed by reward id. */
export type RewardParams = Record<string, Record<string, unknown> | undefined>;

/**
 * Computes the rewards named in `which` (all when omitted; unknown ids are an error) in order, one
 * after another so a single local model is never asked twice at once.
 */
export async function computeRewards(
  t: Trajectory,
  ctx: RewardContext = {},
  which?: readonly string[],
  params: RewardParams = {},
): Promise<RewardResult[]> {
  const defs = which
    ? which.map((id) => {
        const d = rewardById(id);
        if (!d) throw new Error(`unknown reward "${id}"`);
        return d;
      })
    : REWARDS;
  const out: RewardResult[] = [];
  for (const d of defs) {
    if (ctx.signal?.aborted) throw new AbortError();
    try {
      out.push(await d.compute(t, ctx, params[d.id]));
    } catch (e) {
      if (isAbort(e)) throw e;
      out.push({
        id: d.id,
        label: d.label,
        paper: d.paper,
        formula: '',
        value: null,
        inputs: {},
        note: `failed: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
  }
  return out;
}
