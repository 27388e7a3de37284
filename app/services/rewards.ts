// The papers' rewards of one trajectory as a use case: the pure reward functions (core/rewards)
// with the models the user has: the loaded embedding model, and on request the configured
// generator (a server when one is set up, else the loaded in-browser model), built the way a run
// builds it (makeLlm), so the API key stays in memory; and that model's cached rewrites of the
// gold plan, which APEX's SEPR prefers to the template rewrite.
import type { Correctness } from '../core/judge/correctness';
import type { Llm } from '../core/llm/types';
import { computeRewards } from '../core/rewards/registry';
import type { Trajectory } from '../core/schema/trajectory';
import { type LlmConfig, llmHost, loadedEmbedder, makeLlm } from '../runtime/agent-ports';
import { cachedPlanRewrites } from './corpus/plan-rewrite';

export interface RewardModels {
  /** Run the model-based rewards (QAgent stage 2, ExSearch log w): they take the model for seconds. */
  withModel: boolean;
  llm: LlmConfig;
  apiKey?: string;
}

/** Whether a server generator is configured (else the in-browser model is the generator). */
export function serverConfigured(cfg: LlmConfig): boolean {
  return cfg.kind === 'http' && cfg.model.trim() !== '';
}

/**
 * The rewards of `t`. `paper`: the configured LLM judge's cached verdicts and whether the user
 * chose `correctness`; When-to-Search's reward defaults to the judge when the user chose none.
 */
export async function trajectoryRewards(
  t: Trajectory,
  correctness: Correctness,
  models: RewardModels,
  paper: { judge?: Correctness | undefined; chosen: boolean } = { chosen: true },
) {
  const embedder = loadedEmbedder();
  let llm: Llm | null = null;
  if (models.withModel)
    llm = serverConfigured(models.llm)
      ? await makeLlm(models.llm, models.apiKey)
      : llmHost.info
        ? llmHost.client
        : null;
  // SEPR's gold sub-questions: the configured model's cached rewrite where there is one.
  const plan = t.gold?.plan ?? [];
  const goldPlanRewrites =
    plan.length > 0
      ? await cachedPlanRewrites(
          plan.map((s) => s.text),
          models.llm,
        )
      : undefined;
  return computeRewards(t, {
    correctness,
    correctnessChosen: paper.chosen,
    ...(paper.judge ? { judge: paper.judge } : {}),
    ...(embedder ? { embedder } : {}),
    ...(llm ? { llm } : {}),
    ...(goldPlanRewrites ? { goldPlanRewrites } : {}),
  });
}
