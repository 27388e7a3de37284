// The model-based rewrite of a gold plan as a use case: each step through the configured model
// (made as a run makes it), greedy, one at a time. Plain TS; the UI calls it through
// app/ui/data/plan-rewrite.ts.
import { untilAbort } from '../core/agents/session';
import { parsePlanRewrite, planRewritePrompt } from '../core/corpus/plan-rewrite-model';
import type { Llm } from '../core/llm/types';
import { type LlmConfig, makeLlm } from '../runtime/agent-ports';

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

export async function rewritePlanWithModel(
  steps: readonly string[],
  cfg: LlmConfig,
  apiKey?: string,
  signal?: AbortSignal,
): Promise<Array<string | null>> {
  const llm = await untilAbort(makeLlm(cfg, apiKey), signal);
  return rewritePlanWith(llm, steps, signal);
}
