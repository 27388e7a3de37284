// The model-based rewrite of a gold plan as a use case: each step through the configured model
// (made as a run makes it), greedy, one at a time, each usable rewrite cached per (model, prompt,
// step) so APEX's SEPR can use it (core/rewards/apex-sepr.ts). Plain TS; the UI calls it through
// app/ui/data/plan-rewrite.ts.
import { untilAbort } from '../../core/agents/session';
import { parsePlanRewrite, planRewriteKey, planRewritePrompt } from '../../core/corpus/plan-rewrite-model';
import type { Llm } from '../../core/llm/types';
import type { GoldPlanRewrites } from '../../core/rewards/types';
import { getPlanRewrites, putPlanRewrites } from '../../db/plan-rewrite-cache';
import { type LlmConfig, makeLlm } from '../../runtime/agent-ports';
import { announce } from '../changes';

/** One question per step; null where the model's reply was empty or dropped a reference. */
export async function rewritePlanWith(
  llm: Llm,
  steps: readonly string[],
  signal?: AbortSignal,
): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for (const step of steps) {
    const r = await llm.generate(planRewritePrompt(step), {
      temperature: 0,
      maxTokens: 64,
      ...(signal ? { signal } : {}),
    });
    out.push(parsePlanRewrite(r.text, step));
  }
  return out;
}

/** The rewriting model as cache keys (a server's model by its URL) and labels know it. */
export function planRewriteModel(cfg: LlmConfig): { model: string; label: string } {
  if (cfg.kind === 'http')
    return { model: `${cfg.model.trim()}@${cfg.baseUrl.trim()}`, label: cfg.model.trim() };
  return { model: cfg.source.modelId, label: cfg.source.modelId };
}

/** Rewrites `steps` with the configured model and caches every usable rewrite. */
export async function rewritePlanWithModel(
  steps: readonly string[],
  cfg: LlmConfig,
  apiKey?: string,
  signal?: AbortSignal,
): Promise<Array<string | null>> {
  const llm = await untilAbort(makeLlm(cfg, apiKey), signal);
  return rewriteAndCache(llm, steps, planRewriteModel(cfg).model, signal);
}

/** Rewrites `steps` with `llm` and caches every usable rewrite under `model`. */
export async function rewriteAndCache(
  llm: Llm,
  steps: readonly string[],
  model: string,
  signal?: AbortSignal,
): Promise<Array<string | null>> {
  const out = await rewritePlanWith(llm, steps, signal);
  const at = new Date().toISOString();
  await putPlanRewrites(
    steps.flatMap((step, i) => {
      const question = out[i];
      return question ? [{ key: planRewriteKey(model, step), model, step, question, at }] : [];
    }),
  );
  announce('plan-rewrites');
  return out;
}

/** The configured model's cached rewrites of `steps` (no model call); undefined when it has none. */
export async function cachedPlanRewrites(
  steps: readonly string[],
  cfg: LlmConfig,
): Promise<GoldPlanRewrites | undefined> {
  const { model, label } = planRewriteModel(cfg);
  let found: Map<string, string>;
  try {
    found = await getPlanRewrites(steps.map((s) => planRewriteKey(model, s)));
  } catch {
    // No readable cache (storage blocked): SEPR falls back to the template and says so.
    return undefined;
  }
  const questions = new Map<string, string>();
  for (const step of steps) {
    const q = found.get(planRewriteKey(model, step));
    if (q !== undefined) questions.set(step, q);
  }
  return questions.size > 0 ? { model: label, questions } : undefined;
}
