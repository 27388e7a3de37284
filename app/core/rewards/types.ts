// The reward registry's contract (docs/architecture.md §5). Rewards are pure functions of a Trajectory (plus
// the Llm / Embedder ports where a paper's definition needs a model); they are never stored inside
// trajectories. Every result carries the formula and the inputs that produced it, so a view can
// show *why* a number is what it is.
import type { Correctness } from '../judge/correctness';
import type { Embedder, Llm } from '../llm/types';
import type { Trajectory } from '../schema/trajectory';

/** What a reward needs beyond the trajectory's steps. */
export type RewardNeed = 'gold' | 'goldPlan' | 'embedder' | 'llm';

export type RewardInput = number | string | boolean | null;

/** A reward's share on one step (its value) and a one-line reason. */
export interface RewardStep {
  stepId: string;
  value: number;
  detail: string;
}

/** One side-by-side match between two texts (APEX SEPR's generated ↔ gold sub-questions). */
export interface RewardPair {
  left: string;
  right: string;
  score: number;
  /** Whether the pair passed the reward's threshold and counts. */
  kept: boolean;
}

export interface RewardResult {
  id: string;
  label: string;
  /** The paper the definition comes from, e.g. 'Search-R1 (Jin et al., 2025)'. */
  paper: string;
  /** Human-readable formula, e.g. 'r = EM(a_pred, a_gold)'. */
  formula: string;
  /** null when the reward cannot be computed; `note` says why. */
  value: number | null;
  inputs: Record<string, RewardInput>;
  steps?: RewardStep[];
  pairs?: RewardPair[];
  note?: string;
  /**
   * Set when the reward's paper decides correctness with an LLM judge and the value used another
   * signal (rewards/correct.ts): shown beside the value, with a way to judge the answer.
   */
  notPapersJudge?: string;
}

/** A model's natural-language rewrites of gold plan steps, cached (APEX SEPR's gold sub-questions). */
export interface GoldPlanRewrites {
  /** The model that wrote them, as labels show it. */
  model: string;
  /** Step as written (`gold.plan[i].text`) → the model's question; absent where it gave none usable. */
  questions: ReadonlyMap<string, string>;
}

export interface RewardContext {
  embedder?: Embedder;
  /** Cached model rewrites of the gold plan; SEPR prefers them to the template rewrite. */
  goldPlanRewrites?: GoldPlanRewrites;
  llm?: Llm;
  signal?: AbortSignal;
  /** Which judgment says an answer is right (EM when absent); see rewards/correct.ts. */
  correctness?: Correctness;
  /** Whether the user chose `correctness` (else it is the app's default, EM). */
  correctnessChosen?: boolean;
  /**
   * The configured LLM judge's cached verdicts. A reward whose paper judges with an LLM
   * (When-to-Search, §4.1) uses it when the user chose no signal.
   */
  judge?: Correctness;
}

export interface RewardDef<P extends object = object> {
  id: string;
  label: string;
  paper: string;
  needs: readonly RewardNeed[];
  /** Every constant of the definition, with the paper's default. */
  defaults: Readonly<P>;
  compute(t: Trajectory, ctx: RewardContext, params?: Partial<P>): Promise<RewardResult>;
}

/** The identifying part of a reward, repeated on every result. */
export type RewardMeta = Pick<RewardDef, 'id' | 'label' | 'paper'>;

/** A result whose value cannot be computed; the note says why. */
export function unavailable(
  meta: RewardMeta,
  formula: string,
  note: string,
  inputs: RewardResult['inputs'] = {},
): RewardResult {
  return { id: meta.id, label: meta.label, paper: meta.paper, formula, value: null, inputs, note };
}
